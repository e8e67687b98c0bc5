import PropertyBased
import Testing
import SeatInput
import TouchUI

/// Random seat-event streams, bad ones included, fed through the translator into a window.
@Suite struct SeatStreamPropertyTests {
    /// Decodes one random number into a seat event: touch downs, motions, ups, frames and cancels for four IDs,
    /// the pointer's left button and motion, two pens' proximity, down, motion with pressure and tilt, up, buttons
    /// and frames in any order (down without proximity, motion after proximity-out, duplicate downs), ticks; now and
    /// then non-finite or absurd coordinates and time going backwards. Encoding events as numbers lets the property checker shrink a failing stream.
    static func event(from number: Int, after time: inout Double) -> SeatEvent {
        let id = Int32((number >> 4) % 4)
        var location = Point(x: Double((number >> 6) % 900) - 50, y: Double((number >> 16) % 700) - 50)
        switch (number >> 26) % 29 {
        case 0: location.x = .nan
        case 1: location.y = 1e12
        default: break
        }
        time += (number >> 31) % 37 == 0 ? -5 : Double((number >> 36) % 40)
        let kind: SeatEvent.Kind
        let tool = Int(id % 2)
        let axes = TabletAxes(pressure: Double((number >> 40) % 11) / 10, tiltX: Double((number >> 44) % 121) - 60,
                              tiltY: (number >> 51) % 3 == 0 ? nil : Double((number >> 53) % 61) - 30)
        switch number % 24 {
        case 0...3: kind = .touchDown(id: id, location: location)
        case 4...7: kind = .touchMotion(id: id, location: location)
        case 8, 9: kind = .touchUp(id: id)
        case 10, 11: kind = .touchFrame
        case 12: kind = .touchCancel
        case 13: kind = .pointerMotion(location: location)
        case 14: kind = .pointerButton(.left, isPressed: (number >> 5) % 2 == 0)
        case 15: kind = .tablet(.proximityIn((number >> 5) % 2 == 0 ? .pen : .eraser, location: location), tool: tool)
        case 16: kind = .tablet(.down, tool: tool)
        case 17, 18: kind = .tablet(.motion(location: location, axes: axes), tool: tool)
        case 19: kind = .tablet(.up, tool: tool)
        case 20: kind = .tablet((number >> 5) % 3 == 0 ? .proximityOut : .frame, tool: tool)
        case 21: kind = .tablet(.button((number >> 5) % 2 == 0 ? .stylus : .stylus2, isPressed: (number >> 7) % 2 == 0), tool: tool)
        case 22:
            kind = switch (number >> 5) % 4 {
            case 0: .drag(.enter(location: location, mimeTypes: ["text/uri-list", "text/plain"],
                                 data: Array("file:///tmp/\(number % 1000) \"x\".png\r\n".utf8)))
            case 1: .drag(.motion(location: location))
            case 2: .drag(.leave)
            default: .drag(.drop)
            }
        default: kind = .tick
        }
        return SeatEvent(time: .milliseconds(time), kind)
    }

    static let streams = Gen.int(in: 0...Int.max).array(of: 0...150)

    private static func play(_ numbers: [Int]) -> RecordingWindow {
        let recorder = RecordingWindow()
        var time = 0.0
        recorder.feed([SeatEvent(time: .milliseconds(0), .pointerEnter(location: Point(x: 400, y: 300)))])
        recorder.feed(numbers.map { event(from: $0, after: &time) })
        return recorder
    }

    @Test func everyTouchThatBeganEndsOrIsCancelledExactlyOnceInOrder() async {
        await propertyCheck(count: 300, input: Self.streams) { numbers in
            let recorder = Self.play(numbers)
            recorder.translator.finish()
            for (identifier, phases) in recorder.canvas.phasesByTouch {
                #expect(phases.first == .began, "touch \(identifier): \(phases)")
                #expect(phases.dropFirst().dropLast().allSatisfy { $0 == .moved }, "touch \(identifier): \(phases)")
                #expect(phases.count >= 2 && phases.last?.isFinished == true, "touch \(identifier): \(phases)")
                #expect(phases.filter(\.isFinished).count == 1, "touch \(identifier): \(phases)")
            }
            #expect(recorder.window.activeTouches.isEmpty)
            #expect(recorder.window.pensInProximity.isEmpty)
        }
    }

    @Test func penTouchesArePencilsOrErasersAndNeverOtherKinds() async {
        await propertyCheck(count: 200, input: Self.streams) { numbers in
            let recorder = Self.play(numbers)
            recorder.translator.finish()
            for (identifier, kinds) in recorder.canvas.kindsByTouch {
                #expect(Set(kinds).count == 1, "touch \(identifier) changed kind: \(kinds)")
            }
            // Every pen touch carries force from 0 to its maximum, 1.
            for (identifier, forces) in recorder.canvas.forcesByTouch {
                #expect(forces.allSatisfy { (0...1).contains($0) }, "touch \(identifier): \(forces)")
            }
        }
    }

    @Test func noTouchIsStuckOnceAllFingersAreUp() async {
        await propertyCheck(count: 300, input: Self.streams) { numbers in
            let recorder = Self.play(numbers)
            recorder.translator.flush()
            if !recorder.translator.hasActiveTouches {
                #expect(recorder.window.activeTouches.isEmpty)
            }
            // Lifting every ID, releasing the button and lifting both pens always leaves nothing down.
            let lift = (0..<4).map { SeatEvent(time: .milliseconds(1e9), .touchUp(id: Int32($0))) }
                + [SeatEvent(time: .milliseconds(1e9), .touchFrame), SeatEvent(time: .milliseconds(1e9), .pointerButton(.left, isPressed: false))]
                + (0..<2).flatMap { [SeatEvent(time: .milliseconds(1e9), .tablet(.up, tool: $0)), SeatEvent(time: .milliseconds(1e9), .tablet(.frame, tool: $0))] }
            recorder.feed(lift)
            #expect(!recorder.translator.hasActiveTouches)
            #expect(recorder.window.activeTouches.isEmpty)
        }
    }

    @Test func aStreamWrittenAsATraceReadsBackTheSame() async {
        await propertyCheck(count: 100, input: Self.streams) { numbers in
            var time = 0.0
            // A trace holds what a seat really says: finite coordinates within the trace's range (docs/trace-format.md,
            // "Ranges"), times that never go backwards.
            var events: [SeatEvent] = []
            for event in numbers.map({ Self.event(from: $0, after: &time) }) where event.time >= (events.last?.time ?? .zero) {
                switch event.kind {
                case let .touchDown(_, location, _), let .touchMotion(_, location, _), let .pointerMotion(location),
                     let .tablet(.proximityIn(_, location), _), let .tablet(.motion(location, _), _),
                     let .drag(.enter(location, _, _)), let .drag(.motion(location)):
                    if !(abs(location.x) <= Trace.largestCoordinate && abs(location.y) <= Trace.largestCoordinate) { continue }
                default: break
                }
                events.append(event)
            }
            let trace = Trace(canvasSize: Size(width: 800, height: 600), events: events)
            #expect((try? Trace(parsing: trace.serialized())) == trace)
        }
    }
}
