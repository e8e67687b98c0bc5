// The painting app without a compositor: input in, frames and documents out.
import Dispatch
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import PaintModel
import PaintRender
import SeatInput
import TouchUI

/// The finger-painting program's state and logic, independent of Wayland.
///
/// It owns the view tree (a ``Window`` with a ``CanvasView``, a ``PaletteView`` and a ``BannerView``), the
/// translator that feeds it seat events, the ``Drawing``, the ``Brush``, the ``CanvasRenderer`` and the
/// ``PaintDocument`` every edit is saved to. A host — the Wayland window, or a headless ``Replay`` — does four
/// things:
/// 1. passes every seat event to ``handle(_:)``, and moves the clock with ``advanceTime(to:)`` when idle (the
///    timer that watches the document's saving runs on it; ``nextDeadline`` says when it is due);
/// 2. once per display frame, when ``needsFrame`` is true, calls ``renderFrame()`` and adds the returned
///    rectangles to the damage of each of its buffers;
/// 3. copies into the buffer it is about to show with ``composite(into:stride:width:height:rects:)``, passing
///    the damage that buffer has accumulated since it was last shown;
/// 4. calls ``resize(to:scale:)`` on a configure or scale change, and ``finishDocument()`` on quit, SIGINT or
///    SIGTERM.
///
/// The window shows the drawing through a ``view`` (zoom and pan, docs/navigation.md): the palette's hand, the
/// wheel with Ctrl or Shift, the middle button, Ctrl+plus, minus, 0 and 1, `r`, Shift+R and Ctrl+R (turn), and
/// touchpad pinches move it; ``indicatorView`` shows the zoom and angle while they change.
public final class FingerPaintApp {
    /// The root of the view tree; its size is the canvas's logical size.
    public let window: Window
    /// The view that paints.
    public let canvasView: CanvasView
    /// The bar of buttons.
    public let paletteView: PaletteView
    /// The line over the top of the canvas that says what went wrong with saving.
    public let bannerView: BannerView
    /// The colour chooser over the canvas (the palette's hue ring opens and closes it).
    public let colorChooserView = ColorChooserView()
    /// The eyedropper's loupe while a finger picks a colour.
    private var loupe: Overlay.Loupe?
    /// The zoom and angle shown while they change; a tap on it resets the view to 100 % and 0°.
    public let indicatorView: ViewIndicatorView
    private var indicatorTimer: TimerQueue.Token?
    /// Seat events go through here into the window.
    public let translator: SeatEventTranslator
    /// The completed strokes and their history.
    public private(set) var drawing: Drawing
    /// The renderer that keeps the canvas and the shown frame.
    public let renderer: CanvasRenderer
    /// The document every edit is saved to; `nil` for none (a replay). The gallery opens others in its place.
    public private(set) var document: PaintDocument?
    /// Where PNG exports go; `nil` to refuse exports (a replay).
    public let exportFolder: URL?
    /// How often the document's saving is looked at while it has work under way or is failing.
    public static let documentPollInterval: Duration = .milliseconds(100)

    /// Called with one-line messages for the user (exported, a save that failed, a copy made).
    public var onMessage: ((String) -> Void)?
    /// Called when the document's title changes (a read-only document became a copy).
    public var onTitleChange: ((String) -> Void)?
    /// Called when the user asks for full screen to be toggled (F11).
    public var onFullscreenRequest: (() -> Void)?
    /// Called with the drawing's picture as PNG and SVG bytes (by MIME type) when the user asks to copy it
    /// (Ctrl+C, the palette's copy button); returns why the clipboard could not take it, `nil` when it did.
    public var onCopyRequest: (([(mimeType: String, bytes: [UInt8])]) -> String?)?
    /// Asks the host's save dialog (the desktop's portal) for a file to export to, with the suggested name; `nil`
    /// exports to the pictures folder instead. The host answers with ``exportPicture(to:)`` (DialogExport.swift).
    public var onExportRequest: ((String) -> Void)?
    /// Called when the user asks to open a drawing with the desktop's open dialog (Ctrl+O, the gallery's "Open…");
    /// the host answers with ``open(_:)``, or ``openDialogUnavailable(reason:)``. `nil`: Ctrl+O opens the gallery,
    /// and the gallery has no "Open…".
    public var onOpenRequest: (() -> Void)? {
        didSet { galleryView.onOpenFile = onOpenRequest == nil ? nil : { [unowned self] in perform(.openFile) } }
    }
    /// Called when the document shown is about to give way to another (the gallery, the open dialog), once it is
    /// saved and closed and while the renderer still holds its tiles: the window writes them to the disk cache then
    /// (docs/tile-cache.md).
    public var onDocumentLeft: (() -> Void)?
    /// Called when the launch's document could not be read after the window showed (docs/loading.md): the window
    /// closes (the reason went to ``onMessage``).
    public var onLoadFailure: (() -> Void)?
    /// The launch's document while its records are read on another thread (``load(_:library:on:)``).
    var loading = DocumentLoading.idle
    /// The reading under way, the file it reads and the library the document will belong to.
    var documentRead: (read: DocumentRead, opening: DocumentOpening, library: DocumentLibrary)?
    /// Where the document is to be read, until the frame after which its reading starts.
    var readingQueue: DispatchQueue?
    /// Called when the brush, the tool or the recent colours change (the window remembers them: ``BrushSettings``).
    public var onBrushChange: ((BrushSettings) -> Void)?
    /// The colours of the user's own chosen last, newest first: the palette shows them beside its own.
    public private(set) var recentColors: [Color] = []

