// What the clipboard may hold, from anywhere (docs/selection.md, "Copy and paste"): pasted into a window, never a
// trap, and at most one edit of the drawing; a text/uri-list read for its first local file.
import FingerPaintCore
import Foundation
import Geometry
import PaintModel

extension FuzzTargets {
    /// The input's first byte chooses the type (fingerpaint's strokes, a PNG, a JPEG, a URI list), the rest are the
    /// clipboard's bytes. A URI list is only read for the file it names (no file is opened here); the others are
    /// pasted into a small window holding one stroke.
    public static func paste(_ bytes: [UInt8]) {
        let types = [FingerPaintApp.strokesMIMEType, "image/png", "image/jpeg", "text/uri-list"]
        let type = types[Int(bytes.first ?? 0) % types.count]
        let content = Array(bytes.dropFirst())
        if type == "text/uri-list" {
            if let file = FingerPaintApp.firstFile(inURIList: content) {
                precondition(file.isFileURL && file.path.hasPrefix("/"), "a URI list named no local file: \(file)")
            }
            return
        }
        let stroke = Stroke(points: [StrokePoint(Point(x: 20, y: 20)), StrokePoint(Point(x: 60, y: 40))], color: .black, width: 4)
        let app = FingerPaintApp(size: Size(width: 160, height: 120), drawing: Drawing(strokes: [stroke]))
        app.paste(content, as: type)
        let layers = app.drawing.layers
        precondition(layers.count <= 2 && layers[0].strokes.first == stroke, "a paste changed what was there")
        app.perform(.undo)
        precondition(app.drawing.layers.count == 1 && app.drawing.strokes == [stroke], "a paste is more than one edit")
    }
}
