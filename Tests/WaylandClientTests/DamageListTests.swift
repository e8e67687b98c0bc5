// Damage lists: covered and empty rectangles skipped, the bounding box past the limit, clipping to the window.
import Geometry
import Testing
@testable import WaylandClient

@Suite("Damage lists")
struct DamageListTests {
    @Test("A pixel rectangle covers a fractional rectangle of points by rounding outwards, at the scale")
    func coveringRoundsOutwards() {
        #expect(PixelRect(covering: Rect(x: 1.5, y: 2.2, width: 3, height: 0.5), scale: 1) == PixelRect(x: 1, y: 2, width: 4, height: 1))
        #expect(PixelRect(covering: Rect(x: 1.5, y: 2.2, width: 3, height: 0.5), scale: 2) == PixelRect(x: 3, y: 4, width: 6, height: 2))
    }

    @Test("Containment: a rectangle holds those inside it and every empty one, and not one that sticks out")
    func containment() {
        let a = PixelRect(x: 0, y: 0, width: 10, height: 10)
        #expect(a.contains(PixelRect(x: 2, y: 2, width: 8, height: 8)))
        #expect(!a.contains(PixelRect(x: 2, y: 2, width: 9, height: 8)))
        #expect(!a.contains(PixelRect(x: -1, y: 0, width: 5, height: 5)))
        #expect(a.contains(PixelRect(x: 50, y: 50, width: 0, height: 3)))
    }

    @Test("A damage list skips covered and empty rectangles and drops those a new one covers")
    func damageListStaysMinimal() {
        var list = DamageList()
        list.insert(PixelRect(x: 0, y: 0, width: 10, height: 10))
        list.insert(PixelRect(x: 2, y: 2, width: 3, height: 3))
        list.insert(PixelRect(x: 50, y: 50, width: 0, height: 3))
        #expect(list.rects == [PixelRect(x: 0, y: 0, width: 10, height: 10)])
        list.insert(PixelRect(x: -5, y: -5, width: 30, height: 30))
        #expect(list.rects == [PixelRect(x: -5, y: -5, width: 30, height: 30)])
    }

    @Test("Past the limit a damage list becomes its bounding box")
    func damageListCollapses() {
        var list = DamageList()
        for index in 0...DamageList.limit {
            list.insert(PixelRect(x: index * 20, y: 0, width: 10, height: 10))
        }
        #expect(list.rects == [PixelRect(x: 0, y: 0, width: DamageList.limit * 20 + 10, height: 10)])
    }

    @Test("Clipping to the window drops what lies outside")
    func clipping() {
        let list = DamageList([PixelRect(x: 90, y: 90, width: 20, height: 20), PixelRect(x: 200, y: 0, width: 5, height: 5)])
        #expect(list.clipped(to: PixelRect(x: 0, y: 0, width: 100, height: 100)) == [PixelRect(x: 90, y: 90, width: 10, height: 10)])
    }
}
