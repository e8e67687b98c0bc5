// The layers as the window changes them: a new layer, which layer is painted on. Each change is an edit of the
// drawing's one history (docs/layers.md), recorded in its document as strokes are.
import DrawingImport
import FoundationEssentials
import Geometry
import PaintModel

extension FingerPaintApp {
    /// Puts a new empty layer, "Layer N" (one more than the highest number a layer is named with), above the current
    /// one, and paints on it.
    func addLayerAboveCurrent() {
        let numbers = drawing.layers.compactMap { layer -> Int? in
            let name = layer.attributes.name
            guard name.hasPrefix("Layer ") else { return nil }
            return Int(name.dropFirst("Layer ".count))
        }
        let number = min(numbers.max() ?? 0, Int.max - 1) + 1
        let position = drawing.currentLayerIndex + 1
        edit(.addLayer(at: position, LayerAttributes(name: LayerAttributes.defaultName(number: number))))
        selectLayer(at: position)
    }

    /// Puts the picture in the PNG or JPEG file at `url` on a new layer above the current one, named after the file,
    /// and paints on it: centred in the view, one point a pixel, or smaller to fit nine tenths of the view. One edit
    /// (undo takes the layer away); the file is only read. A file that is no such picture says why in the banner.
    public func placeImage(at url: URL) {
        let picture: LayerImage
        do {
            picture = try ForeignDrawing.picture(at: url)
        } catch {
            report("fingerpaint: \(error)")
            return showNotice("Cannot place \(url.lastPathComponent): \(error.reason).")
        }
        let view = canvasView.viewTransform.documentRect(canvasView.bounds)
        let side = (width: picture.frame.width, height: picture.frame.height)
        let scale = min(1, 0.9 * view.width / side.width, 0.9 * view.height / side.height)
        let size = Size(width: side.width * scale, height: side.height * scale)
        let frame = Rect(x: view.midX - size.width / 2, y: view.midY - size.height / 2, width: size.width,
                         height: size.height)
        guard let placed = try? LayerImage(bytes: picture.bytes, pixels: picture.pixels, frame: frame) else {
            return showNotice("Cannot place \(url.lastPathComponent) there: move the view nearer the drawing.")
        }
        let position = drawing.currentLayerIndex + 1
        edit(.addImageLayer(at: position, LayerAttributes(name: url.deletingPathExtension().lastPathComponent), placed))
        selectLayer(at: position)
    }

    /// Paints on the layer at `position` (from 0 at the bottom), and says so in a banner; nothing for a position
    /// outside the stack.
    func selectLayer(at position: Int) {
        guard drawing.layers.indices.contains(position), position != drawing.currentLayerIndex else { return }
        edit(.selectLayer(position))
        let name = drawing.currentLayer.attributes.name
        showNotice("Painting on “\(name)”, layer \(position + 1) of \(drawing.layers.count).")
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
        guard drawing.layers.count > 1 else { return }
        let name = drawing.currentLayer.attributes.name
        edit(.removeLayer(at: drawing.currentLayerIndex))
        showNotice("Deleted “\(name)”.", action: (title: "Undo", perform: { [unowned self] in perform(.undo) }))
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
    }
}
