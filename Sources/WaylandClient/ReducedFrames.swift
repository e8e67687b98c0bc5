// The window's frames around a zoom step drawn at reduced resolution: the decisions, apart from the buffers.

/// What a window draws and commits around a frame drawn at half resolution and scaled up by the compositor through
/// `wp_viewport` (docs/rendering.md, "The zoom step at reduced resolution").
///
/// A program asks for a reduced frame (a zoom step, each frame of a pinch); where the compositor can scale (it
/// offers `wp_viewporter`) that frame goes into a buffer of half the pixels each way, committed with the viewport's
/// destination at the window's size. The frames after it bring the full-resolution frame into a full-size buffer,
/// in parts if the program needs more than one frame, committed only once complete (with the destination back to
/// what the window needs without it); until then each frame is a bare commit that keeps the frame callbacks coming.
struct ReducedFrames: Equatable {
    enum Phase: Equatable {
        /// The last buffer committed is full-size (or none was): frames as usual.
        case sharp
        /// The last buffer committed is a reduced one; the full-resolution frame is being brought in.
        case reducedShown
    }

    /// What the next frame draws.
    enum Drawing: Equatable {
        /// A reduced frame, into a buffer of half the size.
        case reduced
        /// A full-size frame, as without reduced frames.
        case full
        /// The full-resolution frame after a reduced one, or the next part of it, into the same full-size buffer.
        case partOfFull
    }

    /// What to commit after drawing.
    enum Commit: Equatable {
        /// The reduced buffer, with the viewport's destination at the window's size.
        case reducedBuffer
        /// The full-size buffer; `restoresViewport`: the destination is set back to what the window needs without a
        /// reduced frame (none, or the logical size with fractional scale).
        case fullBuffer(restoresViewport: Bool)
        /// No buffer: a bare commit with a frame callback, so the next part is drawn at the next frame.
        case frameCallbackOnly
    }

    private(set) var phase = Phase.sharp

    /// Whether a part of the full frame was drawn and the rest is still to come: the window draws at its next frame
    /// whether or not anything else changes meanwhile (a frame whose tiles had all come in before its first part
    /// otherwise waited for some other change to go on, and the reduced frame stayed on screen).
    private(set) var hasPartToDraw = false

    /// What the next frame draws: reduced when the program asks and the compositor can scale; else the next part of
    /// the full frame after a reduced one, or a full frame.
    func nextFrame(programWantsReduced: Bool, compositorCanScale: Bool) -> Drawing {
        if programWantsReduced && compositorCanScale { return .reduced }
        return phase == .reducedShown ? .partOfFull : .full
    }

    /// The frame `drawing` was drawn (`isComplete`: the buffer shows the whole frame): what to commit.
    mutating func drew(_ drawing: Drawing, isComplete: Bool) -> Commit {
        hasPartToDraw = drawing == .partOfFull && !isComplete
        switch drawing {
        case .reduced:
            phase = .reducedShown
            return .reducedBuffer
        case .full:
            return .fullBuffer(restoresViewport: false)
        case .partOfFull:
            guard isComplete else { return .frameCallbackOnly }
            phase = .sharp
            return .fullBuffer(restoresViewport: true)
        }
    }

}
