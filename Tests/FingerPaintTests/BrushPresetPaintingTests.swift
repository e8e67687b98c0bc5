import BrushEngine
import FingerPaintCore
import Foundation
import Geometry
import PaintModel
import PaintRender
import SeatInput
import Testing

/// Strokes painted with a MyPaint brush chosen by name (`--brush`, ``BrushCatalog``), headless.
@Suite struct BrushPresetPaintingTests {
    /// `round` is fingerpaint's own brush (no preset); a preset installed is read as a stroke keeps it; a name not
    /// listed is refused, saying so.
    @Test func aBrushIsChosenByTheNameTheListGives() throws {
        #expect(try BrushCatalog.brush(named: BrushCatalog.round) == nil)
        let pencil = try #require(try BrushCatalog.brush(named: "classic/pencil"))
        let preset = try BrushPreset(named: "classic/pencil")
        #expect(pencil.name == "classic/pencil" && pencil.settings == preset.settings)
        #expect(throws: BrushPreset.Failure.self) { try BrushCatalog.brush(named: "classic/nothing-such") }
        #expect(throws: BrushPreset.Failure.self) { try BrushCatalog.brush(named: "../../etc/passwd") }
    }

    /// The demo trace replayed with charcoal: every stroke carries the preset, is as wide as its dabs reach (so its
    /// bounds hold its paint), and the canvas shows charcoal's grain where the round brush is solid.
    @Test func aReplayPaintsEveryStrokeWithTheBrushChosen() throws {
        let trace = try Trace(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("assets/demo-trace.jsonl"))
        let charcoal = try #require(try BrushCatalog.brush(named: "classic/charcoal"))
        var replay = Replay(trace: trace)
        let round = replay.run().app
        replay.brushPreset = charcoal
        let brushed = replay.run().app
        let strokes = brushed.drawing.strokes
        #expect(strokes.count == round.drawing.strokes.count && strokes.count >= 8)
        #expect(strokes.allSatisfy { $0.brush == charcoal })
        #expect(strokes.allSatisfy { $0 == $0.painted(with: charcoal) }, "each as wide as its dabs reach")
        #expect(round.drawing.strokes.allSatisfy { $0.brush == nil })
        #expect(Painter.paintedPixels(of: brushed.renderer.canvas, rows: .max) > 5_000)
        #expect(brushed.renderer.canvas.pngBytes() != round.renderer.canvas.pngBytes())
    }
}
