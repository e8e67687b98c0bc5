import Testing
@testable import TouchUI

/// A view that logs every touch call it gets, as "name.phase(ids)".
final class LoggingView: View {
    let name: String
    let log: Log
    var handlesTouches = true

    init(_ name: String, frame: Rect, log: Log) {
        self.name = name
        self.log = log
        super.init(frame: frame)
    }

    private func record(_ phase: String, _ touches: Set<Touch>) {
        let ids = touches.map(\.identifier).sorted().map(String.init).joined(separator: ",")
        log.entries.append("\(name).\(phase)(\(ids))")
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        handlesTouches ? record("began", touches) : super.touchesBegan(touches, with: event)
    }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        handlesTouches ? record("moved", touches) : super.touchesMoved(touches, with: event)
    }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        handlesTouches ? record("ended", touches) : super.touchesEnded(touches, with: event)
    }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        handlesTouches ? record("cancelled", touches) : super.touchesCancelled(touches, with: event)
    }
}

final class Log {
    var entries: [String] = []
}

/// A window 800x600 with a canvas filling it and a 100x100 box at (100, 100) on top.
struct Scene {
    let log = Log()
    let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 600))
    let canvas: LoggingView
    let box: LoggingView

    init() {
        canvas = LoggingView("canvas", frame: Rect(x: 0, y: 0, width: 800, height: 600), log: log)
        box = LoggingView("box", frame: Rect(x: 100, y: 100, width: 100, height: 100), log: log)
        window.addSubview(canvas)
        canvas.addSubview(box)
    }

    func send(_ inputs: TouchInput..., at milliseconds: Double) {
        window.handle(inputs, at: Timestamp(milliseconds: milliseconds))
    }
}

func down(_ contact: Int, _ x: Double, _ y: Double) -> TouchInput { TouchInput(contact: contact, .began(Point(x: x, y: y))) }
func move(_ contact: Int, _ x: Double, _ y: Double) -> TouchInput { TouchInput(contact: contact, .moved(Point(x: x, y: y))) }
func up(_ contact: Int) -> TouchInput { TouchInput(contact: contact, .ended()) }
func cancel(_ contact: Int) -> TouchInput { TouchInput(contact: contact, .cancelled) }

@Suite struct TouchDeliveryTests {
    @Test func aFingerThatLeavesItsViewKeepsGoingToIt() {
        let scene = Scene()
        scene.send(down(1, 150, 150), at: 0)
        scene.send(move(1, 500, 400), at: 16)
        scene.send(up(1), at: 32)
        #expect(scene.log.entries == ["box.began(1)", "box.moved(1)", "box.ended(1)"])
    }

    @Test func locationsAreInTheAskingViewsCoordinates() {
        let scene = Scene()
        var seen: [Point] = []
        final class Probe: View {
            var onMove: (Touch) -> Void = { _ in }
            override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { touches.forEach(onMove) }
        }
        let probe = Probe(frame: Rect(x: 300, y: 300, width: 50, height: 50))
        probe.onMove = { touch in
            seen = [touch.location(in: probe), touch.previousLocation(in: probe), touch.location(in: nil)]
        }
        scene.canvas.addSubview(probe)
        scene.send(down(1, 310, 320), at: 0)
        scene.send(move(1, 330, 340), at: 16)
        #expect(seen == [Point(x: 30, y: 40), Point(x: 10, y: 20), Point(x: 330, y: 340)])
    }

    @Test func aViewThatDoesNotHandleAPhasePassesItToItsSuperview() {
        let scene = Scene()
        scene.box.handlesTouches = false
        scene.send(down(1, 150, 150), at: 0)
        scene.send(up(1), at: 30)
        #expect(scene.log.entries == ["canvas.began(1)", "canvas.ended(1)"])
    }

    @Test func twoFingersInOneFrameArriveTogether() {
        let scene = Scene()
        scene.canvas.isMultipleTouchEnabled = true
        scene.send(down(1, 400, 300), down(2, 500, 300), at: 0)
        scene.send(move(1, 410, 300), at: 16)
        scene.send(up(1), up(2), at: 32)
        #expect(scene.log.entries == ["canvas.began(1,2)", "canvas.moved(1)", "canvas.ended(1,2)"])
    }