    /// The brush, tool and recent colours, as the settings file keeps them.
    public var brushSettings: BrushSettings {
        get {
            var settings = BrushSettings()
            settings.brush = brush
            settings.tool = canvasView.tool
            settings.recentColors = recentColors
            return settings
        }
        set {
            brush = newValue.brush
            canvasView.tool = newValue.tool
            recentColors = Array(newValue.recentColors.prefix(BrushSettings.recentLimit))
            paletteView.recentColors = recentColors
            updateOverlay()
        }
    }

    /// Where each hovering pen is, in window points.
    private var penLocations: [Int: Point] = [:]
    /// Which end of each pen in proximity is near: the brush's preview shows the eraser's ring for its eraser end.
    private var penTypes: [Int: TabletToolType] = [:]
    /// Where the canvas's hover recognizer sees a pen hovering over the canvas, in window points.
    private var hoveringPenLocation: Point?

    /// The brush's preview under the hovering pen: the brush's on-screen width and colour, or the eraser's ring
    /// for a pen's eraser end; none while the eyedropper picks.
    private var brushPreview: Overlay.BrushPreview? {
        guard let center = hoveringPenLocation, pickingPen == nil, !canvasView.isPickingColor else { return nil }
        let pen = canvasView.hoverRecognizer.pen
        if let pen, penTypes[pen] == .eraser {
            return Overlay.BrushPreview(center: center, radius: canvasView.eraserRadius, color: nil)
        }
        return Overlay.BrushPreview(center: center, radius: max(brush.width * canvasView.viewTransform.zoom / 2, 1.5),
                                    color: brush.color)
    }
    /// The pen whose barrel button is held to pick a colour.
    private var pickingPen: Int?

    /// A pen moved near the screen: while its barrel button is held, the loupe follows it.
    private func penHovered(_ hover: SeatEventTranslator.PenHover) {
        penLocations[hover.pen] = hover.location
        if penTypes[hover.pen] != hover.type {
            // The canvas's hover recognizer heard of the pen first: its preview takes the pen's end now.
            penTypes[hover.pen] = hover.type
            if hoveringPenLocation != nil { updateOverlay() }
        }
        guard pickingPen == hover.pen else { return }
        if let location = hover.location {
            pick(at: location, isFinal: false)
        } else {
            pickingPen = nil
            pick(at: nil, isFinal: false)
        }
    }

    /// A pen's barrel button, as an eyedropper (Procreate's and Krita's use of it): held, the loupe shows the colour
    /// under the hovering pen; released, that colour is the brush's.
    private func penButton(_ pen: Int, isPressed: Bool) {
        guard let location = penLocations[pen] else { return }
        if isPressed {
            pickingPen = pen
            pick(at: location, isFinal: false)
        } else if pickingPen == pen {
            pickingPen = nil
            pick(at: location, isFinal: true)
        }
    }

    /// The eyedropper's finger at a window point: the loupe shows the colour there; lifted, that colour is the
    /// brush's and the eyedropper is done.
    private func pick(at point: Point?, isFinal: Bool) {
        guard let point else {
            loupe = nil
            updateOverlay()
            return
        }
        let color = renderer.drawingColor(at: point)
        loupe = isFinal ? nil : Overlay.Loupe(target: point, color: color)
        if isFinal {
            canvasView.isPickingColor = false
            chooseColor(color)
        }
        updateOverlay()
    }

    /// Makes any colour the brush's (the chooser, the eyedropper). With `remembering` (the eyedropper, the chooser
    /// closing), a colour of the user's own joins the recent ones; the chooser's every slide does not.
    public func chooseColor(_ color: Color, remembering: Bool = true) {
        let before = brushSettings
        brush.choose(color)
        // The chooser keeps its own hue for a grey it chose; another colour (the eyedropper's) is shown in it.
        if !colorChooserView.isHidden, colorChooserView.color.rgb != color.rgb { colorChooserView.show(brush.color) }
        if remembering, let custom = brush.customColor {
            recentColors = Array(([custom] + recentColors.filter { $0.rgb != custom.rgb }).prefix(BrushSettings.recentLimit))
            paletteView.recentColors = recentColors
        }
        updateOverlay()
        if brushSettings != before { onBrushChange?(brushSettings) }
    }

    /// Keeps the notice shown until the user taps it (an offer to act on).
    func cancelNoticeTimer() {
        if let noticeTimer { window.timers.cancel(noticeTimer) }
        noticeTimer = nil
    }

    /// What the banner's button does, while it has one.
    private var bannerAction: (() -> Void)?

    /// The banner's button was tapped: its action, then the banner goes.
    private func bannerActionTapped() {
        let action = bannerAction
        banner = nil
        action?()
    }

    /// The gallery of the user's drawings, over the whole window while open (the palette's first button, `g`).
    public let galleryView = GalleryView()
    /// Reads drawings and makes their thumbnails off the Wayland thread.
    let thumbnailMaker = ThumbnailMaker()
    /// The thumbnails asked for or made, by path: the drawing as it was when asked (a changed one is asked again).
    var thumbnailRequests: [String: LibraryDrawing] = [:]
    /// The desktop's Trash, where the gallery's "Move to Trash" puts drawings.
    public var trash = Trash()
    /// Called with a drawing's file when the gallery asks to show it in its folder (the desktop's file manager);
    /// returns why it could not, `nil` when it did. `nil` leaves the action out of the gallery.
    public var onShowInFolder: ((URL) -> String?)? {
        didSet { galleryView.actions = GalleryView.Action.allCases.filter { $0 != .showInFolder || onShowInFolder != nil } }
    }

