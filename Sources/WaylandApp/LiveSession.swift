// A program's window on the user's compositor: input in, frames out, timers, recording, replay, and the ways out.
import FoundationEssentials
import Geometry
import Glibc
import SeatInput
import TouchUI
import WaylandClient

/// Runs a ``LiveContent`` in a window on the compositor until the user quits.
///
/// - Input: every seat event goes to the content with its compositor time put on `CLOCK_MONOTONIC` milliseconds;
///   the content's timers get a `.tick` at their deadline.
/// - Drawing: after each event the content says what changed; the window paints on its frame callbacks.
/// - Decorations: where the compositor draws none (weston, GNOME), the session draws a title bar that moves the
///   window and closes it, by finger as by pointer; the content gets the area below it.
/// - Ways out: the compositor's close, ``quit(status:)``, SIGINT, SIGTERM and SIGHUP, and the compositor going away
///   all call ``LiveContent/prepareToExit()`` first.
///
/// The package's own programs also record the seat's events to a trace, replay one as live input and measure
/// presentation; those parts are not the library's API.
public final class LiveSession {
    /// How the window first looks.
    public struct Configuration {
        /// The window's title, which the compositor shows (`xdg_toplevel.set_title`), and the title bar the session
        /// draws too.
        public var title: String
        /// The application ID (`xdg_toplevel.set_app_id`), in reverse-DNS form: the desktop file of the program is
        /// named after it, and the compositor finds the program's icon by it.
        public var appID: String
        /// The content area's size in logical points, before the compositor says otherwise.
        public var size: Size
        /// The smallest size the user may make the window, in logical points.
        public var minimumSize: Size
        /// Opens the trace file the session's seat events are written to, once the compositor is there, and returns
        /// its descriptor (the session closes it); what it throws ends the session's start. The program decides
        /// what may be written (fingerpaint's `--record` opens through PaintModel's `OutputFile`). `nil`: no
        /// recording.
        package var openRecording: (() throws -> Int32)?
        /// A trace to play into the window as live input once it is shown.
        package var replay: Trace?
        /// Events to play into the window as live input, read as they are played (a `TraceReader`); used in
        /// place of ``replay`` when set.
        package var replayEvents: AnyIterator<SeatEvent>?

        /// A window with a title, an application ID and a size; the user may make it no smaller than
        /// `minimumSize`.
        public init(title: String, appID: String, size: Size, minimumSize: Size = Size(width: 320, height: 240)) {
            self.title = title
            self.appID = appID
            self.size = size
            self.minimumSize = minimumSize
        }
    }

