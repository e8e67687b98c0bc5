// The layers as the window changes them: a new layer, which layer is painted on, a picture placed on a new layer,
// a layer's menu (rename, duplicate, clear, delete, blend mode, opacity), a row dragged to another place. Each change
// is an edit of the drawing's one history (docs/layers.md), recorded in its document as strokes are.
import Dispatch
import DrawingImport
import FoundationEssentials
import Geometry
import Localization
import PaintModel
import PaintRender
import PaintUI
import Threading

extension FingerPaintApp {
    /// Puts a new empty layer, "Layer N" (one more than the highest number a layer is named with), above the current
    /// one, and paints on it.
    func addLayerAboveCurrent() {
        let numbers = drawing.layers.compactMap { layer -> Int? in
            // Default names stay English in the document (LayerAttributes.shownName translates them for the eye).
            let name = layer.attributes.name
            return name.hasPrefix("Layer ") ? Int(name.dropFirst("Layer ".count)) : nil
        }
        let number = min(numbers.max() ?? 0, Int.max - 1) + 1
        let position = drawing.currentLayerIndex + 1
        edit(.addLayer(at: position, LayerAttributes(name: LayerAttributes.defaultName(number: number))))
        selectLayer(at: position)
    }

    /// Puts the picture in the PNG, JPEG or SVG file at `url` on a new layer above the current one, named after the file,
    /// and paints on it: centred in the view (or at `centre`, a point of the drawing), one point a pixel, or smaller
    /// to fit nine tenths of the view. One edit (undo takes the layer away); the file is only read, and decoded on
    /// `queue`, off the Wayland thread (``decodePicture(named:centredAt:failing:done:on:_:)``). A file that is no such
    /// picture says why in the banner.
    public func placeImage(at url: URL, centredAt centre: Point? = nil, on queue: DispatchQueue = .global(qos: .userInitiated)) {
        let file = url.lastPathComponent
        decodePicture(named: url.deletingPathExtension().lastPathComponent, centredAt: centre,
                      // Translators: the first %s is a file's name, the second why it is no picture fingerpaint reads.
                      failing: { localized("Cannot place %s: %s.", file, $0) }, on: queue) { () throws(ForeignDrawing.ImportError) in
            try ForeignDrawing.picture(at: url)
        }
    }

    /// Reads and decodes a picture with `decode` on `queue`, off the Wayland thread (a photo takes a tenth of a
    /// second or more), and places it as ``place(_:named:centredAt:)`` does once it is done, in the order asked, a
    /// timer looking for it (``takeDecodedPictures()``); `done` is logged then. One that is no picture says why in the
    /// banner, in the words `failing` makes of the reason.
    func decodePicture(named name: String, centredAt centre: Point?, failing: @escaping @Sendable (String) -> String,
                       done: String? = nil,
                       on queue: DispatchQueue = .global(qos: .userInitiated),
                       _ decode: @escaping @Sendable () throws(ForeignDrawing.ImportError) -> LayerImage) {
        let job = PictureJob(name: name, centre: centre, failing: failing, done: done)
        pictureJobs.append(job)
        queue.async {
            do throws(ForeignDrawing.ImportError) {
                job.outcome.finish(.success(try decode()))
            } catch {
                job.outcome.finish(.failure(error))
            }
        }
        scheduleBackgroundPoll()
    }

    /// Places the pictures decoded so far, in the order asked, stopping at the first still being decoded; says why
    /// for those that are no picture. Returns whether any was taken (called by a timer while pictures are decoded).
    @discardableResult
    public func takeDecodedPictures() -> Bool {
        var took = false
        while let job = pictureJobs.first, let outcome = job.outcome.value {
            pictureJobs.removeFirst()
            took = true
            switch outcome {
            case let .success(picture):
                place(picture, named: job.name, centredAt: job.centre)
                if let done = job.done { report("fingerpaint: \(done)") }
            case let .failure(error):
                report("fingerpaint: \(error)")
                showNotice(job.failing(error.reason))
            }
        }
        return took
    }

    /// Waits for every picture being decoded, and places them as ``takeDecodedPictures()`` does.
    public func waitForPictures() {
        for job in pictureJobs { job.outcome.wait() }
        takeDecodedPictures()
    }

    /// Looks every 16 ms, while a merge's picture or pictures to place are made on a background queue, for those
    /// done, and makes them edits: nothing else may wake the window.
    private func scheduleBackgroundPoll() {
        guard backgroundPollTimer == nil else { return }
        backgroundPollTimer = window.timers.schedule(after: .milliseconds(16)) { [unowned self] in
            backgroundPollTimer = nil
            takeMergedLayer()
            takeDecodedPictures()
            if layerMerge != nil || !pictureJobs.isEmpty { scheduleBackgroundPoll() }
            updateOverlay()
        }
    }