    /// The colours of the palette and the panels (`--style`); the canvas stays paper-white.
    public var style = OverlayStyle.light {
        didSet { if style != oldValue { updateOverlay() } }
    }
    /// Whether the window is fullscreen: the palette's fullscreen button shows it selected (the host says).
    public var isFullscreen = false {
        didSet { if isFullscreen != oldValue { updateOverlay() } }
    }
    /// Called when the user asks to quit (Ctrl+Q). The host calls ``finishDocument()`` and exits.
    public var onQuitRequest: (() -> Void)?

    /// Whether something changed since the last ``renderFrame()``.
    public private(set) var needsFrame = true
    /// What the banner over the canvas says (a save that fails), `nil` when it is not shown. The user dismisses it
    /// with a tap; it goes away by itself when saving works again.
    public internal(set) var banner: String? {
        didSet {
            if let banner, banner != oldValue { onBannerShown?(banner) }
            bannerView.message = banner
            bannerView.isNotice = false
            bannerView.action = nil
            bannerAction = nil
            if let noticeTimer { window.timers.cancel(noticeTimer) }
            noticeTimer = nil
            updateOverlay()
        }
    }
    /// Called with each text the banner shows, failure or notice, as it is shown: the host prints it as a debug
    /// line (`--verbose`), where tests through touch-replay read the window's words.
    public var onBannerShown: ((String) -> Void)?
    /// Takes a notice (not a failure) down after ``noticeTime``.
    private var noticeTimer: TimerQueue.Token?
    /// How long a notice (an export done) stays in the banner.
    public static let noticeTime = Duration.seconds(4)

    /// Shows a line that reports something done, not something wrong: in the banner's calm colour, taken down after
    /// ``noticeTime`` (or a tap). With an `action`, the banner has a button that does it ("Undo").
    func showNotice(_ text: String, action: (title: String, perform: () -> Void)? = nil) {
        banner = text
        bannerView.isNotice = true
        bannerView.action = action?.title
        bannerAction = action?.perform
        updateOverlay()
        noticeTimer = window.timers.schedule(after: Self.noticeTime) { [unowned self] in
            noticeTimer = nil
            if bannerView.isNotice { banner = nil }
        }
    }
    private var documentPollTimer: TimerQueue.Token?

    /// Which part of the drawing the window shows, and how large.
    public var view: ViewTransform { renderer.view }
    /// Whether fingers move the view instead of painting (the palette's hand).
    public var isNavigating: Bool { canvasView.isNavigating }
    /// The zoom factor of one Ctrl+plus or Ctrl+minus.
    public static let zoomStep = 1.25
    /// Scroll distance (points) that doubles or halves the zoom with Ctrl held: about 5 wheel detents.
    public static let scrollPerZoomDoubling = 50.0
    private var pointerLocation: Point?
    /// Where the pointer was when the middle button dragged it last, while the button is down.
    private var middleDragLocation: Point?
    /// The view when a touchpad pinch began, where the pointer was, how far its fingers have moved and turned
    /// (radians).
    private var touchpadPinch: (view: ViewTransform, anchor: Point, moved: Vector, turned: Double)?
    /// The turn of one rotate key: 15°.
    public static let rotationStep = Double.pi / 12

    /// The brush that new strokes take.
    public var brush: Brush {
        get { canvasView.brush }
        set { canvasView.brush = newValue }
    }

    /// An app with a canvas of a logical size at a scale, showing `strokes`, saving nowhere.
    ///
    /// - Parameter exportFolder: where Ctrl+S writes PNGs, `nil` to refuse.
    public convenience init(size: Size, scale: Int = 1, strokes: [Stroke] = [], exportFolder: URL? = nil) {
        self.init(size: size, scale: scale, drawing: Drawing(strokes: strokes), exportFolder: exportFolder)
    }

