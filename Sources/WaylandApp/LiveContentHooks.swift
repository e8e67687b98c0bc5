// What the package's own programs tell a live session besides what every content does: the end of a replay,
// diagnostics for the logs, and frame pacing. Not for apps: `package`, so the library's API stays LiveContent.
import Geometry

/// A ``LiveContent`` that also hears the end of a replay, reports for the logs, and tunes its frames.
///
/// The session asks a content that conforms; every hook has a default that does nothing.
package protocol LiveContentHooks: LiveContent {
    /// How many times fewer pixels each way the next frame may have, or `nil` (the default) for a full frame.
    ///
    /// A reduced frame is drawn at reduced resolution and scaled up by the compositor (a zoom step, each frame of
    /// a pinch: 2, half; 4 a quarter). ``drawReduced(into:)`` then draws it, where the compositor offers
    /// `wp_viewporter`, and the frames after it are drawn at full resolution (``DrawTarget/mayDrawInParts``).
    var reductionOfNextFrame: Int? { get }
    /// Paints the whole content area of a reduced frame (``DrawTarget/reduction`` times fewer pixels each way).
    /// Never called unless ``reductionOfNextFrame`` asked for one.
    func drawReduced(into target: DrawTarget)
    /// The trace being replayed as live input has ended: touches (and a held pointer button) it left down are
    /// cancelled, as at the end of a headless replay. Input from the seat goes on as before.
    func replayEnded()
    /// What the content holds in memory, as one line for the log, or `nil` (the default).
    ///
    /// SIGUSR1 asks for it (docs/reliability.md, "The soak run"); the session reports the process's own figures.
    func memoryReport() -> String?
    /// What the last ``LiveContent/draw(into:damage:)`` did, in a few words for the frame log, or `nil` (the
    /// default). The frame log is `FINGERPAINT_FRAME_LOG` (docs/frame-pacing.md).
    func describeLastDraw() -> String?
    /// Whether the frame due now will cost more to draw than most, so that the window plans it earlier.
    ///
    /// A stroke completed and drawn into the picture for good is costly. Asked after each event that changed
    /// something; `false` by default.
    var nextFrameIsCostly: Bool { get }
    /// The frame just drawn is on its way to the compositor: work it need not wait for is done now.
    ///
    /// A completed stroke is drawn into the picture for good here, and a frame asked for
    /// (``LiveContent/takeInvalidation()``) if it changes the picture. Nothing by default.
    func frameSent()
}

extension LiveContentHooks {
    package var reductionOfNextFrame: Int? { nil }
    package func drawReduced(into target: DrawTarget) {}
    package func replayEnded() {}
    package func memoryReport() -> String? { nil }
    package func describeLastDraw() -> String? { nil }
    package var nextFrameIsCostly: Bool { false }
    package func frameSent() {}
}
