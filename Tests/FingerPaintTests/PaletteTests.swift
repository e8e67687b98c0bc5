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
    func everyControlIsATapOrTwoAwayAndNoneIsSmallerThanAFinger(width: Double) throws {
        let painter = Painter(size: Size(width: width, height: 700))
        let overlay = try #require(painter.app.renderer.overlay)
        let shown = overlay.items + (overlay.strip?.items ?? []) + overlay.panels.flatMap(\.items)
        for item in shown { #expect(item.frame.width >= 40 && item.frame.height >= 40, "\(item)") }
        let palette = painter.app.paletteView
        for command in InterfaceLayout.allControls where !InterfaceLayout.isSwatch(command) {
            #expect((palette.layout.frame(of: command) == nil) == palette.layout.overflow.contains(command), "\(command)")
        }
        // The hand, wherever it is, takes a tap (two through More), and then a finger moves the view.
        painter.tap(3, at: painter.paletteCenter(of: .toggleNavigation))
        #expect(painter.app.canvasView.isNavigating && !palette.isShowingMore)
        #expect(painter.app.brush.colorIndex == 0 && painter.app.drawing.isEmpty)
    }

    @Test func theMoreMenuOpensByATapItsRowsDoWhatTheySayAndATapBesideItClosesIt() throws {
        let painter = Painter(size: Size(width: 420, height: 700))
        let palette = painter.app.paletteView
        #expect(palette.layout.overflow.contains(.clear))
        painter.drag([(1, point(100, 300), point(300, 320))])
        #expect(painter.app.drawing.strokes.count == 1)
        let more = palette.convert(try #require(palette.layout.frame(of: .openMore)).center, to: nil)
        painter.tap(2, at: more)
        #expect(palette.isShowingMore)
        let overlay = try #require(painter.app.renderer.overlay)
        let menu = try #require(overlay.panels.last)
        #expect(menu.items.contains { $0.title == PaintCommand.clear.label() })
        // A finger beside the menu closes it, and paints nothing.
        painter.drag([(3, point(60, 120), point(90, 140))])
        #expect(!palette.isShowingMore && painter.app.drawing.strokes.count == 1)
        // A row does what it says, and the menu closes.
        painter.tap(4, at: more)
        painter.tap(5, at: painter.paletteCenter(of: .clear))
        #expect(!palette.isShowingMore && painter.app.drawing.isEmpty)
    }

    @Test func aCustomColourLeavesEveryControlWhereItWas() throws {
        let painter = Painter(size: Size(width: 1024, height: 700))
        let before = painter.app.paletteView.items
        painter.app.chooseColor(Color(red: 0.2, green: 0.5, blue: 0.7))
        painter.app.chooseColor(Color(red: 0.7, green: 0.5, blue: 0.2))
        #expect(painter.app.recentColors.count == 2)
        #expect(painter.app.paletteView.items == before)
    }

    @Test func everyWidthLooksDifferentAndTakesTheBrushColour() throws {
        let painter = Painter(size: Size(width: 1280, height: 800))
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
        painter.key("Escape")
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
    @Test func theBarIsShownButNeverPainted() throws {
        let painter = Painter(size: Size(width: 1024, height: 300))
        let palette = painter.app.paletteView
        let frame = try #require(palette.layout.frame(of: .selectColor(1)))
        let swatch = palette.convert(frame.center, to: nil)
        #expect(painter.shown(swatch.x, swatch.y) == 0xE53935)
        #expect(painter.committed(swatch.x, swatch.y) == paper)
        // Choosing a colour redraws the bar: the chosen swatch gets a ring just inside its edge.
        let ring = palette.convert(frame.origin, to: nil).y + 1
        let before = painter.shown(swatch.x, ring)
        painter.key("2")
        #expect(painter.shown(swatch.x, ring) != before)
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