    /// An app with a canvas of a logical size at a scale, showing a drawing and keeping its history, saving every
    /// edit to `document` (`nil` for nowhere).
    public init(size: Size, scale: Int = 1, drawing: Drawing, document: PaintDocument? = nil, exportFolder: URL? = nil) {
        let bounds = Rect(origin: .zero, size: size)
        window = Window(frame: bounds)
        canvasView = CanvasView(frame: bounds)
        paletteView = PaletteView(frame: Self.paletteFrame(in: size))
        bannerView = BannerView(frame: BannerView.frame(in: size))
        indicatorView = ViewIndicatorView(frame: ViewIndicatorView.frame(in: size))
        window.addSubview(canvasView)
        window.addSubview(paletteView)
        window.addSubview(colorChooserView)
        window.addSubview(galleryView)
        window.addSubview(bannerView)
        window.addSubview(indicatorView)
        translator = SeatEventTranslator(window: window)
        self.drawing = drawing
        renderer = CanvasRenderer(logicalSize: size, scale: scale, strokes: drawing.strokes)
        self.document = document
        self.exportFolder = exportFolder
        bannerView.onDismiss = { [unowned self] in banner = nil }
        bannerView.onAction = { [unowned self] in bannerActionTapped() }
        galleryView.frame = bounds
        connectGallery()
        indicatorView.onReset = { [unowned self] in perform(.resetView) }
        canvasView.onStrokeCompleted = { [unowned self] stroke in complete(stroke) }
        canvasView.onStrokeShaped = { [unowned self] shape in reshapeLastStroke(as: shape) }
        canvasView.onErase = { [unowned self] path, radius in erase(along: path, radius: radius) }
        canvasView.onChange = { [unowned self] in needsFrame = true }
        paletteView.onCommand = { [unowned self] command in perform(command) }
        colorChooserView.frame = ColorChooserView.frame(in: drawingArea)
        colorChooserView.onChange = { [unowned self] in updateOverlay() }
        colorChooserView.onChoose = { [unowned self] color in chooseColor(color, remembering: false) }
        colorChooserView.onClose = { [unowned self] in perform(.openColorChooser) }
        canvasView.onPick = { [unowned self] point, isFinal in pick(at: point, isFinal: isFinal) }
        paletteView.onScroll = { [unowned self] in updateOverlay() }
        translator.onKey = { [unowned self] chord, _ in
            if let command = PaintCommand(key: chord) { perform(command) }
        }
        canvasView.onViewChange = { [unowned self] view in setView(view) }
        canvasView.onFitRequest = { [unowned self] in perform(.zoomToFit) }
        canvasView.onCommand = { [unowned self] command in perform(command) }
        translator.onScroll = { [unowned self] delta, _ in scroll(by: delta) }
        translator.onPointerHover = { [unowned self] location in pointerMoved(to: location) }
        translator.onPointerButton = { [unowned self] button, isPressed, _ in
            if button == .middle { middleDragLocation = isPressed ? pointerLocation : nil }
        }
        translator.onTouchpadGesture = { [unowned self] gesture, _ in touchpad(gesture) }
        translator.onPenHover = { [unowned self] hover, _ in penHovered(hover) }
        canvasView.onPenHover = { [unowned self] location in
            hoveringPenLocation = location
            updateOverlay()
        }
        translator.onPenButton = { [unowned self] pen, _, isPressed, _ in penButton(pen, isPressed: isPressed) }
        updateOverlay()
    }

    // MARK: - Input

    /// Takes one seat event: touches, the pointer and keys.
    public func handle(_ event: SeatEvent) {
        // Held while the launch's document is read (docs/loading.md).
        guard case .idle = loading else {
            takeLoadedDocument()
            return receive(event)
        }
        translator.handle(event)
    }

    /// The end of the input stream: what waits for a frame is delivered, touches still down are cancelled.
    public func finishInput() {
        translator.finish()
    }

    /// Moves the clock (in the seat's milliseconds, as a ``Timestamp``), firing the timers that are due.
    public func advanceTime(to time: Timestamp) {
        window.advanceTime(to: time)
    }

    /// When the next timer (the gestures', the document poll) is due, on the seat's clock.
    public var nextDeadline: Timestamp? { window.timers.nextDeadline }

    // MARK: - Commands

    /// Does what a key or a palette button asked for.
    public func perform(_ command: PaintCommand) {
        let settingsBefore = brushSettings
        defer { if brushSettings != settingsBefore { onBrushChange?(brushSettings) } }
        switch command {
        case .undo: edit(.undo)
        case .redo: edit(.redo)
        case .clear: edit(.clear)
        case .save:
            saveNow()
            exportPNG()
        case let .selectColor(index): brush.selectColor(at: index)
        case let .selectWidth(index): brush.selectWidth(at: index)
        case .widen: brush.widen()
        case .narrow: brush.narrow()
        case .toggleFullscreen: onFullscreenRequest?()
        case .quit: onQuitRequest?()
        case .toggleNavigation: canvasView.isNavigating.toggle()
        case .zoomIn: setView(view.zoomed(by: Self.zoomStep, about: viewCenter))
        case .zoomOut: setView(view.zoomed(by: 1 / Self.zoomStep, about: viewCenter))
        case .zoomToFit: setView(.fitting(renderer.contentBounds, in: drawingArea.size))
        case .actualSize: setView(view.zoomed(to: 1, about: viewCenter))
        case .togglePrediction: canvasView.predictsTouches.toggle()
        case .toggleEraser: canvasView.tool = canvasView.tool == .eraser ? .brush : .eraser
        case .copy: copyDrawing()
        case .exportAs: exportWithDialog()
        case .openFile:
            // The desktop's open dialog where there is one; the gallery otherwise (docs/portal.md).
            if let onOpenRequest { onOpenRequest() } else if galleryView.isHidden { openGallery() }
        case let .selectRecentColor(index):
            if recentColors.indices.contains(index) { brush.choose(recentColors[index]) }
        case .openColorChooser:
            colorChooserView.isHidden.toggle()
            if !colorChooserView.isHidden {
                canvasView.isPickingColor = false
                colorChooserView.show(brush.color)
            } else {
                // Closed: the colour chosen in it is one of the recent ones now.
                chooseColor(brush.color)
            }
        case .pickColor:
            canvasView.isPickingColor.toggle()
            if canvasView.isPickingColor { colorChooserView.isHidden = true }
        case .rotateClockwise: rotate(by: Self.rotationStep)
        case .rotateCounterclockwise: rotate(by: -Self.rotationStep)
        case .resetRotation: setView(view.rotated(to: 0, about: viewCenter))
        case .resetView: setView(view.rotated(to: 0, about: viewCenter).zoomed(to: 1, about: viewCenter))
        case .openGallery: galleryView.isHidden ? openGallery() : closeGallery()
        case .closePanel:
            if galleryView.isShowingMenu {
                galleryView.closeMenu()
            } else if !galleryView.isHidden {
                closeGallery()
            } else if !colorChooserView.isHidden {
                perform(.openColorChooser)
            } else {
                canvasView.isPickingColor = false
            }
        }
        updateOverlay()
    }