    /// A session that could not start or ended badly, with a one-line message.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong, in one line without the program's name.
        public var message: String
        /// The message.
        public var description: String { message }
    }

    /// The connection to the compositor and its event loop.
    package let display: Display
    /// The window on the compositor.
    package let window: ToplevelWindow
    private let content: LiveContent
    /// What the content tells the session besides ``LiveContent``, if it is one of the package's programs.
    private let hooks: LiveContentHooks?
    /// The window's delegate, which hands its calls to the session: held here, since the window holds it weakly.
    private var windowEvents: WindowEvents?
    private var isDone = false
    private var exitStatus: Int32 = 0
    private var isFullscreen = false
    private var deadlineTimer: EventTimer?
    private var signalWatcher: SignalWatcher?
    private var recorder: TraceRecorder?
    private var player: TracePlayer?
    private var titleBar = TitleBar()
    private var clock = EventClock()
    /// Input waiting for the frame that shows it, and frames waiting for their presentation feedback.
    private var presentationLog: PresentationLog?
    /// The title bar's height when the content was last laid out.
    private var laidOutTitleBarHeight: Int?
    /// The rectangles a frame made opaque, kept for the next frame's storage.
    private var opaqueRects: [PixelRect] = []

    /// The window's title; the title bar the session draws shows it too.
    public var title: String {
        didSet {
            guard title != oldValue else { return }
            window.title = title
            if titleBarHeight > 0 { window.setNeedsDisplay([titleBarRect]) }
        }
    }

    /// Where debug lines go (the compositor's offer, each configure): nothing unless the program is verbose.
    private let debug: (String) -> Void

    /// Connects to the compositor and opens the window. Prints nothing itself: `log` gets what the user would
    /// notice, `debug` the rest (`--verbose`, `FINGERPAINT_DEBUG=1`). Errors carry one line.
    public init(content: LiveContent, configuration: Configuration, log: @escaping (String) -> Void,
                debug: @escaping (String) -> Void = { _ in }) throws {
        self.content = content
        hooks = content as? LiveContentHooks
        self.debug = debug
        title = configuration.title
        do {
            display = try Display(log: log, debug: debug)
            window = try ToplevelWindow(
                display: display, title: configuration.title, appID: configuration.appID,
                width: Int(configuration.size.width), height: Int(configuration.size.height),
                minimumWidth: Int(configuration.minimumSize.width), minimumHeight: Int(configuration.minimumSize.height),
                decorations: Self.prefersClientSideDecorations ? .clientSide : .serverSide
            )
            deadlineTimer = try EventTimer(display: display) { [weak self] in self?.tick() }
            // SIGINT, SIGTERM and SIGHUP come through the event loop, so the content saves on the loop's thread.
            signalWatcher = try SignalWatcher(display: display, signals: Self.exitSignals + [SIGUSR1]) { [weak self] signal in
                if signal == SIGUSR1 { self?.reportMemory() } else { self?.quit(status: 128 + signal) }
            }
        } catch {
            throw Failure(message: "\(error)")
        }
        if let openRecording = configuration.openRecording {
            recorder = TraceRecorder(descriptor: try openRecording())
        }
        if let events = configuration.replayEvents ?? configuration.replay.map({ AnyIterator($0.events.makeIterator()) }) {
            player = TracePlayer(events: events)
        }
        window.drawsBeforeVblank = !Self.pacesByFrameCallback
        window.warmsSpareBuffer = !Self.pacesByFrameCallback
        if let path = getenv("FINGERPAINT_FRAME_LOG").map({ String(cString: $0) }), !path.isEmpty {
            window.frameLog = FrameLog(path: path)
        }
        let windowEvents = WindowEvents(session: self)
        self.windowEvents = windowEvents
        window.delegate = windowEvents
        display.onDisconnect = { [unowned self] _ in _ = self.content.prepareToExit() }
        content.attach(to: self)
    }

    /// Runs until the user quits; returns the process's exit status. Throws ``Failure`` when the compositor goes
    /// away or reports a protocol error (the content has saved by then).
    public func run() throws -> Int32 {
        do {
            try display.run(until: { isDone })
        } catch {
            throw Failure(message: "\(error)")
        }
        return exitStatus
    }

    /// Starts measuring, for each input event that asked for a frame, the time from its arrival to the commit of
    /// that frame and to the frame's presentation (`wp_presentation`, when the compositor offers it). Call it
    /// before ``run()``; read ``presentationLatencies`` after.
    package func measurePresentation() {
        guard presentationLog == nil else { return }
        presentationLog = PresentationLog()
    }

    /// What ``measurePresentation()`` measured so far; `nil` when it was not asked for.
    package var presentationLatencies: PresentationLatencies? {
        presentationLog.map { log in
            var latencies = log.latencies
            latencies.isPresentationOffered = window.offersPresentation
            return latencies
        }
    }

    /// Logs one line of what the process holds: resident memory (VmRSS) and the content's own
    /// ``LiveContentHooks/memoryReport()``. SIGUSR1 asks for it, so a soak run can tell
    /// a leak from a cache filling to its budget.
    func reportMemory() {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let resident = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
            .flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
        var line = cFormat("memory: resident %.1f MiB", Double(resident) / 1024)
        if let content = hooks?.memoryReport() { line += ", " + content }
        display.log(line)
    }

    /// Blocks SIGINT, SIGTERM, SIGHUP and SIGUSR1 for the calling thread and the threads it starts from now on.
    ///
    /// The session then takes them on its event loop: the first three end it after saving, SIGUSR1 logs the memory
    /// in use. Call it on the main thread before anything starts a thread (a dispatch queue's work, a task): a
    /// thread that does not block them would die of them at once.
    public static func blockExitSignals() {
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in exitSignals + [SIGUSR1] { sigaddset(&signals, signal) }
        sigprocmask(SIG_BLOCK, &signals, nil)
    }

    /// Whether the user asked for the title bar and borders the session draws even where the compositor would draw
    /// its own: `FINGERPAINT_CSD=1`, as `GTK_CSD=1` does for GTK.
    static var prefersClientSideDecorations: Bool {
        getenv("FINGERPAINT_CSD").map { String(cString: $0) == "1" } ?? false
    }

    /// Whether the user asked for drawing as soon as the frame callback allows, as before the window drew against
    /// the display clock (`FINGERPAINT_PACING=callback`): for comparing the two (docs/frame-pacing.md).
    static var pacesByFrameCallback: Bool {
        getenv("FINGERPAINT_PACING").map { String(cString: $0) == "callback" } ?? false
    }

    /// The signals that end a session, after saving.
    static let exitSignals = [SIGINT, SIGTERM, SIGHUP]

    /// Ends the session after saving: ``run()`` returns `status` once the event loop is done with the current event.
    ///
    /// A content that could not keep everything (``LiveContent/prepareToExit()`` says `false`) makes a status of 0
    /// into 1.
    public func quit(status: Int32 = 0) {
        guard !isDone else { return }
        let keptEverything = content.prepareToExit()
        exitStatus = keptEverything || status != 0 ? status : 1
        isDone = true
    }

    /// Whether the compositor shows the window fullscreen now (its last configure said so).
    public var isShownFullscreen: Bool { window.states.contains(.fullscreen) }

    /// Switches between fullscreen and a normal window.
    public func toggleFullscreen() {
        isFullscreen.toggle()
        window.setFullscreen(isFullscreen)
    }

    // MARK: - Input and time

    /// The height of the title bar the session draws: where the compositor draws no decorations, and not in
    /// fullscreen (the content takes the whole output then, as GTK's windows do).
    private var titleBarHeight: Int {
        window.decorationMode == .clientSide && !window.states.contains(.fullscreen) ? TitleBar.height : 0
    }

    /// Whether the borders the session draws resize the window: not when maximized, tiled or fullscreen (the
    /// compositor decides the size then), as GTK does.
    private var isResizable: Bool {
        window.states.isDisjoint(with: [.maximized, .fullscreen, .tiled])
    }

    /// What the title bar and borders ask of the window: made once, not at every event the title bar filters.
    private lazy var windowActions: WindowActions = {
        WindowActions(
            beginMove: { [unowned self] in window.beginMove() },
            beginResize: { [unowned self] edges in window.beginResize(edges: edges) },
            toggleMaximized: { [unowned self] in window.setMaximized(!window.states.contains(.maximized)) },
            minimize: { [unowned self] in window.setMinimized() },
            toggleFullscreen: { [unowned self] in toggleFullscreen() },
            close: { [unowned self] in quit() },
            setCursor: { [unowned self] name in window.cursorName = name }
        )
    }()

    /// An event from the seat, in surface coordinates: the title bar takes its own, the content gets the rest in
    /// its coordinates, and that is what a recording keeps.
    private func deliverFromSeat(_ event: SeatEvent) {
        var event = event
        let arrival = MonotonicClock.timestamp
        event.time = clock.time(of: event, receivedAt: arrival)
        if titleBarHeight > 0 {
            guard let inner = titleBar.filter(event, width: window.width, height: window.height,
                                               isResizable: isResizable, actions: windowActions)
            else { return }
            event = inner
        }
        recorder?.record(event)
        deliver(event, arrivedAt: arrival)
    }

    /// An event in the content's coordinates, with its time on the session's clock; an input event with the
    /// `CLOCK_MONOTONIC` time at which it reached the program.
    private func deliver(_ event: SeatEvent, arrivedAt arrival: Timestamp? = nil) {
        content.handle(event)
        if afterContentChanged(), let arrival { presentationLog?.inputAskedForFrame(arrivedAt: arrival) }
    }

    /// The title bar the session draws, in the window's logical points.
    private var titleBarRect: Rect {
        Rect(x: 0, y: 0, width: Double(window.width), height: Double(titleBarHeight))
    }

    private func draw(into buffer: Buffer, damage: [PixelRect],
                      mayDrawInParts: Bool = false) -> (changed: [PixelRect], isComplete: Bool) {
        let top = titleBarHeight * Int(buffer.scale)
        if top > 0, damage.contains(where: { $0.y < top }) {
            TitleBar.draw(into: buffer, title: title, isActive: window.states.contains(.activated),
                          isMaximized: window.states.contains(.maximized), isRounded: isResizable)
        }
        let contentArea = PixelRect(x: 0, y: top, width: Int(buffer.pixelWidth), height: max(Int(buffer.pixelHeight) - top, 0))
        let contentDamage = damage.compactMap { $0.intersection(contentArea)?.offsetBy(dx: 0, dy: -top) }
        let target = DrawTarget(buffer: buffer, top: titleBarHeight, mayDrawInParts: mayDrawInParts)
        let changed = content.draw(into: target, damage: contentDamage).map { $0.offsetBy(dx: 0, dy: top) }
        // The content draws without alpha (RGB24 leaves it undefined): in a translucent buffer it is made opaque.
        // A rectangle within one made opaque before is skipped: the content's changes often repeat what it redrew.
        var opaque: [PixelRect] = []
        swap(&opaque, &opaqueRects)
        opaque.removeAll(keepingCapacity: true)
        for rect in contentDamage {
            if let inside = rect.offsetBy(dx: 0, dy: top).intersection(contentArea) { Self.add(inside, to: &opaque) }
        }
        for rect in changed {
            if let inside = rect.intersection(contentArea) { Self.add(inside, to: &opaque) }
        }
        for rect in opaque { buffer.makeOpaque(rect) }
        opaqueRects = opaque
        guard !target.isIncomplete else { return (changed, false) }
        // The window commits this buffer as soon as this returns: the input so far is in that frame.
        presentationLog?.frameCommitted(window.committedFrameCount + 1, at: MonotonicClock.timestamp)
        return (changed, true)
    }

    /// Adds `rect` to `rects` unless it lies within one of them: the rectangles a frame makes opaque, each pixel
    /// of them all in at least one.
    static func add(_ rect: PixelRect, to rects: inout [PixelRect]) {
        guard !rects.contains(where: { $0.contains(rect) }) else { return }
        rects.append(rect)
    }

    /// A reduced frame (``LiveContentHooks/drawReduced(into:)``): the title bar and the content at reduced resolution, in
    /// the top-left part of a full-size buffer.
    private func drawReduced(into image: ReducedImage) {
        if titleBarHeight > 0 {
            TitleBar.draw(into: image.cairoSurface, width: image.width, title: title,
                          isActive: window.states.contains(.activated), isMaximized: window.states.contains(.maximized),
                          isRounded: isResizable)
        }
        let target = DrawTarget(reduced: image, top: titleBarHeight)
        hooks?.drawReduced(into: target)
        let top = Int(image.pixelHeight) - target.pixelHeight
        image.buffer.makeOpaque(PixelRect(x: 0, y: top, width: target.pixelWidth, height: target.pixelHeight))
        presentationLog?.frameCommitted(window.committedFrameCount + 1, at: MonotonicClock.timestamp)
    }

    /// Takes up a change of the content made outside its input (an answer from another thread, delivered through a
    /// `Mailbox`): draws what it invalidated and schedules its next deadline, as after an event.
    package func contentDidChange() {
        afterContentChanged()
    }

    private func tick() {
        deliver(SeatEvent(time: clock.time(at: MonotonicClock.timestamp), .tick))
    }

    /// Passes on what the content invalidated and schedules its next tick; returns whether it asked for drawing.
    @discardableResult
    private func afterContentChanged() -> Bool {
        let invalidation = content.takeInvalidation()
        switch invalidation {
        case .nothing: break
        case .rects(let rects):
            let top = titleBarHeight
            window.setNeedsDisplay(rects.map { $0.offsetBy(dx: 0, dy: Double(top)) })
        case .everything: window.setNeedsDisplay()
        case .frameNeeded: window.setNeedsDraw(isCostly: hooks?.nextFrameIsCostly ?? false)
        }
        if let deadline = content.nextDeadline {
            // A deadline that moved later (the rest before the trim, at every frame) keeps the earlier arming: its
            // tick comes early, and this asks again.
            deadlineTimer?.schedule(atOrBefore: deadline)
        } else {
            deadlineTimer?.cancel()
        }
        return invalidation != .nothing
    }

    // MARK: - Replay as live input

    private func startReplayIfDue() {
        guard let player, !player.hasStarted, window.isConfigured else { return }
        do {
            let timer = try EventTimer(display: display) { [weak self] in self?.playDueEvents() }
            player.start(at: MonotonicClock.timestamp, timer: timer)
            playDueEvents()
        } catch {
            display.log("cannot replay: \(error)")
        }
    }

    private func playDueEvents() {
        guard let player else { return }
        // A trace is in the content's coordinates already.
        let now = MonotonicClock.timestamp
        for var event in player.dueEvents(now: now) {
            event.time = clock.time(at: event.time)
            deliver(event, arrivedAt: now)
        }
        if player.isFinished, !player.hasReportedEnd {
            player.hasReportedEnd = true
            hooks?.replayEnded()
            afterContentChanged()
        }
    }
}

