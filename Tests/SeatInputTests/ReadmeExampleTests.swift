import Foundation
import Testing
import SeatInput
import TouchUI

/// The README's example, as written there, does what it says.
@Suite struct ReadmeExampleTests {
    @Test func theReadmeExampleRecognizesTheBundledTrace() throws {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        let canvas = View(frame: window.bounds)
        window.addSubview(canvas)

        let doubleTap = TapGestureRecognizer { _ in print("double tap") }
        doubleTap.numberOfTapsRequired = 2
        let tap = TapGestureRecognizer { recognizer in print("tap at", recognizer.location(in: canvas)) }
        tap.require(toFail: doubleTap)
        let pan = PanGestureRecognizer { recognizer in
            let pan = recognizer as! PanGestureRecognizer
            print(pan.state, pan.translation(in: canvas), pan.velocity(in: canvas))
        }
        for recognizer in [tap, doubleTap, pan] { canvas.addGestureRecognizer(recognizer) }

        let translator = SeatEventTranslator(window: window)
        translator.handle(try Trace(contentsOf: BundledTraceTests.root.appendingPathComponent("assets/two-fingers.jsonl")).events)
        translator.finish()
        // Two fingers drawing apart and down: their centroid moves down 20 pt, a pan.
        #expect(printed.map { $0.prefix(17) } == ["began (0.0, 10.0)", "changed (0.0, 20.", "ended (0.0, 20.0)"])
        printed = []
        translator.handle([
            SeatEvent(time: .milliseconds(1000), .touchDown(id: 0, location: Point(x: 100, y: 100))), SeatEvent(time: .milliseconds(1000), .touchFrame),
            SeatEvent(time: .milliseconds(1016), .touchMotion(id: 0, location: Point(x: 130, y: 100))), SeatEvent(time: .milliseconds(1016), .touchFrame),
            SeatEvent(time: .milliseconds(1033), .touchUp(id: 0)), SeatEvent(time: .milliseconds(1033), .touchFrame),
        ])
        #expect(printed.first?.hasPrefix("began (30.0, 0.0)") == true)
        #expect(printed.last?.hasPrefix("ended (30.0, 0.0)") == true)
    }
}
