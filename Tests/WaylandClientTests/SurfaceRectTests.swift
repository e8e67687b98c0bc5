// Damage rectangles: enclosing, union, intersection, and the short damage list.
import Testing
@testable import WaylandClient

@Suite("Surface rectangles and damage lists")
struct SurfaceRectTests {
    @Test("A fractional rectangle is enclosed by rounding outwards")
    func enclosingRoundsOutwards() {
        #expect(SurfaceRect(enclosingX: 1.5, y: 2.2, width: 3, height: 0.5) == SurfaceRect(x: 1, y: 2, width: 4, height: 1))
    }

    @Test("Intersection clips, and rectangles that do not overlap intersect in an empty one")
    func intersection() {
        let a = SurfaceRect(x: 0, y: 0, width: 10, height: 10)
        #expect(a.intersection(SurfaceRect(x: 5, y: 5, width: 10, height: 10)) == SurfaceRect(x: 5, y: 5, width: 5, height: 5))
        #expect(a.intersection(SurfaceRect(x: 20, y: 0, width: 5, height: 5)).isEmpty)
    }

    @Test("A damage list skips covered and empty rectangles and drops those a new one covers")
    func damageListStaysMinimal() {
        var list = DamageList()
        list.insert(SurfaceRect(x: 0, y: 0, width: 10, height: 10))
        list.insert(SurfaceRect(x: 2, y: 2, width: 3, height: 3))
        list.insert(SurfaceRect(x: 50, y: 50, width: 0, height: 3))
        #expect(list.rects == [SurfaceRect(x: 0, y: 0, width: 10, height: 10)])
        list.insert(SurfaceRect(x: -5, y: -5, width: 30, height: 30))
        #expect(list.rects == [SurfaceRect(x: -5, y: -5, width: 30, height: 30)])
    }

    @Test("Past the limit a damage list becomes its bounding box")
    func damageListCollapses() {
        var list = DamageList()
        for index in 0...DamageList.limit {
            list.insert(SurfaceRect(x: index * 20, y: 0, width: 10, height: 10))
        }
        #expect(list.rects == [SurfaceRect(x: 0, y: 0, width: DamageList.limit * 20 + 10, height: 10)])
    }

    @Test("Clipping to the window drops what lies outside")
    func clipping() {
        let list = DamageList([SurfaceRect(x: 90, y: 90, width: 20, height: 20), SurfaceRect(x: 200, y: 0, width: 5, height: 5)])
        #expect(list.clipped(to: SurfaceRect(x: 0, y: 0, width: 100, height: 100)) == [SurfaceRect(x: 90, y: 90, width: 10, height: 10)])
    }
}
