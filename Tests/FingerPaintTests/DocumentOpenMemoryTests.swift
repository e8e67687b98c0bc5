import CAllocationCounter
import Foundation
import Geometry
import PaintModel
import Testing

/// Opening a document reads it a chunk at a time (issue #22, "Lean": the window's peak came while a 48 MB document
/// was opened, its bytes held whole beside the strokes decoded from them). Counted with CAllocationCounter's
/// largest single allocation on the opening thread, never timed.
@Suite(.enabled(if: CAllocationCounter_isAvailable() != 0, "a sanitizer's build counts no allocations"))
struct DocumentOpenMemoryTests {
    /// A drawing of many strokes with times: its document is about 10 MB.
    static func bigDrawing() -> Drawing {
        var strokes: [Stroke] = []
        for index in 0..<4000 {
            var stroke = Stroke(color: Brush.palette[index % 9], width: Double(2 + index % 30))
            for step in 0..<100 {
                stroke.append(StrokePoint(Point(x: Double(index % 1000) + Double(step), y: Double(index / 4 + step)),
                                          time: Timestamp(milliseconds: Double(index * 1000 + step * 8))))
            }
            strokes.append(stroke)
        }
        return Drawing(strokes: strokes)
    }

    @Test func openingADocumentOfTenMegabytesNeverAllocatesItsSizeAtOnce() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("big.fpdraw")
        let drawing = Self.bigDrawing()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try DocumentFile.writeNew(drawing, to: url)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
        #expect(size > 9_000_000)

        CAllocationCounter_start()
        let opened = try DocumentFile.open(url, create: false)
        _ = CAllocationCounter_stop()
        let largest = CAllocationCounter_largest()
        opened.journal?.close()

        #expect(opened.drawing.strokes.count == drawing.strokes.count)
        #expect(opened.notices.isEmpty)
        // A chunk (1 MiB) and the record it carries over, or the strokes' own storage: never the file whole.
        #expect(largest < size / 2, "largest single allocation \(largest) bytes of a \(size)-byte document")
    }
}
