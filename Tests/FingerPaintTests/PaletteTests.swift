import PaintUI
import Testing
import FingerPaintCore
import PaintModel
import SeatInput
import TouchUI

@Suite struct PaletteTests {
    private func center(of command: PaintCommand, in painter: Painter) -> Point {
        painter.paletteCenter(of: command)
    }

    @Test(arguments: [420.0, 800, 1280])
    func noButtonIsSmallerThanAFingerAndTheyAllFitOrScroll(width: Double) throws {
        let painter = Painter(size: Size(width: width, height: 300))
        let overlay = try #require(painter.app.renderer.overlay)
        #expect(overlay.items.count == 26)
        for item in overlay.items { #expect(item.frame.width >= 40 && item.frame.height >= 40, "\(item)") }
        let palette = painter.app.paletteView
        let lastItem = try #require(palette.items.last)
        if lastItem.frame.maxX > width {
            // Dragged along, the bar scrolls to its last button, which then takes a tap.
            let y = palette.convert(lastItem.frame.center, to: nil).y
            painter.drag([(1, point(width - 20, y), point(20, y))], steps: 6)
            painter.drag([(2, point(width - 20, y), point(20, y))], steps: 6)
            painter.drag([(4, point(width - 20, y), point(20, y))], steps: 6)
            let shown = try #require(palette.items.last)
            #expect(shown.frame.maxX <= width, "\(shown)")
            #expect(painter.app.brush.colorIndex == 0 && painter.app.drawing.isEmpty)
            painter.tap(3, at: palette.convert(shown.frame.center, to: nil))
            #expect(painter.app.canvasView.isNavigating)
        }
    }

    /// The chevron's pixels along the bar's middle row within `columns` of the shown frame.
    private func chevronPixels(in painter: Painter, columns: Range<Int>) throws -> Int {
        let bar = try #require(painter.app.renderer.overlay).frame
        return columns.filter { x in
            (-3...3).contains { dy in
                let pixel = painter.shown(Double(x), bar.midY + Double(dy))
                // The chevron's grey (0.3, 0.3, 0.33), where its stroke covers whole pixels.
                let (red, green, blue) = (Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF))
                return (74...80).contains(red) && red == green && blue - red >= 6 && blue - red <= 8
            }
        }.count
    }

    @Test func aBarThatScrollsHintsAtTheButtonsBeyondItsEdgesAndOneThatFitsDoesNot() throws {
        let painter = Painter(size: Size(width: 420, height: 300))
        var overlay = try #require(painter.app.renderer.overlay)
        // At the start: more to the right, nothing to the left; a chevron drawn in the bar's last 20 points only.
        #expect(overlay.hasMoreAfter && !overlay.hasMoreBefore)
        #expect(try chevronPixels(in: painter, columns: 400..<420) > 0)
        #expect(try chevronPixels(in: painter, columns: 0..<20) == 0)
        // The button cut by the right edge fades out: the bar's own colour beside the chevron.
        #expect(painter.shown(419, overlay.frame.minY + 8) == 0xEDEDF2)
        // Scrolled to the end: the hint moves to the left edge.
        painter.app.paletteView.scroll(toShow: .toggleNavigation)
        painter.app.renderFrame()
        overlay = try #require(painter.app.renderer.overlay)
        #expect(overlay.hasMoreBefore && !overlay.hasMoreAfter)
        #expect(try chevronPixels(in: painter, columns: 0..<20) > 0)
        #expect(try chevronPixels(in: painter, columns: 400..<420) == 0)
        // Wide enough for every button: no hint.
        let wide = Painter(size: Size(width: 1280, height: 300))
        let fits = try #require(wide.app.renderer.overlay)
        #expect(!fits.hasMoreBefore && !fits.hasMoreAfter)
        #expect(try chevronPixels(in: wide, columns: 1260..<1280) == 0)
    }

    @Test func everyWidthLooksDifferentAndTakesTheBrushColour() throws {
        let painter = Painter(size: Size(width: 1280, height: 300))
        painter.key("2")
        painter.app.renderFrame()
        let widths = painter.app.paletteView.items.filter { if case .selectWidth = $0.command { true } else { false } }
        // The painted width of each dot along its middle row.
        let diameters = widths.map { item -> Int in
            let frame = painter.app.paletteView.convert(item.frame, to: nil)
            return (Int(frame.minX)..<Int(frame.maxX)).filter { x in
                let pixel = painter.shown(Double(x), frame.midY)
                return pixel >> 16 & 0xFF > 180 && pixel >> 8 & 0xFF < 100
            }.count
        }
        #expect(diameters == diameters.sorted() && Set(diameters).count == diameters.count, "\(diameters)")
        #expect(diameters.first.map { $0 > 0 } == true, "\(diameters)")
    }

    @Test func fingersOnThePaletteDoNotPaint() {
        let painter = Painter()
        // Down on the palette bar, then across it and up into the canvas.
        painter.drag([(1, point(380, 290), point(20, 250))])
        painter.drag([(2, point(200, 270), point(200, 100))])
        #expect(painter.app.drawing.isEmpty)
        #expect(Painter.paintedPixels(of: painter.app.renderer.frame) == 0)
    }

    @Test func tappingASwatchChoosesItsColour() {
        let painter = Painter()
        painter.tap(1, at: center(of: .selectColor(4), in: painter))
        #expect(painter.app.brush.color == Brush.palette[4])
        painter.drag([(1, point(50, 50), point(150, 50))])
        #expect(painter.app.drawing.strokes.first?.color == Brush.palette[4])
        #expect(painter.shown(100, 50) == 0x43A047)
    }

