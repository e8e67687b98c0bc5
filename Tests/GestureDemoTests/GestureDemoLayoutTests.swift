import CCairo
import Foundation
@testable import GestureDemoKit
import PaintRender
import SeatInput
import Testing
import TouchUI

/// The demo laid out for narrow and wide windows: nothing overlaps, nothing is cut, the shape stays clear.
@Suite struct GestureDemoLayoutTests {
    static let sizes = [Size(width: 420, height: 700), Size(width: 360, height: 640), Size(width: 800, height: 600),
                        Size(width: 1024, height: 700), Size(width: 1920, height: 1080)]

    private func contains(_ outer: Rect, _ inner: Rect) -> Bool {
        inner.minX >= outer.minX - 1e-9 && inner.minY >= outer.minY - 1e-9 && inner.maxX <= outer.maxX + 1e-9
            && inner.maxY <= outer.maxY + 1e-9
    }

    private func overlap(_ a: Rect, _ b: Rect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }

    @Test(arguments: sizes)
    func nothingOverlapsAndEverythingIsInTheWindow(size: Size) {
        let layout = GestureDemoLayout(size: size, rowCount: GestureDemoScene.recognizerNames.count)
        let window = Rect(origin: .zero, size: size)
        #expect(layout.isNarrow == (size.width < 640) || size.height < 640)
        #expect(contains(window, layout.panel) && contains(window, layout.shapeArea))
        #expect(layout.shapeArea.width >= 200 && layout.shapeArea.height >= 150, "\(layout.shapeArea)")
        #expect(!overlap(layout.shapeArea, layout.panel))
        for line in layout.recentEvents {
            #expect(contains(window, line) && !overlap(line, layout.panel) && !overlap(line, layout.shapeArea))
        }
        for (index, row) in layout.rows.enumerated() {
            #expect(contains(layout.panel, row.frame), "\(index)")
            for part in [row.name, row.state, row.values] { #expect(contains(row.frame, part), "\(index) \(part)") }
            #expect(!overlap(row.name, row.state) && !overlap(row.name, row.values) && !overlap(row.state, row.values))
            for other in layout.rows[(index + 1)...] { #expect(!overlap(row.frame, other.frame)) }
        }
    }

    /// Every recognizer's name and every state word fit their places whole at 420x700: nothing is cut.
    @Test func everyNameAndStateIsWholeInANarrowWindow() throws {
        let layout = GestureDemoLayout(size: Size(width: 420, height: 700), rowCount: GestureDemoScene.recognizerNames.count)
        let image = ImageSurface(width: 8, height: 8)
        let cr = try #require(cairo_create(image.surface))
        defer { cairo_destroy(cr) }
        for (name, row) in zip(GestureDemoScene.recognizerNames, layout.rows) {
            #expect(GestureDemoRenderer.fitted(name, width: row.name.width, size: 14, bold: true, in: cr) == name)
            for state in ["possible", "began", "changed", "ended", "cancelled", "failed"] {
                #expect(GestureDemoRenderer.fitted(state, width: row.state.width, size: 12, bold: false, in: cr) == state)
            }
        }
    }

    @Test(arguments: sizes)
    func theShapeStaysClearOfThePanelWhereverItIsDraggedOrHowLargeItGrows(size: Size) {
        let scene = GestureDemoScene(size: size)
        let layout = GestureDemoLayout(size: size, rowCount: scene.rows.count)
        // One finger drags the shape far up and right, over where the panel is.
        var events: [SeatEvent] = [SeatEvent(time: .milliseconds(0), .touchDown(id: 1, location: scene.shape.center)),
                                   SeatEvent(time: .milliseconds(0), .touchFrame)]
        for step in 1...30 {
            let t = Double(step) * 16
            events += [SeatEvent(time: .milliseconds(t), .touchMotion(id: 1, location: scene.shape.center + Vector(dx: Double(step) * 40, dy: -Double(step) * 40))),
                       SeatEvent(time: .milliseconds(t), .touchFrame)]
        }
        events += [SeatEvent(time: .milliseconds(600), .touchUp(id: 1)), SeatEvent(time: .milliseconds(600), .touchFrame)]
        let dragged = GestureDemoScene.replay(Trace(canvasSize: size, events: events)) { _ in }
        let reach = GestureDemoScene.Shape.halfSide * 1.3 * dragged.shape.scale
        let shapeBounds = Rect(x: dragged.shape.center.x - reach, y: dragged.shape.center.y - reach, width: 2 * reach, height: 2 * reach)
        #expect(contains(layout.shapeArea, shapeBounds), "\(shapeBounds) \(layout.shapeArea)")
        #expect(!overlap(shapeBounds, layout.panel))
    }
}
