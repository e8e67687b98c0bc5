// Traces of simulated use, written line by line: a long one for the reader's memory, and a soak's hour of painting.
import Dispatch
import FoundationEssentials
import Geometry
import Glibc
import PaintModel
import SeatInput
import TouchUI

/// Writes a trace file line by line, in blocks, so that a trace of any length is never whole in memory.
struct TraceFileWriter {
    private let descriptor: Int32
    private var pending = ""
    /// The trace's current time, in milliseconds.
    var time = 0.0
    /// Bytes written so far, pending ones included.
    private(set) var bytes = 0

    /// A writer of a new trace at `path` (replacing a file there, never a drawing: OutputFile's rule), starting with
    /// its canvas line.
    init(path: String, canvas: Size, origin: Point? = nil) throws(OutputFileError) {
        descriptor = try OutputFile.create(path, overwrite: true)
        let trace = Trace(canvasSize: canvas, canvasOrigin: origin)
        append(trace.serialized())
    }

    /// One event at the current time.
    mutating func add(_ kind: SeatEvent.Kind) {
        append(Trace.line(for: SeatEvent(time: .milliseconds(time), kind)) + "\n")
    }

    private mutating func append(_ text: String) {
        pending += text
        bytes += text.utf8.count
        if pending.utf8.count >= 1 << 16 { flush() }
    }

    mutating func flush() {
        writeAll(descriptor, pending)
        pending = ""
    }

    /// Writes what is left and closes the file.
    mutating func close() {
        flush()
        Glibc.close(descriptor)
    }
}

/// Random painting as a person does it, on a canvas of `size`, with a deterministic generator.
struct SimulatedPainter {
    var random: SplitMix
    let size: Size
    static let frame = 1000.0 / 60
    /// Whether the window was last made fullscreen (F11): the canvas is then 32 points taller, without the title bar.
    private(set) var isFullscreen = false

    private mutating func point(margin: Double = 40) -> Point {
        Point(x: .random(in: margin..<(size.width - margin), using: &random),
              y: .random(in: margin..<(size.height - margin), using: &random))
    }

    /// `fingers` fingers down together, moving in parallel for `steps` frames, and up: a stroke each, or with two
    /// or more a pan or pinch, as the app decides. `shape` gives every contact that size (a palm's).
    mutating func touches(_ fingers: Int, steps: Int, into trace: inout TraceFileWriter, shape: TouchShape? = nil) {
        let starts = (0..<fingers).map { index in point(margin: 80) + Vector(dx: Double(index) * 40, dy: 0) }
        let heading = Double.random(in: 0..<(2 * .pi), using: &random)
        let speed = Double.random(in: 2...8, using: &random)
        for (index, start) in starts.enumerated() { trace.add(.touchDown(id: Int32(index), location: start, shape: shape)) }
        trace.add(.touchFrame)
        for step in 1...steps {
            trace.time += Self.frame
            let turn = heading + Double(step) * 0.03
            for (index, start) in starts.enumerated() {
                let location = Point(x: min(max(start.x + Double(step) * speed * cos(turn), 0), size.width),
                                     y: min(max(start.y + Double(step) * speed * sin(turn), 0), size.height))
                trace.add(.touchMotion(id: Int32(index), location: location, shape: shape))
            }
            trace.add(.touchFrame)
        }
        trace.time += Self.frame
        for index in 0..<fingers { trace.add(.touchUp(id: Int32(index))) }
        trace.add(.touchFrame)
    }

    /// A pen comes near, draws with pressure rising and falling for `steps` frames, and goes; the eraser end when
    /// `erases`.
    mutating func pen(steps: Int, erases: Bool, into trace: inout TraceFileWriter) {
        let start = point(margin: 80)
        trace.add(.tablet(.proximityIn(erases ? .eraser : .pen, location: start), tool: 0))
        trace.add(.tablet(.frame, tool: 0))
        trace.time += Self.frame
        trace.add(.tablet(.down, tool: 0))
        for step in 0...steps {
            let location = Point(x: min(start.x + Double(step) * 4, size.width), y: start.y + 30 * sin(Double(step) / 8))
            let pressure = 0.2 + 0.7 * sin(Double(step) / Double(steps) * .pi)
            trace.add(.tablet(.motion(location: location, axes: TabletAxes(pressure: pressure, tiltX: 10, tiltY: -5)), tool: 0))
            trace.add(.tablet(.frame, tool: 0))
            trace.time += Self.frame
        }
        trace.add(.tablet(.up, tool: 0))
        trace.add(.tablet(.frame, tool: 0))
        trace.time += Self.frame
        trace.add(.tablet(.proximityOut, tool: 0))
        trace.add(.tablet(.frame, tool: 0))
    }

