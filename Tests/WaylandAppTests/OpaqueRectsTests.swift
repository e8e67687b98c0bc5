import Geometry
import Testing
@testable import WaylandApp

/// The rectangles a frame makes opaque in a translucent buffer: what the content drew, each pixel at least once,
/// a rectangle repeated or lying within another made opaque once.
@Suite struct OpaqueRectsTests {
    private func collect(_ rects: [PixelRect]) -> [PixelRect] {
        var result: [PixelRect] = []
        for rect in rects { LiveSession.add(rect, to: &result) }
        return result
    }

    @Test func aRepeatedOrEnclosedRectangleIsMadeOpaqueOnce() {
        let a = PixelRect(x: 10, y: 10, width: 20, height: 15)
        let b = PixelRect(x: 100, y: 40, width: 9, height: 23)
        let inB = PixelRect(x: 101, y: 45, width: 3, height: 4)
        #expect(collect([a, b, a, b, inB]) == [a, b])
    }

    @Test func everyPixelOfEveryRectangleIsCovered() {
        // Rectangles of a frame's change and of the frames before, overlapping in every way.
        var rects: [PixelRect] = []
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(seed >> 33) % bound
        }
        for _ in 0..<60 {
            let rect = PixelRect(x: next(60), y: next(60), width: 1 + next(30), height: 1 + next(30))
            rects.append(rect)
            if next(2) == 0 { rects.append(rect) }
        }
        let kept = collect(rects)
        #expect(kept.count < rects.count)
        let missed = rects.filter { rect in
            (rect.y..<rect.maxY).contains { y in
                (rect.x..<rect.maxX).contains { x in !kept.contains { $0.contains(PixelRect(x: x, y: y, width: 1, height: 1)) } }
            }
        }
        #expect(missed.isEmpty, "\(missed.prefix(3))")
    }
}
