import Testing
@testable import TouchUI

@Suite struct HitTestingTests {
    private func tree() -> (window: Window, back: View, front: View, child: View) {
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let back = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let front = View(frame: Rect(x: 100, y: 100, width: 200, height: 200))
        let child = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        window.addSubview(back)
        window.addSubview(front)
        front.addSubview(child)
        return (window, back, front, child)
    }

    @Test func theFrontMostSubviewWins() {
        let (window, back, front, child) = tree()
        #expect(window.hitTest(Point(x: 150, y: 150), with: nil) === front)
        #expect(window.hitTest(Point(x: 50, y: 50), with: nil) === back)
        #expect(window.hitTest(Point(x: 115, y: 115), with: nil) === child)
        #expect(window.hitTest(Point(x: 350, y: 50), with: nil) === window)
        #expect(window.hitTest(Point(x: 450, y: 50), with: nil) == nil)
    }

    @Test func hiddenAndNonInteractiveViewsLetTouchesThrough() {
        let (window, back, front, child) = tree()
        front.isHidden = true
        #expect(window.hitTest(Point(x: 150, y: 150), with: nil) === back)
        front.isHidden = false
        front.isUserInteractionEnabled = false
        #expect(window.hitTest(Point(x: 115, y: 115), with: nil) === back)
        _ = child
    }

    @Test func aSubviewStickingOutOfItsSuperviewIsNotHitOutside() {
        let (window, _, front, _) = tree()
        let outside = View(frame: Rect(x: 150, y: 0, width: 100, height: 100))
        front.addSubview(outside)
        // The part inside its superview takes touches; the part sticking out does not.
        #expect(window.hitTest(Point(x: 270, y: 150), with: nil) === outside)
        #expect(window.hitTest(Point(x: 320, y: 150), with: nil) === window)
    }

    @Test func pointInsideCanBeOverridden() {
        final class Round: View {
            override func point(inside point: Point, with event: Event?) -> Bool {
                point.distance(to: bounds.center) <= bounds.width / 2
            }
        }
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let round = Round(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(round)
        #expect(window.hitTest(Point(x: 50, y: 50), with: nil) === round)
        #expect(window.hitTest(Point(x: 3, y: 3), with: nil) === window)
    }

    @Test func pointsConvertBetweenViewsThroughBoundsOrigins() {
        let (window, back, front, child) = tree()
        front.bounds.origin = Point(x: 5, y: 0)
        #expect(child.convert(Point(x: 0, y: 0), to: nil) == Point(x: 105, y: 110))
        #expect(child.convert(Point(x: 0, y: 0), to: back) == Point(x: 105, y: 110))
        #expect(back.convert(Point(x: 105, y: 110), to: child) == Point(x: 0, y: 0))
        #expect(front.convert(Point(x: 105, y: 110), from: window) == Point(x: 10, y: 10))
        #expect(window.hitTest(Point(x: 106, y: 111), with: nil) === child)
    }

    @Test func zOrderChangesMoveViews() {
        let (window, back, front, _) = tree()
        window.bringSubviewToFront(back)
        #expect(window.hitTest(Point(x: 150, y: 150), with: nil) === back)
        window.sendSubviewToBack(back)
        #expect(window.hitTest(Point(x: 150, y: 150), with: nil) === front)
        front.removeFromSuperview()
        #expect(window.hitTest(Point(x: 150, y: 150), with: nil) === back)
        #expect(front.window == nil)
    }
}
