import FingerPaintCore
import Foundation
import PaintModel
import PaintRender
import PaintUI
import SeatInput
import Testing
import TouchUI

/// Any colour by touch: the chooser, the eyedropper with its loupe, the recent colours, and the brush remembered.
@Suite struct ColorTests {
    @Test func theBrushFileWritesEveryWidthAsTheNumberFormatDid() {
        for index in Brush.widths.indices {
            var settings = BrushSettings()
            settings.brush.selectWidth(at: index)
            let width = Brush.widths[index].formatted(.number.grouping(.never))
            #expect(settings.text.contains("\nwidth = \(width)\n"))
            #expect(BrushSettings(parsing: settings.text).brush.widthIndex == index)
        }
    }

    /// Left-handed, chosen in the More menu, is remembered with the brush and moves the strip again at the next launch.
    @Test func theLeftHandedChoiceIsRememberedWithTheBrush() throws {
        let folder = temporaryFolder()
        let file = try #require(BrushSettings.fileURL(environment: ["XDG_CONFIG_HOME": folder.path]))
        let first = Painter(size: Size(width: 1024, height: 700))
        first.tap(1, at: first.paletteCenter(of: .toggleLeftHanded))
        #expect(first.app.paletteView.isLeftHanded && first.brushChanges.last?.isLeftHanded == true)
        #expect(try #require(first.brushChanges.last).save(to: file) == nil)
        #expect(try String(contentsOf: file, encoding: .utf8).contains("\nhand = left\n"))
        let second = Painter(size: Size(width: 1024, height: 700))
        second.app.brushSettings = BrushSettings.load(from: file)
        let strip = try #require(second.app.paletteView.layout.strip)
        #expect(strip.maxX == 1024 && second.app.paletteView.isLeftHanded)
        #expect(BrushSettings(parsing: "hand = sideways\n").isLeftHanded == false)
    }

    @Test func theEyedropperPicksAStrokesColourAndTheNextStrokeHasIt() throws {
        let painter = Painter()
        painter.app.perform(.selectColor(1))
        let red = painter.app.brush.color
        painter.drag([(1, point(40, 100), point(360, 100))])
        painter.app.perform(.selectColor(6))
        painter.tap(2, at: painter.paletteCenter(of: .pickColor))
        #expect(painter.app.canvasView.isPickingColor)
        // The finger slides onto the red stroke: the loupe shows it; nothing is painted.
        painter.send(.touchDown(id: 3, location: point(200, 160)), .touchFrame)
        painter.send(.touchMotion(id: 3, location: point(200, 100)), .touchFrame)
        let loupe = try #require(painter.app.renderer.overlay?.loupe)
        #expect(loupe.color.rgb == red.rgb, "\(loupe)")
        painter.send(.touchUp(id: 3), .touchFrame)
        #expect(painter.app.renderer.overlay?.loupe == nil && !painter.app.canvasView.isPickingColor)
        #expect(painter.app.drawing.strokes.count == 1)
        #expect(painter.app.brush.color.rgb == red.rgb && painter.app.brush.colorIndex == 1)
        painter.drag([(4, point(40, 180), point(360, 180))])
        #expect(painter.app.drawing.strokes.last?.color.rgb == red.rgb)
    }

    /// The loupe's soft ring edge once lay outside the rectangle redrawn each frame, and left dotted trails of it
    /// along its path (issue #33): after it has passed, every pixel of the canvas is as before.
    @Test(arguments: [1, 2])
    func theLoupeLeavesNothingBehindWhereItPassed(scale: Int) throws {
        let painter = Painter(scale: scale)
        painter.app.perform(.selectColor(1))
        painter.drag([(1, point(40, 200), point(360, 200))])
        painter.tap(2, at: painter.paletteCenter(of: .pickColor))
        let frame = painter.app.renderer.frame
        let before = frame.enlarged(PixelRect(x: 0, y: 0, width: frame.width, height: frame.height), by: 1)
        // The finger slides right and up, a few points a frame, over the stroke and past where the loupe flips
        // below it (near the top); lifted, the loupe is gone.
        painter.send(.touchDown(id: 3, location: point(80, 230)), .touchFrame)
        for step in 1...40 {
            painter.send(.touchMotion(id: 3, location: point(80 + Double(step) * 6, 230 - Double(step) * 3)), .touchFrame)
        }
        painter.send(.touchUp(id: 3), .touchFrame)
        #expect(painter.app.renderer.overlay?.loupe == nil)
        let after = painter.app.renderer.frame
        #expect(pixelsDiffering(before, after, byMoreThan: 0, rows: paletteTop * scale) == 0)
    }

