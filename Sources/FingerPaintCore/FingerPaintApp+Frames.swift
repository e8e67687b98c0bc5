// The painting app's frames: one preamble for every kind of frame, the renderer's drawing, the layout on resize.
import PaintModel
import PaintRender
import PaintUI
import TouchUI

extension FingerPaintApp {
    /// Brings the shown frame up to date and returns the rectangles of buffer pixels that changed.
    ///
    /// `time` is when the frame will be committed, on the input's clock: the strokes' predicted tails reach the
    /// places predicted for then, so the ink ends where the fingers are when it shows. `nil` draws the tails as far
    /// as they are predicted.
    @discardableResult
    public func renderFrame(at time: Timestamp? = nil) -> [PixelRect] {
        fullFrame(at: time) { renderer.renderFrame(liveStrokes: $0, predictedTails: $1) }
    }

    /// Draws the next frame straight into a window's buffer, as ``renderFrame(at:)`` does into the renderer's own
    /// frame: only what that buffer lacks (``PaintRender/CanvasRenderer/renderFrame(liveStrokes:predictedTails:into:)``).
    public func renderFrame(at time: Timestamp? = nil, into target: FrameTarget) -> FrameDamage {
        fullFrame(at: time) { renderer.renderFrame(liveStrokes: $0, predictedTails: $1, into: target) }
    }

    /// A frame at full resolution: the preamble, `draw` with the strokes in progress and their tails predicted for
    /// `time`, then the document's reading may start, and whether another frame is due.
    private func fullFrame<Damage>(at time: Timestamp?,
                                   _ draw: ([Int: Stroke], [Int: [Point]]) -> Damage) -> Damage {
        prepareFrame(at: time, isReduced: false)
        let damage = draw(canvasView.shownLiveStrokes, canvasView.predictedTails(at: time))
        // After the first frame, not before it: the font's loading would share the cores with it.
        if renderer.drawsTilesInBackground { warmUpOverlayFont() }
        startReadingAfterFrame()
        // A turned view shown roughly while it moved is shown sharp at the next frame.
        needsFrame = renderer.needsSharperFrame || canvasView.isGliding || galleryView.isGliding
        return damage
    }

    /// What every frame does before it is drawn: the document read, what saving did, the thumbnails made, and a
    /// step of a flicked view's glide (and of a flicked gallery's). A reduced frame takes no loaded document (its
    /// target was sized for the view it was asked in) and leaves the gallery where it is.
    private func prepareFrame(at time: Timestamp?, isReduced: Bool) {
        if !isReduced { takeLoadedDocument() }
        pollDocument()
        takeThumbnails()
        if canvasView.isGliding { canvasView.glide(to: time ?? window.timers.now) }
        if !isReduced, galleryView.isGliding { galleryView.glide(to: time ?? window.timers.now) }
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
        prepareFrame(at: time, isReduced: true)
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
        selectionView.frame = bounds
        paletteView.frame = bounds
        paletteView.layoutItems()
        placeColorChooser()
        indicatorView.frame = ViewIndicatorView.frame(in: size)
        galleryView.frame = bounds
        galleryView.scroll(by: 0)
        // A layer's menu opened beside a row that has moved: closed, as a touch outside it would.
        layerMenuView.close()
        layerMenuView.frame = bounds
        selectionMenuView.close()
        selectionMenuView.frame = bounds
        renderer.resize(to: size, scale: scale, strokes: drawing.strokes)
        view = view.shown(in: size, scale: scale)
        renderer.setView(view)
        canvasView.viewTransform = view
        selectionView.viewTransform = view
        updateOverlay()
        needsFrame = true
    }

    /// Where the banner goes now: across the top of the window, and below the gallery's header while the gallery
    /// is open, so that it never covers the header or its close button. ``updateOverlay()`` places the banner by
    /// it, before every overlay it shows.
    var bannerFrame: Rect {
        Overlay.Banner.frame(in: window.bounds.size, below: isShowingGallery ? GalleryView.headerHeight : 0)
    }
}
