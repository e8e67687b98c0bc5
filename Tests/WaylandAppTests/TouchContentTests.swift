import Geometry
import SeatInput
import Testing
import TouchUI
@testable import WaylandApp

/// The ready-made content: the seat's events to a TouchUI window through the translator, keys and drawing to its
/// delegate, a frame asked for only after a change.
@Suite struct TouchContentTests {
    /// A view that notes the touches that begin on it.
    final class NotingView: View {
        var began: [Point] = []
        override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
            began += touches.map { $0.location(in: self) }
        }
    }

    /// A delegate that notes what it is told.
    final class NotingDelegate: TouchContentDelegate {
        var keys: [KeyChord] = []
        var sizes: [Size] = []
        var drawn: [(width: Int, height: Int)] = []
        func touchContent(_ content: TouchContent, draw target: DrawTarget) {
            drawn.append((target.width, target.height))
        }
        func touchContent(_ content: TouchContent, didResizeTo size: Size) {
            sizes.append(size)
            #expect(content.window.frame.size == size, "the window is resized before the delegate hears of it")
        }
        func touchContent(_ content: TouchContent, didPress chord: KeyChord) {
            keys.append(chord)
        }
    }

    /// A content of 400x300 points with a view filling its window, and its delegate.
    static func make() -> (TouchContent, NotingView, NotingDelegate) {
        let content = TouchContent(size: Size(width: 400, height: 300))
        let view = NotingView(frame: content.window.bounds)
        content.window.addSubview(view)
        let delegate = NotingDelegate()
        content.delegate = delegate
        return (content, view, delegate)
    }

    @Test func aTouchReachesTheWindowsViewThroughTheTranslator() {
        let (content, view, delegate) = Self.make()
        content.handle(SeatEvent(time: .milliseconds(10), .touchDown(id: 3, location: Point(x: 120, y: 80))))
        content.handle(SeatEvent(time: .milliseconds(10), .touchFrame))
        #expect(view.began == [Point(x: 120, y: 80)])
        #expect(delegate.keys.isEmpty)
    }

    @Test func aKeyGoesToTheDelegateAndToNoView() {
        let (content, view, delegate) = Self.make()
        content.handle(SeatEvent(time: .milliseconds(10), .key(KeyChord("q"))))
        #expect(delegate.keys == [KeyChord("q")])
        #expect(view.began.isEmpty)
    }

    @Test func aTickFiresTheWindowsTimersAtTheirDeadline() {
        let (content, _, _) = Self.make()
        var fired = false
        _ = content.window.timers.schedule(at: .milliseconds(500)) { fired = true }
        #expect(content.nextDeadline == .milliseconds(500))
        content.handle(SeatEvent(time: .milliseconds(500), .tick))
        #expect(fired)
        #expect(content.nextDeadline == nil)
    }

    @Test func aFrameIsAskedForFirstAfterAChangeAndAfterAResizeOnly() {
        let (content, _, delegate) = Self.make()
        #expect(content.takeInvalidation() == .everything, "the first frame")
        #expect(content.takeInvalidation() == .nothing)
        content.handle(SeatEvent(time: .milliseconds(10), .touchDown(id: 1, location: Point(x: 5, y: 5))))
        #expect(content.takeInvalidation() == .nothing, "input alone changes nothing the app did not say")
        content.setNeedsDisplay()
        #expect(content.takeInvalidation() == .everything)
        #expect(content.takeInvalidation() == .nothing)
        content.resize(to: Size(width: 640, height: 480), scale: 2)
        #expect(delegate.sizes == [Size(width: 640, height: 480)])
        #expect(content.window.frame == Rect(x: 0, y: 0, width: 640, height: 480))
        #expect(content.takeInvalidation() == .everything)
    }

    @Test func theDelegateDrawsTheTargetAndNothingElseChanged() throws {
        let (content, _, delegate) = Self.make()
        let pixels = UnsafeMutableRawPointer.allocate(byteCount: 800 * 4 * 600, alignment: 16)
        defer { pixels.deallocate() }
        let target = DrawTarget(pixels: pixels, stride: 800 * 4, pixelWidth: 800, pixelHeight: 600, scale: 2,
                                owner: content)
        let changed = content.draw(into: target, damage: [PixelRect(x: 0, y: 0, width: 800, height: 600)])
        #expect(changed.isEmpty)
        let drawn = try #require(delegate.drawn.first)
        #expect(delegate.drawn.count == 1 && drawn.width == 400 && drawn.height == 300)
    }

    @Test func theSessionIsHeldWeaklyAndTheDelegateToo() {
        let content = TouchContent(size: Size(width: 10, height: 10))
        do {
            let delegate = NotingDelegate()
            content.delegate = delegate
        }
        #expect(content.delegate == nil)
        #expect(content.session == nil)
    }
}
