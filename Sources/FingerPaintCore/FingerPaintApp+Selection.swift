// The selection (docs/selection.md): the lasso chooses strokes of the current layer, the selection view's fingers move,
// scale and turn them, and the move is one edit. Contract: what is selected lives here (`StrokeSelection`); any other
// edit of the drawing ends it (`selectionSees(_:)`), since the positions it holds would no longer be its strokes.
import Geometry
import Localization
import PaintModel
import PaintUI

/// Strokes of one layer selected, and the outline around them.
public struct StrokeSelection: Hashable, Sendable {
    /// The layer's position.
    public var layer: Int
    /// The selected strokes' positions in the layer, increasing.
    public var indices: [Int]
    /// The outline around them, in document points: the corners of their bounds when selected, moved as they were.
    public var outline: [Point]
    /// The move the fingers are making, not made yet; `nil` while none is under way.
    public var moving: AffineTransform?

    /// The outline where the move under way takes it.
    var shownOutline: [Point] { moving.map { move in outline.map(move.apply) } ?? outline }
}

extension FingerPaintApp {
    /// Whether the selection tool is in use: fingers select and move what is painted instead of painting.
    public var isSelecting: Bool { !selectionView.isHidden }

    /// Chooses the selection tool (`s`, the bar's lasso), or puts it away when it is the tool.
    func toggleSelectionTool() {
        guard !isSelecting else { return putAwaySelectionTool() }
        canvasView.isNavigating = false
        canvasView.isPickingColor = false
        canvasView.isFilling = false
        selectionView.isHidden = false
    }

    /// Fingers paint again: the selection ends and its tool is put away.
    func putAwaySelectionTool() {
        endSelection()
        selectionView.isHidden = true
    }

    /// Ends the selection (Escape, a tap beyond it, another tool, another edit); a move under way is put back.
    func endSelection() {
        guard selection != nil else { return }
        if renderer.isFloating { setDownSelection(movedBy: nil) }
        self.selection = nil
        selectionView.outline = nil
        updateOverlay()
    }

    /// What an edit about to be done means for the selection: a move of it keeps it, anything else ends it.
    func selectionSees(_ edit: DrawingEdit) {
        guard let selection else { return }
        if case let .transform(indices, _) = edit, indices == selection.indices { return }
        endSelection()
    }

    /// How often the selection's dashes step along, and how far each step takes them, in points: a dash and a gap
    /// (9 points) go by in a little over a second, as marching ants do in Krita and GIMP.
    static let dashStep = (interval: Duration.milliseconds(125), distance: 1.0)

    /// Keeps the selection's dashes marching while there is a selection, and stops them when there is none: a
    /// step a ``dashStep`` interval, each a frame of the overlay.
    func marchSelectionDashes() {
        guard selection != nil else {
            if let selectionDashTimer { window.timers.cancel(selectionDashTimer) }
            selectionDashTimer = nil
            return
        }
        guard selectionDashTimer == nil else { return }
        selectionDashTimer = window.timers.schedule(after: Self.dashStep.interval) { [unowned self] in
            selectionDashTimer = nil
            guard selection != nil else { return }
            selectionDashPhase = (selectionDashPhase + Self.dashStep.distance).truncatingRemainder(dividingBy: 9)
            updateOverlay()
            marchSelectionDashes()
        }
    }

    /// The selection's outline, or the lasso's loop being drawn, for the overlay, in window points.
    var selectionOverlay: Overlay.Selection? {
        if let loop = selectionView.loopInProgress {
            return Overlay.Selection(outline: loop.map(view.windowPoint), isClosed: false)
        }
        guard let selection else { return nil }
        let corners = selection.shownOutline.map(view.windowPoint)
        let handles = SelectionView.handles(around: corners)
        return Overlay.Selection(outline: corners, isClosed: true, dashPhase: -selectionDashPhase,
                                 handles: handles.filter { $0.handle != .rotation }.map(\.location),
                                 rotationHandle: handles.first { $0.handle == .rotation }?.location)
    }

    /// Shows the selected strokes moved by `transform` while the fingers move (not an edit yet): at the move's
    /// first step they are lifted off the tiles into the renderer's floating image (``PaintRender/CanvasRenderer/float(_:)``),
    /// drawn once, which each frame then shows moved. `false`, showing nothing new, for a move beyond what a drawing
    /// holds (the selection's outline off the coordinate range).
    private func showSelection(movedBy transform: AffineTransform) -> Bool {
        guard let selection, transform.isSimilarity,
              selection.outline.allSatisfy({ CoordinateRange.contains(transform.apply(to: $0)) }) else { return false }
        if !renderer.isFloating {
            var lifted = drawing
            guard let change = lifted.erase(selection.indices) else { return false }
            renderer.showLayers(of: lifted)
            renderer.apply(change, of: lifted)
            let strokes = drawing.currentLayer.strokes
            renderer.float(selection.indices.map { strokes[$0] })
        }
        renderer.floatingMove = transform
        needsFrame = true
        return true
    }