/// Writes seat events to a trace file as they come, one flushed line each.
final class TraceRecorder {
    private let descriptor: Int32
    private var origin: Timestamp?
    /// The content's size, for the trace's canvas line: the size when the first event comes is the one written.
    var canvas: Size?
    /// Where the content starts on the window's surface (below the title bar the session draws), for the canvas
    /// line's `origin`, so that a compositor replays the trace where it was recorded.
    var canvasOrigin: Point?

    /// A recorder writing to an open file, which it closes.
    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    func record(_ event: SeatEvent) {
        if origin == nil, let canvas { write(Trace(canvasSize: canvas, canvasOrigin: canvasOrigin).serialized()) }
        let origin = self.origin ?? event.time
        self.origin = origin
        var relative = event
        // Whole microseconds since the first event, written as milliseconds.
        relative.time = .milliseconds((max(0, (event.time - origin).seconds) * 1_000_000).rounded() / 1000)
        // An event no trace can hold is left out (``Trace/readableLine(for:)``), so the recording always plays.
        guard let line = Trace.readableLine(for: relative) else {
            leftOut += 1
            return
        }
        write(line + "\n")
    }

    /// How many events were left out because no trace can hold them.
    private(set) var leftOut = 0

    private func write(_ text: String) {
        writeAll(descriptor, text)
    }
}