    /// Puts `picture` on a new layer named `name` above the current one, and paints on it: centred in the view (or
    /// at `centre`, a point of the drawing), one point a pixel, or smaller to fit nine tenths of the view. One edit.
    func place(_ picture: LayerImage, named name: String, centredAt centre: Point? = nil) {
        let view = canvasView.viewTransform.documentRect(canvasView.bounds)
        let side = (width: picture.frame.width, height: picture.frame.height)
        let scale = min(1, 0.9 * view.width / side.width, 0.9 * view.height / side.height)
        let size = Size(width: side.width * scale, height: side.height * scale)
        let middle = centre ?? view.center
        let frame = Rect(x: middle.x - size.width / 2, y: middle.y - size.height / 2, width: size.width,
                         height: size.height)
        guard let placed = try? LayerImage(bytes: picture.bytes, pixels: picture.pixels, frame: frame) else {
            return showNotice(localized("Cannot place %s there: move the view nearer the drawing.", name))
        }
        let position = drawing.currentLayerIndex + 1
        edit(.addImageLayer(at: position, LayerAttributes(name: name), placed))
        selectLayer(at: position)
    }

    /// Paints on the layer at `position` (from 0 at the bottom), and says so in a banner; nothing for a position
    /// outside the stack.
    func selectLayer(at position: Int) {
        guard drawing.layers.indices.contains(position), position != drawing.currentLayerIndex else { return }
        edit(.selectLayer(position))
        let name = drawing.currentLayer.attributes.shownName
        // Translators: %s is the layer's name; then its place, from 1 at the bottom, and how many layers there are.
        showNotice(localized("Painting on “%s”, layer %d of %d.", name, position + 1, drawing.layers.count))
    }

    /// Changes the attributes of the layer at `position` (one undoable edit); nothing for a position outside the
    /// stack.
    func changeLayer(at position: Int, _ change: (inout LayerAttributes) -> Void) {
        guard drawing.layers.indices.contains(position) else { return }
        var attributes = drawing.layers[position].attributes
        change(&attributes)
        edit(.setLayer(at: position, attributes))
    }

    /// Moves the current layer `offset` places up the stack (down for a negative one), as one edit; it stays current.
    func moveCurrentLayer(by offset: Int) {
        let from = drawing.currentLayerIndex, to = from + offset
        guard drawing.layers.indices.contains(to) else { return }
        edit(.moveLayer(from: from, to: to))
    }

    /// Deletes the current layer, strokes and all (one edit; never the last layer), and says so with an Undo.
    func deleteCurrentLayer() {
        deleteLayer(at: drawing.currentLayerIndex)
    }

    /// Deletes the layer at `position`, strokes and all (one edit; never the last layer), and says so with an Undo.
    func deleteLayer(at position: Int) {
        guard drawing.layers.count > 1, drawing.layers.indices.contains(position) else { return }
        let name = drawing.layers[position].attributes.shownName
        edit(.removeLayer(at: position))
        showNotice(localized("Deleted “%s”.", name), action: (title: Self.undoButton, perform: { [unowned self] in perform(.undo) }))
    }

    /// Moves the layer at `from` to `to` (the positions after the move) as one edit; nothing for a position outside
    /// the stack or a move to where it is.
    func moveLayer(from: Int, to: Int) {
        guard from != to, drawing.layers.indices.contains(from), drawing.layers.indices.contains(to) else {
            return updateOverlay()
        }
        edit(.moveLayer(from: from, to: to))
    }

    /// Clears the layer at `position`, which is painted on from then (one edit, with an Undo); a locked or hidden
    /// layer refuses it with the banner's words for painting on it.
    func clearLayer(at position: Int) {
        guard drawing.layers.indices.contains(position) else { return }
        if position != drawing.currentLayerIndex { edit(.selectLayer(position)) }
        // A refused clear says why (edit(_:)); an empty layer has nothing to clear.
        guard currentLayerRefusal == nil else { return edit(.clear) }
        guard !drawing.currentLayer.isEmpty else { return }
        let name = drawing.currentLayer.attributes.shownName
        edit(.clear)
        showNotice(localized("Cleared “%s”.", name), action: (title: Self.undoButton, perform: { [unowned self] in perform(.undo) }))
    }