    // MARK: - The view

    /// Shows another part of the drawing, or at another zoom (clamped to 10 %...1 600 %).
    public func setView(_ newView: ViewTransform) {
        let old = renderer.view
        renderer.setView(newView)
        canvasView.viewTransform = renderer.view
        needsFrame = true
        // Zooming and turning show how far; panning alone does not.
        if renderer.view.zoom != old.zoom || renderer.view.rotation != old.rotation { showIndicator() }
    }

    /// Turns the view by an angle about the middle of the window, landing on a quarter turn when near one.
    private func rotate(by angle: Double) {
        setView(view.rotated(to: ViewTransform.snapped(rotation: view.rotation + angle), about: viewCenter))
    }

    /// Shows the view indicator with the view's zoom and angle, and hides it ``ViewIndicatorView/lingering``
    /// after the last change.
    private func showIndicator() {
        indicatorView.show(view)
        if let indicatorTimer { window.timers.cancel(indicatorTimer) }
        indicatorTimer = window.timers.schedule(after: ViewIndicatorView.lingering) { [unowned self] in
            indicatorTimer = nil
            indicatorView.hide()
            updateOverlay()
        }
        updateOverlay()
    }

    /// The window above the palette bar: what fitting fills.
    private var drawingArea: Rect {
        Rect(x: 0, y: 0, width: window.bounds.width, height: max(window.bounds.height - paletteView.frame.height, 1))
    }

    private var viewCenter: Point { drawingArea.center }

    /// The wheel: with Ctrl it zooms about the pointer, with Shift it pans sideways, alone it pans.
    private func scroll(by delta: Vector) {
        let held = translator.heldModifiers
        if held.contains(.ctrl) {
            let factor = pow(2, -(delta.dy + delta.dx) / Self.scrollPerZoomDoubling)
            setView(view.zoomed(by: factor, about: pointerLocation ?? viewCenter))
        } else if held.contains(.shift) {
            setView(view.panned(by: Vector(dx: -delta.dy - delta.dx, dy: 0)))
        } else {
            setView(view.panned(by: Vector(dx: -delta.dx, dy: -delta.dy)))
        }
    }

    /// The pointer moved: a middle-button drag pans.
    private func pointerMoved(to location: Point?) {
        pointerLocation = location
        guard let location else { return middleDragLocation = nil }
        if let last = middleDragLocation {
            middleDragLocation = location
            setView(view.panned(by: location - last))
        }
    }

    /// A touchpad pinch zooms about the pointer and pans with the fingers; a swipe pans.
    private func touchpad(_ gesture: TouchpadGesture) {
        // Fingers on the touchpad (a pinch, a swipe, a hold) catch a gliding view.
        if case .begin = gesture { canvasView.stopGliding() }
        switch gesture {
        case .begin(.pinch, _):
            touchpadPinch = (view, pointerLocation ?? viewCenter, .zero, 0)
        case let .update(.pinch, dx, dy, scale, rotation):
            guard var pinch = touchpadPinch else { return }
            pinch.moved = pinch.moved + Vector(dx: dx, dy: dy)
            if rotation.isFinite { pinch.turned += rotation * .pi / 180 }
            touchpadPinch = pinch
            let angle = ViewTransform.snapped(rotation: pinch.view.rotation + pinch.turned)
            setView(pinch.view.zoomed(to: pinch.view.zoom * scale, about: pinch.anchor)
                .rotated(to: angle, about: pinch.anchor).panned(by: pinch.moved))
        case .end(.pinch, _):
            touchpadPinch = nil
        case let .update(.swipe, dx, dy, _, _):
            setView(view.panned(by: Vector(dx: dx, dy: dy)))
        default:
            break
        }
    }

    // MARK: - Frames

    /// Brings the shown frame up to date and returns the rectangles of buffer pixels that changed.
    ///
    /// `time` is when the frame will be committed, on the input's clock: the strokes' predicted tails reach the
    /// places predicted for then, so the ink ends where the fingers are when it shows. `nil` draws the tails as far
    /// as they are predicted.
    @discardableResult
    public func renderFrame(at time: Timestamp? = nil) -> [PixelRect] {
        takeLoadedDocument()
        pollDocument()
        takeThumbnails()
        // A flicked view glides on a step each frame, and so does a flicked gallery.
        if canvasView.isGliding { canvasView.glide(to: time ?? window.timers.now) }
        if galleryView.isGliding { galleryView.glide(to: time ?? window.timers.now) }
        let damage = renderer.renderFrame(liveStrokes: canvasView.shownLiveStrokes,
                                          predictedTails: canvasView.predictedTails(at: time))
        startReadingAfterFrame()
        // A turned view shown roughly while it moved is shown sharp at the next frame.
        needsFrame = renderer.needsSharperFrame || canvasView.isGliding || galleryView.isGliding
        return damage
    }

