// What the fuzzers run (docs/reliability.md, "Fuzzing"): the readers and the programs' paths on arbitrary bytes.
// Each entry returns normally for any input; a trap is a bug. The executables call them from libFuzzer, and
// FuzzRegressionTests call them on the seed corpora and on every input that once made one trap.
import FingerPaintCore
import Foundation
import GestureDemoKit
import ImageDecoding
import PaintModel
import PaintRender
import SeatInput
import TouchUI

/// The fuzz targets' entries.
public enum FuzzTargets {
    /// The entries by name, as the executables (`fuzz-NAME`) and the corpus folders (`Fuzz/corpus/NAME`) name them.
    public static let all: [(name: String, run: @Sendable ([UInt8]) -> Void)] = [
        ("document", document), ("trace", trace), ("seat-events", seatEvents), ("round-trip", roundTrip),
        ("openraster", openRaster),
        ("image", image),
        ("import", foreignDrawing),
        ("brush-preset", brushPreset),
        ("settings", settings),
        ("paste", paste),
        ("catalogue", catalogue),
    ]

    /// The document reader with repair, then the drawing it read: the same read a few bytes at a time (as a file is
    /// opened, a chunk at a time), every stroke within the documented limits, written again it reads back equal, and
    /// drawn into a small canvas and a thumbnail.
    public static func document(_ bytes: [UInt8]) {
        let whole = Result { () throws(DrawingDocument.ReadError) in try DrawingDocument.read(bytes) }
        // Chunks of 1 to 16 bytes, chosen by the input's first byte.
        var decoder = DrawingDocument.Decoder()
        let step = 1 + Int(bytes.first ?? 0) % 16
        var start = 0
        while start < bytes.count {
            decoder.feed(bytes[start..<min(start + step, bytes.count)])
            start += step
        }
        let chunked = Result { () throws(DrawingDocument.ReadError) in try decoder.finish() }
        switch (whole, chunked) {
        case let (.success(a), .success(b)):
            precondition(a.drawing == b.drawing && a.version == b.version && a.validLength == b.validLength
                && a.tornBytes == b.tornBytes && a.damagedRuns == b.damagedRuns && a.liveBytes == b.liveBytes,
                "a document read in chunks of \(step) bytes differs from the bytes read whole")
        case let (.failure(a), .failure(b)):
            precondition(a == b, "a document read in chunks of \(step) bytes fails otherwise than whole: \(b), \(a)")
        default:
            preconditionFailure("a document read in chunks of \(step) bytes reads otherwise than whole")
        }
        guard case let .success(contents) = whole else { return }
        for stroke in contents.drawing.strokes {
            precondition(stroke.isWithinLimits, "a stroke outside the limits was read: \(stroke)")
        }
        guard let again = try? DrawingDocument.read(DrawingDocument.encode(contents.drawing)) else {
            preconditionFailure("a drawing that was read does not read back once written")
        }
        precondition(again.drawing == contents.drawing && !again.isDamaged, "a drawing changed when written and read")
        let renderer = CanvasRenderer(logicalSize: Size(width: 64, height: 48), scale: 1, strokes: contents.drawing.strokes)
        renderer.setView(.fitting(renderer.contentBounds, in: Size(width: 64, height: 48)))
        renderer.renderFrame(liveStrokes: [:])
        _ = DrawingPicture(strokes: contents.drawing.strokes).thumbnail(fitting: 32)
    }

    /// The trace reader, then what it accepts replayed headless, as `fingerpaint --replay TRACE --output` does.
    public static func trace(_ bytes: [UInt8]) {
        guard let text = String(validating: bytes, as: UTF8.self), let trace = try? Trace(parsing: text),
              trace.events.count <= 4000
        else { return }
        _ = Replay(trace: trace, size: Size(width: 96, height: 72)).run(from: Drawing())
    }

    /// Arbitrary seat-event streams (decoded from the bytes, see ``SeatEventDecoder``) into the painting app and
    /// the gesture demo's scene: the seat-event translator, the gesture core with every recognizer, the canvas.
    public static func seatEvents(_ bytes: [UInt8]) {
        let events = SeatEventDecoder.events(from: bytes)
        let app = FingerPaintApp(size: Size(width: 160, height: 120), scale: 1, drawing: Drawing(), document: nil, exportFolder: nil)
        let scene = GestureDemoScene(size: Size(width: 160, height: 120))
        let translator = SeatEventTranslator(window: scene.window)
        for (index, event) in events.enumerated() {
            app.handle(event)
            translator.handle(event)
            if index % 4 == 3 { app.renderFrame() }
        }
        app.finishInput()
        translator.finish()
        app.renderFrame()
    }

