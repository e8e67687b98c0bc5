// A wl_surface's drawing: frame callbacks and their watchdog, pacing, presentation feedback and the frame log,
// buffers and damage, full, partial and reduced frames. Its owner gives it the size and scale and the role.
import Geometry
import CCairo
import CWaylandClient
import CWaylandProtocols
import Localization

/// Draws a surface into buffers and commits them, paced by the compositor as foot does it.
///
/// - Call ``setNeedsDisplay(_:)`` or ``setNeedsDraw(isCostly:)`` when something changed.
/// - The presenter asks its ``delegate`` to draw at the end of the current event-loop iteration when no frame
///   callback is pending; else at the end of the iteration that brings the next frame callback, after every input
///   event already waiting on the socket. So there is at most one commit per frame, and input never waits for the
///   frame after the next (``FrameCycle``).
/// - Where the compositor tells when frames are shown (`wp_presentation`), it draws instead shortly before the
///   compositor takes its next frame (``FramePacer``), so input that comes until then is in that frame.
/// - A surface the compositor hides gets no frame callbacks; a watchdog stops waiting after
///   ``FrameCycle/watchdogInterval``.
final class SurfacePresenter {
    /// The owner: it draws each frame and hears of each frame sent and presented. Held weakly.
    weak var delegate: (any SurfacePresenterDelegate)?
    /// Where each frame's timing goes, once the compositor said what became of it (`nil`: nowhere).
    var frameLog: FrameLog?
    /// The size in logical points; set through ``resize(width:height:)``.
    private(set) var width: Int
    private(set) var height: Int
    /// The buffer scale: pixels per logical point; set through ``rescale(to:)``.
    private(set) var scale: Int32
    /// Whether the surface has transparent parts: its buffers are then ARGB8888. Changing it redraws everything.
    var isTranslucent = false {
        didSet { if isTranslucent != oldValue { needsFullRedraw = true } }
    }
    /// Whether the surface draws shortly before the compositor takes its next frame (the default), rather than as
    /// soon as the frame callback allows.
    var drawsBeforeVblank = true
    /// Whether the first frame is copied into the spare buffer right after its commit.
    var warmsSpareBuffer = false
    /// How many buffers were committed so far.
    private(set) var committedFrameCount = 0
    /// How many buffers the surface holds.
    var bufferCount: Int { pool.count }

    private let display: Display
    private let surface: Surface
    private let pool: BufferPool
    /// The surface's one viewport, when the compositor offers `wp_viewporter`: fractional scale's, and a reduced
    /// frame's.
    private var viewport: Viewport?
    /// Whether fractional scale maps the buffer (buffer scale 1, the viewport's destination the logical size).
    private let usesFractionalScale: Bool

    /// Whether a frame callback is pending, and what to do about what waits.
    private var cycle = FrameCycle.unconfigured
    private var frameCallback: FrameCallback?
    private var didLogWatchdog = false
    private var dirty = DamageList()
    private var needsFullRedraw = true
    private var needsDraw = false
    /// Whether the frame to draw was said to be costly (``setNeedsDraw(isCostly:)``), until it is committed.
    private var nextFrameIsCostly = false
    /// Around a reduced frame: what is drawn and committed.
    private var reducedFrames = ReducedFrames()
    /// The full-size buffer the full frame after a reduced one is being drawn into, in parts.
    private var bufferInParts: Buffer?
    private var appliedBufferScale: Int32 = 1
    /// Whether a buffer was committed since the event loop last flushed.
    private var hasUnsentFrame = false

    /// When to draw, from the presentation feedback.
    private var pacer = FramePacer()
    /// Presentation feedback asked for and not answered yet, by frame number.
    private var presentationFeedback: [Int: PresentationFeedback] = [:]
    /// Frames committed while ``frameLog`` is set and not yet answered, by frame number.
    private var loggedFrames: [Int: FrameLog.Entry] = [:]
    /// When the pacer made the current plan, for the ``frameLog``.
    private var planMadeAt: Duration = .zero

    /// A presenter for `surface`, whose buffers come from `shm`.
    init(display: Display, surface: Surface, shm: OpaquePointer, viewport: Viewport?, usesFractionalScale: Bool,
         width: Int, height: Int, scale: Int32) {
        self.display = display
        self.surface = surface
        pool = BufferPool(display: display, shm: shm)
        self.viewport = viewport
        self.usesFractionalScale = usesFractionalScale
        self.width = width
        self.height = height
        self.scale = scale
    }

    /// Lets go of the pending frame callback, the presentation feedback and the viewport: before the surface's
    /// roles are destroyed.
    func close() {
        frameCallback = nil
        presentationFeedback = [:]
        viewport = nil
    }

    // MARK: - What waits to be drawn