    /// Draws the next frame straight into a window's buffer, as ``renderFrame(at:)`` does into the renderer's own
    /// frame: only what that buffer lacks (``PaintRender/CanvasRenderer/renderFrame(liveStrokes:predictedTails:into:)``).
    public func renderFrame(at time: Timestamp? = nil, into target: FrameTarget) -> FrameDamage {
        takeLoadedDocument()
        pollDocument()
        takeThumbnails()
        if canvasView.isGliding { canvasView.glide(to: time ?? window.timers.now) }
        if galleryView.isGliding { galleryView.glide(to: time ?? window.timers.now) }
        let damage = renderer.renderFrame(liveStrokes: canvasView.shownLiveStrokes,
                                          predictedTails: canvasView.predictedTails(at: time), into: target)
        startReadingAfterFrame()
        needsFrame = renderer.needsSharperFrame || canvasView.isGliding || galleryView.isGliding
        return damage
    }

    /// Whether the next frame is a zoom step's, which a window may draw at reduced resolution and have the compositor
    /// scale up (``renderReducedFrame(at:into:reduction:)``): the zoom changed since the last frame, the view is
    /// upright, and no stroke is in progress.
    public var prefersReducedFrame: Bool {
        renderer.prefersReducedFrame && canvasView.shownLiveStrokes.isEmpty
    }

    /// Draws the next frame at reduced resolution into a target of ``PaintRender/CanvasRenderer/reducedPixelSize``
    /// (``PaintRender/CanvasRenderer/renderReducedFrame(into:reduction:)``; `reduction`: how many times fewer
    /// pixels each way, ``PaintRender/CanvasRenderer/reduction`` by default); the frame after it is drawn at full
    /// resolution.
    public func renderReducedFrame(at time: Timestamp? = nil, into target: FrameTarget, reduction: Int? = nil) {
        pollDocument()
        takeThumbnails()
        if canvasView.isGliding { canvasView.glide(to: time ?? window.timers.now) }
        renderer.renderReducedFrame(into: target, reduction: reduction)
        // The sharp frame follows.
        needsFrame = true
    }

    /// Draws the strokes completed since the last call into their tiles, when the renderer defers it
    /// (``PaintRender/CanvasRenderer/defersStrokeBaking``); the next frame shows them from the tiles.
    public func bakeStrokes() {
        guard renderer.hasStrokesToBake else { return }
        renderer.bakeStrokes()
        if isOverlayStale { updateOverlay() }
        needsFrame = true
    }

    /// Whether the palette bar waits for the strokes to be baked to show what the history allows now.
    private var isOverlayStale = false

    /// Waits for the tiles being drawn in the background, so that the next frame shows all of them.
    public func waitForTiles() {
        renderer.waitForTiles()
        needsFrame = true
    }

    /// Copies rectangles of the shown frame into an XRGB8888 buffer of the renderer's pixel size.
    public func composite(into buffer: UnsafeMutableRawPointer, stride: Int, width: Int, height: Int,
                          rects: [PixelRect]) {
        renderer.composite(into: buffer, stride: stride, width: width, height: height, rects: rects)
    }

    /// A new logical size or scale: the views are laid out again; the drawing stays where it was under the
    /// window's top-left corner, and only newly exposed tiles are drawn.
    public func resize(to size: Size, scale: Int) {
        let bounds = Rect(origin: .zero, size: size)
        window.frame = bounds
        canvasView.frame = bounds
        paletteView.frame = Self.paletteFrame(in: size)
        paletteView.layoutItems()
        bannerView.frame = BannerView.frame(in: size)
        colorChooserView.frame = ColorChooserView.frame(in: drawingArea)
        indicatorView.frame = ViewIndicatorView.frame(in: size)
        galleryView.frame = bounds
        galleryView.scroll(by: 0)
        renderer.resize(to: size, scale: scale, strokes: drawing.strokes)
        canvasView.viewTransform = renderer.view
        updateOverlay()
        needsFrame = true
    }

    // MARK: - Documents

    /// Writes every edit to the document's disk now (Ctrl+S); a failure shows in the banner.
    public func saveNow() {
        document?.flush(drawing)
        pollDocument()
    }

    /// Saves everything and closes the document: call it on quit, SIGINT, SIGTERM and when the compositor goes away.
    /// When the document cannot hold everything, the drawing goes to a recovery document and the line saying so
    /// goes to ``onMessage``; returns whether the document holds everything the user drew.
    /// `windowNeverOpened`: the window could not be shown (no compositor), so a document opening made is removed
    /// again when nothing was drawn.
    @discardableResult
    public func finishDocument(windowNeverOpened: Bool = false) -> Bool {
        // While the launch's document is read: nothing to save without input held, else the drawing first.
        if loading.isReading, !quitWhileLoading() { return true }
        guard let document else { return true }
        if let documentPollTimer { window.timers.cancel(documentPollTimer) }
        documentPollTimer = nil
        guard let failure = document.finish(drawing, windowNeverOpened: windowNeverOpened) else { return true }
        onMessage?("fingerpaint: \(failure)")
        return false
    }