/// Plays a trace's events at their times from a start on the monotonic clock.
final class TracePlayer {
    /// The events not yet played, read as they are due; `upcoming` is the next one.
    private let events: AnyIterator<SeatEvent>
    private var upcoming: SeatEvent?
    private var start: Timestamp?
    private var timer: EventTimer?

    init(events: AnyIterator<SeatEvent>) {
        self.events = events
        upcoming = events.next()
    }

    var hasStarted: Bool { start != nil }
    /// Whether every event has been played.
    var isFinished: Bool { hasStarted && upcoming == nil }
    /// Whether the session has told the content that the replay ended.
    var hasReportedEnd = false

    func start(at time: Timestamp, timer: EventTimer) {
        start = time
        self.timer = timer
    }

    /// The events due by `now`, with their times on the monotonic clock; schedules the timer for the next one.
    func dueEvents(now: Timestamp) -> [SeatEvent] {
        guard let start else { return [] }
        // A trace's times count from its start.
        func onClock(_ event: SeatEvent) -> Timestamp { start + (event.time - .zero) }
        var due: [SeatEvent] = []
        while var event = upcoming, onClock(event) <= now {
            event.time = onClock(event)
            due.append(event)
            upcoming = events.next()
        }
        if let upcoming {
            timer?.schedule(at: onClock(upcoming))
        } else {
            timer = nil
        }
        return due
    }
}