    @Test func theChooserSetsAColourChosenByTouchAndItJoinsTheRecentSwatches() throws {
        let painter = Painter(size: Size(width: 800, height: 600))
        painter.tap(1, at: painter.paletteCenter(of: .openColorChooser))
        let chooser = try #require(painter.app.renderer.overlay?.colorChooser)
        // A finger on the hue bar a third of the way down (green), then on the square's top right (full colour).
        painter.drag([(2, point(chooser.hueBar.midX, chooser.hueBar.minY + chooser.hueBar.height / 3),
                       point(chooser.hueBar.midX, chooser.hueBar.minY + chooser.hueBar.height / 3 + 1))], steps: 1)
        painter.tap(3, at: point(chooser.square.maxX - 1, chooser.square.minY + 1))
        let chosen = painter.app.brush.color
        #expect(chosen.green > 0.9 && chosen.red < 0.1 && chosen.blue < 0.1, "\(chosen)")
        #expect(painter.app.brush.customColor != nil)
        // Sliding about in the chooser makes no recent colours; closing it (its swatch) keeps the one chosen, in the
        // first of the panel's places for recent colours, at least 40 points.
        #expect(painter.app.recentColors.isEmpty)
        painter.tap(4, at: chooser.swatch.center)
        #expect(painter.app.renderer.overlay?.colorChooser == nil)
        #expect(painter.app.recentColors.map(\.rgb) == [chosen.rgb])
        painter.app.perform(.selectColor(0))
        painter.tap(5, at: painter.paletteCenter(of: .selectRecentColor(0)))
        let places = try #require(painter.app.renderer.overlay?.colorChooser).swatches
        #expect(places.count == Brush.palette.count + 4 && places.allSatisfy { $0.width >= 40 && $0.height >= 40 })
        #expect(painter.app.brush.color.rgb == chosen.rgb)
        // Nothing was painted by any of it.
        #expect(painter.app.drawing.strokes.isEmpty)
    }

    /// A colour chosen while erasing is one to paint with: the tool becomes the brush, whichever way it was chosen.
    @Test(arguments: ["swatch", "recent", "chooser"])
    func aColourChosenWhileErasingPaintsWithIt(way: String) throws {
        let painter = Painter(size: Size(width: 800, height: 600))
        painter.app.chooseColor(Color(rgb: 0x336699))
        painter.app.perform(.toggleEraser)
        #expect(painter.app.canvasView.tool == .eraser)
        switch way {
        case "swatch": painter.tap(1, at: painter.paletteCenter(of: .selectColor(2)))
        case "recent": painter.tap(1, at: painter.paletteCenter(of: .selectRecentColor(0)))
        default: painter.app.chooseColor(Color(rgb: 0x22AA44), remembering: false)
        }
        #expect(painter.app.canvasView.tool == .brush)
        painter.drag([(2, point(100, 200), point(300, 200))])
        let stroke = try #require(painter.app.drawing.strokes.last)
        #expect(painter.app.drawing.strokes.count == 1)
        #expect(stroke.color.rgb == painter.app.brush.color.rgb)
        #expect(painter.isPainted(200, 200))
    }

    /// The tool stays what it was for anything else about the brush: a width chosen while erasing erases.
    @Test func aWidthChosenWhileErasingKeepsErasing() {
        let painter = Painter(size: Size(width: 800, height: 600))
        painter.app.perform(.toggleEraser)
        painter.tap(1, at: painter.paletteCenter(of: .selectWidth(3)))
        #expect(painter.app.canvasView.tool == .eraser)
    }

    @Test func theBrushSurvivesARestartAndABadFileIsTheDefaults() throws {
        let folder = temporaryFolder()
        let file = try #require(BrushSettings.fileURL(environment: ["XDG_CONFIG_HOME": folder.path]))
        let first = Painter()
        first.app.chooseColor(Color(rgb: 0x336699))
        first.app.perform(.widen)
        first.app.perform(.toggleEraser)
        #expect(first.brushChanges.count == 3)
        for settings in first.brushChanges { #expect(settings.save(to: file) == nil) }
        let second = Painter()
        second.app.brushSettings = BrushSettings.load(from: file)
        #expect(second.app.brush.color.rgb == 0x336699 && second.app.brush.width == 16)
        #expect(second.app.canvasView.tool == .eraser && second.app.recentColors.map(\.rgb) == [0x336699])
        #expect(file.path.hasSuffix("/fingerpaint/settings"))
        try Data("color = palette 99\nwidth = 1e400\n\u{0}\u{1}garbage\nrecent = #GGGGGG\n".utf8).write(to: file)
        #expect(BrushSettings.load(from: file) == BrushSettings())
    }

    @Test(arguments: [0x000000, 0xFFFFFF, 0xE53935, 0x43A047, 0x1E88E5, 0x8E24AA, 0x123456, 0xFEDCBA])
    func hueSaturationAndValueGoBackToTheSameColour(rgb: Int) {
        let color = Color(rgb: UInt32(rgb))
        let (h, s, v) = color.hsv
        #expect(Color(hue: h, saturation: s, value: v).rgb == color.rgb)
    }

    @Test func aPensBarrelButtonPicksTheColourUnderTheHoveringPen() throws {
        let painter = Painter()
        painter.app.perform(.selectColor(4))
        let green = painter.app.brush.color
        painter.drag([(1, point(40, 100), point(360, 100))])
        painter.app.perform(.selectColor(0))
        painter.send(.tablet(.proximityIn(.pen, location: point(200, 160)), tool: 0), .tablet(.frame, tool: 0))
        painter.send(.tablet(.motion(location: point(200, 100)), tool: 0), .tablet(.frame, tool: 0))
        painter.send(.tablet(.button(.stylus, isPressed: true), tool: 0), .tablet(.frame, tool: 0))
        #expect(painter.app.renderer.overlay?.loupe?.color.rgb == green.rgb)
        painter.send(.tablet(.button(.stylus, isPressed: false), tool: 0), .tablet(.frame, tool: 0))
        #expect(painter.app.renderer.overlay?.loupe == nil)
        #expect(painter.app.brush.color.rgb == green.rgb && painter.app.drawing.strokes.count == 1)
    }
}
