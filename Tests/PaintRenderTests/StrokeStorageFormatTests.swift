import Foundation
import Geometry
import PaintModel
import PaintRender
import Testing

/// Strokes stored compactly (issue #22) save the same bytes and give the tile cache the same digest as the
/// strokes stored as arrays of three `Double`s a sample did: the figures below were taken from main at e123f49,
/// before the change, for the same drawing, and hold with the times in two bytes (memtimes) too.
@Suite struct StrokeStorageFormatTests {
    /// A drawing with every kind of stroke: compact (Float coordinates, whole milliseconds), coordinates only a
    /// Double holds, times that are not whole milliseconds, no times, some times unknown, pressure, a dot; with
    /// an undo history.
    static func drawing() -> Drawing {
        func sample(_ x: Double, _ y: Double, _ milliseconds: Double?) -> StrokePoint {
            StrokePoint(Point(x: x, y: y), time: milliseconds.map(Timestamp.milliseconds))
        }
        let compactPoints: [StrokePoint] = (0..<30).map { (index: Int) -> StrokePoint in
            let step = Double(index)
            return sample(100 + step * 0.25, 50 - step / 8, 4_000_000 + 8 * step)
        }
        let widePoints: [StrokePoint] = (0..<25).map { (index: Int) -> StrokePoint in
            let step = Double(index)
            return sample(step / 3, sin(step), step * 16.7)
        }
        let untimedPoints: [StrokePoint] = (0..<10).map { (index: Int) -> StrokePoint in sample(Double(index), 7, nil) }
        let someUnknownPoints: [StrokePoint] = (0..<10).map { (index: Int) -> StrokePoint in
            sample(3, Double(index), index % 3 == 0 ? nil : Double(500 + index))
        }
        let pressurePoints: [StrokePoint] = (0..<12).map { (index: Int) -> StrokePoint in
            sample(200 + Double(index), 90, Double(index))
        }
        let pens: [StrokePen] = (0..<12).map { (index: Int) -> StrokePen in
            StrokePen(pressure: Double(index) / 12, altitude: 1, azimuth: 0.5)
        }
        let compact = Stroke(points: compactPoints, color: Brush.palette[2], width: 6)
        let wide = Stroke(points: widePoints, color: Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.5), width: 2.5)
        let untimed = Stroke(points: untimedPoints, color: .black, width: 12)
        let someUnknown = Stroke(points: someUnknownPoints, color: .black, width: 1)
        let pressure = Stroke(points: pressurePoints, pen: pens, color: Brush.palette[4], width: 16)
        let dot = Stroke(points: [sample(-40.75, 1e5 + 0.1, nil)], color: .white, width: 3)
        var drawing = Drawing()
        for stroke in [compact, wide, untimed, someUnknown, pressure, dot].compactMap({ $0 }) { drawing.add(stroke) }
        drawing.undo()
        drawing.add(dot)
        drawing.erase([1])
        return drawing
    }

    /// FNV-1a of the bytes (not a CRC: a journal's records end in their own CRC, which a CRC over them cancels).
    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        bytes.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }

    @Test func theSavedBytesAndTheTileCachesDigestAreWhatTheyWereBefore() throws {
        let drawing = Self.drawing()
        let bytes = DrawingDocument.encode(drawing)
        #expect(drawing.strokes.map(\.isCompact) == [true, true, true, true, false])
        // The timed compact strokes take two bytes a time (whole milliseconds within 65.5 s, some unknown), the
        // untimed ones none; the dot's coordinates are Doubles.
        #expect(drawing.strokes.map { $0.sampleBytes / $0.points.count } == [10, 8, 10, 10, 16])
        // The records are what version 4 wrote: only the header says version 9 (layers, issue #36; brushes and the
        // colours a smudge picked up, #37; strokes moved and fills, #38).
        var asVersion4 = bytes
        asVersion4.replaceSubrange(0..<DrawingDocument.headerSize, with: DrawingDocument.header(version: 4))
        #expect(bytes.count == 2564 && Self.fnv1a(asVersion4) == 159_452_042_038_258_797)
        #expect(Self.fnv1a(bytes) == 1_485_443_213_173_117_833)
        #expect(TileStore.digest(of: drawing.strokes) == 1_562_945_653_582_522_809)
    }
}