    /// Marks rectangles (logical points) as needing a redraw; `nil` means the whole surface.
    func setNeedsDisplay(_ rects: [Rect]? = nil) {
        if let rects {
            // Whole buffer pixels at today's scale: a change of scale redraws everything anyway.
            for rect in rects { dirty.insert(PixelRect(covering: rect, scale: Int(scale))) }
        } else {
            needsFullRedraw = true
        }
    }

    /// Asks for a frame whose changes the delegate's drawing finds out; `isCostly`: planned earlier.
    func setNeedsDraw(isCostly: Bool = false) {
        needsDraw = true
        if isCostly { nextFrameIsCostly = true }
    }

    /// Whether something waits to be drawn.
    var needsDisplay: Bool { needsFullRedraw || needsDraw || !dirty.isEmpty || reducedFrames.hasPartToDraw }

    /// What waits, for the frame cycle.
    private var wish: FrameCycle.Wish {
        guard needsDisplay else { return .nothing }
        return nextFrameIsCostly ? .costlyFrame : .frame
    }

    /// The surface is `width` by `height` logical points now; a change redraws everything.
    func resize(width: Int, height: Int) {
        guard width != self.width || height != self.height else { return }
        self.width = width
        self.height = height
        needsFullRedraw = true
    }

    /// The buffer scale is `scale` now; a change redraws everything.
    func rescale(to scale: Int32) {
        guard scale != self.scale else { return }
        self.scale = scale
        needsFullRedraw = true
    }

    // MARK: - The frame cycle

    /// The owner acknowledged a configure; a commit must follow. Draws now, ignoring frame pacing, when the size
    /// changed or nothing was shown yet; otherwise a bare commit applies the new state to the buffer already shown.
    func configured() {
        if cycle.configured(needsFullRedraw: needsFullRedraw) == .drawNow {
            needsFullRedraw = true
            if redraw() { return }
        }
        wl_surface_commit(surface.pointer)
    }

    /// When the surface draws, if it may: decided by the pacer the first time it is asked after the surface could
    /// draw, and kept until it has drawn (earlier if the frame became costly meanwhile).
    func pacedDrawTime(now: Duration) -> Duration? {
        guard case let .drawWhenPaced(isCostly) = cycle.iterationEnds(wish: wish) else {
            pacer.windowCannotDraw()
            return nil
        }
        guard drawsBeforeVblank else { return now }
        if frameLog != nil, pacer.phase == .idle { planMadeAt = now }
        return switch pacer.windowMayDraw(now: now, isCostly: isCostly) {
        case .now: now
        case let .at(time): time
        }
    }

    /// Whether the surface draws at the end of this loop iteration: it may, and its time has come.
    var isDueToDraw: Bool {
        let now = MonotonicClock.now
        return pacedDrawTime(now: now).map { $0 <= now } ?? false
    }

    /// Draws if something waits, no frame callback is pending and the pacer's time has come (called at the end of
    /// each loop iteration).
    func redrawIfDue() {
        guard isDueToDraw else { return }
        redraw()
    }

    /// When the frame watchdog fires, if a frame callback is pending.
    var frameWatchdogDeadline: Duration? { cycle.watchdogDeadline }

    func checkFrameWatchdog(now: Duration) {
        guard case let .abandonFrame(thenDraws) = cycle.watchdogChecked(now: now, wish: wish) else { return }
        if !didLogWatchdog {
            didLogWatchdog = true
            display.debug("no frame callback for \(FrameCycle.watchdogInterval): the window is probably hidden")
        }
        frameCallback = nil
        if thenDraws { redraw() }
    }

    /// Asks for a frame callback with the commit that follows, which makes frame number `frame` (`nil`: a commit of
    /// no new frame).
    private func requestFrame(frame: Int?) {
        let callback = FrameCallback(surface: surface.pointer) { [unowned self] in self.frameDone(frame: frame) }
        frameCallback = callback
        cycle.frameRequested(at: callback.requestedAt)
    }

    /// The frame callback: the surface may draw again. It draws at the end of this loop iteration, after the input
    /// that came with the callback (or while it was being handled) has been dispatched, so that input is in the
    /// frame instead of waiting a whole frame for the next one (foot draws the same way).
    private func frameDone(frame: Int?) {
        let finished = frameCallback
        frameCallback = nil
        if let frame { pacer.frameCallbackCame(frame: frame, at: MonotonicClock.now) }
        cycle.frameDone()
        withExtendedLifetime(finished) {}
    }

    /// The event loop flushed what was queued: a frame committed since is on its way.
    func queuedRequestsSent() {
        guard hasUnsentFrame else { return }
        hasUnsentFrame = false
        delegate?.presenterDidSendFrame(self)
    }

    // MARK: - Drawing