/// The window's program: the session draws the title bar and hands the rest to the content.
extension LiveSession {
    /// Lays the content out below the title bar the session draws (where it draws one), at the window's scale.
    fileprivate func toplevelWindowDidConfigure(_ window: ToplevelWindow) {
        debug("configured \(window.width)x\(window.height) at scale \(window.scale), states \(window.states.names), "
              + "decorations \(window.decorationMode == .serverSide ? "server-side" : "client-side")")
        // A title bar the session draws has rounded corners, transparent outside: the buffer needs alpha.
        window.isTranslucent = window.decorationMode == .clientSide
        let size = Size(width: Double(window.width), height: Double(max(window.height - titleBarHeight, 1)))
        content.resize(to: size, scale: Int(window.scale))
        recorder?.canvas = size
        recorder?.canvasOrigin = titleBarHeight > 0 ? Point(x: 0, y: Double(titleBarHeight)) : nil
        // The title bar coming or going (fullscreen) moves the content within a window of the same size.
        if titleBarHeight != laidOutTitleBarHeight {
            laidOutTitleBarHeight = titleBarHeight
            window.setNeedsDisplay()
        }
        // The title bar shows whether the window is active.
        if titleBarHeight > 0 { window.setNeedsDisplay([titleBarRect]) }
        startReplayIfDue()
    }

