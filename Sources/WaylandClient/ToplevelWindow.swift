// A toplevel window: wl_surface + xdg_surface + xdg_toplevel, its configure cycle, states, decorations and scale,
// and its seat events. Its drawing is its SurfacePresenter's.
import Geometry
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
/// Drawing is paced by the compositor, as foot does it, by the window's surface presenter:
/// - Call ``setNeedsDisplay(_:)`` when something changed.
/// - The window asks its ``delegate`` to draw at the end of the current event-loop iteration when no frame callback
///   is pending, else at the end of the iteration that brings the next frame callback, after every input event
///   already waiting on the socket: at most one commit per frame, and input never waits for the frame after the next.
/// - Where the compositor tells when frames are shown (`wp_presentation`), the window draws instead shortly before
///   the compositor takes its next frame (``FramePacer``), so input that comes until then is in that frame.
/// - A window the compositor hides gets no frame callbacks; a watchdog stops waiting after ``frameWatchdogInterval``.
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
    public static let frameWatchdogInterval: Duration = FrameCycle.watchdogInterval

    /// The program behind the window: it draws each frame and hears of the configure, the close, the seat's events,
    /// each frame sent and presented, and the xdg-foreign handle (``ToplevelWindowDelegate``). Held weakly.
    public weak var delegate: (any ToplevelWindowDelegate)?
    /// Where each frame's timing goes, once the compositor said what became of it (`nil`: nowhere); see ``FrameLog``.
    public var frameLog: FrameLog? {
        get { presenter.frameLog }
        set { presenter.frameLog = newValue }
    }
    /// Whether the compositor offers `wp_presentation`, so that the delegate hears what became of each frame.
    public var offersPresentation: Bool { display.registry.presentation != nil }

    /// The size in logical points.
    public var width: Int { presenter.width }
    public var height: Int { presenter.height }
    /// The buffer scale: pixels per logical point.
    public var scale: Int32 { presenter.scale }
    /// The states of the last configure.
    public private(set) var states: States = []
    /// Whether the compositor has configured the window (it may draw).
    public private(set) var isConfigured = false
    /// Who draws the decorations; `.clientSide` until the compositor grants server-side ones.
    public var decorationMode: DecorationMode { decoration?.mode ?? .clientSide }
    /// How many buffers were committed so far (for tests and diagnostics).
    public var committedFrameCount: Int { presenter.committedFrameCount }
    /// The largest size the compositor suggests for the window (`xdg_toplevel.configure_bounds`, version 4), if it
    /// said: the first size is fitted into it.
    public private(set) var bounds: (width: Int, height: Int)?
    /// The XCursor name to show while the pointer is over the window; `nil` for the default (a crosshair).
    public var cursorName: String? {
        didSet { if cursorName != oldValue { display.registry.windowCursorChanged(self) } }
    }
    /// Whether the window has transparent parts (rounded corners): its buffers are then ARGB8888, and what is not
    /// drawn opaque shows what lies behind. Changing it redraws the whole window.
    public var isTranslucent: Bool {
        get { presenter.isTranslucent }
        set { presenter.isTranslucent = newValue }
    }
    /// The window's title (`xdg_toplevel.set_title`).
    public var title: String {
        didSet { xdg_toplevel_set_title(toplevel, title) }
    }

    let display: Display
    let surface: Surface
    /// The surface's drawing: frame callbacks, pacing, presentation feedback, buffers and damage.
    let presenter: SurfacePresenter
    private let xdgSurface: OpaquePointer
    private let toplevel: OpaquePointer
    private let xdgSurfaceListener: UnsafeMutablePointer<xdg_surface_listener>
    private let toplevelListener: UnsafeMutablePointer<xdg_toplevel_listener>
    private var decoration: Decoration?
    /// The surface's fractional scale, when the compositor offers it and `wp_viewporter`.
    private var fractionalScale: FractionalScale?
    /// The surface's one viewport, when the compositor offers `wp_viewporter`: fractional scale's, and a reduced
    /// frame's (the presenter's).
    private var viewport: Viewport?
    /// The window exported through xdg-foreign, when the compositor offers it.
    private var exported: ExportedToplevel?
    /// The window's xdg-foreign handle, for the desktop portal's dialogs (`wayland:HANDLE`); `nil` until the
    /// compositor gave one, or when it offers no `zxdg_exporter_v2`.
    public var exportedHandle: String? { exported?.handle }
    private let minimumWidth: Int
    private let minimumHeight: Int

    /// The configure under way: toplevel events come first, `xdg_surface.configure` ends it.
    private var pendingSize: (width: Int32, height: Int32)?
    private var pendingStates: States = []
    /// The size to return to when the window stops being maximized, fullscreen or tiled.
    private var floatingSize: (width: Int, height: Int)

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
        let size = (width: max(width, minimumWidth), height: max(height, minimumHeight))
        self.minimumWidth = max(minimumWidth, 1)
        self.minimumHeight = max(minimumHeight, 1)
        floatingSize = size
        let surface = Surface(display: display, compositor: compositor.pointer)
        self.surface = surface
        xdgSurface = xdg_wm_base_get_xdg_surface(wmBase.pointer, surface.pointer)!
        toplevel = xdg_surface_get_toplevel(xdgSurface)!
        xdgSurfaceListener = .allocate(capacity: 1)
        toplevelListener = .allocate(capacity: 1)
        let viewport = display.registry.viewporter.map { Viewport(viewporter: $0.pointer, surface: surface.pointer) }
        self.viewport = viewport
        if let manager = display.registry.fractionalScaleManager, let viewport {
            fractionalScale = FractionalScale(manager: manager.pointer, viewport: viewport, surface: surface.pointer)
        }
        presenter = SurfacePresenter(
            display: display, surface: surface, shm: shm.pointer, viewport: viewport,
            usesFractionalScale: fractionalScale != nil, width: size.width, height: size.height,
            scale: fractionalScale?.bufferScale ?? surface.preferredScale)
        if let exporter = display.registry.exporter {
            exported = ExportedToplevel(exporter: .v2(exporter.pointer), surface: surface.pointer)
        } else if let exporter = display.registry.exporterV1 {
            exported = ExportedToplevel(exporter: .v1(exporter.pointer), surface: surface.pointer)
        }

        let context = Unmanaged.passUnretained(self).toOpaque()
        presenter.delegate = self
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
        presenter.close()
        decoration = nil
        fractionalScale = nil
        viewport = nil
        // The handle goes with the window: destroyed before the toplevel it names.
        exported = nil
        xdg_toplevel_destroy(toplevel)
        xdg_surface_destroy(xdgSurface)
        toplevelListener.deallocate()
        xdgSurfaceListener.deallocate()
        // `surface` and `presenter` are released after this body: the wl_surface goes after its roles, then the
        // buffers.
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
        presenter.setNeedsDisplay(rects)
    }

    /// Asks for a frame whose changes the delegate's drawing finds out and returns, paced like ``setNeedsDisplay(_:)``: for a
    /// program that renders what its input did once per frame (the strokes drawn since the last one).
    ///
    /// `isCostly`: the frame will cost more than most (a stroke completed, drawn into the picture for good): the
    /// pacer plans it earlier, by what such frames took before.
    public func setNeedsDraw(isCostly: Bool = false) {
        presenter.setNeedsDraw(isCostly: isCostly)
    }

    /// Whether something waits to be drawn.
    public var needsDisplay: Bool { presenter.needsDisplay }

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
                presenter.resize(width: width, height: height)
                changed = true
            }
        }
        pendingSize = nil
        if changed { delegate?.toplevelWindowDidConfigure(self) }
        // A commit follows every ack: the presenter draws now or commits the new state bare.
        presenter.configured()
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
        presenter.rescale(to: newScale)
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
    public var drawsBeforeVblank: Bool {
        get { presenter.drawsBeforeVblank }
        set { presenter.drawsBeforeVblank = newValue }
    }

    /// Whether the window, right after committing its first frame, has the second core copy that frame into its
    /// spare buffer, so that the frame after it (the first input's) paints only what changed, not the whole spare
    /// (at 3840x2160 that took 12–48 ms, and the first input of a stroke was shown frames late; docs/frame-pacing.md).
    /// Off by default: a copy of the whole buffer at start-up.
    public var warmsSpareBuffer: Bool {
        get { presenter.warmsSpareBuffer }
        set { presenter.warmsSpareBuffer = newValue }
    }

    /// How many buffers the window holds: its own full-size ones (two, a third while both are busy), none of its
    /// own for a zoom step's reduced frame (for tests and diagnostics).
    public var bufferCount: Int { presenter.bufferCount }

    // MARK: - Input

    /// Hands a seat event on this window to the program.
    func deliver(_ event: SeatEvent) {
        delegate?.toplevelWindow(self, didReceive: event)
    }

    /// A drag came over the window: the type the program takes, or `nil`.
    func dragEntered(offering mimeTypes: [String], at location: Point) -> String? {
        delegate?.toplevelWindow(self, dragEnteredOffering: mimeTypes, at: location)
    }

    /// The drag the program took was dropped: its content, or why not.
    func dropped(_ content: Result<[UInt8], ClipboardFailure>, as mimeType: String, at location: Point) {
        delegate?.toplevelWindow(self, dropped: content, as: mimeType, at: location)
    }
}

