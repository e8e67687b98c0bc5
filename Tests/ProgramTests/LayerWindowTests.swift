import Foundation
import PaintModel
import ProcessTesting
import SeatInput
import Testing
import TouchUI
import FingerPaintCore
import Geometry

/// Layers in the real program, through touch-replay: keys and touches in a trace, the window's pixels, the document
/// it saves and opens again.
@Suite struct LayerWindowTests {
    typealias Window = FingerPaintWindowTests

    /// A finger drawing a straight line from one point to another in ten 16 ms steps from `start` (ms).
    static func line(id: Int32, from: Point, to: Point, at start: Double) -> [SeatEvent] {
        var events: [SeatEvent] = []
        for step in 0...10 {
            let t = Double(step) / 10, time = start + Double(step) * 16
            let location = Point(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t)
            events.append(SeatEvent(time: .milliseconds(time), step == 0 ? .touchDown(id: id, location: location)
                                                                       : .touchMotion(id: id, location: location)))
            events.append(SeatEvent(time: .milliseconds(time), .touchFrame))
        }
        events += [SeatEvent(time: .milliseconds(start + 176), .touchUp(id: id)), SeatEvent(time: .milliseconds(start + 176), .touchFrame)]
        return events
    }

    static func isBlack(_ pixel: RGBA) -> Bool { pixel.red < 60 && pixel.green < 60 && pixel.blue < 60 }
    static func isRed(_ pixel: RGBA) -> Bool { pixel.red > 180 && pixel.green < 90 && pixel.blue < 90 }

    /// Insert adds a layer, a wide red stroke goes on it; Page Down goes back to the first layer, where a black stroke
    /// crossing it is painted under it. Reopened, the drawing has both layers; hidden by the panel's eye, the red
    /// layer shows the black stroke beneath.
    @Test func aStrokeOnTheLowerLayerIsHiddenUnderTheUpperOnesAndShowsWhenThatLayerIsHidden() async throws {
        let scratch = try TemporaryDirectory()
        let red = [SeatEvent(time: .milliseconds(300), .key(KeyChord("2")))]
            + Self.line(id: 1, from: Point(x: 200, y: 200), to: Point(x: 600, y: 200), at: 400)
        let black = [SeatEvent(time: .milliseconds(700), .key(KeyChord("Next"))), SeatEvent(time: .milliseconds(750), .key(KeyChord("1")))]
            + Self.line(id: 2, from: Point(x: 400, y: 100), to: Point(x: 400, y: 300), at: 800)
        let events = [SeatEvent(time: .milliseconds(0), .pointerEnter(location: Point(x: 700, y: 500))),
                      SeatEvent(time: .milliseconds(200), .key(KeyChord("Insert"))), SeatEvent(time: .milliseconds(250), .key(KeyChord("bracketright"))),
                      SeatEvent(time: .milliseconds(260), .key(KeyChord("bracketright")))] + red + black
        let result = try await Window.paint(events, in: scratch)
        #expect(result.status == 0, "\(result.standardError)")
        // Where they cross, the red stroke of the layer above covers the black one painted after it beneath.
        let crossing = try await PNGReader.pixels(in: scratch.path("window.png"), at: [(400, 200), (400, 130), (300, 200)])
        #expect(Self.isRed(crossing.pixels[0]), "\(crossing.pixels)")
        #expect(Self.isBlack(crossing.pixels[1]) && Self.isRed(crossing.pixels[2]), "\(crossing.pixels)")
        // Saved with its layers; the current one is the first.
        let contents = try DocumentFile.read(URL(fileURLWithPath: scratch.path("drawing.fpdraw")))
        #expect(contents.drawing.layers.map(\.attributes.name) == ["Layer 1", "Layer 2"])
        #expect(contents.drawing.layers.map(\.strokes.count) == [1, 1] && contents.drawing.currentLayerIndex == 0)
        // Reopened, `l` opens the layers panel; a tap on the eye of its top row (the red layer) hides that layer,
        // and the black stroke shows where they cross. The panel's place: the layout's, in a canvas of 800 × 568
        // under the 32-point title bar.
        let layout = InterfaceLayout(size: Size(width: 800, height: 568))
        let panel = layout.panel(of: LayersPanelView.size(layers: 2, fitting: layout.bar.minY - 2 * PanelPlacement.gap),
                                 openedBy: .openLayers)
        let eye = Point(x: panel.minX + 6 + 22, y: 32 + panel.minY + 6 + 22)
        let hide = [SeatEvent(time: .milliseconds(0), .pointerEnter(location: Point(x: 700, y: 500))),
                    SeatEvent(time: .milliseconds(300), .key(KeyChord("l"))),
                    SeatEvent(time: .milliseconds(600), .touchDown(id: 3, location: eye)), SeatEvent(time: .milliseconds(600), .touchFrame),
                    SeatEvent(time: .milliseconds(650), .touchUp(id: 3)), SeatEvent(time: .milliseconds(650), .touchFrame),
                    SeatEvent(time: .milliseconds(1200), .key(KeyChord("Escape")))]
        let hidden = try await Window.paint(hide, in: scratch, png: "hidden.png")
        #expect(hidden.status == 0, "\(hidden.standardError)")
        let shown = try await PNGReader.pixels(in: scratch.path("hidden.png"), at: [(400, 200), (300, 200)])
        #expect(Self.isBlack(shown.pixels[0]) && !Self.isRed(shown.pixels[1]), "\(shown.pixels)")
        let again = try DocumentFile.read(URL(fileURLWithPath: scratch.path("drawing.fpdraw")))
        #expect(again.drawing.layers.map(\.attributes.isVisible) == [true, false])
    }
}