    /// Paints another document from here on (the gallery's open and new): its drawing in the renderer, the view at
    /// 100 % and upright, nothing in progress, nothing in the banner. The document before must be finished.
    /// `readsStoredTiles`: false when the caller read the disk cache's tiles with the document (a launch's).
    func replaceDocument(with next: PaintDocument, drawing: Drawing, readsStoredTiles: Bool = true) {
        document = next
        self.drawing = drawing
        canvasView.discardLiveStrokes()
        canvasView.stopGliding()
        renderer.apply(.replaced, strokes: drawing.strokes)
        setView(.identity)
        // The tiles this drawing showed last time, as at a launch: shown instead of drawn when still right.
        if readsStoredTiles, let tileStore { renderer.loadStoredTiles(from: tileStore, document: next.url) }
        banner = nil
        updateOverlay()
        needsFrame = true
    }

    /// Where the tiles each drawing showed are kept on disk (docs/tile-cache.md); `nil`: none are read.
    public private(set) var tileStore: TileStore?

    /// Shows the tiles `store` keeps for the drawing open now, and for each drawing opened in its place from now on
    /// (the gallery, the open dialog), instead of drawing them, when they are still right (read on another thread
    /// once the next frame is drawn: ``CanvasRenderer/loadStoredTiles(from:document:)``).
    public func readStoredTiles(from store: TileStore) {
        tileStore = store
        if let url = document?.url { renderer.loadStoredTiles(from: store, document: url) }
    }

    /// Whether a close was refused because the drawing could be saved nowhere: the next close goes ahead.
    private var closeWasRefused = false

    /// The user asked to close the window: saves, and says yes unless the drawing can be written nowhere (not
    /// to its document, not to a recovery document in any folder); then it says no once, with the banner saying
    /// why and how many strokes would be lost, and yes to the next request.
    public func requestClose() -> Bool {
        guard let document, !closeWasRefused else { return true }
        guard let failure = document.save(drawing), document.hasNowhereToSave else { return true }
        closeWasRefused = true
        onMessage?("fingerpaint: \(failure)")
        let count = drawing.strokes.count == 1 ? "1 stroke" : "\(drawing.strokes.count) strokes"
        banner = "Cannot save \(document.url.deletingPathExtension().lastPathComponent) anywhere (no space or no "
            + "permission): closing now loses up to \(count). Free some space and keep painting, or close again to quit."
        return false
    }

    /// Shows a line in the banner over the canvas until the user dismisses it.
    public func showBanner(_ text: String) {
        banner = text
    }

    /// Waits for the saves under way (they run on a background queue) and shows what they did.
    public func waitForSaves() {
        pollDocument(waitingForSaves: true)
    }

    /// Puts the drawing's picture (``PaintRender/DrawingPicture``: its strokes at 100 %, as `--export` writes it) on
    /// the clipboard as `image/png` and `image/svg+xml`, and says so, or why not, in the banner.
    public func copyDrawing() {
        guard let onCopyRequest else {
            onMessage?("fingerpaint: copy is off here")
            return
        }
        let picture = DrawingPicture(strokes: drawing.strokes)
        let failure: String?
        do {
            failure = onCopyRequest([("image/png", try picture.bytes(format: .png)),
                                     ("image/svg+xml", try picture.bytes(format: .svg))])
        } catch {
            failure = "\(error)"
        }
        if let failure {
            onMessage?("fingerpaint: cannot copy the drawing: \(failure)")
            showBanner("Cannot copy the drawing: \(failure).")
        } else {
            onMessage?("fingerpaint: copied the drawing to the clipboard")
            showNotice("Copied the drawing to the clipboard.")
        }
    }

    /// The name of an export of a drawing with no file: `fingerpaint-` and the local time as `yyyy-MM-dd-HHmmss`
    /// (the format en_US_POSIX's DateFormatter wrote, now the C library's local time).
    static func exportStem(at now: Date) -> String {
        let local = CivilTime.local(now)
        return "fingerpaint-" + zeroPadded(local.year, 4) + "-" + zeroPadded(local.month, 2) + "-" + zeroPadded(local.day, 2)
            + "-" + zeroPadded(local.hour, 2) + zeroPadded(local.minute, 2) + zeroPadded(local.second, 2)
    }

    /// Writes the drawing — the canvas above the palette, never the palette's strip — as a PNG in the export
    /// folder under a name no file has yet, and says where; returns the file.
    @discardableResult
    public func exportPNG(now: Date = Date()) -> URL? {
        exportPNG(strokes: nil, named: nil, now: now)
    }