    /// Merges the layer at `position` into the one below, which keeps its name, opacity and blend mode and is
    /// painted on from then (one edit, with an Undo). A layer drawn straight over the one below (opaque, normal, no
    /// picture) gives it its strokes, kept sharp at every zoom, at once; any other is put together with it into one
    /// picture, as OpenRaster keeps a layer, one pixel a point: drawn and encoded on `queue`, off the Wayland
    /// thread, the edit made when it is done (``takeMergedLayer()``) if neither layer changed meanwhile. Nothing for
    /// the bottom layer; a locked or hidden layer of the two refuses it, with a banner saying why.
    func mergeLayerDown(at position: Int, on queue: DispatchQueue = .global(qos: .userInitiated)) {
        guard position > 0, drawing.layers.indices.contains(position) else { return }
        for layer in [position, position - 1] {
            if let refusal = refusal(ofLayerAt: layer, toDo: .merge) { return say(refusal) }
        }
        if let job = layerMerge { return say(localized("Still merging “%s”: a moment.", job.upperName)) }
        let upper = drawing.layers[position], lower = drawing.layers[position - 1]
        let isPlain = upper.attributes.opacity >= 1 && upper.attributes.blendMode == .normal && upper.image == nil
        guard !isPlain && !upper.isEmpty else { return finishMerge(at: position, into: nil) }
        let job = LayerMergeJob(position: position, upper: upper, lower: lower)
        layerMerge = job
        var below = PictureLayer(lower)
        (below.opacity, below.blendMode) = (1, .normal)
        let merged = DrawingPicture(layers: [below, PictureLayer(upper)])
        queue.async {
            let picture = merged.imageWithoutPaper().pngBytes().flatMap { try? LayerImage(bytes: $0, frame: merged.area) }
            job.picture.finish(picture)
        }
        // Translators: the upper layer's name, then the lower one's.
        showNotice(localized("Merging “%s” into “%s”…", upper.attributes.shownName, lower.attributes.shownName))
        scheduleBackgroundPoll()
    }

    /// Makes the merge down whose picture is done an edit, if the two layers are as they were when it began; says
    /// why not otherwise. Returns whether one was done (called by a timer while a merge runs).
    @discardableResult
    public func takeMergedLayer() -> Bool {
        guard let job = layerMerge, let picture = job.picture.value else { return false }
        layerMerge = nil
        let layers = drawing.layers
        guard layers.indices.contains(job.position), job.position > 0, job.isStill(layers[job.position], over: layers[job.position - 1])
        else {
            say(localized("“%s” or the layer below changed while they were being merged: merge it again.", job.upperName))
            return true
        }
        guard let picture else {
            showNotice(localized("Cannot merge “%s”: its picture would be too large.", job.upperName))
            return true
        }
        finishMerge(at: job.position, into: picture)
        return true
    }

    /// Waits for the merge down under way, if any, and makes it an edit as ``takeMergedLayer()`` does.
    public func waitForMerge() {
        guard let job = layerMerge else { return }
        job.picture.wait()
        takeMergedLayer()
    }

    /// The merge's edit, and its notice with an Undo.
    private func finishMerge(at position: Int, into picture: LayerImage?) {
        let upper = drawing.layers[position].attributes.shownName, lower = drawing.layers[position - 1].attributes.shownName
        edit(.mergeLayerDown(at: position, into: picture))
        // Translators: the upper layer's name, then the lower one's.
        showNotice(localized("Merged “%s” into “%s”.", upper, lower),
                   action: (title: Self.undoButton, perform: { [unowned self] in perform(.undo) }))
    }

    // MARK: - A layer's menu

    /// Opens the menu of the layer at `position` beside its row (window points).
    func openLayerMenu(for position: Int, beside row: Rect) {
        guard drawing.layers.indices.contains(position) else { return }
        let area = Rect(x: 0, y: 0, width: window.bounds.width, height: max(paletteView.layout.bar.minY, 0))
        layerMenuView.frame = window.bounds
        layerMenuView.open(for: position, attributes: drawing.layers[position].attributes,
                           canDelete: drawing.layers.count > 1, canMergeDown: position > 0, beside: row, in: area)
        updateOverlay()
    }

    /// Shows the layer of the menu as the drawing has it now; closes the menu when its layer or the panel is gone.
    func refreshLayerMenu() {
        guard layerMenuView.isOpen else { return }
        guard !layersPanelView.isHidden, drawing.layers.indices.contains(layerMenuView.position) else {
            layerMenuView.isHidden = true
            renderer.showLayers(of: drawing)
            return
        }
        layerMenuView.attributes = drawing.layers[layerMenuView.position].attributes
        layerMenuView.canDelete = drawing.layers.count > 1
        layerMenuView.canMergeDown = layerMenuView.position > 0
    }

