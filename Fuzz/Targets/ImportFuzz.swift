// Another program's file made a drawing (docs/layers.md, "Pictures"): a picture or an OpenRaster painting, read or
// refused, never a trap; the drawing it makes is whole, writes and reads back, and draws.
import DrawingImport
import Geometry
import PaintModel
import PaintRender

extension FuzzTargets {
    /// ``ForeignDrawing`` on arbitrary bytes: bytes starting with 0x01 are the rest taken as `stack.xml` in an
    /// archive of small PNGs (as ``openRaster(_:)`` does); any other bytes are a whole file. A drawing made has a
    /// layer at least, a current layer among them, pictures within the limits; written as a document it reads back
    /// equal, and its thumbnail draws.
    public static func foreignDrawing(_ bytes: [UInt8]) {
        let bytes = bytes.first == 1 ? archive(stack: bytes.dropFirst()) : bytes
        guard let imported = try? ForeignDrawing.drawing(from: bytes, named: "fuzz") else { return }
        let drawing = imported.drawing
        precondition(!drawing.layers.isEmpty && drawing.layers.indices.contains(drawing.currentLayerIndex),
                     "a drawing without its current layer was made")
        for layer in drawing.layers {
            guard let image = layer.image else { continue }
            precondition(image.pixels.width <= 16384 && image.pixels.height <= 16384
                && CoordinateRange.contains(image.frame.origin), "a picture past the limits was made")
        }
        guard let again = try? DrawingDocument.read(DrawingDocument.encode(drawing)) else {
            preconditionFailure("a drawing made from a file does not read back once written")
        }
        precondition(again.drawing == drawing && !again.isDamaged, "a drawing made from a file changed when written and read")
        _ = DrawingPicture(drawing: drawing).thumbnail(fitting: 32)
    }
}
