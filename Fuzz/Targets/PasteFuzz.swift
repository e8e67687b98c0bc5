// What the clipboard or a drop may hold, from anywhere (docs/selection.md, "Copy and paste", "Drop"): pasted or
// dropped into a window, never a trap, and at most one edit of the drawing; a text/uri-list read for its first local
// file.
import FingerPaintCore
import Foundation
import Geometry
import PaintModel

extension FuzzTargets {
    /// The input's first byte chooses the type (fingerpaint's strokes, a PNG, a JPEG, a URI list; an SVG when its top
    /// bit is set) and whether it is pasted or dropped (where, from far inside the window to far beyond any drawing),
    /// the rest are the content. A URI list is only read for the file it names (no file is opened here); the others
    /// are pasted or dropped into a small window holding one stroke.
    public static func paste(_ bytes: [UInt8]) {
        let types = [FingerPaintApp.strokesMIMEType, "image/png", "image/jpeg", "text/uri-list"]
        let choice = Int(bytes.first ?? 0)
        // The top bit picks an SVG, so the seeds made before it kept their meaning.
        let type = choice & 0x80 != 0 ? "image/svg+xml" : types[choice % types.count]
        let drop = [nil, Point(x: 80, y: 60), Point(x: -3000, y: 9000), Point(x: 1e12, y: -1e12)][(choice / 4) % 4]
        let content = Array(bytes.dropFirst())
        if type == "text/uri-list" {
            if let file = FingerPaintApp.firstFile(inURIList: content) {
                precondition(file.isFileURL && file.path.hasPrefix("/"), "a URI list named no local file: \(file)")
            }
            return
        }
        let stroke = Stroke(points: [StrokePoint(Point(x: 20, y: 20)), StrokePoint(Point(x: 60, y: 40))], color: .black, width: 4)
        let app = FingerPaintApp(size: Size(width: 160, height: 120), drawing: Drawing(strokes: [stroke]))
        if let drop { app.drop(content, as: type, at: drop) } else { app.paste(content, as: type) }
        app.waitForPictures()
        let layers = app.drawing.layers
        precondition(layers.count <= 2 && layers[0].strokes.first == stroke, "a paste changed what was there")
        app.perform(.undo)
        precondition(app.drawing.layers.count == 1 && app.drawing.strokes == [stroke], "a paste is more than one edit")
    }
}