    /// The whole surface in buffer pixels.
    private var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width * Int(scale), height: height * Int(scale)) }

    /// Draws into a free buffer and commits it. Returns false when every buffer is busy: the surface stays dirty
    /// and draws at the end of a later loop iteration, after a `wl_buffer.release`.
    @discardableResult
    private func redraw() -> Bool {
        let reduction = delegate?.presenterReductionOfNextFrame(self)
        let drawing = reducedFrames.nextFrame(programWantsReduced: reduction != nil, compositorCanScale: viewport != nil)
        if drawing == .reduced, let reduction { return redrawReduced(reduction: reduction) }
        let isPart = drawing == .partOfFull
        guard let (buffer, stale) = acquireBuffer(preferring: isPart ? bufferInParts : nil, mayMakeThird: !isPart)
        else { return false }
        let drawStart = MonotonicClock.now
        let (changed, isComplete) = paint(buffer, stale: stale, isPart: isPart)
        let drawEnd = frameLog == nil ? Duration.zero : MonotonicClock.now
        cairo_surface_flush(buffer.cairoSurface)
        let toCommit = reducedFrames.drew(drawing, isComplete: isComplete)
        guard toCommit != .frameCallbackOnly else {
            // The buffer is kept for the next part; what it was asked to draw is drawn (the rest it knows itself).
            bufferInParts = buffer
            requestFrame(frame: nil)
            wl_surface_commit(surface.pointer)
            return true
        }
        bufferInParts = nil
        // After a reduced frame everything changed on screen.
        let surfaceChange = toCommit == .fullBuffer(restoresViewport: true) ? nil : changed
        // With fractional scale the buffer scale stays 1 and the viewport maps the buffer onto the logical size;
        // otherwise the integer buffer scale does, and no destination is set.
        applyBufferScale(usesFractionalScale ? 1 : pool.scale)
        viewport?.setSource(nil)
        viewport?.setDestination(usesFractionalScale ? (Int32(width), Int32(height)) : nil)
        wl_surface_attach(surface.pointer, buffer.pointer, 0, 0)
        for rect in surfaceChange?.rects ?? [bounds] {
            wl_surface_damage_buffer(surface.pointer, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
        }
        commit(buffer, changed: surfaceChange, drawn: (drawStart, drawEnd))
        return true
    }

    /// A buffer of the surface's size, and what it lacks (`nil`: everything); `nil` when every buffer is busy or
    /// none can be made (said in the log).
    private func acquireBuffer(preferring preferred: Buffer? = nil,
                               mayMakeThird: Bool) -> (buffer: Buffer, stale: DamageList?)? {
        do {
            return try pool.acquire(width: Int32(width) * scale, height: Int32(height) * scale, scale: scale,
                                    isTranslucent: isTranslucent, preferring: preferred, mayMakeThird: mayMakeThird)
        } catch {
            // Translators: %s is why (an error's description).
            display.log(localized("cannot make a buffer: %s", error))
            return nil
        }
    }

    /// Has the delegate paint `buffer` (a part of the full frame if `isPart`) where it lacks the picture: what
    /// was asked for and what went `stale` since it was shown. Returns what changed on screen (`nil`: everything)
    /// and whether the buffer is complete.
    private func paint(_ buffer: Buffer, stale: DamageList?, isPart: Bool) -> (changed: DamageList?, isComplete: Bool) {
        // What this buffer must be painted with, and what changed on screen since the last frame: they differ when
        // the buffer is new or was shown a few frames ago. Taken before drawing, so the callback may ask again.
        let requestedChange = dirty
        let isFullChange = needsFullRedraw
        dirty = DamageList()
        needsFullRedraw = false
        needsDraw = false
        var lacking = requestedChange
        if let stale { lacking.formUnion(stale) }
        let requested = isFullChange || stale == nil ? [bounds] : lacking.clipped(to: bounds)
        var alsoChanged: [PixelRect]
        var isComplete = true
        if isPart, let delegate {
            (alsoChanged, isComplete) = delegate.presenter(self, drawPart: buffer, damage: requested)
        } else {
            alsoChanged = delegate?.presenter(self, draw: buffer, damage: requested) ?? []
        }
        var screenChange = requestedChange
        for rect in alsoChanged { screenChange.insert(rect) }
        return (isFullChange ? nil : DamageList(screenChange.clipped(to: bounds)), isComplete)
    }

    private func applyBufferScale(_ bufferScale: Int32) {
        guard bufferScale != appliedBufferScale else { return }
        wl_surface_set_buffer_scale(surface.pointer, bufferScale)
        appliedBufferScale = bufferScale
    }

    /// Commits `buffer`, attached and damaged, with a frame callback and presentation feedback; `changed` is what
    /// the other buffers lack now (`nil`: everything). `drawn`: when a full frame's drawing began and ended, for the
    /// frame log (`nil` for a reduced frame, which neither warms the spare buffer nor is logged).
    private func commit(_ buffer: Buffer, changed: DamageList?, drawn: (start: Duration, end: Duration)?) {
        requestFrame(frame: committedFrameCount + 1)
        requestPresentationFeedback(frame: committedFrameCount + 1)
        wl_surface_commit(surface.pointer)
        pool.committed(buffer, changed: changed)
        committedFrameCount += 1
        if drawn != nil, warmsSpareBuffer, committedFrameCount == 1 { _ = pool.warmSpare() }
        let committedAt = MonotonicClock.now
        if let drawn { logFrame(drawStart: drawn.start, drawEnd: drawn.end, committedAt: committedAt) }
        pacer.committed(frame: committedFrameCount, at: committedAt)
        nextFrameIsCostly = false
        hasUnsentFrame = true
    }

    /// Keeps the timing of the frame just committed for the ``frameLog``, until its presentation feedback.
    private func logFrame(drawStart: Duration, drawEnd: Duration, committedAt: Duration) {
        guard frameLog != nil, case let .planned(planned, aim, isCostly) = pacer.phase else { return }
        let note = [isCostly ? "costly" : nil, delegate?.presenterDescribeLastDraw(self)].compactMap { $0 }.joined(separator: " ")
        loggedFrames[committedFrameCount] = FrameLog.Entry(
            frame: committedFrameCount, planMade: planMadeAt, planned: planned, wake: display.lastWake, drawStart: drawStart,
            drawEnd: drawEnd, commit: committedAt, aim: aim, lead: aim.map { $0 - planned }, note: note)
        if loggedFrames.count > 64, let oldest = loggedFrames.keys.min() { loggedFrames[oldest] = nil }
    }

    /// Draws a reduced frame (``SurfacePresenterDelegate/presenter(_:drawReduced:)``) into the top-left part of a
    /// full-size buffer, `reduction` times fewer pixels each way.
    ///
    /// - One of two buffers: never a third, it waits for a release instead.
    /// - Committed with the viewport's source that part, its destination the logical size, buffer scale 1: the
    ///   compositor crops and scales it, and no buffer beyond the surface's own is made.
    /// - What waits to be drawn stays asked for, and the whole surface too: the full-resolution frame after it
    ///   draws it, into another buffer (this one is on screen meanwhile).
    private func redrawReduced(reduction: Int) -> Bool {
        // No third buffer for a zoom step: its frames wait for a release instead (the compositor shows the frame
        // before, or the reduced frame, meanwhile).
        guard let (buffer, _) = acquireBuffer(mayMakeThird: false), let viewport else { return false }
        needsDraw = false
        let image = ReducedImage(buffer: buffer, reduction: reduction)
        delegate?.presenter(self, drawReduced: image)
        cairo_surface_flush(image.cairoSurface)
        _ = reducedFrames.drew(.reduced, isComplete: true)
        needsFullRedraw = true
        bufferInParts = nil
        applyBufferScale(1)
        viewport.setSource((0, 0, image.pixelWidth, image.pixelHeight))
        viewport.setDestination((Int32(width), Int32(height)))
        wl_surface_attach(surface.pointer, buffer.pointer, 0, 0)
        wl_surface_damage_buffer(surface.pointer, 0, 0, image.pixelWidth, image.pixelHeight)
        // Everything else in the buffer is stale, and every other buffer lacks everything: the sharp frame draws it.
        commit(buffer, changed: nil, drawn: nil)
        return true
    }

    /// Asks for `wp_presentation_feedback` on the commit that follows, which makes frame number `frame`: for the
    /// pacer, and for the delegate.
    private func requestPresentationFeedback(frame: Int) {
        guard let presentation = display.registry.presentation else { return }
        presentationFeedback[frame] = PresentationFeedback(presentation: presentation, surface: surface.pointer) {
            [unowned self] outcome in
            let feedback = presentationFeedback.removeValue(forKey: frame)
            switch outcome {
            case let .presented(time, refresh):
                if let entry = loggedFrames.removeValue(forKey: frame) {
                    frameLog?.write(entry, presented: time, refresh: refresh)
                }
                pacer.presented(frame: frame, at: time, refresh: refresh)
                delegate?.presenter(self, frame: frame, was: .presented(at: Timestamp(seconds: time / .seconds(1))))
            case .discarded:
                if let entry = loggedFrames.removeValue(forKey: frame) {
                    frameLog?.write(entry, presented: nil, refresh: .zero)
                }
                pacer.discarded(frame: frame)
                delegate?.presenter(self, frame: frame, was: .discarded)
            }
            withExtendedLifetime(feedback) {}
        }
    }
}