    /// Sets the floating strokes down: moved by `transform`, one edit, or (`nil`) where they were.
    private func setDownSelection(movedBy transform: AffineTransform?) {
        guard renderer.isFloating, let selection, let range = drawing.currentLayerRange else { return }
        renderer.setDownFloating()
        let positions = selection.indices.map { range.lowerBound + $0 }
        var moved = drawing
        // The renderer shows the drawing without them: they are put back, moved or not.
        guard let transform, transform != .identity, moved.transform(selection.indices, by: transform) != nil else {
            renderer.showLayers(of: drawing)
            renderer.apply(.inserted(positions), of: drawing)
            needsFrame = true
            return
        }
        edit(.transform(selection.indices, by: transform), shownAs: .inserted(positions))
    }

    /// Deletes the selected strokes (Delete, the bar's clear while something is selected): one edit.
    func deleteSelection() {
        guard let selection else { return }
        let indices = selection.indices
        endSelection()
        edit(.erase(indices))
    }

    /// Moves the selected strokes by `transform`, one edit, and their outline with them; a move that changes nothing
    /// or that the drawing refuses (beyond the coordinate range) leaves them where they are.
    func moveSelection(by transform: AffineTransform) {
        guard var selection else { return }
        selection.moving = nil
        self.selection = selection
        let before = drawing.currentLayer.strokes
        if renderer.isFloating {
            setDownSelection(movedBy: transform)
        } else {
            edit(.transform(selection.indices, by: transform))
        }
        // Refused (the identity, beyond the coordinate range): where it was.
        guard drawing.currentLayer.strokes != before else { return updateOverlay() }
        selection.outline = selection.outline.map(transform.apply)
        self.selection = selection
        selectionView.outline = selection.outline
        updateOverlay()
    }

    /// How far a duplicate is put from what it copies, in the view's points, down and to the right.
    static let duplicateOffset = 16.0

    /// Puts a copy of the selected strokes on top of the current layer, a little down and to the right (Ctrl+D, the
    /// selection's menu), one edit, and selects the copy.
    func duplicateSelection() {
        guard let selection, selection.layer == drawing.currentLayerIndex else { return }
        let offset = Self.duplicateOffset / view.zoom
        let shift = AffineTransform(translationBy: Vector(dx: offset, dy: offset))
        let strokes = drawing.currentLayer.strokes
        let copies = selection.indices.map { strokes[$0].transformed(by: shift) ?? strokes[$0] }
        edit(.addStrokes(copies))
        let count = drawing.currentLayer.strokes.count
        guard count == strokes.count + copies.count else { return }
        // Translators: %s is the layer's name.
        select(Array((count - copies.count)..<count), noneSaid: { localized("Nothing was copied of “%s”.", $0) })
    }

    /// Selects the current layer's strokes at `indices` (increasing), its outline around them; for none, says so
    /// (`noneSaid`: the banner's words for the layer's name). A hidden or locked layer refuses, saying why.
    func select(_ indices: [Int], noneSaid: (String) -> String) {
        if let refusal = refusal(ofLayerAt: drawing.currentLayerIndex, toDo: .select) { return say(refusal) }
        let strokes = drawing.currentLayer.strokes
        guard let first = indices.first else {
            return showNotice(noneSaid(drawing.currentLayer.attributes.shownName))
        }
        // The outline a little beyond the strokes, so that it shows beside them.
        let margin = SelectionView.outlineMargin / view.zoom
        let bounds = indices.dropFirst().reduce(strokes[first].bounds) { $0.union(strokes[$1].bounds) }
            .insetBy(dx: -margin, dy: -margin)
        let outline = [Point(x: bounds.minX, y: bounds.minY), Point(x: bounds.maxX, y: bounds.minY),
                       Point(x: bounds.maxX, y: bounds.maxY), Point(x: bounds.minX, y: bounds.maxY)]
        selection = StrokeSelection(layer: drawing.currentLayerIndex, indices: indices, outline: outline)
        selectionView.outline = outline
        updateOverlay()
    }

    /// Selects every stroke of the current layer (the selection's menu).
    func selectAll() {
        endSelection()
        // Translators: %s is the layer's name.
        select(Array(drawing.currentLayer.strokes.indices), noneSaid: { localized("There is no stroke of “%s”.", $0) })
    }