    /// Does what a layer's menu asks for, on its layer.
    func perform(_ request: LayerMenuView.Request, onLayerAt position: Int) {
        guard drawing.layers.indices.contains(position) else { return updateOverlay() }
        switch request {
        case let .rename(name):
            let trimmed = String(name.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
            if !trimmed.isEmpty, trimmed != drawing.layers[position].attributes.shownName {
                changeLayer(at: position) { $0.name = trimmed }
            }
        case .duplicate: edit(.duplicateLayer(at: position))
        case .mergeDown: mergeLayerDown(at: position)
        case .clear: clearLayer(at: position)
        case .delete: deleteLayer(at: position)
        case let .setBlendMode(mode):
            if mode != drawing.layers[position].attributes.blendMode { changeLayer(at: position) { $0.blendMode = mode } }
        case let .previewOpacity(opacity):
            // Shown, not kept: the drawing changes at the lift, as one edit.
            var preview = drawing
            var attributes = preview.layers[position].attributes
            attributes.opacity = opacity
            _ = preview.setLayer(at: position, attributes)
            renderer.showLayers(of: preview)
            needsFrame = true
        case let .setOpacity(opacity):
            if opacity != drawing.layers[position].attributes.opacity {
                changeLayer(at: position) { $0.opacity = opacity }
            } else {
                renderer.showLayers(of: drawing)
                needsFrame = true
            }
        case .changed, .close: break
        }
        updateOverlay()
    }

    /// Shows the drawing's layers in the layers panel, and puts the panel beside the bar's layers button, sized for
    /// them.
    func refreshLayersPanel() {
        guard !layersPanelView.isHidden else { return }
        layersPanelView.layers = drawing.layers.map(\.attributes)
        layersPanelView.currentLayer = drawing.currentLayerIndex
        let layout = paletteView.layout
        let size = LayersPanelView.size(layers: drawing.layers.count, fitting: layout.bar.minY - 2 * PanelPlacement.gap)
        layersPanelView.frame = layout.panel(of: size, openedBy: .openLayers)
        let side = Int(LayersPanelView.thumbnailSide) * max(renderer.scale, 1)
        let canvas = Rect(x: 0, y: 0, width: window.bounds.width, height: window.bounds.height)
        let made = layerThumbnails.update(for: drawing.layers, area: canvas, side: side)
        for key in renderer.galleryThumbnails.keys where key.hasPrefix(LayerThumbnails.keyPrefix) && made.images[key] == nil {
            renderer.galleryThumbnails[key] = nil
        }
        for (key, image) in made.images where renderer.galleryThumbnails[key] !== image {
            renderer.galleryThumbnails[key] = image
        }
        layersPanelView.thumbnails = made.keys
    }
}

/// A value made once on a background queue for the main thread: ``finish(_:)`` is called once, from the queue; the
/// main thread looks at ``value`` or waits for it.
final class BackgroundResult<Value: Sendable>: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let result = Locked<Value?>(nil)

    /// The value, once made; `nil` before.
    var value: Value? { result.withLock { $0 } }

    /// The value is made.
    func finish(_ value: Value) {
        result.withLock { $0 = value }
        done.signal()
    }

    /// Waits until the value is made (at once after that).
    func wait() {
        done.wait()
        done.signal()
    }
}

/// A picture read and decoded on a background queue to be placed: where, and what it became once done.
final class PictureJob: Sendable {
    /// The layer's name, where the picture is centred (`nil`: the view's middle), the banner's words for why it is
    /// no picture, and the log's line once it is placed.
    let name: String
    let centre: Point?
    let failing: @Sendable (String) -> String
    let done: String?
    /// The picture, or why there is none.
    let outcome = BackgroundResult<Result<LayerImage, ForeignDrawing.ImportError>>()

    init(name: String, centre: Point?, failing: @escaping @Sendable (String) -> String, done: String?) {
        self.name = name
        self.centre = centre
        self.failing = failing
        self.done = done
    }
}

/// A merge down whose picture is drawn on a background queue: the two layers as they were when it began, and the
/// picture once it is done.
final class LayerMergeJob: Sendable {
    /// The upper layer's position, and its name for the banner.
    let position: Int
    let upperName: String
    /// The two layers' contents and attributes when the merge began.
    private let upper: (revision: LayerRevision, attributes: LayerAttributes)
    private let lower: (revision: LayerRevision, attributes: LayerAttributes)
    /// The merged picture; `nil` when it could not be made (too large).
    let picture = BackgroundResult<LayerImage?>()

    init(position: Int, upper: Layer, lower: Layer) {
        self.position = position
        upperName = upper.attributes.shownName
        self.upper = (upper.revision, upper.attributes)
        self.lower = (lower.revision, lower.attributes)
    }

    /// Whether `upper` over `lower` are the layers the merge began with: the same content and attributes.
    func isStill(_ upper: Layer, over lower: Layer) -> Bool {
        upper.revision == self.upper.revision && upper.attributes == self.upper.attributes
            && lower.revision == self.lower.revision && lower.attributes == self.lower.attributes
    }
}

