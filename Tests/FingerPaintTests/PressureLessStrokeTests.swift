import Foundation
import Testing
import FingerPaintCore
import PaintModel
import PaintRender
import TouchUI

/// Strokes without pressure look exactly as they did before strokes had pressure: the reference pictures were
/// made by this scene on the code before pressure (`FINGERPAINT_WRITE_REFERENCE=1` writes them anew), and made
/// anew when our own rasterizer came to draw the strokes of one width (issue #22, "Our own rasterizer by default":
/// the canvas 23 levels apart from Cairo's at most, 424 edge pixels by more than 4; the frame's stroke in progress
/// the same as the canvas's strokes). Measured against them: 0 levels, held to 0.
@Suite struct PressureLessStrokeTests {
    /// Finger strokes of several widths and colours (straight, curved, a zigzag, a dot), one left down so that
    /// the frame shows a stroke in progress with its predicted tail.
    private func paintScene() -> Painter {
        let painter = Painter()
        painter.app.perform(.selectWidth(0))
        painter.stroke(1, through: line(from: point(20, 20), to: point(380, 40), count: 12))
        painter.app.perform(.selectWidth(3))
        painter.app.perform(.selectColor(1))
        let circle = (0...24).map { step -> Point in
            let angle = Double(step) / 24 * 2 * .pi
            return point(100 + 50 * cos(angle), 130 + 50 * sin(angle))
        }
        painter.stroke(2, through: circle)
        painter.app.perform(.selectWidth(5))
        painter.app.perform(.selectColor(6))
        painter.stroke(3, through: [point(300, 200)])
        painter.app.perform(.selectWidth(2))
        painter.app.perform(.selectColor(4))
        let zigzag = (0..<10).map { point(180 + Double($0) * 20, $0 % 2 == 0 ? 90 : 150) }
        painter.stroke(4, through: zigzag)
        painter.app.perform(.selectColor(7))
        painter.stroke(5, through: line(from: point(30, 220), to: point(200, 180), count: 8), lift: false)
        return painter
    }

    @Test func strokesWithoutPressureRenderAsBeforePixelForPixel() throws {
        let painter = paintScene()
        #expect(painter.app.drawing.strokes.allSatisfy { !$0.hasPressure })
        let frame = painter.app.renderer.frame, canvas = painter.app.renderer.canvas
        let framePath = referenceFolder.appendingPathComponent("pressure-less-frame.png").path
        let canvasPath = referenceFolder.appendingPathComponent("pressure-less-canvas.png").path
        if ProcessInfo.processInfo.environment["FINGERPAINT_WRITE_REFERENCE"] == "1" {
            try frame.writePNG(to: framePath, rows: paletteTop)
            try canvas.writePNG(to: canvasPath, rows: paletteTop)
        }
        let frameReference = try ImageSurface(contentsOfPNG: framePath)
        let canvasReference = try ImageSurface(contentsOfPNG: canvasPath)
        #expect(frameReference.height == paletteTop && canvasReference.height == paletteTop)
        #expect(largestDifference(frame, frameReference) == 0)
        #expect(largestDifference(canvas, canvasReference) == 0)
        // The scene paints: a blank reference would prove nothing.
        #expect(Painter.paintedPixels(of: frameReference) > 5_000)
    }
}
