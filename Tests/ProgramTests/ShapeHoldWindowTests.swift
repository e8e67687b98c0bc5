import Foundation
import PaintModel
import ProcessTesting
import SeatInput
import Testing
import TouchUI

/// Shapes by holding, through touch-replay into `fingerpaint FILE` in real time: a held line, ellipse and rectangle
/// become clean shapes in the window and in FILE, and an undo restores the freehand stroke. Points are the window's;
/// the drawing's are 32 pt higher, under the title bar.
@Suite struct ShapeHoldWindowTests {
    typealias Window = FingerPaintWindowTests

    /// A finger drawn through `points` at 60 Hz from `start` ms, resting at the last point for `hold` ms, then lifted.
    static func stroke(_ id: Int32, through points: [Point], from start: Double, hold: Double) -> [SeatEvent] {
        var events: [SeatEvent] = []
        for (index, location) in points.enumerated() {
            let time = Timestamp.milliseconds(start + Double(index) * 1000 / 60)
            events.append(SeatEvent(time: time, index == 0 ? .touchDown(id: id, location: location)
                                                          : .touchMotion(id: id, location: location)))
            events.append(SeatEvent(time: time, .touchFrame))
        }
        let lift = Timestamp.milliseconds(start + Double(points.count) * 1000 / 60 + hold)
        return events + [SeatEvent(time: lift, .touchUp(id: id)), SeatEvent(time: lift, .touchFrame)]
    }

    /// When a stroke of `points` from `start` resting `hold` ms has lifted, in ms.
    static func end(of points: [Point], from start: Double, hold: Double) -> Double {
        start + Double(points.count) * 1000 / 60 + hold
    }

    /// A line from (100, 100) to (700, 110), wobbling 3 pt either side.
    static let line = (0...60).map { Point(x: 100 + Double($0) * 10, y: 100 + Double($0) / 6 + 3 * sin(Double($0) * 0.8)) }
    /// An ellipse about (250, 330), 150 by 90, drawn once round and a little more, wobbling 3 pt.
    static let ellipse = (0...80).map { step in
        let t = 2 * Double.pi * 1.04 * Double(step) / 80
        return Point(x: 250 + (150 + 3 * sin(Double(step))) * cos(t), y: 330 + (90 + 3 * sin(Double(step))) * sin(t))
    }
    /// The title bar's height: the drawing's points are the window's, this much higher.
    static let titleBar = 32.0
    /// A rectangle from (460, 220) to (760, 420), each side wobbling 6 pt out then in (out most a quarter along it).
    static let rectangle: [Point] = {
        let corners = [Point(x: 460, y: 220), Point(x: 760, y: 220), Point(x: 760, y: 420), Point(x: 460, y: 420)]
        var points: [Point] = []
        for (start, end) in zip(corners, corners.dropFirst() + [corners[0]]) {
            let count = Int(start.distance(to: end) / 8)
            let length = start.distance(to: end)
            let outward = Point(x: (end.y - start.y) / length, y: -(end.x - start.x) / length)
            for step in 0..<count {
                let t = Double(step) / Double(count), bow = 6 * sin(2 * Double.pi * t)
                points.append(Point(x: start.x + (end.x - start.x) * t + bow * outward.x,
                                    y: start.y + (end.y - start.y) * t + bow * outward.y))
            }
        }
        return points + [corners[0]]
    }()

    private func isPainted(_ pixel: RGBA) -> Bool { pixel.red < 100 && pixel.green < 100 && pixel.blue < 100 }
    private func isBlank(_ pixel: RGBA) -> Bool { pixel.red > 240 && pixel.green > 240 && pixel.blue > 240 }

    @Test func heldStrokesBecomeALineAnEllipseAndARectangleAndUndoRestoresTheFreehandOne() async throws {
        let scratch = try TemporaryDirectory()
        var events = Self.stroke(1, through: Self.line, from: 100, hold: 800)
        let ellipseStart = Self.end(of: Self.line, from: 100, hold: 800) + 200
        events += Self.stroke(2, through: Self.ellipse, from: ellipseStart, hold: 800)
        let rectangleStart = Self.end(of: Self.ellipse, from: ellipseStart, hold: 800) + 200
        events += Self.stroke(3, through: Self.rectangle, from: rectangleStart, hold: 800)
        // A moment after the last lift, so that the window shows the last shape before it closes.
        let end = Self.end(of: Self.rectangle, from: rectangleStart, hold: 800)
        events.append(SeatEvent(time: .milliseconds(end + 700), .tick))
        let shapes = try await Window.paint(events, in: scratch, replayOptions: ["--realtime"], timeout: 60)
        #expect(shapes.status == 0, "\(shapes.standardError)")
        let strokes = try #require(Window.savedStrokes(in: scratch))
        try #require(strokes.count == 3)
        // Shapes are made of exact points (no sample times), each the kind it was drawn as.
        #expect(strokes.allSatisfy { $0.points.allSatisfy { $0.time == nil } })
        let lineEnds = [Self.line[0], Self.line[60]].map { Point(x: $0.x, y: $0.y - Self.titleBar) }
        // (Wayland sends 1/256 pt.)
        #expect(zip(strokes[0].points.map(\.location), lineEnds).allSatisfy { $0.distance(to: $1) < 0.01 })
        #expect(strokes[0].points.count == 2)
        #expect(Shape.fitting(strokes[1].points.map(\.location))?.kind == .ellipse)
        #expect(Shape.fitting(strokes[2].points.map(\.location))?.kind == .rectangle)
        // In the window: the rectangle's straight top side at y 220; a quarter along it the freehand one was 6 pt
        // higher. The ellipse's left end is painted, its middle not.
        let probes = [(535, 221), (535, 211), (100, 330), (250, 330)]
        let image = try await PNGReader.pixels(in: scratch.path("window.png"), at: probes)
        #expect(isPainted(image.pixels[0]) && isBlank(image.pixels[1]), "\(image.pixels)")
        #expect(isPainted(image.pixels[2]) && isBlank(image.pixels[3]), "\(image.pixels)")

        // Reopened, Ctrl+Z: the rectangle goes back to the stroke as it was drawn.
        // The pointer comes in first and moves five seconds later: the window is up before the key, and shows the
        // undo before it closes, however slow the machine (a loaded parallel run once closed it a second after the
        // key still showing the rectangle).
        let undo = [SeatEvent(time: .milliseconds(0), .pointerEnter(location: Point(x: 790, y: 300))),
                    SeatEvent(time: .milliseconds(300), .key(KeyChord("z", modifiers: .ctrl))),
                    SeatEvent(time: .milliseconds(5300), .pointerMotion(location: Point(x: 795, y: 300)))]
        let undone = try await Window.paint(undo, in: scratch, replayOptions: ["--realtime"], png: "undone.png")
        #expect(undone.status == 0, "\(undone.standardError)")
        let freehand = try #require(Window.savedStrokes(in: scratch)?.last)
        #expect(freehand.points.count >= Self.rectangle.count && freehand.points.allSatisfy { $0.time != nil })
        let undoneImage = try await PNGReader.pixels(in: scratch.path("undone.png"), at: [(535, 211), (535, 221)])
        #expect(isPainted(undoneImage.pixels[0]) && isBlank(undoneImage.pixels[1]), "\(undoneImage.pixels)")
    }
}