    /// Selects the current layer's strokes the selection does not hold, and not those it does (the selection's menu).
    func invertSelection() {
        guard let selection else { return }
        let held = Set(selection.indices)
        endSelection()
        // Translators: said for the selection menu's "Invert" where every stroke of the layer is selected already
        // (nothing else is selected then); %s is the layer's name.
        select(drawing.currentLayer.strokes.indices.filter { !held.contains($0) },
               noneSaid: { localized("Nothing else is of “%s”.", $0) })
    }

    /// Moves the selected strokes to the top of the layer at `position`, one edit, and paints on that layer with them
    /// selected there; says why not where there is no such layer, or it or the current one is locked or hidden.
    func moveSelection(toLayer position: Int) {
        guard let selection, selection.layer == drawing.currentLayerIndex else { return }
        guard drawing.layers.indices.contains(position) else {
            let name = drawing.currentLayer.attributes.shownName
            // Translators: %s is the layer's name.
            return say(position > drawing.currentLayerIndex ? localized("There is no layer above “%s”.", name)
                       : localized("There is no layer below “%s”.", name))
        }
        if let refusal = refusal(ofLayerAt: position, toDo: .moveStrokes) { return say(refusal) }
        let count = drawing.layers[position].strokes.count, moved = selection.indices.count
        endSelection()
        edit(.moveStrokes(selection.indices, toLayer: position))
        guard drawing.layers[position].strokes.count == count + moved else { return }
        selectLayer(at: position)
        // Translators: %s is the layer's name.
        select(Array(count..<(count + moved)), noneSaid: { localized("Nothing was moved of “%s”.", $0) })
    }

    /// Mirrors the selected strokes about the middle of their outline, left to right or top to bottom.
    func flipSelection(horizontally: Bool) {
        guard let outline = selection?.outline, let bounds = Lasso(points: outline).bounds else { return }
        moveSelection(by: AffineTransform(flippingHorizontally: horizontally, about: bounds.center))
    }
}

extension FingerPaintApp: SelectionViewDelegate {
    /// Selects the current layer's strokes the loop encloses; says so when there are none.
    public func selectionView(_ view: SelectionView, didDrawLoop lasso: Lasso) {
        endSelection()
        // Translators: %s is the layer's name.
        select(lasso.selection(of: drawing.currentLayer.strokes), noneSaid: { localized("The loop holds no stroke of “%s”.", $0) })
    }

    /// A tap beyond the selection ends it.
    public func selectionView(_ view: SelectionView, didTapAt point: Point) {
        endSelection()
    }

    /// The selection follows the fingers, shown moved; once they lift, the move is one edit.
    public func selectionView(_ view: SelectionView, moves transform: AffineTransform, isFinal: Bool, cancelled: Bool) {
        guard var selection, selection.layer == drawing.currentLayerIndex else { return }
        if let refusal = currentLayerRefusal { return say(refusal) }
        guard isFinal else {
            guard showSelection(movedBy: transform) else { return }
            selection.moving = transform
            self.selection = selection
            return updateOverlay()
        }
        moveSelection(by: cancelled ? .identity : transform)
    }

    /// A finger held on the selection opens its menu beside it.
    public func selectionViewDidLongPress(_ view: SelectionView) {
        guard let selection, let bounds = Lasso(points: selection.shownOutline.map(self.view.windowPoint)).bounds
        else { return }
        let area = Rect(x: 0, y: 0, width: window.bounds.width, height: max(paletteView.layout.bar.minY, 0))
        clearNoticeForMenu()
        selectionMenuView.open(beside: bounds, in: area)
        updateOverlay()
    }

    /// A two- or three-finger tap: undo or redo, as on the canvas.
    public func selectionView(_ view: SelectionView, didAskFor command: PaintCommand) {
        perform(command)
    }

    /// The loop being drawn changed: the overlay shows it.
    public func selectionViewDidChange(_ view: SelectionView) {
        updateOverlay()
    }
}

extension FingerPaintApp: SelectionMenuViewDelegate {
    /// Does what the selection's menu asked for.
    public func selectionMenuView(_ menu: SelectionMenuView, didAsk action: SelectionMenuView.Action?) {
        switch action {
        case .copy: copy()
        case .cut: cut()
        case .paste: paste()
        case .duplicate: duplicateSelection()
        case .flipHorizontally: flipSelection(horizontally: true)
        case .flipVertically: flipSelection(horizontally: false)
        case .layerUp: moveSelection(toLayer: drawing.currentLayerIndex + 1)
        case .layerDown: moveSelection(toLayer: drawing.currentLayerIndex - 1)
        case .delete: deleteSelection()
        case .selectAll: selectAll()
        case .invert: invertSelection()
        case nil: break
        }
        updateOverlay()
    }
}