    /// The compositor's close: the session quits if the content agrees.
    fileprivate func toplevelWindowDidAskToClose(_ window: ToplevelWindow) {
        if content.shouldClose() { quit() }
    }

    /// A seat event on the window: the title bar's, or the content's.
    fileprivate func toplevelWindow(_ window: ToplevelWindow, didReceive event: SeatEvent) {
        deliverFromSeat(event)
    }

    /// The title bar and the content, where the buffer lacks them.
    fileprivate func toplevelWindow(_ window: ToplevelWindow, draw buffer: Buffer, damage: [PixelRect]) -> [PixelRect] {
        draw(into: buffer, damage: damage).changed
    }

    /// The full frame after a reduced one, drawn in parts where the content does.
    fileprivate func toplevelWindow(_ window: ToplevelWindow, drawPart buffer: Buffer,
                               damage: [PixelRect]) -> (changed: [PixelRect], isComplete: Bool) {
        draw(into: buffer, damage: damage, mayDrawInParts: true)
    }

    /// The content says.
    fileprivate func toplevelWindowReductionOfNextFrame(_ window: ToplevelWindow) -> Int? {
        hooks?.reductionOfNextFrame
    }

    /// The content draws the reduced frame.
    fileprivate func toplevelWindow(_ window: ToplevelWindow, drawReduced image: ReducedImage) {
        drawReduced(into: image)
    }

    /// The content does what the frame need not wait for; what that changed asks for the next frame.
    fileprivate func toplevelWindowDidSendFrame(_ window: ToplevelWindow) {
        hooks?.frameSent()
        afterContentChanged()
    }

    /// Measured, after `measurePresentation()`.
    fileprivate func toplevelWindow(_ window: ToplevelWindow, frame: Int, was presentation: FramePresentation) {
        presentationLog?.frame(frame, was: presentation)
    }

    /// The content says.
    fileprivate func toplevelWindowDescribeLastDraw(_ window: ToplevelWindow) -> String? {
        hooks?.describeLastDraw()
    }