/// The presenter's events, handed on to the window's delegate with the window.
extension ToplevelWindow: SurfacePresenterDelegate {
    func presenterReductionOfNextFrame(_ presenter: SurfacePresenter) -> Int? {
        delegate?.toplevelWindowReductionOfNextFrame(self)
    }

    func presenter(_ presenter: SurfacePresenter, draw buffer: Buffer, damage: [PixelRect]) -> [PixelRect] {
        delegate?.toplevelWindow(self, draw: buffer, damage: damage) ?? []
    }

    func presenter(_ presenter: SurfacePresenter, drawPart buffer: Buffer,
                   damage: [PixelRect]) -> (changed: [PixelRect], isComplete: Bool) {
        delegate?.toplevelWindow(self, drawPart: buffer, damage: damage) ?? ([], true)
    }

    func presenter(_ presenter: SurfacePresenter, drawReduced image: ReducedImage) {
        delegate?.toplevelWindow(self, drawReduced: image)
    }

    func presenterDidSendFrame(_ presenter: SurfacePresenter) {
        delegate?.toplevelWindowDidSendFrame(self)
    }

    func presenter(_ presenter: SurfacePresenter, frame: Int, was presentation: FramePresentation) {
        delegate?.toplevelWindow(self, frame: frame, was: presentation)
    }

    func presenterDescribeLastDraw(_ presenter: SurfacePresenter) -> String? {
        delegate?.toplevelWindowDescribeLastDraw(self)
    }
}
