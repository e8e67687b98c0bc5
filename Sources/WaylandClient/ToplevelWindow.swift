// A toplevel window: wl_surface + xdg_surface + xdg_toplevel, its configure cycle, and its seat events.
import Geometry
import CCairo
import CWaylandClient
import CWaylandProtocols
import SeatStream

/// A toplevel window that the program draws into with Cairo.
///
/// The window maps after the compositor's first configure: it acknowledges each configure and commits right after
/// (never attaching a buffer before the first one). A width or height of 0 in a configure leaves that side to the
/// client: it keeps the current size, or returns to the size it had before it was maximized, fullscreen or tiled.
/// The program's initial size is the starting point.
///
/// Drawing is paced by the compositor, as foot does it: call ``setNeedsDisplay(_:)`` when something changed; the
/// window asks its ``delegate`` to draw at the end of the current event-loop iteration when no frame callback is
/// pending, or else at the end of the iteration that brings the next frame callback, after every input event already waiting on
/// the socket, so there is at most one commit per frame and input never waits for the frame after the next. Where
/// the compositor tells when frames are shown (`wp_presentation`), the window draws instead shortly before the
/// compositor takes its next frame (``FramePacer``), so input that comes until then is in that frame. A window the
/// compositor hides gets no frame callbacks; a watchdog stops waiting after ``frameWatchdogInterval``.
public final class ToplevelWindow {
    /// A window's state as the compositor configured it (`xdg_toplevel.state`).
    public struct States: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// The window fills the work area (`maximized`).
        public static let maximized = States(rawValue: 1 << 0)
        /// The window covers an output (`fullscreen`).
        public static let fullscreen = States(rawValue: 1 << 1)
        /// An interactive resize is under way (`resizing`).
        public static let resizing = States(rawValue: 1 << 2)
        /// The window has the focus (`activated`): draw it as the active one.
        public static let activated = States(rawValue: 1 << 3)
        /// Some edge is tiled against another window or the output (`tiled_left` … `tiled_bottom`).
        public static let tiled = States(rawValue: 1 << 4)