    /// Writes a drawing's strokes (the open one's when `nil`) as a PNG named `name` (the open document's name when
    /// `nil`) in the export folder, as ``exportPNG(now:)`` does.
    @discardableResult
    func exportPNG(strokes: [Stroke]?, named name: String?, now: Date = Date()) -> URL? {
        guard let exportFolder else {
            onMessage?("fingerpaint: export is off here")
            return nil
        }
        // Said on standard error and in the window: a painter with no terminal learns where the picture went.
        func fail(_ reason: String, file: URL? = nil) -> URL? {
            onMessage?("fingerpaint: cannot export: \(file.map { "\($0.path): " } ?? "")\(reason)")
            banner = "Cannot export the drawing\(file.map { " to \($0.lastPathComponent)" } ?? ""): \(reason)."
            return nil
        }
        guard isFolder(exportFolder.path) else {
            return fail("the folder \(exportFolder.path) does not exist")
        }
        // Named after the drawing; a drawing with no file (a replay) after the time.
        let stem: String
        if let name {
            stem = name
        } else if let document {
            stem = document.url.deletingPathExtension().lastPathComponent
        } else {
            stem = Self.exportStem(at: now)
        }
        // Written to a temporary name, then linked under the first free name: an existing file is never replaced.
        let temporary = exportFolder.appendingPathComponent(".\(stem).png.tmp-\(getpid())")
        defer { unlink(temporary.path) }
        do {
            if let strokes {
                // Another drawing (the gallery's): its strokes at 100 %, as `--export` writes them.
                unlink(temporary.path)
                try DrawingPicture(strokes: strokes).write(to: temporary.path, format: .png)
            } else {
                try renderer.canvas.writePNG(to: temporary.path, rows: Int(paletteView.frame.minY) * renderer.scale)
            }
        } catch {
            return fail("\(error)".replacing("cannot write \(temporary.path): ", with: ""))
        }
        for number in 1...1000 {
            let file = exportFolder.appendingPathComponent(number == 1 ? "\(stem).png" : "\(stem)-\(number).png")
            if link(temporary.path, file.path) == 0 {
                onMessage?("fingerpaint: exported the drawing to \(file.path)")
                showNotice("Exported the drawing to \(file.lastPathComponent) in \(exportFolder.path).")
                return file
            }
            guard errno == EEXIST else { return fail(OutputFile.reason(errno), file: file) }
        }
        return fail("too many pictures named \(stem) in \(exportFolder.path)")
    }

    // MARK: - Changes

    private func complete(_ stroke: Stroke) {
        edit(.add(stroke))
    }

    /// Replaces the stroke just completed by the shape it was held into: one more edit, whose undo restores the
    /// freehand stroke.
    private func reshapeLastStroke(as shape: Stroke) {
        edit(.replace(at: drawing.strokes.count - 1, with: shape))
    }

    /// Erases, in one edit, every stroke an eraser's path touched.
    private func erase(along path: [Point], radius: Double) {
        let touched = renderer.strokes(touchedBy: path, radius: radius)
        guard !touched.isEmpty else { return }
        edit(.erase(touched))
    }

    /// Does an edit to the drawing, redraws what it changed and saves it.
    private func edit(_ edit: DrawingEdit) {
        guard let change = drawing.apply(edit) else { return }
        renderer.apply(change, strokes: drawing.strokes)
        // A completed stroke the renderer bakes after the frame is sent has the palette bar (undo now possible)
        // drawn again then too: the bar's image takes 1-3 ms, which the touch-up's frame would wait for.
        if renderer.hasStrokesToBake {
            isOverlayStale = true
        } else {
            updateOverlay()
        }
        needsFrame = true
        guard let document else { return }
        let title = document.title
        if let said = document.record(edit, drawing: drawing) {
            onMessage?("fingerpaint: \(said.line)")
            banner = said.banner
        }
        if document.title != title { onTitleChange?(document.title) }
        schedulePoll()
    }

    /// Looks at the document's saving again soon, while it has work under way or is failing.
    private func schedulePoll() {
        guard documentPollTimer == nil else { return }
        documentPollTimer = window.timers.schedule(after: Self.documentPollInterval) { [unowned self] in
            documentPollTimer = nil
            pollDocument()
        }
    }

    /// Shows what happened to saving: a failure in the banner (and once on standard error), its end by taking the
    /// banner down.
    private func pollDocument(waitingForSaves: Bool = false) {
        guard let document else { return }
        if waitingForSaves { document.waitUntilIdle(drawing) }
        for event in document.takeEvents(supplying: drawing) {
            switch event {
            case let .failed(error):
                onMessage?("fingerpaint: \(error); your drawing is kept and saving is tried again")
                banner = "Cannot save \(URL(fileURLWithPath: error.path).deletingPathExtension().lastPathComponent): "
                    + "\(OutputFile.reason(error.code)). Your drawing is kept, and saving is tried again."
            case .recovered:
                onMessage?("fingerpaint: \(document.url.path) is saved again")
                if banner?.hasPrefix("Cannot save") == true { banner = nil }
            case let .movedAside(from, to):
                onMessage?("fingerpaint: another file was put at \(from.path); it was left as it is, and the drawing "
                           + "is now saved in \(to.path)")
                banner = "Another file took the place of \(from.lastPathComponent); it was left as it is. "
                    + "Your drawing is now saved in \(to.lastPathComponent)."
                onTitleChange?(document.title)
            }
        }
        if document.hasOutstandingWork { schedulePoll() }
    }

    /// Shows the palette bar as the brush and the history now are (the renderer redraws it only when it changed).
    func updateOverlay() {
        isOverlayStale = false
        var overlay = paletteView.overlay(brush: brush, canUndo: drawing.canUndo, canRedo: drawing.canRedo,
                                          isNavigating: isNavigating, isErasing: canvasView.tool == .eraser,
                                          isFullscreen: isFullscreen, isChoosingColor: !colorChooserView.isHidden,
                                          isPickingColor: canvasView.isPickingColor)
        overlay.style = style
        overlay.banner = bannerView.overlayBanner
        overlay.colorChooser = colorChooserView.overlayChooser
        overlay.loupe = loupe
        overlay.brushPreview = brushPreview
        overlay.indicator = indicatorView.overlayIndicator
        overlay.gallery = galleryView.overlayGallery
        renderer.overlay = overlay
        needsFrame = true
    }

    private static func paletteFrame(in size: Size) -> Rect {
        Rect(x: 0, y: max(size.height - PaletteView.height, 0), width: size.width, height: min(PaletteView.height, size.height))
    }
}