    @Test func paletteButtonsUndoRedoAndClear() {
        let painter = Painter()
        painter.drag([(1, point(50, 50), point(150, 50))])
        painter.tap(2, at: center(of: .undo, in: painter))
        #expect(painter.app.drawing.isEmpty)
        painter.tap(2, at: center(of: .redo, in: painter))
        #expect(painter.app.drawing.strokes.count == 1)
        painter.tap(2, at: center(of: .clear, in: painter))
        #expect(painter.app.drawing.isEmpty)
        painter.tap(2, at: center(of: .selectWidth(4), in: painter))
        #expect(painter.app.brush.width == 32)
    }

    @Test func aFingerSlidingOffAButtonDoesNotPressIt() {
        let painter = Painter()
        let start = center(of: .selectColor(2), in: painter)
        painter.drag([(1, start, point(start.x + 150, start.y))], steps: 3)
        #expect(painter.app.brush.colorIndex == 0)
    }
}

@Suite struct KeyTests {
    @Test(arguments: [
        ("ctrl+z", PaintCommand.undo), ("ctrl+shift+z", .redo), ("ctrl+y", .redo), ("ctrl+s", .save),
        ("Delete", .clear), ("1", .selectColor(0)), ("9", .selectColor(8)), ("bracketleft", .narrow),
        ("bracketright", .widen), ("F11", .toggleFullscreen), ("ctrl+q", .quit),
        ("ctrl+plus", .zoomIn), ("ctrl+shift+plus", .zoomIn), ("ctrl+equal", .zoomIn), ("ctrl+minus", .zoomOut),
        ("ctrl+0", .zoomToFit), ("ctrl+1", .actualSize),
    ])
    func keysAskForCommands(key: String, command: PaintCommand) throws {
        let chord = try #require(KeyChord(parsing: key))
        #expect(PaintCommand(key: chord) == command)
    }

    @Test(arguments: ["z", "0", "ctrl+2", "alt+z", "q", "shift+Delete", "plus", "alt+1"])
    func otherKeysMeanNothing(key: String) throws {
        let chord = try #require(KeyChord(parsing: key))
        #expect(PaintCommand(key: chord) == nil)
    }

    @Test func digitKeysAndBracketsChangeTheBrush() {
        let painter = Painter()
        painter.key("3")
        painter.key("bracketright")
        painter.key("bracketright")
        painter.key("bracketleft")
        #expect(painter.app.brush.color == Brush.palette[2])
        #expect(painter.app.brush.width == 16)
    }

    @Test func fullscreenAndQuitAreRequestsToTheHost() {
        let painter = Painter()
        painter.key("F11")
        painter.key("ctrl+q")
        #expect(painter.requests == ["fullscreen", "quit"])
    }
}

@Suite struct PaletteDrawingTests {
    @Test func theBarIsShownButNeverPainted() {
        let painter = Painter()
        let palette = painter.app.paletteView
        let swatch = palette.convert(palette.items[2].frame.center, to: nil)
        #expect(painter.shown(swatch.x, swatch.y) == 0xE53935)
        #expect(painter.committed(swatch.x, swatch.y) == paper)
        // Choosing a colour redraws the bar: the chosen swatch gets a frame around it.
        let above = palette.convert(palette.items[2].frame.origin, to: nil).y - 3
        let before = painter.shown(swatch.x, above)
        painter.key("2")
        #expect(painter.shown(swatch.x, above) != before)
    }

    @Test func aLongPressOnAButtonShowsItsLabelAndPressesNothing() throws {
        let painter = Painter(size: Size(width: 800, height: 300))
        painter.drag([(1, point(40, 100), point(360, 100))])
        let undo = painter.paletteCenter(of: .undo)
        painter.send(.touchDown(id: 2, location: undo), .touchFrame)
        #expect(painter.app.renderer.overlay?.label == nil)
        for _ in 0..<36 { painter.send(.tick) }
        let label = try #require(painter.app.renderer.overlay?.label)
        #expect(label.text == "Undo (two-finger tap)")
        #expect(label.frame.maxY <= undo.y - 20 && label.frame.minX >= 0 && label.frame.maxX <= 800)
        painter.send(.touchUp(id: 2), .touchFrame)
        #expect(painter.app.renderer.overlay?.label == nil)
        // Held to read its label, the button did nothing; a quick tap still undoes.
        #expect(painter.app.drawing.strokes.count == 1)
        painter.tap(3, at: undo)
        #expect(painter.app.drawing.strokes.isEmpty)
    }

    @Test func everyButtonHasALabel() {
        let painter = Painter(size: Size(width: 1600, height: 300))
        for item in painter.app.paletteView.items {
            #expect(item.command.label().count >= 3, "\(item.command)")
        }
    }

    @Test func theDarkStyleDarkensThePaletteAndPanelsButNotThePaper() throws {
        let painter = Painter(size: Size(width: 600, height: 300))
        painter.tap(1, at: painter.paletteCenter(of: .openColorChooser))
        let barY = 300 - 2.0
        #expect(painter.shown(300, barY) & 0xFF > 0xE0 && (painter.shown(300, barY) >> 16) & 0xFF > 0xE0)
        painter.app.style = .dark
        painter.send(.tick)
        let bar = painter.shown(300, barY)
        #expect((bar >> 16) & 0xFF < 0x40 && (bar >> 8) & 0xFF < 0x40 && bar & 0xFF < 0x40, "\(String(bar, radix: 16))")
        // The chooser's panel is dark too, the paper stays white.
        let chooser = try #require(painter.app.renderer.overlay?.colorChooser)
        #expect(painter.shown(chooser.frame.minX + 6, chooser.frame.midY) & 0xFF < 0x40)
        #expect(painter.shown(20, 20) == paper)
    }
}