    /// The picture decoder (PNG and JPEG, docs/images.md) within small limits, so a header claiming a large size costs
    /// no time: what it decodes is validly premultiplied, written as PNG it decodes to the same pixels, and its
    /// thumbnail fits.
    public static func image(_ bytes: [UInt8]) {
        let limits = ImageLimits(maximumSide: 1024, maximumPixels: 1 << 18)
        guard let image = try? RasterImage(decoding: bytes, limits: limits) else { return }
        precondition(limits.allows(width: image.width, height: image.height) && image.pixels.count == image.width * image.height,
                     "a picture of \(image.width) × \(image.height) was decoded past the limits")
        precondition(image.pixels.allSatisfy { $0 >> 24 >= ($0 >> 16 & 0xff) && $0 >> 24 >= ($0 >> 8 & 0xff) && $0 >> 24 >= $0 & 0xff },
                     "a decoded pixel has a colour above its alpha")
        guard let png = try? image.pngData(), let again = try? RasterImage(decoding: png, limits: limits) else {
            preconditionFailure("a decoded picture does not decode again once written as PNG")
        }
        precondition(again == image, "a decoded picture changed when written as PNG and decoded")
        let thumbnail = image.scaled(toFit: 16)
        precondition(thumbnail.width <= 16 && thumbnail.height <= 16, "a thumbnail does not fit")
    }

    /// A drawing made by arbitrary edits (decoded from the bytes), written as a journal one record at a time, reads
    /// back equal; and so does its compacted form.
    public static func roundTrip(_ bytes: [UInt8]) {
        var reader = ByteStream(bytes)
        var drawing = Drawing()
        var journal = DrawingDocument.header()
        while !reader.isAtEnd, journal.count < 1 << 20 {
            let edit: DrawingEdit
            switch reader.byte() % 7 {
            case 0, 1, 2: edit = .add(reader.stroke())
            case 3: edit = .erase(reader.positions(below: drawing.strokes.count))
            case 4: edit = .replace(at: Int(reader.byte()) % max(drawing.strokes.count, 1), with: reader.stroke())
            case 5: edit = reader.byte() % 4 == 0 ? .clear : .undo
            default: edit = .redo
            }
            guard drawing.apply(edit) != nil else { continue }
            journal += DrawingDocument.record(edit)
        }
        guard let read = try? DrawingDocument.read(journal) else { preconditionFailure("a journal of valid edits does not read") }
        precondition(read.drawing == drawing && !read.isDamaged, "a journal read back differently")
        guard let compacted = try? DrawingDocument.read(DrawingDocument.encode(drawing)) else {
            preconditionFailure("a compacted drawing does not read")
        }
        precondition(compacted.drawing == drawing, "a compacted drawing read back differently")
    }
}

/// Reads values from fuzzer bytes, giving zeros past the end.
struct ByteStream {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { offset >= bytes.count }

    mutating func byte() -> UInt8 {
        defer { offset += 1 }
        return offset < bytes.count ? bytes[offset] : 0
    }

    mutating func uint16() -> UInt16 { UInt16(byte()) | UInt16(byte()) << 8 }

    /// A coordinate: mostly on a small canvas, sometimes one of the values that break programs.
    mutating func coordinate() -> Double {
        let selector = byte()
        switch selector {
        case 250: return .nan
        case 251: return .infinity
        case 252: return -.infinity
        case 253: return 1e19
        case 254: return -1e7
        case 255: return Double(bitPattern: UInt64(uint16()) << 48 | UInt64(uint16()) << 16)
        default: return Double(uint16() % 400) - 40 + Double(selector) / 250
        }
    }

    /// A value from 0 to 1, sometimes outside or not a number.
    mutating func fraction() -> Double {
        let value = byte()
        switch value {
        case 255: return .nan
        case 254: return 7
        default: return Double(value) / 253
        }
    }

    /// A stroke of up to 32 points within the limits, sometimes with pressure.
    mutating func stroke() -> Stroke {
        let count = Int(byte() % 32) + 1
        let withPen = byte() % 3 == 0
        var stroke = Stroke(color: Color(red: fraction().clamped, green: fraction().clamped, blue: fraction().clamped),
                            width: Double(byte() % 64) + 0.5)
        for _ in 0..<count {
            let point = StrokePoint(Point(x: Double(uint16()) - 1000, y: Double(uint16()) - 1000),
                                    time: byte() % 2 == 0 ? nil : .milliseconds(Double(uint16())))
            stroke.append(point, pen: withPen ? StrokePen(pressure: fraction().clamped) : nil)
        }
        return stroke
    }