    @Test func anEventCarriesStationaryTouchesInAllTouches() {
        let scene = Scene()
        scene.canvas.isMultipleTouchEnabled = true
        var phases: [String] = []
        final class Probe: View {
            var onMove: (Set<Touch>, Event?) -> Void = { _, _ in }
            override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { onMove(touches, event) }
        }
        let probe = Probe(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        probe.isMultipleTouchEnabled = true
        probe.onMove = { touches, event in
            phases = (event?.allTouches ?? []).sorted { $0.identifier < $1.identifier }.map { "\($0.phase)" }
            #expect(event?.touches(for: probe).count == 2)
            #expect(touches.count == 1)
        }
        scene.window.addSubview(probe)
        scene.send(down(1, 100, 100), down(2, 300, 300), at: 0)
        scene.send(move(2, 310, 300), at: 16)
        #expect(phases == ["stationary", "moved"])
    }

    @Test func aViewWithoutMultipleTouchGetsOnlyItsFirstTouch() {
        let scene = Scene()
        scene.send(down(1, 400, 300), at: 0)
        scene.send(down(2, 500, 300), at: 10)
        scene.send(move(1, 410, 300), move(2, 510, 300), at: 20)
        scene.send(up(1), up(2), at: 30)
        #expect(scene.log.entries == ["canvas.began(1)", "canvas.moved(1)", "canvas.ended(1)"])
        #expect(scene.window.activeTouches.isEmpty)
    }

    @Test func anExclusiveTouchViewKeepsOtherViewsFromTouches() {
        let scene = Scene()
        scene.box.isExclusiveTouch = true
        scene.send(down(1, 150, 150), at: 0)
        scene.send(down(2, 500, 500), at: 10)
        scene.send(up(1), up(2), at: 20)
        scene.send(down(3, 500, 500), at: 30)
        #expect(scene.log.entries == ["box.began(1)", "box.ended(1)", "canvas.began(3)"])
    }

    @Test func aCancelInTheMiddleOfATwoFingerStrokeCancelsBoth() {
        let scene = Scene()
        scene.canvas.isMultipleTouchEnabled = true
        scene.send(down(1, 400, 300), down(2, 500, 300), at: 0)
        scene.send(move(1, 420, 300), move(2, 520, 300), at: 16)
        scene.window.cancelAllTouches(at: Timestamp(milliseconds: 20))
        #expect(scene.log.entries == ["canvas.began(1,2)", "canvas.moved(1,2)", "canvas.cancelled(1,2)"])
        #expect(scene.window.activeTouches.isEmpty)
    }

    @Test func aSecondBeganForALiveContactCancelsTheOldTouch() {
        let scene = Scene()
        scene.send(down(1, 400, 300), at: 0)
        scene.send(down(1, 450, 300), at: 10)
        scene.send(up(1), at: 20)
        #expect(scene.log.entries == ["canvas.began(1)", "canvas.cancelled(1)", "canvas.began(2)", "canvas.ended(2)"])
    }

    @Test func changesForUnknownContactsAreIgnored() {
        let scene = Scene()
        scene.send(move(7, 1, 1), up(8), cancel(9), at: 0)
        #expect(scene.log.entries.isEmpty)
    }

    @Test func twoMovesOfOneContactInAGroupAreTwoDeliveries() {
        let scene = Scene()
        var samples: [Point] = []
        final class Probe: View {
            var onMove: (Touch) -> Void = { _ in }
            override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { touches.forEach(onMove) }
        }
        let probe = Probe(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        probe.onMove = { samples.append($0.location(in: nil)) }
        scene.window.addSubview(probe)
        scene.send(down(1, 10, 10), move(1, 20, 10), move(1, 30, 10), at: 0)
        #expect(samples == [Point(x: 20, y: 10), Point(x: 30, y: 10)])
    }

    @Test func majorRadiusComesFromTheSource() {
        let scene = Scene()
        var radii: [Double] = []
        final class Probe: View {
            var onTouch: (Touch) -> Void = { _ in }
            override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { touches.forEach(onTouch) }
            override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { touches.forEach(onTouch) }
        }
        let probe = Probe(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        probe.onTouch = { radii.append($0.majorRadius) }
        scene.window.addSubview(probe)
        scene.send(TouchInput(contact: 1, .began(Point(x: 5, y: 5), majorRadius: 6)), at: 0)
        scene.send(TouchInput(contact: 1, .moved(Point(x: 6, y: 5), majorRadius: nil)), at: 10)
        scene.send(TouchInput(contact: 1, .moved(Point(x: 7, y: 5), majorRadius: 8)), at: 20)
        #expect(radii == [6, 6, 8])
    }

    @Test func anExclusiveTouchViewGetsNoTouchWhileAnotherViewHasOne() {
        let scene = Scene()
        scene.box.isExclusiveTouch = true
        scene.canvas.isMultipleTouchEnabled = true
        scene.send(down(1, 500, 500), at: 0)
        scene.send(down(2, 150, 150), at: 10)  // on the exclusive box while the canvas has a touch
        scene.send(up(1), up(2), at: 20)
        #expect(scene.log.entries == ["canvas.began(1)", "canvas.ended(1)"])
    }

    @Test func touchesThatDidNotChangeInAnEventAreStationaryInIt() {
        let scene = Scene()
        var phases: [[String]] = []
        final class Probe: View {
            var onMove: (Event?) -> Void = { _ in }
            override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { onMove(event) }
        }
        let probe = Probe(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        probe.isMultipleTouchEnabled = true
        probe.onMove = { event in
            phases.append((event?.allTouches ?? []).sorted { $0.identifier < $1.identifier }.map { "\($0.phase)" })
        }
        scene.window.addSubview(probe)
        scene.send(down(1, 100, 100), at: 0)
        scene.send(down(2, 300, 300), at: 10)
        scene.send(down(3, 500, 300), at: 20)
        scene.send(move(1, 110, 100), at: 30)
        scene.send(move(3, 510, 300), at: 40)
        #expect(phases == [["moved", "stationary", "stationary"], ["stationary", "stationary", "moved"]])
    }
}
