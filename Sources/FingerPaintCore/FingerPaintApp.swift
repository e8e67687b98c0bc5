// The painting app without a compositor: input in, frames and documents out.
import BrushEngine
import Dispatch
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Localization
import PaintModel
import PaintRender
import PaintUI
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
    /// The selection tool's view over the canvas: hidden but while the tool is chosen (docs/selection.md).
    public let selectionView = SelectionView()
    /// The selection's menu, opened by a long press on the selection.
    public let selectionMenuView = SelectionMenuView()
    /// What is selected on the current layer, and where it is; `nil` for nothing. While there is one, its outline's
    /// dashes march (``selectionDashPhase``).
    public internal(set) var selection: StrokeSelection? {
        didSet { marchSelectionDashes() }
    }
    /// The merge down whose picture is being drawn on a background queue, until it is an edit.
    var layerMerge: LayerMergeJob?
    /// The pictures being read and decoded on a background queue to be placed, in the order asked.
    var pictureJobs: [PictureJob] = []
    /// The timer that looks for the merge's picture and the decoded pictures next, while any is under way.
    var backgroundPollTimer: TimerQueue.Token?
    /// How far along the selection's outline its dashes start, in points: it grows while a selection is shown.
    var selectionDashPhase = 0.0
    /// The next step of the selection's marching dashes, while one is due.
    var selectionDashTimer: TimerQueue.Token?
    /// The bar of buttons.
    public let paletteView: PaletteView
    /// The line over the top of the canvas that says what went wrong with saving.
    public let bannerView: BannerView
    /// The guide's card above the bar (``showGuide(withKeys:)``), hidden until shown.
    public let guideView = GuideView()
    /// Takes the guide down after ``guideTime`` when it showed by itself.
    var guideTimer: TimerQueue.Token?
    /// Whether the guide's card shows the keys too; `nil` while it is hidden.
    var guideShowsKeys: Bool?
    /// The colour chooser over the canvas (the palette's hue ring opens and closes it).
    public let colorChooserView = ColorChooserView()
    /// The layers panel, opened from the bar's layers button (`l`).
    public let layersPanelView = LayersPanelView()
    /// A layer's menu, opened by a long press on its row in the layers panel.
    public let layerMenuView = LayerMenuView()
    /// The layers panel's thumbnails, each kept until its layer changes.
    public let layerThumbnails = LayerThumbnails()
    /// The brush panel, opened by a tap on the bar's brush while it is the tool (Shift+B).
    public let brushPanelView = BrushPanelView()
    /// The brush panel's previews, each drawn once for a size and style.
    let brushPreviews = BrushPreviews()
    /// The eyedropper's loupe while a finger picks a colour.
    var loupe: Overlay.Loupe?
    /// The zoom and angle shown while they change; a tap on it resets the view to 100 % and 0°.
    public let indicatorView: ViewIndicatorView
    var indicatorTimer: TimerQueue.Token?
    /// Seat events go through here into the window.
    public let translator: SeatEventTranslator
    /// The completed strokes and their history.
    public internal(set) var drawing: Drawing
    /// The renderer that keeps the canvas and the shown frame.
    public let renderer: CanvasRenderer
    /// The document every edit is saved to; `nil` for none (a replay). The gallery opens others in its place.
    public internal(set) var document: PaintDocument?
    /// Where PNG exports go; `nil` to refuse exports (a replay).
    public let exportFolder: URL?
    /// How often the document's saving is looked at while it has work under way or is failing.
    public static let documentPollInterval: Duration = .milliseconds(100)
    /// The program that shows the app (``FingerPaintAppDelegate``): it hears the lines for the user, the banner's
    /// words, the title, the requests to go fullscreen and to quit. Held weakly: the host holds the app.
    public weak var delegate: (any FingerPaintAppDelegate)?

    /// What gives the app the desktop's services (``FingerPaintDesktop``): the clipboard, the dialogs, the file
    /// manager. Held weakly. The app asks it only for what ``desktopServices`` offers.
    public weak var desktop: (any FingerPaintDesktop)?
    /// The desktop's services offered now (none by default): the gallery shows "Open…" and "Show in Folder" only
    /// where they are, Ctrl+O opens the gallery without an open dialog, and Export… writes to the pictures folder
    /// without a save dialog.
    public var desktopServices: DesktopServices = [] {
        didSet { showDesktopServices() }
    }
    /// The launch's document while its records are read on another thread (``load(_:library:on:)``).
    var loading = DocumentLoading.idle
    /// The reading under way, the file it reads and the library the document will belong to.
    var documentRead: (read: DocumentRead, opening: DocumentOpening, library: DocumentLibrary)?
    /// Where the document is to be read, until the frame after which its reading starts.
    var readingQueue: DispatchQueue?
    /// The colours of the user's own chosen last, newest first: the palette shows them beside its own.
    public internal(set) var recentColors: [Color] = []

    /// How wide a gap in a line a fill closes, in the view's points (one of ``fillGaps``): openings up to twice this
    /// stay shut.
    public internal(set) var fillGap = FingerPaintApp.defaultFillGap

    /// The brush, tool, recent colours, hand, stabilizer and fill's gap, as the settings file keeps them.
    public var brushSettings: BrushSettings {
        get {
            var settings = BrushSettings()
            settings.fillGap = fillGap
            settings.brush = brush
            settings.tool = canvasView.tool
            settings.recentColors = recentColors
            settings.isLeftHanded = paletteView.isLeftHanded
            settings.stabilizerStrength = canvasView.stabilizerStrength
            settings.brushName = brushName
            settings.eraserName = eraserName
            settings.adjustments = brushAdjustments
            return settings
        }
        set {
            brush = newValue.brush
            fillGap = newValue.fillGap
            canvasView.tool = newValue.tool
            recentColors = Array(newValue.recentColors.prefix(BrushSettings.recentLimit))
            colorChooserView.recentColors = recentColors
            paletteView.isLeftHanded = newValue.isLeftHanded
            canvasView.stabilizerStrength = newValue.stabilizerStrength
            brushAdjustments = newValue.adjustments
            do {
                try useBrush(named: newValue.brushName)
            } catch {
                report("fingerpaint: " + localized("%s; painting with the round brush", error))
                try? useBrush(named: BrushCatalog.round)
            }
            do {
                try useEraser(named: newValue.eraserName)
            } catch {
                report("fingerpaint: " + localized("%s; the eraser takes whole strokes away", error))
                try? useEraser(named: BrushCatalog.wholeStrokes)
            }
            placeColorChooser()
            updateOverlay()
        }
    }

    /// Where each hovering pen is, in window points.
    var penLocations: [Int: Point] = [:]
    /// Which end of each pen in proximity is near: the brush's preview shows the eraser's ring for its eraser end.
    var penTypes: [Int: TabletToolType] = [:]
    /// Where the canvas's hover recognizer sees a pen hovering over the canvas, in window points.
    var hoveringPenLocation: Point?

    /// The brush's preview under the hovering pen: the brush's on-screen width (a preset's size) and colour, or the
    /// eraser's ring for a pen's eraser end; none while the eyedropper picks.
    private var brushPreview: Overlay.BrushPreview? {
        guard let center = hoveringPenLocation, pickingPen == nil, !canvasView.isPickingColor else { return nil }
        let pen = canvasView.hoverRecognizer.pen
        if let pen, penTypes[pen] == .eraser {
            // An eraser brush's size, or the whole-stroke eraser's reach.
            let radius = canvasView.eraserLook?.width.map { max($0 * canvasView.viewTransform.zoom / 2, 1.5) }
            return Overlay.BrushPreview(center: center, radius: radius ?? canvasView.eraserRadius, color: nil)
        }
        // A preset's size, or the round brush's width.
        let width = currentAdjustment?.size ?? brush.width
        return Overlay.BrushPreview(center: center, radius: max(width * canvasView.viewTransform.zoom / 2, 1.5),
                                    color: brush.color)
    }
    /// The pen whose barrel button is held to pick a colour.
    var pickingPen: Int?

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

    /// The colours of the palette and the panels (`--style`); the canvas stays paper-white.
    public var style = OverlayStyle.light {
        didSet { if style != oldValue { updateOverlay() } }
    }
    /// Whether the window is fullscreen: the palette's fullscreen button shows it selected (the host says).
    public var isFullscreen = false {
        didSet { if isFullscreen != oldValue { updateOverlay() } }
    }

    /// Which part of the drawing the window shows, and how large: the app's navigation keeps it, as the window
    /// shows it (``PaintRender/ViewTransform/shown(in:scale:)``), and tells the renderer each change.
    public internal(set) var view = ViewTransform.identity

    /// Whether something changed since the last ``renderFrame()``.
    public internal(set) var needsFrame = true
    /// What the banner over the canvas says (a save that fails), `nil` when it is not shown. The user dismisses it
    /// with a tap; it goes away by itself when saving works again.
    public internal(set) var banner: String? {
        didSet {
            if let banner, banner != oldValue { delegate?.fingerPaintApp(self, didShowBanner: banner) }
            bannerView.message = banner
            bannerSaysSavingFails = false
            bannerView.isNotice = false
            bannerView.action = nil
            bannerAction = nil
            if let noticeTimer { window.timers.cancel(noticeTimer) }
            noticeTimer = nil
            updateOverlay()
        }
    }
    /// Whether the banner says that saving fails (a save that failed, a close with nowhere to save): saving that
    /// works again takes it down. Set after the banner's text, which clears it.
    var bannerSaysSavingFails = false
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
    /// The banner's button that undoes what its notice says was done.
    static var undoButton: String {
        // Translators: a button on the banner (76 points wide) that undoes what the banner says was done.
        localized("Undo")
    }

    /// Takes a notice down for a menu about to open: the banner runs across the top, where a menu's rows may go,
    /// and a tap meant for a row would land on it. A failure's banner stays.
    func clearNoticeForMenu() {
        if bannerView.isNotice { banner = nil }
    }

    /// The timer that looks at the document's saving next, while one is set.
    var documentPollTimer: TimerQueue.Token?

    /// Where the pointer is over the window, `nil` when it is elsewhere.
    var pointerLocation: Point?
    /// Where the pointer was when the middle button dragged it last, while the button is down.
    var middleDragLocation: Point?
    /// The view when a touchpad pinch began, where the pointer was, how far its fingers have moved and turned
    /// (radians).
    var touchpadPinch: (view: ViewTransform, anchor: Point, moved: Vector, turned: Double)?

    /// The MyPaint brush new strokes are painted with (docs/brushes.md), as a stroke keeps it: the chosen preset
    /// at the size given it (``useBrush(named:)``); `nil`: fingerpaint's round brush.
    public var brushPreset: StrokeBrush?
    /// The name of the brush painted with (``BrushCatalog/names(presetsIn:)``).
    public internal(set) var brushName = BrushCatalog.round
    /// What the eraser erases with: whole strokes (``BrushCatalog/wholeStrokes``) or a brush's name.
    public internal(set) var eraserName = BrushCatalog.wholeStrokes
    /// The brush panel's brushes, read once.
    var brushPicks: [BrushCatalog.Pick]?
    /// The size and opacity the painter gave each preset, by name, and the round brush's opacity.
    public internal(set) var brushAdjustments: [String: BrushAdjustment] = [:]
    /// The presets read so far, by name: each installed one is read once.
    var installedPresets: [String: BrushPreset] = [:]

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
        paletteView = PaletteView(frame: bounds)
        bannerView = BannerView()
        indicatorView = ViewIndicatorView(frame: ViewIndicatorView.frame(in: size))
        window.addSubview(canvasView)
        window.addSubview(selectionView)
        window.addSubview(paletteView)
        window.addSubview(colorChooserView)
        window.addSubview(layersPanelView)
        window.addSubview(brushPanelView)
        window.addSubview(layerMenuView)
        window.addSubview(selectionMenuView)
        window.addSubview(guideView)
        window.addSubview(galleryView)
        window.addSubview(bannerView)
        window.addSubview(indicatorView)
        translator = SeatEventTranslator(window: window)
        self.drawing = drawing
        renderer = CanvasRenderer(logicalSize: size, scale: scale, strokes: drawing.strokes)
        renderer.showLayers(of: drawing)
        self.document = document
        self.exportFolder = exportFolder
        bannerView.onDismiss = { [unowned self] in banner = nil }
        bannerView.onAction = { [unowned self] in bannerActionTapped() }
        guideView.onDismiss = { [unowned self] in dismissGuide() }
        galleryView.frame = bounds
        connectGallery()
        indicatorView.onReset = { [unowned self] in perform(.resetView) }
        colorChooserView.delegate = self
        layersPanelView.delegate = self
        brushPanelView.delegate = self
        layerMenuView.delegate = self
        layerMenuView.frame = bounds
        paletteView.delegate = self
        placeColorChooser()
        canvasView.delegate = self
        selectionView.frame = bounds
        selectionView.isHidden = true
        selectionView.delegate = self
        selectionMenuView.frame = bounds
        selectionMenuView.delegate = self
        translator.delegate = self
        updateOverlay()
    }

    /// Hands a one-line message for the user to the host.
    func report(_ line: String) {
        delegate?.fingerPaintApp(self, report: line)
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

    /// Whether the palette bar waits for the strokes to be baked to show what the history allows now.
    var isOverlayStale = false

    /// Where the tiles each drawing showed are kept on disk (docs/tile-cache.md); `nil`: none are read.
    public internal(set) var tileStore: TileStore?

    /// Whether a close was refused because the drawing could be saved nowhere: the next close goes ahead.
    var closeWasRefused = false

    /// Shows the palette bar as the brush and the history now are (the renderer redraws it only when it changed).
    func updateOverlay() {
        isOverlayStale = false
        var shown = PaletteView.Shown(brush: shownBrush)
        shown.canUndo = drawing.canUndo
        shown.canRedo = drawing.canRedo
        shown.isNavigating = isNavigating
        shown.isSelecting = isSelecting
        shown.isErasing = canvasView.tool == .eraser
        shown.isFullscreen = isFullscreen
        shown.isChoosingColor = !colorChooserView.isHidden
        shown.isShowingLayers = !layersPanelView.isHidden
        shown.isPickingColor = canvasView.isPickingColor
        shown.isFilling = canvasView.isFilling
        shown.fillGapIndex = fillGapIndex
        shown.predictsTouches = canvasView.predictsTouches
        shown.stabilizes = canvasView.isStabilizing
        shown.isShowingGuide = isShowingGuide
        var overlay = paletteView.overlay(showing: shown)
        refreshLayersPanel()
        if let layers = layersPanelView.overlayPanel { overlay.panels.insert(layers, at: 0) }
        refreshBrushPanel()
        if let brushes = brushPanelView.overlayPanel { overlay.panels.insert(brushes, at: 0) }
        refreshLayerMenu()
        overlay.layerMenu = layerMenuView.overlayMenu ?? selectionMenuView.overlayMenu
        overlay.style = style
        bannerView.frame = bannerFrame
        overlay.banner = bannerView.overlayBanner
        overlay.colorChooser = colorChooserView.overlayChooser(for: brush)
        overlay.loupe = loupe
        overlay.brushPreview = brushPreview
        overlay.indicator = indicatorView.overlayIndicator
        overlay.gallery = galleryView.overlayGallery
        overlay.guide = placedGuide()
        overlay.selection = selectionOverlay
        renderer.overlay = overlay
        needsFrame = true
    }

    /// Puts the colour panel beside the colour well (``InterfaceLayout/panel(of:openedBy:)``).
    func placeColorChooser() {
        colorChooserView.frame = paletteView.layout.panel(of: ColorChooserView.size, openedBy: .openColorChooser)
    }
}