    /// Strictly increasing positions below `count`.
    mutating func positions(below count: Int) -> [Int] {
        guard count > 0 else { return [] }
        let mask = byte()
        return (0..<min(count, 8)).filter { mask & (1 << $0) != 0 }
    }
}

private extension Double {
    /// Within 0…1; NaN as 0.
    var clamped: Double { isNaN ? 0 : Swift.min(Swift.max(self, 0), 1) }
}

/// Decodes fuzzer bytes into seat events, as a compositor might send them and then some: touches of a few ids at
/// any place (non-finite and huge ones too), frames, cancels, the pointer, keys, touchpad gestures and a pen.
public enum SeatEventDecoder {
    /// The events the bytes describe, at most 600, their times rising by 0 to 255 ms (sometimes going back).
    public static func events(from bytes: [UInt8]) -> [SeatEvent] {
        var reader = ByteStream(bytes)
        var time = 0.0
        var events: [SeatEvent] = []
        let keys = ["z", "y", "g", "Escape", "Delete", "e", "i", "r", "1", "bracketright", "plus", "0", "p", "F11"]
        while !reader.isAtEnd, events.count < 600 {
            let selector = reader.byte()
            let step = reader.byte()
            time = step == 255 ? time - 50 : time + Double(step % 64)
            let id = Int32(reader.byte() % 6) - 1
            let kind: SeatEvent.Kind
            switch selector % 20 {
            case 0, 1: kind = .touchDown(id: id, location: Point(x: reader.coordinate(), y: reader.coordinate()),
                                         shape: reader.byte() % 4 == 0 ? TouchShape(major: reader.coordinate(), minor: 2) : nil)
            case 2, 3, 4: kind = .touchMotion(id: id, location: Point(x: reader.coordinate(), y: reader.coordinate()))
            case 5, 6: kind = .touchUp(id: id)
            case 7, 8: kind = .touchFrame
            case 9: kind = .touchCancel
            case 10: kind = .pointerMotion(location: Point(x: reader.coordinate(), y: reader.coordinate()))
            case 11: kind = .pointerButton(reader.byte() % 2 == 0 ? .left : .middle, isPressed: reader.byte() % 2 == 0)
            case 12: kind = .pointerAxis(dx: reader.coordinate(), dy: reader.coordinate())
            case 13:
                let modifiers: KeyModifiers = reader.byte() % 2 == 0 ? [] : .ctrl
                kind = .key(KeyChord(keys[Int(reader.byte()) % keys.count], modifiers: modifiers))
            case 14: kind = .keyState(KeyChord("ctrl"), isPressed: reader.byte() % 2 == 0)
            case 15:
                let gesture = TouchpadGesture.Kind.allCases[Int(reader.byte()) % 3]
                switch reader.byte() % 3 {
                case 0: kind = .touchpadGesture(.begin(gesture, fingers: Int(reader.byte() % 5)))
                case 1: kind = .touchpadGesture(.update(gesture, dx: reader.coordinate(), dy: reader.coordinate(),
                                                        scale: reader.fraction() * 3, rotation: reader.coordinate()))
                default: kind = .touchpadGesture(.end(gesture, cancelled: reader.byte() % 2 == 0))
                }
            case 16: kind = .pointerEnter(location: Point(x: reader.coordinate(), y: reader.coordinate()))
            case 17:
                let tool = Int(reader.byte() % 2)
                switch reader.byte() % 6 {
                case 0: kind = .tablet(.proximityIn(reader.byte() % 2 == 0 ? .pen : .eraser,
                                                    location: Point(x: reader.coordinate(), y: reader.coordinate())), tool: tool)
                case 1: kind = .tablet(.down, tool: tool)
                case 2: kind = .tablet(.motion(location: Point(x: reader.coordinate(), y: reader.coordinate()),
                                               axes: TabletAxes(pressure: reader.fraction(), tiltX: reader.coordinate())), tool: tool)
                case 3: kind = .tablet(.up, tool: tool)
                case 4: kind = .tablet(.frame, tool: tool)
                default: kind = .tablet(.proximityOut, tool: tool)
                }
            case 18: kind = .pointerLeave
            default: kind = .tick
            }
            events.append(SeatEvent(time: .milliseconds(time), kind))
        }
        return events
    }
}