    /// A key pressed and released.
    func key(_ name: String, _ modifiers: KeyModifiers = [], into trace: inout TraceFileWriter) {
        trace.add(.key(KeyChord(name, modifiers: modifiers)))
    }

    /// The wheel scrolls the view: the pointer comes in, scrolls a few clicks, and goes.
    mutating func scroll(into trace: inout TraceFileWriter) {
        trace.add(.pointerEnter(location: point()))
        let dx = Double.random(in: -15...15, using: &random), dy = Double.random(in: -15...15, using: &random)
        for _ in 0..<5 {
            trace.time += Self.frame
            trace.add(.pointerAxis(dx: dx, dy: dy))
        }
        trace.add(.pointerLeave)
    }

    /// About two seconds of use: one action, picked as often as a person does it, then a pause.
    mutating func act(into trace: inout TraceFileWriter) {
        let roll = Int.random(in: 0..<100, using: &random)
        switch roll {
        case 0..<50: touches(1, steps: .random(in: 20...90, using: &random), into: &trace)
        case 50..<58: touches(2, steps: .random(in: 15...50, using: &random), into: &trace)
        case 58..<62: touches(3, steps: .random(in: 10...30, using: &random), into: &trace)
        case 62..<72: pen(steps: .random(in: 20...80, using: &random), erases: roll == 71, into: &trace)
        case 72..<75: touches(1, steps: 20, into: &trace, shape: TouchShape(major: 70, minor: 50))
        case 75..<82: key("z", .ctrl, into: &trace)
        case 82..<86: key("z", [.ctrl, .shift], into: &trace)
        case 86..<88:
            // The eraser for fingers, a stroke with it, and back.
            key("e", into: &trace)
            touches(1, steps: 40, into: &trace)
            key("e", into: &trace)
        case 88: key("Delete", into: &trace)
        case 89..<92: key(roll == 89 ? "equal" : "minus", .ctrl, into: &trace)
        case 92..<96: scroll(into: &trace)
        case 96: key("0", .ctrl, into: &trace)
        case 97: key("r", into: &trace)
        case 98: key("r", .ctrl, into: &trace)
        default:
            if Bool.random(using: &random) {
                // The window resized: fullscreen and back (F11), the title bar going and coming.
                key("F11", into: &trace)
                isFullscreen.toggle()
            } else {
                key(["bracketleft", "bracketright", "3", "5"].randomElement(using: &random)!, into: &trace)
            }
        }
        trace.time += Double.random(in: 300...1500, using: &random)
    }
}

/// `paint-benchmark long-trace MEGABYTES PATH`: a trace of about that many megabytes, for measuring what reading it
/// costs: one-finger strokes of a second each, every one undone at once, so the drawing stays empty and the memory
/// measured is the reader's and the program's, not the drawing's.
func runLongTrace(arguments: [String]) {
    guard arguments.count == 2, let megabytes = Double(arguments[0]), megabytes > 0 else {
        print("usage: paint-benchmark long-trace MEGABYTES PATH")
        exit(2)
    }
    let size = Size(width: 800, height: 600)
    do {
        var trace = try TraceFileWriter(path: arguments[1], canvas: size)
        var painter = SimulatedPainter(random: SplitMix(state: 21), size: size)
        var strokes = 0
        while Double(trace.bytes) < megabytes * 1_000_000 {
            painter.touches(1, steps: 60, into: &trace)
            trace.time += 100
            painter.key("z", .ctrl, into: &trace)
            trace.time += 200
            strokes += 1
        }
        trace.close()
        print("wrote \(arguments[1]): \(trace.bytes) bytes, \(strokes) strokes, \(Int(trace.time / 1000)) s of trace time")
    } catch {
        writeAll(STDERR_FILENO, "paint-benchmark: \(error)\n")
        exit(error.wasRefused ? 2 : 1)
    }
}