        /// The states' names, for logs: `[maximized, activated]`.
        public var names: String {
            let named: [(States, String)] = [(.maximized, "maximized"), (.fullscreen, "fullscreen"),
                                             (.resizing, "resizing"), (.activated, "activated"), (.tiled, "tiled")]
            return "[" + named.filter { contains($0.0) }.map(\.1).joined(separator: ", ") + "]"
        }
    }

    /// The edges an interactive resize moves (`xdg_toplevel.resize_edge`, as its bits).
    public struct ResizeEdges: OptionSet, Sendable, Hashable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let top = ResizeEdges(rawValue: 1)
        public static let bottom = ResizeEdges(rawValue: 2)
        public static let left = ResizeEdges(rawValue: 4)
        public static let right = ResizeEdges(rawValue: 8)

        /// The XCursor name of the pointer over these edges (`top_left_corner`, `right_side`, ...).
        public var cursorName: String {
            switch self {
            case [.top, .left]: "top_left_corner"
            case [.top, .right]: "top_right_corner"
            case [.bottom, .left]: "bottom_left_corner"
            case [.bottom, .right]: "bottom_right_corner"
            case .top: "top_side"
            case .bottom: "bottom_side"
            case .left: "left_side"
            default: "right_side"
            }
        }
    }

    /// How long to wait for a frame callback before drawing anyway.
    public static let frameWatchdogInterval: Duration = .seconds(1)

    /// The program behind the window: it draws each frame and hears of the configure, the close, the seat's events,
    /// each frame sent and presented, and the xdg-foreign handle (``ToplevelWindowDelegate``). Held weakly.
    public weak var delegate: (any ToplevelWindowDelegate)?
    /// Where each frame's timing goes, once the compositor said what became of it (`nil`: nowhere); see ``FrameLog``.
    public var frameLog: FrameLog?
    /// Whether the compositor offers `wp_presentation`, so that the delegate hears what became of each frame.
    public var offersPresentation: Bool { display.registry.presentation != nil }

    /// The size in logical points.
    public private(set) var width: Int
    public private(set) var height: Int
    /// The buffer scale: pixels per logical point.
    public private(set) var scale: Int32 = 1
    /// The states of the last configure.
    public private(set) var states: States = []
    /// Whether the compositor has configured the window (it may draw).
    public private(set) var isConfigured = false
    /// Who draws the decorations; `.clientSide` until the compositor grants server-side ones.
    public var decorationMode: DecorationMode { decoration?.mode ?? .clientSide }
    /// How many buffers were committed so far (for tests and diagnostics).
    public private(set) var committedFrameCount = 0
    /// The largest size the compositor suggests for the window (`xdg_toplevel.configure_bounds`, version 4), if it
    /// said: the first size is fitted into it.
    public private(set) var bounds: (width: Int, height: Int)?
    /// The XCursor name to show while the pointer is over the window; `nil` for the default (a crosshair).
    public var cursorName: String? {
        didSet { if cursorName != oldValue { display.registry.windowCursorChanged(self) } }
    }
    /// Whether the window has transparent parts (rounded corners): its buffers are then ARGB8888, and what is not
    /// drawn opaque shows what lies behind. Changing it redraws the whole window.
    public var isTranslucent = false {
        didSet { if isTranslucent != oldValue { needsFullRedraw = true } }
    }
    /// The window's title (`xdg_toplevel.set_title`).
    public var title: String {
        didSet { xdg_toplevel_set_title(toplevel, title) }
    }

    let display: Display
    let surface: Surface
    private let xdgSurface: OpaquePointer
    private let toplevel: OpaquePointer
    private let xdgSurfaceListener: UnsafeMutablePointer<xdg_surface_listener>
    private let toplevelListener: UnsafeMutablePointer<xdg_toplevel_listener>
    private var decoration: Decoration?
    /// The surface's fractional scale, when the compositor offers it and `wp_viewporter`.
    private var fractionalScale: FractionalScale?
    /// The surface's one viewport, when the compositor offers `wp_viewporter`: fractional scale's, and a reduced
    /// frame's.
    private var viewport: Viewport?
    /// Around a reduced frame: what is drawn and committed.
    private var reducedFrames = ReducedFrames()
    /// The full-size buffer the full frame after a reduced one is being drawn into, in parts.
    private var bufferInParts: Buffer?
    /// The window exported through xdg-foreign, when the compositor offers it.
    private var exported: ExportedToplevel?
    /// The window's xdg-foreign handle, for the desktop portal's dialogs (`wayland:HANDLE`); `nil` until the
    /// compositor gave one, or when it offers no `zxdg_exporter_v2`.
    public var exportedHandle: String? { exported?.handle }
    private let pool: BufferPool
    private let minimumWidth: Int
    private let minimumHeight: Int

    /// The configure under way: toplevel events come first, `xdg_surface.configure` ends it.
    private var pendingSize: (width: Int32, height: Int32)?
    private var pendingStates: States = []
    /// The size to return to when the window stops being maximized, fullscreen or tiled.
    private var floatingSize: (width: Int, height: Int)
    private var dirty = DamageList()
    private var needsFullRedraw = true
    private var needsDraw = false
    /// Whether the frame to draw was said to be costly (``setNeedsDraw(isCostly:)``), until it is drawn.
    private var nextFrameIsCostly = false
    private var frameCallback: FrameCallback?
    /// Presentation feedback asked for and not answered yet, by frame number.
    private var presentationFeedback: [Int: PresentationFeedback] = [:]
    /// When to draw, from the presentation feedback.
    private var pacer = FramePacer()
    private var didLogWatchdog = false
    /// Frames committed while ``frameLog`` is set and not yet answered, by frame number.
    private var loggedFrames: [Int: FrameLog.Entry] = [:]
    /// When the pacer made the current plan, for the ``frameLog``.
    private var planMadeAt: Duration = .zero

    /// Creates a window and asks the compositor to map it; it draws after the first configure.
    ///
    /// - Parameters:
    ///   - width, height: the initial size in logical points, kept until the compositor picks another.
    ///   - minimumWidth, minimumHeight: the smallest size that makes sense (`xdg_toplevel.set_min_size`).
    ///   - decorations: who the window asks to draw its decorations where the compositor lets it choose
    ///     (xdg-decoration); the compositor decides, ``decorationMode`` says.
    public init(
        display: Display, title: String, appID: String, width: Int, height: Int,
        minimumWidth: Int = 1, minimumHeight: Int = 1, decorations: DecorationMode = .serverSide
    ) throws(WaylandError) {
        guard let compositor = display.registry.compositor, let shm = display.registry.shm,
              let wmBase = display.registry.wmBase
        else { throw .missingGlobal(interface: "wl_compositor", minimumVersion: 4) }
        self.display = display
        self.title = title
        self.width = max(width, minimumWidth)
        self.height = max(height, minimumHeight)
        self.minimumWidth = max(minimumWidth, 1)
        self.minimumHeight = max(minimumHeight, 1)
        floatingSize = (self.width, self.height)
        surface = Surface(display: display, compositor: compositor.pointer)
        pool = BufferPool(display: display, shm: shm.pointer)
        xdgSurface = xdg_wm_base_get_xdg_surface(wmBase.pointer, surface.pointer)!
        toplevel = xdg_surface_get_toplevel(xdgSurface)!
        xdgSurfaceListener = .allocate(capacity: 1)
        toplevelListener = .allocate(capacity: 1)
        if let viewporter = display.registry.viewporter {
            viewport = Viewport(viewporter: viewporter.pointer, surface: surface.pointer)
        }
        if let manager = display.registry.fractionalScaleManager, let viewport {
            fractionalScale = FractionalScale(manager: manager.pointer, viewport: viewport, surface: surface.pointer)
        }
        scale = wantedScale
        if let exporter = display.registry.exporter {
            exported = ExportedToplevel(exporter: .v2(exporter.pointer), surface: surface.pointer)
        } else if let exporter = display.registry.exporterV1 {
            exported = ExportedToplevel(exporter: .v1(exporter.pointer), surface: surface.pointer)
        }

        let context = Unmanaged.passUnretained(self).toOpaque()
        exported?.onHandle = { [unowned self] handle in delegate?.toplevelWindow(self, didExport: handle) }
        xdgSurfaceListener.initialize(to: xdg_surface_listener(configure: { data, _, serial in
            ToplevelWindow.from(data).configure(serial: serial)
        }))
        xdg_surface_add_listener(xdgSurface, xdgSurfaceListener, context)
        toplevelListener.initialize(to: xdg_toplevel_listener(
            configure: { data, _, width, height, states in
                ToplevelWindow.from(data).configureToplevel(width: width, height: height, states: states)
            },
            close: { data, _ in
                let window = ToplevelWindow.from(data)
                window.delegate?.toplevelWindowDidAskToClose(window)
            },
            configure_bounds: { data, _, width, height in
                ToplevelWindow.from(data).bounds = width > 0 && height > 0 ? (Int(width), Int(height)) : nil
            },
            wm_capabilities: { _, _, _ in }
        ))
        xdg_toplevel_add_listener(toplevel, toplevelListener, context)

        xdg_toplevel_set_title(toplevel, title)
        xdg_toplevel_set_app_id(toplevel, appID)
        xdg_toplevel_set_min_size(toplevel, Int32(self.minimumWidth), Int32(self.minimumHeight))
        if let manager = display.registry.decorationManager {
            let decoration = Decoration(manager: manager.pointer, toplevel: toplevel, preferred: decorations)
            decoration.onModeChanged = { [unowned display] mode in
                display.debug("decorations: \(mode == .serverSide ? "server-side" : "client-side"), asked for \(decorations == .serverSide ? "server-side" : "client-side")")
            }
            self.decoration = decoration
        }
        surface.onOutputsChanged = { [unowned self] in self.updateScale() }
        fractionalScale?.onPreferredScaleChanged = { [unowned self] in self.updateScale() }
        display.register(self, surface: surface.pointer)
        // The initial commit, with no buffer: the compositor answers with the first configure.
        wl_surface_commit(surface.pointer)
    }

    deinit {
        display.unregister(surface: surface.pointer)
        frameCallback = nil
        presentationFeedback = [:]
        decoration = nil
        fractionalScale = nil
        viewport = nil
        // The handle goes with the window: destroyed before the toplevel it names.
        exported = nil
        xdg_toplevel_destroy(toplevel)
        xdg_surface_destroy(xdgSurface)
        toplevelListener.deallocate()
        xdgSurfaceListener.deallocate()
        // `surface` and `pool` are released after this body: the wl_surface goes after its roles, then the buffers.
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> ToplevelWindow {
        Unmanaged<ToplevelWindow>.fromOpaque(data!).takeUnretainedValue()
    }

    // MARK: - Requests

    /// Asks for fullscreen (on the output the compositor picks) or back to normal.
    public func setFullscreen(_ isFullscreen: Bool) {
        if isFullscreen { xdg_toplevel_set_fullscreen(toplevel, nil) } else { xdg_toplevel_unset_fullscreen(toplevel) }
    }

    /// Asks to be maximized or back to normal.
    public func setMaximized(_ isMaximized: Bool) {
        if isMaximized { xdg_toplevel_set_maximized(toplevel) } else { xdg_toplevel_unset_maximized(toplevel) }
    }

    /// Asks to be minimized (`xdg_toplevel.set_minimized`); the compositor may hide the window, and says nothing.
    public func setMinimized() {
        xdg_toplevel_set_minimized(toplevel)
    }

    /// Starts an interactive resize from `edges` with the pointer or finger that was just pressed
    /// (`xdg_toplevel.resize` with the serial of that button press or touch down), for the borders of a window that
    /// draws its own decorations. Without a press it does nothing.
    public func beginResize(edges: ResizeEdges) {
        guard let interaction = display.latestInteraction, !edges.isEmpty else { return }
        xdg_toplevel_resize(toplevel, interaction.seat, interaction.serial, edges.rawValue)
    }

    /// Starts moving the window with the pointer or finger that was just pressed (`xdg_toplevel.move`), for a title
    /// bar the program draws itself. Call it from the `onSeatEvent` of the press; without a press it does nothing.
    public func beginMove() {
        guard let interaction = display.latestInteraction else { return }
        xdg_toplevel_move(toplevel, interaction.seat, interaction.serial)
    }

    /// Marks rectangles (logical points) as needing a redraw; `nil` means the whole window.
    ///
    /// The window draws at the end of this event-loop iteration if no frame is pending, else at the next frame.
    public func setNeedsDisplay(_ rects: [Rect]? = nil) {
        if let rects {
            // Whole buffer pixels at today's scale: a change of scale redraws everything anyway.
            for rect in rects { dirty.insert(PixelRect(covering: rect, scale: Int(scale))) }
        } else {
            needsFullRedraw = true
        }
    }

    /// Asks for a frame whose changes the delegate's drawing finds out and returns, paced like ``setNeedsDisplay(_:)``: for a
    /// program that renders what its input did once per frame (the strokes drawn since the last one).
    ///
    /// `isCostly`: the frame will cost more than most (a stroke completed, drawn into the picture for good): the
    /// pacer plans it earlier, by what such frames took before.
    public func setNeedsDraw(isCostly: Bool = false) {
        needsDraw = true
        if isCostly { nextFrameIsCostly = true }
    }

    /// Whether something waits to be drawn.
    public var needsDisplay: Bool { needsFullRedraw || needsDraw || !dirty.isEmpty || reducedFrames.hasPartToDraw }

    // MARK: - Configure

    private func configureToplevel(width: Int32, height: Int32, states array: UnsafeMutablePointer<wl_array>?) {
        pendingSize = (width, height)
        var states: States = []
        if let array = array?.pointee, let data = array.data {
            let values = data.assumingMemoryBound(to: UInt32.self)
            for index in 0..<(array.size / MemoryLayout<UInt32>.size) {
                switch values[index] {
                case XDG_TOPLEVEL_STATE_MAXIMIZED.rawValue: states.insert(.maximized)
                case XDG_TOPLEVEL_STATE_FULLSCREEN.rawValue: states.insert(.fullscreen)
                case XDG_TOPLEVEL_STATE_RESIZING.rawValue: states.insert(.resizing)
                case XDG_TOPLEVEL_STATE_ACTIVATED.rawValue: states.insert(.activated)
                case XDG_TOPLEVEL_STATE_TILED_LEFT.rawValue, XDG_TOPLEVEL_STATE_TILED_RIGHT.rawValue,
                     XDG_TOPLEVEL_STATE_TILED_TOP.rawValue, XDG_TOPLEVEL_STATE_TILED_BOTTOM.rawValue:
                    states.insert(.tiled)
                default: break
                }
            }
        }
        pendingStates = states
    }

    private func configure(serial: UInt32) {
        xdg_surface_ack_configure(xdgSurface, serial)
        let wasConfigured = isConfigured
        isConfigured = true
        var changed = !wasConfigured || pendingStates != states
        states = pendingStates
        if let (newWidth, newHeight) = pendingSize {
            // Zero leaves that side to the client: a floating window gets back the size it had before it was
            // maximized, fullscreen or tiled; otherwise the current size stays.
            let isFloating = states.isDisjoint(with: [.maximized, .fullscreen, .tiled])
            if !wasConfigured, isFloating, let bounds {
                // The first size fits the compositor's bounds (the work area), never below the minimum.
                floatingSize = (max(min(floatingSize.width, bounds.width), minimumWidth),
                                max(min(floatingSize.height, bounds.height), minimumHeight))
            }
            let kept = isFloating ? floatingSize : (width: self.width, height: self.height)
            let width = newWidth > 0 ? max(Int(newWidth), minimumWidth) : kept.width
            let height = newHeight > 0 ? max(Int(newHeight), minimumHeight) : kept.height
            if isFloating { floatingSize = (width, height) }
            if width != self.width || height != self.height {
                self.width = width
                self.height = height
                needsFullRedraw = true
                changed = true
            }
        }
        pendingSize = nil
        if changed { delegate?.toplevelWindowDidConfigure(self) }
        // A commit follows every ack: draw now, ignoring frame pacing, when the size changed or nothing was shown
        // yet; otherwise a bare commit applies the new state to the buffer already shown.
        if !wasConfigured || needsFullRedraw {
            needsFullRedraw = true
            if redraw() { return }
        }
        wl_surface_commit(surface.pointer)
    }

    // MARK: - Scale

    /// The scale to render at: from the compositor's fractional preference when there is one (rounded up to an
    /// integer), otherwise the integer `wl_output.scale` of the outputs the surface is on.
    private var wantedScale: Int32 {
        fractionalScale?.bufferScale ?? surface.preferredScale
    }

    private func updateScale() {
        let newScale = wantedScale
        guard newScale != scale else { return }
        scale = newScale
        needsFullRedraw = true
        display.registry.windowScaleChanged(self)
        delegate?.toplevelWindowDidConfigure(self)
    }

    func outputScaleChanged() {
        updateScale()
    }

    func outputRemoved(_ output: Output) {
        surface.remove(output)
    }

    // MARK: - Drawing and pacing

    /// Whether the window draws shortly before the compositor takes its next frame, where the compositor says when
    /// frames are shown (the default), rather than as soon as the frame callback allows (`false`: for comparing the
    /// two in benchmarks).
    public var drawsBeforeVblank = true

    /// Whether the window, right after committing its first frame, has the second core copy that frame into its
    /// spare buffer, so that the frame after it (the first input's) paints only what changed, not the whole spare
    /// (at 3840x2160 that took 12–48 ms, and the first input of a stroke was shown frames late; docs/frame-pacing.md).
    /// Off by default: a copy of the whole buffer at start-up.
    public var warmsSpareBuffer = false

    /// Whether the window may draw: something is dirty and no frame is pending.
    private var canDraw: Bool { isConfigured && needsDisplay && frameCallback == nil }

    /// When the window draws, if it may: decided by the pacer the first time it is asked after the window could
    /// draw, and kept until it has drawn (earlier if the frame became costly meanwhile).
    func pacedDrawTime(now: Duration) -> Duration? {
        guard canDraw else {
            pacer.windowCannotDraw()
            return nil
        }
        guard drawsBeforeVblank else { return now }
        if frameLog != nil, pacer.phase == .idle { planMadeAt = now }
        return switch pacer.windowMayDraw(now: now, isCostly: nextFrameIsCostly) {
        case .now: now
        case let .at(time): time
        }
    }

    /// Whether the window draws at the end of this loop iteration: it may, and its time has come.
    var isDueToDraw: Bool {
        let now = MonotonicClock.now
        return pacedDrawTime(now: now).map { $0 <= now } ?? false
    }

    /// Draws if something is dirty, no frame callback is pending and the pacer's time has come (called at the end
    /// of each loop iteration).
    func redrawIfDue() {
        guard isDueToDraw else { return }
        redraw()
    }

    /// When the frame watchdog fires, if a frame callback is pending.
    var frameWatchdogDeadline: Duration? {
        frameCallback.map { $0.requestedAt + Self.frameWatchdogInterval }
    }

    func checkFrameWatchdog(now: Duration) {
        guard let deadline = frameWatchdogDeadline, now >= deadline else { return }
        if !didLogWatchdog {
            didLogWatchdog = true
            display.debug("no frame callback for \(Self.frameWatchdogInterval): the window is probably hidden")
        }
        frameCallback = nil
        if needsDisplay { redraw() }
    }

    /// The frame callback: the window may draw again. It draws at the end of this loop iteration, after the input
    /// that came with the callback (or while it was being handled) has been dispatched, so that input is in the
    /// frame instead of waiting a whole frame for the next one (foot draws the same way).
    private func frameDone() {
        let finished = frameCallback
        frameCallback = nil
        withExtendedLifetime(finished) {}
    }

    /// Draws into a free buffer and commits it. Returns false when every buffer is busy: the window stays dirty and
    /// draws at the end of a later loop iteration, after a `wl_buffer.release`.
    @discardableResult
    private func redraw() -> Bool {
        let reduction = delegate?.toplevelWindowReductionOfNextFrame(self)
        let drawing = reducedFrames.nextFrame(programWantsReduced: reduction != nil, compositorCanScale: viewport != nil)
        if drawing == .reduced, let reduction { return redrawReduced(reduction: reduction) }
        let bounds = PixelRect(x: 0, y: 0, width: width * Int(scale), height: height * Int(scale))
        let acquired: (buffer: Buffer, stale: DamageList?)?
        do {
            acquired = try pool.acquire(width: Int32(width) * scale, height: Int32(height) * scale, scale: scale,
                                        isTranslucent: isTranslucent, preferring: drawing == .partOfFull ? bufferInParts : nil,
                                        mayMakeThird: drawing != .partOfFull)
        } catch {
            display.log("cannot make a buffer: \(error)")
            return false
        }
        guard let (buffer, stale) = acquired else { return false }
        let drawStart = MonotonicClock.now

        // What this buffer must be painted with, and what changed on screen since the last frame: they differ when
        // the buffer is new or was shown a few frames ago. Taken before drawing, so the callback may ask again.
        let requestedChange = dirty
        let isFullChange = needsFullRedraw
        dirty = DamageList()
        needsFullRedraw = false
        needsDraw = false
        let paintsEverything = isFullChange || stale == nil
        var lacking = requestedChange
        if let stale { lacking.formUnion(stale) }
        let requested = paintsEverything ? [bounds] : lacking.clipped(to: bounds)
        var alsoChanged: [PixelRect]
        var isComplete = true
        if drawing == .partOfFull, let delegate {
            (alsoChanged, isComplete) = delegate.toplevelWindow(self, drawPart: buffer, damage: requested)
        } else {
            alsoChanged = delegate?.toplevelWindow(self, draw: buffer, damage: requested) ?? []
        }
        let drawEnd = frameLog == nil ? Duration.zero : MonotonicClock.now
        cairo_surface_flush(buffer.cairoSurface)
        var screenChange = requestedChange
        for rect in alsoChanged { screenChange.insert(rect) }
        let commit = reducedFrames.drew(drawing, isComplete: isComplete)
        // After a reduced frame everything changed on screen.
        let changed: DamageList? = isFullChange || commit == .fullBuffer(restoresViewport: true)
            ? nil : DamageList(screenChange.clipped(to: bounds))
        guard commit != .frameCallbackOnly else {
            // The buffer is kept for the next part; what it was asked to draw is drawn (the rest it knows itself).
            bufferInParts = buffer
            frameCallback = FrameCallback(surface: surface.pointer) { [unowned self] in self.frameDone() }
            wl_surface_commit(surface.pointer)
            return true
        }
        bufferInParts = nil

        // With fractional scale the buffer scale stays 1 and the viewport maps the buffer onto the logical size;
        // otherwise the integer buffer scale does, and no destination is set.
        let bufferScale = fractionalScale == nil ? pool.scale : 1
        if bufferScale != appliedBufferScale {
            wl_surface_set_buffer_scale(surface.pointer, bufferScale)
            appliedBufferScale = bufferScale
        }
        viewport?.setSource(nil)
        viewport?.setDestination(fractionalScale == nil ? nil : (Int32(width), Int32(height)))
        wl_surface_attach(surface.pointer, buffer.pointer, 0, 0)
        let surfaceDamage = changed?.rects ?? [bounds]
        for rect in surfaceDamage {
            wl_surface_damage_buffer(surface.pointer, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
        }
        frameCallback = FrameCallback(surface: surface.pointer) { [unowned self] in self.frameDone() }
        requestPresentationFeedback(frame: committedFrameCount + 1)
        wl_surface_commit(surface.pointer)
        pool.committed(buffer, changed: changed)
        committedFrameCount += 1
        if warmsSpareBuffer, committedFrameCount == 1 { _ = pool.warmSpare() }
        let committedAt = MonotonicClock.now
        if frameLog != nil, case let .planned(planned, aim, isCostly) = pacer.phase {
            let note = [isCostly ? "costly" : nil, delegate?.toplevelWindowDescribeLastDraw(self)].compactMap { $0 }.joined(separator: " ")
            loggedFrames[committedFrameCount] = FrameLog.Entry(
                frame: committedFrameCount, planMade: planMadeAt, planned: planned, wake: display.lastWake, drawStart: drawStart,
                drawEnd: drawEnd, commit: committedAt, aim: aim, lead: aim.map { $0 - planned }, note: note)
            if loggedFrames.count > 64, let oldest = loggedFrames.keys.min() { loggedFrames[oldest] = nil }
        }
        pacer.committed(frame: committedFrameCount, at: committedAt)
        nextFrameIsCostly = false
        hasUnsentFrame = true
        return true
    }

    /// Draws a reduced frame (``ToplevelWindowDelegate/toplevelWindow(_:drawReduced:)``) into the top-left part of a full-size buffer (one of two: never a
    /// third, it waits for a release instead), `reduction` times fewer pixels each way, and commits that buffer with the viewport's source that part and its destination the
    /// window's logical size, buffer scale 1: the compositor crops and scales it, and no buffer beyond the window's
    /// own is made. What waits to be drawn stays asked for, and the whole window too: the full-resolution frame after
    /// it draws it, into another buffer (this one is on screen meanwhile).
    private func redrawReduced(reduction: Int) -> Bool {
        let acquired: (buffer: Buffer, stale: DamageList?)?
        do {
            // No third buffer for a zoom step: its frames wait for a release instead (the compositor shows the
            // frame before, or the reduced frame, meanwhile).
            acquired = try pool.acquire(width: Int32(width) * scale, height: Int32(height) * scale, scale: scale,
                                        isTranslucent: isTranslucent, mayMakeThird: false)
        } catch {
            display.log("cannot make a buffer: \(error)")
            return false
        }
        guard let (buffer, _) = acquired, let viewport else { return false }
        needsDraw = false
        let image = ReducedImage(buffer: buffer, reduction: reduction)
        delegate?.toplevelWindow(self, drawReduced: image)
        cairo_surface_flush(image.cairoSurface)
        _ = reducedFrames.drew(.reduced, isComplete: true)
        needsFullRedraw = true
        bufferInParts = nil
        if appliedBufferScale != 1 {
            wl_surface_set_buffer_scale(surface.pointer, 1)
            appliedBufferScale = 1
        }
        viewport.setSource((0, 0, image.pixelWidth, image.pixelHeight))
        viewport.setDestination((Int32(width), Int32(height)))
        wl_surface_attach(surface.pointer, buffer.pointer, 0, 0)
        wl_surface_damage_buffer(surface.pointer, 0, 0, image.pixelWidth, image.pixelHeight)
        frameCallback = FrameCallback(surface: surface.pointer) { [unowned self] in self.frameDone() }
        requestPresentationFeedback(frame: committedFrameCount + 1)
        wl_surface_commit(surface.pointer)
        // Everything else in the buffer is stale, and every other buffer lacks everything: the sharp frame draws it.
        pool.committed(buffer, changed: nil)
        committedFrameCount += 1
        pacer.committed(frame: committedFrameCount, at: MonotonicClock.now)
        nextFrameIsCostly = false
        hasUnsentFrame = true
        return true
    }

    /// How many buffers the window holds: its own full-size ones (two, a third while both are busy), none of its
    /// own for a zoom step's reduced frame (for tests and diagnostics).
    public var bufferCount: Int { pool.count }

    private var appliedBufferScale: Int32 = 1

    /// Whether a buffer was committed since the event loop last flushed.
    private var hasUnsentFrame = false

    /// The event loop flushed what was queued: a frame committed since is on its way (the delegate's ``ToplevelWindowDelegate/toplevelWindowDidSendFrame(_:)``).
    func queuedRequestsSent() {
        guard hasUnsentFrame else { return }
        hasUnsentFrame = false
        delegate?.toplevelWindowDidSendFrame(self)
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
                delegate?.toplevelWindow(self, frame: frame, was: .presented(at: Timestamp(seconds: time / .seconds(1))))
            case .discarded:
                if let entry = loggedFrames.removeValue(forKey: frame) {
                    frameLog?.write(entry, presented: nil, refresh: .zero)
                }
                pacer.discarded(frame: frame)
                delegate?.toplevelWindow(self, frame: frame, was: .discarded)
            }
            withExtendedLifetime(feedback) {}
        }
    }

    // MARK: - Input

    /// Hands a seat event on this window to the program.
    func deliver(_ event: SeatEvent) {
        delegate?.toplevelWindow(self, didReceive: event)
    }
}
