import FingerPaintCore
import Geometry
import PaintModel
import SeatInput
import Testing

/// A shaky finger's line through the window, with the stabilizer off (the default) and on.
@Suite struct StabilizerTests {
    /// A finger drawing along y = 120 from x = 60 to 340 over 60 frames, shaking up and down by up to 4 points.
    static func drawShakyLine(on painter: Painter) -> [Point] {
        let tremor = [3.1, -2.4, 3.8, -3.6, 1.9, -4.0, 2.7, -1.3]
        let samples = (0...60).map { Point(x: 60 + Double($0) * 280 / 60, y: 120 + tremor[$0 % tremor.count]) }
        painter.send(.touchDown(id: 1, location: samples[0]), .touchFrame)
        for sample in samples.dropFirst() { painter.send(.touchMotion(id: 1, location: sample), .touchFrame) }
        painter.send(.touchUp(id: 1), .touchFrame)
        return samples
    }

    /// Within the input's own step (wl_fixed's 1/256 point, kept as a `Float`).
    static func isClose(_ a: Point, _ b: Point) -> Bool { abs(a.x - b.x) < 0.01 && abs(a.y - b.y) < 0.01 }

    static func deviation(_ points: [Point]) -> Double {
        (points.map { ($0.y - 120) * ($0.y - 120) }.reduce(0, +) / Double(points.count)).squareRoot()
    }

    /// Off by default: the stroke is the finger's samples. At 0.6 the stroke's tremor falls below half the finger's,
    /// and the line still starts and ends under the finger.
    @Test func aShakyLineIsSteadiedOnlyWhenTheStabilizerIsOn() throws {
        let plain = Painter()
        #expect(plain.app.canvasView.stabilizerStrength == 0)
        let samples = Self.drawShakyLine(on: plain)
        let drawn = try #require(plain.app.drawing.strokes.last).points.map(\.location)
        #expect(drawn.count == samples.count && zip(drawn, samples).allSatisfy { Self.isClose($0, $1) })

        let steadied = Painter()
        steadied.app.canvasView.stabilizerStrength = 0.6
        _ = Self.drawShakyLine(on: steadied)
        let line = try #require(steadied.app.drawing.strokes.last).points.map(\.location)
        #expect(Self.isClose(try #require(line.first), samples[0]))
        #expect(Self.isClose(try #require(line.last), samples[samples.count - 1]))
        #expect(Self.deviation(Array(line.dropFirst(10).dropLast())) < Self.deviation(samples) / 2)
    }

    /// The settings file keeps the strength in whole percent (`steady = 60`): a window given them steadies its
    /// strokes; a value out of 0–100 or not a number is off, and the default file says `steady = 0`.
    @Test func theStrengthIsRememberedInTheSettingsFile() throws {
        var settings = BrushSettings()
        #expect(settings.text.contains("\nsteady = 0\n"))
        settings.stabilizerStrength = 0.6
        #expect(settings.text.contains("\nsteady = 60\n"))
        let painter = Painter()
        painter.app.brushSettings = BrushSettings(parsing: settings.text)
        #expect(painter.app.canvasView.stabilizerStrength == 0.6 && painter.app.brushSettings.stabilizerStrength == 0.6)
        let samples = Self.drawShakyLine(on: painter)
        let line = try #require(painter.app.drawing.strokes.last).points.map(\.location)
        #expect(Self.deviation(Array(line.dropFirst(10).dropLast())) < Self.deviation(samples) / 2)
        for bad in ["steady = 101", "steady = -5", "steady = much", "steady = 0x30"] {
            #expect(BrushSettings(parsing: bad + "\n").stabilizerStrength == 0, "\(bad)")
        }
    }

    /// Steady lines, in the More menu: a tap turns the stabilizer on at half strength (the settings are told), and
    /// the next stroke is steadied; a second tap turns it off.
    @Test func steadyLinesInTheMoreMenuTurnsTheStabilizerOnAndOff() throws {
        let painter = Painter()
        painter.tap(1, at: painter.paletteCenter(of: .toggleStabilizer))
        #expect(painter.app.canvasView.stabilizerStrength == 0.5)
        #expect(painter.brushChanges.last?.stabilizerStrength == 0.5)
        let samples = Self.drawShakyLine(on: painter)
        let line = try #require(painter.app.drawing.strokes.last).points.map(\.location)
        #expect(Self.deviation(Array(line.dropFirst(10).dropLast())) < Self.deviation(samples) / 2)
        painter.tap(1, at: painter.paletteCenter(of: .toggleStabilizer))
        #expect(painter.app.canvasView.stabilizerStrength == 0 && painter.brushChanges.last?.stabilizerStrength == 0)
    }
}
