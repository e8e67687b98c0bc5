import FingerPaintCore
import Foundation
import Geometry
import PaintModel
import ProcessTesting
import SeatInput
import Testing

/// The selection and the fill in the real program, through touch-replay: keys and touches in a trace into
/// `fingerpaint FILE`, and the document it saves read back from FILE (docs/selection.md).
@Suite struct SelectionWindowTests {
    typealias Window = FingerPaintWindowTests

    /// The title bar's height over the canvas: a document point at 100 % is this much lower in the window.
    static let titleBar = 32.0

    /// A scratch folder holding `drawing` as `drawing.fpdraw`.
    static func scratch(with drawing: Drawing) throws -> TemporaryDirectory {
        let scratch = try TemporaryDirectory()
        #expect(FileManager.default.createFile(atPath: scratch.path("drawing.fpdraw"),
                                               contents: Data(DrawingDocument.encode(drawing))))
        return scratch
    }

    /// A finger down at `points[0]`, through the rest 16 ms apart from `start` (ms), lifted at the last one.
    static func path(id: Int32, _ points: [Point], at start: Double) -> [SeatEvent] {
        points.enumerated().flatMap { index, point in
            let time = Timestamp.milliseconds(start + Double(index) * 16)
            return [SeatEvent(time: time, index == 0 ? .touchDown(id: id, location: point) : .touchMotion(id: id, location: point)),
                    SeatEvent(time: time, .touchFrame)]
        } + [SeatEvent(time: .milliseconds(start + Double(points.count) * 16), .touchUp(id: id)),
             SeatEvent(time: .milliseconds(start + Double(points.count) * 16), .touchFrame)]
    }

    /// A document point's place in the window, the view at 100 % and unmoved.
    static func window(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y + titleBar) }

    @Test func aLassoAroundOneOfTwoStrokesAndAOneFingerDragMoveOnlyThatStrokeByTheDragsDistanceAndCtrlDDuplicatesIt() async throws {
        let scratch = try Self.scratch(with: Self.twoStrokes())
        // `s`, a loop around the left stroke, then a finger on it dragged 100 points down and 50 right.
        let loop = (0...24).map { index -> Point in
            let angle = Double(index) / 24 * 2 * .pi
            return Self.window(150 + 110 * cos(angle), 200 + 60 * sin(angle))
        }
        let drag = (0...12).map { step in Self.window(150 + 50 * Double(step) / 12, 200 + 100 * Double(step) / 12) }
        // Then Ctrl+D: a copy of the moved stroke, 16 points down and right, on top.
        let events = [SeatEvent(time: .milliseconds(0), .pointerEnter(location: Point(x: 700, y: 500))),
                      SeatEvent(time: .milliseconds(200), .key(KeyChord("s")))]
            + Self.path(id: 1, loop, at: 400) + Self.path(id: 2, drag, at: 1200)
            + [SeatEvent(time: .milliseconds(1800), .key(KeyChord("d", modifiers: .ctrl)))]
        let result = try await Window.paint(events, in: scratch)
        #expect(result.status == 0, "\(result.standardError)")
        let saved = try DocumentFile.read(URL(fileURLWithPath: scratch.path("drawing.fpdraw"))).drawing.strokes
        try #require(saved.count == 3, "the two strokes and the duplicate")
        let moved = try #require(saved[0].points.first?.location), stayed = try #require(saved[1].points.first?.location)
        #expect(abs(moved.x - 130) < 0.5 && abs(moved.y - 300) < 0.5, "\(moved)")
        #expect(stayed == Point(x: 400, y: 200), "the other stroke stays")
        let copy = try #require(saved[2].points.first?.location)
        #expect(abs(copy.x - 146) < 0.5 && abs(copy.y - 316) < 0.5, "\(copy)")
    }

    /// Two strokes: the left one from (80, 200) to (220, 200), the right one from (400, 200) to (560, 200).
    static func twoStrokes() -> Drawing {
        func line(_ x0: Double, _ x1: Double) -> Stroke {
            Stroke(points: (0...8).map { StrokePoint(Point(x: x0 + (x1 - x0) * Double($0) / 8, y: 200)) }, color: .black, width: 6)
        }
        return Drawing(strokes: [line(80, 220), line(400, 560)])
    }

    /// A circle of radius 100 about (300, 250), 6 points wide, with an opening of 4 points at its right.
    static func circleWithAGap() -> Drawing {
        let points = (0..<400).compactMap { index -> StrokePoint? in
            let angle = Double(index) / 400 * 2 * .pi + 0.1
            let point = Point(x: 300 + 100 * cos(angle), y: 250 + 100 * sin(angle))
            return point.x > 300 && abs(point.y - 250) < 5 ? nil : StrokePoint(point)
        }
        return Drawing(strokes: [Stroke(points: points, color: .black, width: 6)])
    }

    @Test func aTapInsideACircleWithAGapFillsItAndATapOnTheEmptyCanvasFillsNothing() async throws {
        let scratch = try Self.scratch(with: Self.circleWithAGap())
        let tap = { (id: Int32, point: Point, at: Double) in Self.path(id: id, [point], at: at) }
        let events = [SeatEvent(time: .milliseconds(0), .pointerEnter(location: Point(x: 700, y: 500))),
                      SeatEvent(time: .milliseconds(200), .key(KeyChord("2"))),
                      SeatEvent(time: .milliseconds(250), .key(KeyChord("f")))]
            + tap(1, Self.window(300, 250), 400) + tap(2, Self.window(700, 100), 800)
            // Time for the fill's tiles, drawn in the background, to reach the window before its last frame is kept:
            // 3.6 s, for a machine busy with the whole suite (1.6 s was once too little there).
            + [SeatEvent(time: .milliseconds(4400), .tick)]
        let result = try await Window.paint(events, in: scratch)
        #expect(result.status == 0, "\(result.standardError)")
        let window = try await PNGReader.pixels(in: scratch.path("window.png"), at: [(300, 282), (300, 202), (500, 282), (700, 132)])
        #expect(LayerWindowTests.isRed(window.pixels[0]) && LayerWindowTests.isRed(window.pixels[1]), "\(window.pixels)")
        #expect(!LayerWindowTests.isRed(window.pixels[2]) && !LayerWindowTests.isRed(window.pixels[3]), "\(window.pixels)")
        let saved = try DocumentFile.read(URL(fileURLWithPath: scratch.path("drawing.fpdraw"))).drawing.strokes
        #expect(saved.map(\.isFill) == [false, true], "one fill, none for the tap on the empty canvas")
        // Exported, the fill is a path filled by the even-odd rule.
        let export = try await ExportTests.export(["--export", "out.svg", "drawing.fpdraw"], in: scratch)
        #expect(export.status == 0, "\(export.standardError)")
        let svg = try String(contentsOfFile: scratch.path("out.svg"), encoding: .utf8)
        #expect(svg.contains("evenodd") && svg.contains("<path"), "\(svg.prefix(800))")
    }
}
