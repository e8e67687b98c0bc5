// What a toplevel window asks of and tells its program: its configure and close, the seat's events on it, drags
// from other programs over it, and each frame's drawing (whole, in parts after a reduced one, or reduced), sending
// and presentation. One method per event.
import Geometry
import SeatStream

/// The program behind a ``ToplevelWindow`` (``ToplevelWindow/delegate``, held weakly: the program holds the
/// window). Every method has a default: the window then draws nothing, never draws reduced frames, and hears of
/// its events for nobody. Each is called on the event loop's thread.
public protocol ToplevelWindowDelegate: AnyObject {
    /// A configure changed the size, the scale or the states; the window draws after this.
    func toplevelWindowDidConfigure(_ window: ToplevelWindow)
    /// The compositor asks the window to close (`xdg_toplevel.close`). The program decides: save, then release the
    /// window (or not).
    func toplevelWindowDidAskToClose(_ window: ToplevelWindow)
    /// An input event on this window, in surface-local logical points.
    func toplevelWindow(_ window: ToplevelWindow, didReceive event: SeatEvent)
    /// Paints `buffer` where it lacks the current picture and returns what else changed on screen, in the buffer's
    /// pixels (logical points times ``ToplevelWindow/scale``).
    ///
    /// `damage` is what the buffer lacks: the rectangles passed to ``ToplevelWindow/setNeedsDisplay(_:)`` plus
    /// whatever changed on screen since this buffer was last shown (the whole window for a new buffer, after a
    /// resize or a scale change). Painting `damage` is enough, and painting outside it is wasted: clip to it.
    ///
    /// Return the rectangles whose content changed on screen beyond those passed to
    /// ``ToplevelWindow/setNeedsDisplay(_:)`` (usually none: `[]`). Those and the `setNeedsDisplay` rectangles are
    /// the surface damage of the commit (`wl_surface.damage_buffer`), and what the other buffers will lack.
    func toplevelWindow(_ window: ToplevelWindow, draw buffer: Buffer, damage: [PixelRect]) -> [PixelRect]
    /// Draws the full-resolution frame after a reduced one, as ``toplevelWindow(_:draw:damage:)`` does, into the
    /// same buffer until it says the buffer is complete: only then is it committed (each frame before is a bare
    /// commit). By default it draws the whole frame at once.
    func toplevelWindow(_ window: ToplevelWindow, drawPart buffer: Buffer,
                        damage: [PixelRect]) -> (changed: [PixelRect], isComplete: Bool)
    /// How many times fewer pixels each way the next frame may have (2 is half, at most 8), or `nil` (the default)
    /// for a full frame: a zoom step, say.
    func toplevelWindowReductionOfNextFrame(_ window: ToplevelWindow) -> Int?
    /// Draws a frame at reduced resolution into `image`: the top-left part of a full-size buffer, the one not on
    /// screen, ``toplevelWindowReductionOfNextFrame(_:)`` times fewer pixels each way (its
    /// ``ReducedImage/pixelsPerPoint`` is the scale divided by that), which the compositor crops and scales up to
    /// the window (`wp_viewport.set_source` and `set_destination`). Asked for when the reduction says so and the
    /// compositor offers `wp_viewporter`; the frames after it are full-size again, through
    /// ``toplevelWindow(_:drawPart:damage:)`` until one is complete.
    func toplevelWindow(_ window: ToplevelWindow, drawReduced image: ReducedImage)
    /// A committed buffer has been sent to the compositor (the event loop's flush after the commit): for work the
    /// frame need not wait for, done while the compositor shows it. Not called when a configure's bare commit
    /// carries no buffer.
    func toplevelWindowDidSendFrame(_ window: ToplevelWindow)
    /// The compositor said what became of a committed buffer (`wp_presentation_feedback`, where
    /// ``ToplevelWindow/offersPresentation``), with the ``ToplevelWindow/committedFrameCount`` that commit made;
    /// answers come in commit order.
    func toplevelWindow(_ window: ToplevelWindow, frame: Int, was presentation: FramePresentation)
    /// What the last drawing did, in a few words for the ``ToplevelWindow/frameLog`` (asked right after the commit);
    /// `nil` by default.
    func toplevelWindowDescribeLastDraw(_ window: ToplevelWindow) -> String?
    /// The compositor gave the window's xdg-foreign handle (``ToplevelWindow/exportedHandle``).
    func toplevelWindow(_ window: ToplevelWindow, didExport handle: String)
    /// Another program's drag came over the window at `location` (surface-local logical points), offering its
    /// content as `mimeTypes` (as many as the offer keeps, in the order offered): the type to take if it is dropped,
    /// or `nil` to refuse it (the default), which the compositor shows the user during the drag.
    func toplevelWindow(_ window: ToplevelWindow, dragEnteredOffering mimeTypes: [String], at location: Point) -> String?
    /// The drag this window took was dropped at `location`: its content as `mimeType` (the type taken at the
    /// enter), read on the event loop without blocking it, or why it could not be read. Nothing by default.
    func toplevelWindow(_ window: ToplevelWindow, dropped content: Result<[UInt8], ClipboardFailure>, as mimeType: String,
                        at location: Point)
}

extension ToplevelWindowDelegate {
    public func toplevelWindow(_ window: ToplevelWindow, dragEnteredOffering mimeTypes: [String], at location: Point) -> String? {
        nil
    }
    public func toplevelWindow(_ window: ToplevelWindow, dropped content: Result<[UInt8], ClipboardFailure>,
                               as mimeType: String, at location: Point) {}
    public func toplevelWindowDidConfigure(_ window: ToplevelWindow) {}
    public func toplevelWindowDidAskToClose(_ window: ToplevelWindow) {}
    public func toplevelWindow(_ window: ToplevelWindow, didReceive event: SeatEvent) {}
    public func toplevelWindow(_ window: ToplevelWindow, draw buffer: Buffer, damage: [PixelRect]) -> [PixelRect] { [] }
    public func toplevelWindow(_ window: ToplevelWindow, drawPart buffer: Buffer,
                               damage: [PixelRect]) -> (changed: [PixelRect], isComplete: Bool) {
        (toplevelWindow(window, draw: buffer, damage: damage), true)
    }
    public func toplevelWindowReductionOfNextFrame(_ window: ToplevelWindow) -> Int? { nil }
    public func toplevelWindow(_ window: ToplevelWindow, drawReduced image: ReducedImage) {}
    public func toplevelWindowDidSendFrame(_ window: ToplevelWindow) {}
    public func toplevelWindow(_ window: ToplevelWindow, frame: Int, was presentation: FramePresentation) {}
    public func toplevelWindowDescribeLastDraw(_ window: ToplevelWindow) -> String? { nil }
    public func toplevelWindow(_ window: ToplevelWindow, didExport handle: String) {}
}