    /// Said at debug level: the portal's dialogs name the window by it (``ToplevelWindow/exportedHandle``).
    fileprivate func toplevelWindow(_ window: ToplevelWindow, didExport handle: String) {
        debug("the window's xdg-foreign handle is \(handle)")
    }

    /// A drag from another program came over the window: the content says what it takes, where the drag is in its
    /// own coordinates (below the title bar); what it says may change its picture (a banner).
    fileprivate func toplevelWindow(_ window: ToplevelWindow, dragEnteredOffering mimeTypes: [String],
                                    at location: Point) -> String? {
        defer { afterContentChanged() }
        return content.dragEntered(offering: mimeTypes, at: contentLocation(location))
    }

    /// The drag the content took was dropped: its content goes to the content, at the drop's place in its own
    /// coordinates.
    fileprivate func toplevelWindow(_ window: ToplevelWindow, dropped content: Result<[UInt8], ClipboardFailure>,
                                    as mimeType: String, at location: Point) {
        self.content.dropped(content, as: mimeType, at: contentLocation(location))
        afterContentChanged()
    }

    /// A place on the window's surface in the content's coordinates: below the title bar the session draws.
    private func contentLocation(_ location: Point) -> Point {
        Point(x: location.x, y: location.y - Double(titleBarHeight))
    }
}

/// The window's delegate for a session: every call goes to the session, so that the session's public API shows
/// nothing of the Wayland client's delegate protocol.
private final class WindowEvents: ToplevelWindowDelegate {
    unowned let session: LiveSession

    init(session: LiveSession) {
        self.session = session
    }

    func toplevelWindowDidConfigure(_ window: ToplevelWindow) { session.toplevelWindowDidConfigure(window) }
    func toplevelWindowDidAskToClose(_ window: ToplevelWindow) { session.toplevelWindowDidAskToClose(window) }
    func toplevelWindow(_ window: ToplevelWindow, didReceive event: SeatEvent) {
        session.toplevelWindow(window, didReceive: event)
    }
    func toplevelWindow(_ window: ToplevelWindow, draw buffer: Buffer, damage: [PixelRect]) -> [PixelRect] {
        session.toplevelWindow(window, draw: buffer, damage: damage)
    }
    func toplevelWindow(_ window: ToplevelWindow, drawPart buffer: Buffer,
                        damage: [PixelRect]) -> (changed: [PixelRect], isComplete: Bool) {
        session.toplevelWindow(window, drawPart: buffer, damage: damage)
    }
    func toplevelWindowReductionOfNextFrame(_ window: ToplevelWindow) -> Int? {
        session.toplevelWindowReductionOfNextFrame(window)
    }
    func toplevelWindow(_ window: ToplevelWindow, drawReduced image: ReducedImage) {
        session.toplevelWindow(window, drawReduced: image)
    }
    func toplevelWindowDidSendFrame(_ window: ToplevelWindow) { session.toplevelWindowDidSendFrame(window) }
    func toplevelWindow(_ window: ToplevelWindow, frame: Int, was presentation: FramePresentation) {
        session.toplevelWindow(window, frame: frame, was: presentation)
    }
    func toplevelWindowDescribeLastDraw(_ window: ToplevelWindow) -> String? {
        session.toplevelWindowDescribeLastDraw(window)
    }
    func toplevelWindow(_ window: ToplevelWindow, didExport handle: String) {
        session.toplevelWindow(window, didExport: handle)
    }
    func toplevelWindow(_ window: ToplevelWindow, dragEnteredOffering mimeTypes: [String], at location: Point) -> String? {
        session.toplevelWindow(window, dragEnteredOffering: mimeTypes, at: location)
    }
    func toplevelWindow(_ window: ToplevelWindow, dropped content: Result<[UInt8], ClipboardFailure>, as mimeType: String,
                        at location: Point) {
        session.toplevelWindow(window, dropped: content, as: mimeType, at: location)
    }
}
