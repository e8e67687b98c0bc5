// Damage rectangles: enclosing, union, intersection, and the short damage list.
import Testing
@testable import WaylandClient

@Suite("Surface rectangles and damage lists")
struct SurfaceRectTests {
    @Test("A fractional rectangle is enclosed by rounding outwards")
    func enclosingRoundsOutwards() {
        #expect(SurfaceRect(enclosingX: 1.5, y: 2.2, width: 3, height: 0.5) == SurfaceRect(x: 1, y: 2, width: 4, height: 1))
    }
}
