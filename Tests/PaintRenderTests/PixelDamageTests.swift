// The damage arithmetic alone: what a list of rectangles becomes, pixel for pixel, and where buffer and document
// pixels meet.
import Foundation
import Geometry
@testable import PaintRender
import Testing

@Suite struct PixelDamageTests {
    /// How many times each pixel of a `width` × `height` area is covered by `rects` (row by row).
    private func coverage(_ rects: [PixelRect], width: Int, height: Int) -> [Int] {
        var counts = [Int](repeating: 0, count: width * height)
        for rect in rects {
            for y in max(rect.y, 0)..<min(rect.maxY, height) {
                for x in max(rect.x, 0)..<min(rect.maxX, width) { counts[y * width + x] += 1 }
            }
        }
        return counts
    }

    /// The tiles of a grid, each `side` square.
    private func grid(columns: Int, rows: Int, side: Int) -> [PixelRect] {
        (0..<(columns * rows)).map { PixelRect(x: ($0 % columns) * side, y: ($0 / columns) * side, width: side, height: side) }
    }

    @Test func tilesSideBySideAreJoinedIntoTheRectangleTheyMake() {
        #expect(PixelDamage.joined(grid(columns: 3, rows: 2, side: 16)) == [PixelRect(x: 0, y: 0, width: 48, height: 32)])
    }

    /// Paper and the preview are written in rectangles joined from the tiles' (``PixelDamage/joined(_:)``): the
    /// same pixels, each once, in fewer rectangles; tiles of unequal heights side by side are not joined.
    @Test func tileRectanglesJoinIntoFewerCoveringTheSamePixels() {
        // A 3 × 3 grid of 8-pixel tiles with the middle one missing, a shorter row below, and a taller tile beside
        // the grid's last row.
        var rects: [PixelRect] = []
        for row in 0..<3 {
            for column in 0..<3 where (row, column) != (1, 1) {
                rects.append(PixelRect(x: column * 8, y: row * 8, width: 8, height: 8))
            }
        }
        rects += [PixelRect(x: 0, y: 24, width: 8, height: 3), PixelRect(x: 8, y: 24, width: 8, height: 3),
                  PixelRect(x: 24, y: 16, width: 8, height: 10)]
        func pixels(_ rects: [PixelRect]) -> [Int: Int] {
            var counts: [Int: Int] = [:]
            for rect in rects {
                for y in rect.y..<rect.maxY { for x in rect.x..<rect.maxX { counts[y * 100 + x, default: 0] += 1 } }
            }
            return counts
        }
        let joined = PixelDamage.joined(rects)
        #expect(pixels(joined) == pixels(rects))
        #expect(joined.count == 6)
    }

    @Test func theTwoStripsOfADiagonalPanStayTwo() {
        let right = PixelRect(x: 780, y: 0, width: 20, height: 600)
        let bottom = PixelRect(x: 0, y: 590, width: 800, height: 10)
        let merged = PixelDamage.mergedSparingly([right, bottom])
        #expect(merged.count == 2)
        #expect(merged.reduce(0) { $0 + $1.area } <= right.area + bottom.area)
    }

    @Test func rectanglesThatTouchWithoutWasteBecomeOne() {
        let left = PixelRect(x: 0, y: 0, width: 10, height: 10), beside = PixelRect(x: 10, y: 0, width: 5, height: 10)
        let inside = PixelRect(x: 2, y: 2, width: 3, height: 3), empty = PixelRect(x: 50, y: 50, width: 0, height: 4)
        #expect(PixelDamage.mergedSparingly([left, inside, empty, beside]) == [PixelRect(x: 0, y: 0, width: 15, height: 10)])
    }

    @Test func mergingSparinglyCoversEveryPixelAndDrawsNoMoreThanTheRectangles() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let rects = (0..<Int.random(in: 1...8, using: &generator)).map { _ in
                PixelRect(x: .random(in: 0..<40, using: &generator), y: .random(in: 0..<40, using: &generator),
                          width: .random(in: 0...20, using: &generator), height: .random(in: 0...20, using: &generator))
            }
            let merged = PixelDamage.mergedSparingly(rects)
            let before = coverage(rects, width: 60, height: 60), after = coverage(merged, width: 60, height: 60)
            #expect(zip(before, after).allSatisfy { $0 == 0 || $1 > 0 }, "\(rects)")
            #expect(merged.reduce(0) { $0 + $1.area } <= rects.reduce(0) { $0 + $1.area }, "\(rects)")
        }
    }

    @Test func aBufferLackingAQuarterOrLessIsDrawnWhole() {
        let drawable = PixelRect(x: 0, y: 0, width: 400, height: 300)
        #expect(PixelDamage.partRows(of: [PixelRect(x: 0, y: 0, width: 400, height: 75)], within: drawable) == nil)
        #expect(PixelDamage.partRows(of: [], within: drawable) == nil)
    }

    @Test func aBufferLackingEverythingComesInFourBandsOfAQuarter() {
        let drawable = PixelRect(x: 0, y: 0, width: 400, height: 300)
        #expect(PixelDamage.partRows(of: [drawable], within: drawable) == 0..<75)
        #expect(PixelDamage.partRows(of: [PixelRect(x: 0, y: 75, width: 400, height: 225)], within: drawable) == 75..<150)
    }

    @Test func aBandReachesAsFarDownAsItsLackingPixelsStayWithinAQuarter() throws {
        let drawable = PixelRect(x: 0, y: 0, width: 400, height: 300)
        // Narrow columns lacking from row 10, and a wide strip lower down: the band goes past the columns' rows.
        let lacking = [PixelRect(x: 0, y: 10, width: 40, height: 290), PixelRect(x: 100, y: 200, width: 300, height: 100)]
        let rows = try #require(PixelDamage.partRows(of: lacking, within: drawable))
        func area(_ band: Range<Int>) -> Int {
            lacking.reduce(0) { $0 + $1.width * max(min($1.maxY, band.upperBound) - max($1.y, band.lowerBound), 0) }
        }
        #expect(rows.lowerBound == 10)
        #expect(area(rows) <= 75 * 400)
        #expect(area(rows.lowerBound..<(rows.upperBound + 1)) > 75 * 400)
    }

    @Test func anUprightPlacementMovesRectanglesByItsOffsetBothWays() {
        let placement = BufferPlacement(offsetX: 130, offsetY: -40, rotation: 0)
        let document = PixelRect(x: 200, y: 10, width: 64, height: 32)
        #expect(placement.bufferRect(ofDocumentPixels: document) == PixelRect(x: 70, y: 50, width: 64, height: 32))
        #expect(placement.documentPixels(of: placement.bufferRect(ofDocumentPixels: document)) == document)
    }

    @Test func aTurnedPlacementGivesBoundsAPixelWiderThatHoldWhereThePixelsGo() {
        let placement = BufferPlacement(offsetX: 0, offsetY: 0, rotation: .pi / 2)
        // A quarter turn about the buffer's corner: the document's x goes down the buffer, its y to the left.
        let document = PixelRect(x: 10, y: 20, width: 30, height: 5)
        #expect(placement.bufferRect(ofDocumentPixels: document) == PixelRect(x: -26, y: 9, width: 7, height: 32))
        for angle in stride(from: 0.1, to: 6.3, by: 0.7) {
            let turned = BufferPlacement(offsetX: 57, offsetY: -13, rotation: angle)
            let shown = turned.bufferRect(ofDocumentPixels: document)
            let back = turned.documentPixels(of: shown)
            #expect(back.union(document) == back, "\(angle)")
        }
    }
}
