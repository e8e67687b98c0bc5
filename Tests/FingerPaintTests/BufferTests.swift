import Testing
import FingerPaintCore
import PaintModel
import PaintRender
import SeatInput
import TouchUI

@Suite struct BufferTests {
    @Test func scaleTwoPaintsTwiceAsManyPixels() {
        let app = FingerPaintApp(size: Size(width: 200, height: 150), scale: 2)
        #expect(app.renderer.pixelWidth == 400 && app.renderer.pixelHeight == 300)
        app.renderFrame()
        app.handle(SeatEvent(time: .milliseconds(0), .touchDown(id: 1, location: Point(x: 20, y: 40))))
        app.handle(SeatEvent(time: .milliseconds(0), .touchFrame))
        app.handle(SeatEvent(time: .milliseconds(16), .touchMotion(id: 1, location: Point(x: 120, y: 40))))
        app.handle(SeatEvent(time: .milliseconds(16), .touchFrame))
        let damage = app.renderFrame()
        // 100 points of an 8-point line at scale 2: damage about 210x18 pixels.
        #expect(damage.reduce(0) { $0 + $1.area } > 200 * 16)
        #expect(app.renderer.frame.pixel(x: 140, y: 80) != paper)
        #expect(app.renderer.frame.pixel(x: 140, y: 92) == paper)  // 6 points below, beyond half the width
        #expect(app.renderer.frame.pixel(x: 140, y: 86) != paper)  // 3 points below, inside
    }

    @Test func compositeCopiesOnlyTheDamagedRectangles() {
        let app = FingerPaintApp(size: Size(width: 100, height: 100))
        app.renderFrame()
        let stride = 100 * 4 + 16
        var buffer = [UInt32](repeating: 0xDEAD_BEEF, count: stride / 4 * 100)
        buffer.withUnsafeMutableBytes { bytes in
            app.composite(into: bytes.baseAddress!, stride: stride, width: 100, height: 100,
                          rects: [app.renderer.bounds])
        }
        #expect(buffer[10 * stride / 4 + 10] & 0xFFFFFF == paper)
        app.handle(SeatEvent(time: .milliseconds(0), .touchDown(id: 1, location: Point(x: 30, y: 30))))
        app.handle(SeatEvent(time: .milliseconds(0), .touchUp(id: 1)))
        let rects = app.renderFrame()
        // The dot's square, and the palette bar (below y = 44), whose undo button came alive.
        let paletteTop = 100 - Int(PaletteView.height)
        #expect(rects.filter { $0.maxY <= paletteTop }.map(\.area) == [10 * 10])  // 8 points wide: 4 + 1 each side of (30, 30)
        #expect(rects.allSatisfy { $0.maxY <= paletteTop || $0.y >= paletteTop })
        buffer[5 * stride / 4 + 5] = 0x1234_5678  // outside the damage: must stay as it is
        buffer.withUnsafeMutableBytes { bytes in
            app.composite(into: bytes.baseAddress!, stride: stride, width: 100, height: 100, rects: rects)
        }
        #expect(buffer[30 * stride / 4 + 30] & 0xFFFFFF != paper)
        #expect(buffer[5 * stride / 4 + 5] == 0x1234_5678)
    }

    @Test func resizeRedrawsEverythingAtTheNewSize() {
        let painter = Painter()
        painter.drag([(1, point(50, 50), point(150, 50))])
        painter.app.resize(to: Size(width: 300, height: 200), scale: 2)
        let damage = painter.app.renderFrame()
        #expect(damage == [PixelRect(x: 0, y: 0, width: 600, height: 400)])
        #expect(painter.app.renderer.frame.pixel(x: 200, y: 100) != paper)
        #expect(painter.app.paletteView.barFrame.minY == 200 - PaletteView.height)
    }
}
