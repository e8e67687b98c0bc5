import Foundation
import Testing
@testable import FingerPaintCore
import Geometry
import PaintModel
import PaintRender
import PaintUI
import PropertyBased

/// The layers panel by touch beyond its taps: a long press on a row opens the layer's menu (rename, duplicate, clear,
/// delete, blend mode, opacity), each of its changes one edit that undoes; a row dragged elsewhere moves its layer
/// as one edit; each row's thumbnail shows its layer and is made again only when that layer changes.
@Suite struct LayerMenuTests {
    static let blue = Color(red: 0, green: 0, blue: 1)
    static let size = Size(width: 1024, height: 700)

    /// Layers named `names`, bottom first, each with one stroke across y = 150 from x = 700 to 980 (in `colors`, or
    /// black), the top one current.
    static func drawing(_ names: [String], colors: [Color] = [], strokes: Bool = true) -> Drawing {
        let layers = names.enumerated().map { index, name in
            let color = colors.indices.contains(index) ? colors[index] : .black
            let stroke = Stroke(points: [StrokePoint(point(700, 150)), StrokePoint(point(980, 150))], color: color, width: 40)
            return Layer(attributes: LayerAttributes(name: name), strokes: strokes ? [stroke] : [])
        }
        var drawing = Drawing(layers: layers)
        drawing.apply(.selectLayer(layers.count - 1))
        return drawing
    }

    static func painter(_ drawing: Drawing, size: Size = size) -> Painter {
        let painter = Painter(size: size, drawing: drawing)
        painter.tap(1, at: painter.paletteCenter(of: .openLayers))
        showThumbnails(painter)
        return painter
    }

    /// Waits for the thumbnails asked for, and shows them.
    static func showThumbnails(_ painter: Painter) {
        painter.app.waitForThumbnails()
        painter.app.renderFrame()
    }

    /// The row of the layer named `name` (its thumbnail and name), in window points.
    static func row(_ painter: Painter, _ name: String) throws -> Rect {
        let panel = try #require(painter.app.layersPanelView.overlayPanel)
        return try #require(panel.items.first { $0.title == name }).frame
    }

    /// A finger held on a point for 0.6 s (a long press), then lifted.
    static func longPress(_ painter: Painter, at location: Point) {
        painter.send(.touchDown(id: 50, location: location), .touchFrame)
        painter.time += 600
        painter.app.advanceTime(to: Timestamp(milliseconds: painter.time))
        painter.send(.touchUp(id: 50), .touchFrame)
    }

    static func menu(_ painter: Painter) throws -> Overlay.LayerMenu {
        try #require(painter.app.layerMenuView.overlayMenu)
    }

    /// Taps the menu's row whose words start with `title`.
    static func choose(_ painter: Painter, _ title: String) throws {
        let row = try #require(try menu(painter).rows.first { $0.title.hasPrefix(title) }, "no “\(title)” in the menu")
        painter.tap(2, at: row.frame.center)
    }

    static func openMenu(_ painter: Painter, on name: String) throws {
        longPress(painter, at: try row(painter, name).center)
        #expect(painter.app.layerMenuView.isOpen)
    }

    static func names(_ painter: Painter) -> [String] { painter.app.drawing.layers.map(\.attributes.name) }

    /// The layers as they are now, to compare after an undo.
    static func layers(_ painter: Painter) -> [Layer] { painter.app.drawing.layers }

    static func rgb(_ pixel: UInt32) -> [Int] { [Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF)] }

    /// A point on the strokes (y = 150, x from 700 to 980) that no part of the overlay covers.
    static func uncoveredInk(_ painter: Painter) throws -> Point {
        let frames = try #require(painter.app.renderer.overlay).frames
        let x = try #require(stride(from: 710.0, through: 970, by: 10).first { x in
            !frames.contains { $0.insetBy(dx: -4, dy: -4).contains(point(x, 150)) }
        }, "the overlay covers the ink")
        return point(x, 150)
    }

    @Test func aLongPressOnARowOpensThatLayersMenuAndATapOutsideClosesIt() throws {
        let painter = Self.painter(Self.drawing(["Sketch", "Ink"]))
        try Self.openMenu(painter, on: "Sketch")
        let menu = try Self.menu(painter)
        #expect(menu.title == "Sketch")
        #expect(menu.rows.map(\.title) == ["Rename…", "Duplicate", "Merge down", "Clear", "Delete", "Blend mode: Normal"])
        #expect(menu.slider?.title == "Opacity 100 %")
        #expect(painter.app.layerMenuView.position == 0)
        // The long press chose nothing, changed nothing and painted nothing.
        #expect(painter.app.drawing.currentLayerIndex == 1)
        #expect(!painter.app.drawing.canUndo)
        #expect(painter.app.drawing.strokes.count == 2)
        // The menu opens beside the row, inside the window above the bar, its targets 44 points high.
        let window = Rect(x: 0, y: 0, width: Self.size.width, height: painter.app.paletteView.layout.bar.minY)
        #expect(window.intersection(menu.frame) == menu.frame)
        #expect(menu.rows.allSatisfy { $0.frame.height >= 40 && $0.frame.width >= 40 })
        // A tap outside it closes it, and does nothing else.
        painter.tap(3, at: point(1000, 20))
        #expect(!painter.app.layerMenuView.isOpen && painter.app.renderer.overlay?.layerMenu == nil)
        #expect(!painter.app.drawing.canUndo && painter.app.drawing.strokes.count == 2)
        // A long press on the other row opens that one's; Escape closes it, then the panel.
        try Self.openMenu(painter, on: "Ink")
        #expect(try Self.menu(painter).title == "Ink" && painter.app.layerMenuView.position == 1)
        painter.key("Escape")
        #expect(!painter.app.layerMenuView.isOpen && painter.app.layersPanelView.overlayPanel != nil)
    }

    @Test func aTapOnARowStillPaintsOnItsLayer() throws {
        let painter = Self.painter(Self.drawing(["Sketch", "Ink"]))
        painter.tap(2, at: try Self.row(painter, "Sketch").center)
        #expect(painter.app.drawing.currentLayerIndex == 0)
        #expect(!painter.app.layerMenuView.isOpen && !painter.app.drawing.canUndo)
    }

    @Test func renameTakesTheNameTypedAtEnterAndNothingAtEscape() throws {
        let painter = Self.painter(Self.drawing(["Sketch", "Ink"]))
        try Self.openMenu(painter, on: "Sketch")
        try Self.choose(painter, "Rename")
        #expect(painter.app.layerMenuView.nameBeingTyped == "Sketch")
        #expect(try Self.menu(painter).renamePanel?.isTextSelected == true)
        // The first key replaces the selected name.
        for key in ["l", "i", "n", "e", "x", "BackSpace", "s"] { painter.key(key) }
        #expect(painter.app.layerMenuView.nameBeingTyped == "lines")
        #expect(Self.names(painter) == ["Sketch", "Ink"], "nothing renamed before Enter")
        painter.key("Return")
        #expect(Self.names(painter) == ["lines", "Ink"])
        #expect(!painter.app.layerMenuView.isOpen)
        painter.app.perform(.undo)
        #expect(Self.names(painter) == ["Sketch", "Ink"], "one undo takes the rename back")
        #expect(!painter.app.drawing.canUndo)
        // Escape leaves the name as it was; keys go back to their commands after.
        try Self.openMenu(painter, on: "Ink")
        try Self.choose(painter, "Rename")
        for key in ["o", "o", "p", "s", "Escape"] { painter.key(key) }
        #expect(Self.names(painter) == ["Sketch", "Ink"] && !painter.app.layerMenuView.isOpen)
        #expect(!painter.app.drawing.canUndo)
        painter.key("l")
        #expect(painter.app.layersPanelView.overlayPanel == nil, "`l` closes the panel again once the rename is over")
    }

    @Test func aTypedNameStopsAtALayersFiveHundredAndTwelveBytes() async throws {
        await propertyCheck(count: 20, input: Gen.int(in: 0...700)) { count in
            let painter = Self.painter(Self.drawing(["Sketch"]))
            let row = try Self.row(painter, "Sketch")
            Self.longPress(painter, at: row.center)
            try Self.choose(painter, "Rename")
            painter.key("BackSpace")
            for _ in 0..<count { painter.key("a") }
            #expect(painter.app.layerMenuView.nameBeingTyped?.utf8.count == min(count, LayerAttributes.maximumNameBytes))
            painter.key("Return")
            #expect(Self.names(painter) == [count == 0 ? "Sketch" : String(repeating: "a", count: min(count, 512))])
        }
    }

    /// Duplicate, clear and delete from the menu of the bottom layer (not the current one): each changes the layers
    /// as it says, and one undo gives back the layers as they were.
    @Test(arguments: ["Duplicate", "Clear", "Delete"])
    func duplicateClearAndDeleteAreEachOneEditThatUndoes(action: String) throws {
        let painter = Self.painter(Self.drawing(["Sketch", "Ink"]))
        let before = Self.layers(painter)
        try Self.openMenu(painter, on: "Sketch")
        try Self.choose(painter, action)
        #expect(!painter.app.layerMenuView.isOpen)
        switch action {
        case "Duplicate":
            #expect(Self.names(painter) == ["Sketch", "Sketch copy", "Ink"])
            #expect(painter.app.drawing.layers[1].strokes == before[0].strokes)
        case "Clear":
            #expect(Self.names(painter) == ["Sketch", "Ink"] && painter.app.drawing.layers[0].strokes.isEmpty)
            #expect(painter.app.drawing.layers[1].strokes.count == 1, "the other layer keeps its stroke")
            #expect(painter.app.banner == "Cleared “Sketch”.")
        default:
            #expect(Self.names(painter) == ["Ink"])
            #expect(painter.app.banner == "Deleted “Sketch”.")
        }
        painter.app.perform(.undo)
        #expect(Self.layers(painter) == before)
        #expect(!painter.app.drawing.canUndo, "one edit, undone by one undo")
    }

    @Test func aLockedLayersClearIsRefusedWithTheBannersWords() throws {
        var drawing = Self.drawing(["Sketch", "Ink"])
        var locked = drawing.layers[0].attributes
        locked.isLocked = true
        drawing.apply(.setLayer(at: 0, locked))
        let painter = Self.painter(drawing)
        try Self.openMenu(painter, on: "Sketch")
        try Self.choose(painter, "Clear")
        #expect(painter.app.banner == "“Sketch” is locked: unlock it to paint on it.")
        #expect(painter.app.drawing.layers[0].strokes.count == 1)
    }

    @Test func deleteIsRefusedForTheLastLayer() throws {
        let painter = Self.painter(Self.drawing(["Sketch"]))
        try Self.openMenu(painter, on: "Sketch")
        #expect(try Self.menu(painter).rows.filter { !$0.isEnabled }.map(\.title) == ["Merge down", "Delete"], "greyed")
        try Self.choose(painter, "Delete")
        #expect(Self.names(painter) == ["Sketch"] && !painter.app.drawing.canUndo)
    }

    /// Merge down from a layer's menu: an opaque normal layer gives its strokes to the one below; a multiply layer
    /// is put together with it into one picture that shows as the two did; each is one edit with an Undo, and a
    /// locked layer refuses it with the banner's words.
    @Test func mergeDownKeepsWhatIsShownAndUndoes() throws {
        let red = Color(red: 1, green: 0, blue: 0)
        var drawing = Self.drawing(["Sketch", "Ink", "Shade"], colors: [.black, Self.blue, red])
        var shade = drawing.layers[2].attributes
        shade.blendMode = .multiply
        drawing.apply(.setLayer(at: 2, shade))
        drawing = Drawing(layers: drawing.layers)
        drawing.apply(.selectLayer(2))
        let painter = Self.painter(drawing)
        painter.app.renderFrame()
        let ink = try Self.uncoveredInk(painter)
        let shown = Self.rgb(painter.shown(ink.x, ink.y))
        try Self.openMenu(painter, on: "Ink")
        try Self.choose(painter, "Merge down")
        #expect(Self.names(painter) == ["Sketch", "Shade"] && painter.app.banner == "Merged “Ink” into “Sketch”.")
        #expect(painter.app.drawing.layers[0].strokes.count == 2 && painter.app.drawing.layers[0].image == nil,
                "strokes stay strokes")
        try Self.openMenu(painter, on: "Shade")
        try Self.choose(painter, "Merge down")
        // The picture is drawn off the Wayland thread; the edit comes when it is done.
        #expect(painter.app.banner == "Merging “Shade” into “Sketch”…")
        painter.app.waitForMerge()
        #expect(painter.app.banner == "Merged “Shade” into “Sketch”.")
        let merged = try #require(painter.app.drawing.layers.first)
        #expect(Self.names(painter) == ["Sketch"] && merged.strokes.isEmpty && merged.image != nil)
        painter.app.renderFrame()
        let after = Self.rgb(painter.shown(ink.x, ink.y))
        #expect(zip(after, shown).allSatisfy { abs($0 - $1) <= 2 }, "\(after) where \(shown) was")
        painter.app.perform(.undo)
        painter.app.perform(.undo)
        #expect(Self.layers(painter) == drawing.layers)
        // A locked layer below refuses it, and nothing changes.
        var locked = drawing.layers[1].attributes
        locked.isLocked = true
        drawing.apply(.setLayer(at: 1, locked))
        let refusing = Self.painter(Drawing(layers: drawing.layers))
        try Self.openMenu(refusing, on: "Shade")
        try Self.choose(refusing, "Merge down")
        #expect(refusing.app.banner == "“Ink” is locked: unlock it to merge it." && Self.names(refusing).count == 3)
    }

    /// A merge into one picture is drawn on a background queue: a stroke painted on the layer below meanwhile wins,
    /// and the merge, done, is refused with the banner's words, nothing lost.
    @Test func aLayerChangedWhileItIsMergedIsNotMergedOver() throws {
        var drawing = Self.drawing(["Sketch", "Shade"], colors: [.black, Self.blue])
        var shade = drawing.layers[1].attributes
        shade.blendMode = .multiply
        drawing.apply(.setLayer(at: 1, shade))
        let painter = Self.painter(Drawing(layers: drawing.layers))
        let queue = DispatchQueue(label: "merge")
        queue.suspend()
        painter.app.mergeLayerDown(at: 1, on: queue)
        #expect(painter.app.drawing.layers.count == 2, "not merged before its picture is done")
        painter.app.perform(.selectLayer(0))
        painter.app.edit(.add(Stroke(points: [StrokePoint(point(100, 300))], color: .black, width: 8)))
        let strokes = painter.app.drawing.layers[0].strokes.count
        try #require(strokes == 2)
        queue.resume()
        painter.app.waitForMerge()
        #expect(painter.app.drawing.layers.count == 2 && painter.app.drawing.layers[0].strokes.count == strokes)
        #expect(painter.app.banner == "“Shade” or the layer below changed while they were being merged: merge it again.")
    }

    @Test func choosingMultiplyBlendsTheLayerAsKritaDoes() throws {
        // A half-opaque blue layer screened over white paper shows white; multiplied, (127 or 128, same, 255).
        var drawing = Self.drawing(["Paper", "Wash"], colors: [.white, Self.blue])
        var wash = drawing.layers[1].attributes
        wash.opacity = 0.5
        wash.blendMode = .screen
        drawing.apply(.setLayer(at: 1, wash))
        drawing = Drawing(layers: drawing.layers)
        drawing.apply(.selectLayer(1))
        let painter = Self.painter(drawing)
        try Self.openMenu(painter, on: "Wash")
        try Self.choose(painter, "Blend mode")
        let list = try Self.menu(painter)
        #expect(list.rows.map(\.title) == ["‹ Back"] + BlendMode.allCases.map(LayerMenuView.name(of:)))
        #expect(list.rows.filter(\.isSelected).map(\.title) == ["Screen"])
        #expect(list.rows.allSatisfy { $0.frame.height >= 40 && $0.frame.width >= 40 })
        painter.app.renderFrame()
        let ink = try Self.uncoveredInk(painter)
        #expect(Self.rgb(painter.shown(ink.x, ink.y)) == [255, 255, 255])
        try Self.choose(painter, "Multiply")
        #expect(painter.app.drawing.layers[1].attributes.blendMode == .multiply)
        #expect(try Self.menu(painter).rows.last?.title == "Blend mode: Multiply", "back to the actions, the mode named")
        painter.app.renderFrame()
        let pixel = Self.rgb(painter.shown(ink.x, ink.y))
        #expect((127...128).contains(pixel[0]) && (127...128).contains(pixel[1]) && pixel[2] == 255, "\(pixel)")
        painter.app.perform(.undo)
        #expect(painter.app.drawing.layers[1].attributes.blendMode == .screen && !painter.app.drawing.canUndo)
    }

    @Test func theOpacitySliderShowsTheDragAndMakesOneEditAtTheLift() throws {
        let painter = Self.painter(Self.drawing(["Paper", "Wash"], colors: [.white, Self.blue]))
        try Self.openMenu(painter, on: "Wash")
        let slider = try #require(try Self.menu(painter).slider)
        let track = slider.track
        painter.app.renderFrame()
        let ink = try Self.uncoveredInk(painter)
        #expect(Self.rgb(painter.shown(ink.x, ink.y)) == [0, 0, 255])
        // From the knob at 100 % to 50 %, still held: the window shows half, the drawing keeps its edits.
        painter.drag([(7, point(track.maxX, track.midY), point(track.minX + track.width / 2, track.midY))],
                     steps: 12, lift: false)
        painter.app.renderFrame()
        let dragged = Self.rgb(painter.shown(ink.x, ink.y))
        #expect((127...128).contains(dragged[0]) && dragged[2] == 255, "\(dragged) while the finger drags")
        #expect(try Self.menu(painter).slider?.title == "Opacity 50 %")
        #expect(painter.app.drawing.layers[1].attributes.opacity == 1 && !painter.app.drawing.canUndo)
        painter.send(.touchUp(id: 7), .touchFrame)
        #expect(painter.app.drawing.layers[1].attributes.opacity == 0.5)
        painter.app.renderFrame()
        #expect(Self.rgb(painter.shown(ink.x, ink.y)) == dragged)
        painter.app.perform(.undo)
        #expect(painter.app.drawing.layers[1].attributes.opacity == 1)
        #expect(!painter.app.drawing.canUndo, "one edit for the whole drag")
        painter.app.renderFrame()
        #expect(Self.rgb(painter.shown(ink.x, ink.y)) == [0, 0, 255])
    }

    @Test func aRowDraggedOntoAnotherMovesItsLayerThereAsOneEdit() throws {
        let painter = Self.painter(Self.drawing(["A", "B", "C"], strokes: false))
        let a = try Self.row(painter, "A"), c = try Self.row(painter, "C")
        // Held over C's place: A follows the finger, C makes room below, nothing moved yet.
        painter.drag([(4, a.center, point(a.midX, c.midY))], steps: 10, lift: false)
        #expect(painter.app.layersPanelView.isDraggingRow)
        #expect(try Self.row(painter, "C").minY > c.minY, "C moves down to make room")
        #expect(abs(try Self.row(painter, "A").midY - c.midY) < 1)
        #expect(Self.names(painter) == ["A", "B", "C"] && !painter.app.drawing.canUndo)
        painter.send(.touchUp(id: 4), .touchFrame)
        #expect(Self.names(painter) == ["B", "C", "A"])
        #expect(!painter.app.layerMenuView.isOpen && !painter.app.layersPanelView.isDraggingRow)
        #expect(try Self.row(painter, "A").minY == c.minY, "A's row is now the top one")
        painter.app.perform(.undo)
        #expect(Self.names(painter) == ["A", "B", "C"] && !painter.app.drawing.canUndo)
        // A drag that lands where it started moves nothing, and a sideways slide drags nothing.
        let b = try Self.row(painter, "B")
        painter.drag([(5, b.center, point(b.midX, b.midY + 15))], steps: 6)
        #expect(Self.names(painter) == ["A", "B", "C"] && !painter.app.drawing.canUndo)
        painter.drag([(5, a.center, point(a.midX + 120, a.midY - 20))], steps: 6, lift: false)
        #expect(!painter.app.layersPanelView.isDraggingRow)
        painter.send(.touchUp(id: 5), .touchFrame)
        #expect(Self.names(painter) == ["A", "B", "C"] && !painter.app.drawing.canUndo)
    }

    @Test func anyDragOfAnyRowKeepsTheLayersAndMakesAtMostOneEdit() async {
        await propertyCheck(count: 60, input: Gen.int(in: 0...4), Gen.double(in: -400...900), Gen.double(in: -300...300)) {
            row, y, dx in
            let names = ["A", "B", "C", "D", "E"]
            let painter = Self.painter(Self.drawing(names, strokes: false))
            let start = try Self.row(painter, names[row])
            painter.drag([(6, start.center, point(start.midX + dx, y))], steps: 8)
            #expect(Set(Self.names(painter)) == Set(names) && Self.names(painter).count == names.count)
            #expect(painter.app.drawing.strokes.isEmpty, "a drag on the panel never paints")
            if painter.app.drawing.canUndo {
                painter.app.perform(.undo)
                #expect(Self.names(painter) == names)
                #expect(!painter.app.drawing.canUndo)
            } else {
                #expect(Self.names(painter) == names)
            }
        }
    }

    /// The thumbnail shown in the row of the layer named `name`: its key and image.
    static func thumbnail(_ painter: Painter, _ name: String) throws -> (key: String, image: ImageSurface) {
        let panel = try #require(painter.app.layersPanelView.overlayPanel)
        let item = try #require(panel.items.first { $0.title == name })
        guard case let .layerThumbnail(key) = item.content, let key else {
            Issue.record("no thumbnail in \(name)'s row")
            throw CancellationError()
        }
        return (key, try #require(painter.app.renderer.galleryThumbnails[key]))
    }

    static func inkedPixels(_ image: ImageSurface) -> Int {
        var count = 0
        for y in 0..<image.height {
            for x in 0..<image.width where image.pixel(x: x, y: y) & 0xFFFFFF != 0xFFFFFF { count += 1 }
        }
        return count
    }

    @Test func eachThumbnailShowsItsLayersInkAndIsMadeAgainOnlyWhenItsLayerChanges() throws {
        var drawing = Self.drawing(["Sketch", "Ink"])
        drawing = Drawing(layers: [drawing.layers[0], Layer(attributes: LayerAttributes(name: "Ink"))])
        drawing.apply(.selectLayer(1))
        let painter = Self.painter(drawing)
        let sketch = try Self.thumbnail(painter, "Sketch"), ink = try Self.thumbnail(painter, "Ink")
        #expect(Self.inkedPixels(sketch.image) > 0, "the sketch's stroke shows in its thumbnail")
        #expect(Self.inkedPixels(ink.image) == 0, "an empty layer's thumbnail is paper")
        let made = painter.app.layerThumbnails.madeCount
        // A stroke on Ink, away from the panel: Ink's thumbnail is made again and shows it, Sketch's is kept.
        let panel = try #require(painter.app.layersPanelView.overlayPanel).frame
        #expect(!panel.contains(point(750, 400)) && !panel.contains(point(950, 400)))
        painter.drag([(8, point(750, 400), point(950, 400))])
        #expect(painter.app.drawing.layers[1].strokes.count == 1)
        Self.showThumbnails(painter)
        let inkAfter = try Self.thumbnail(painter, "Ink"), sketchAfter = try Self.thumbnail(painter, "Sketch")
        #expect(inkAfter.key != ink.key && Self.inkedPixels(inkAfter.image) > 0)
        #expect(sketchAfter.key == sketch.key && sketchAfter.image === sketch.image)
        #expect(painter.app.layerThumbnails.madeCount == made + 1)
        // Frames and overlay changes make none: only a change of a layer does.
        for _ in 0..<5 { painter.app.renderFrame() }
        painter.key("bracketright")
        Self.showThumbnails(painter)
        #expect(painter.app.layerThumbnails.madeCount == made + 1)
        // A move makes none either: each layer keeps its thumbnail wherever it goes.
        painter.app.perform(.moveLayerDown)
        Self.showThumbnails(painter)
        #expect(try Self.thumbnail(painter, "Ink").key == inkAfter.key)
        #expect(painter.app.layerThumbnails.madeCount == made + 1)
    }

    /// A placed picture shows in its layer's thumbnail, and the menu's Clear takes it away (a layer with a picture
    /// and no strokes is not empty), one edit that undoes.
    @Test func aPicturesLayerShowsItInItsThumbnailAndClearTakesIt() throws {
        let painter = Self.painter(Self.drawing(["Sketch"], strokes: false))
        painter.app.placeImage(at: try PlacedPictureTests.pictureFile(width: 300, height: 200))
        painter.app.waitForPictures()
        Self.showThumbnails(painter)
        let sky = try Self.thumbnail(painter, "sky")
        var blue = 0
        for y in 0..<sky.image.height {
            for x in 0..<sky.image.width where PlacedPictureTests.isBlue(sky.image.pixel(x: x, y: y)) { blue += 1 }
        }
        #expect(blue > 0, "the picture shows in its thumbnail")
        #expect(Self.inkedPixels(try Self.thumbnail(painter, "Sketch").image) == 0)
        try Self.openMenu(painter, on: "sky")
        try Self.choose(painter, "Clear")
        #expect(painter.app.drawing.layers[1].image == nil && painter.app.banner == "Cleared “sky”.")
        painter.app.perform(.undo)
        #expect(painter.app.drawing.layers[1].image != nil)
    }

    /// Where the window is 420x700 or 1024x768, the panel with twelve layers and the menu (the actions, the blend
    /// modes, the rename panel) fit inside the window above the bar, with targets of 40 points; each, and a row
    /// dragged, is drawn light and dark as a PNG to look at (in the temporary folder's fingerpaint-layer-menu).
    @Test(arguments: [Size(width: 420, height: 700), Size(width: 1024, height: 768)])
    func thePanelAndItsMenuFitTheWindow(size: Size) throws {
        let names = (1...12).map { "Layer \($0)" }
        let painter = Self.painter(Self.drawing(names), size: size)
        let bar = painter.app.paletteView.layout.bar
        let area = Rect(x: 0, y: 0, width: size.width, height: bar.minY)
        let panel = try #require(painter.app.layersPanelView.overlayPanel)
        try Self.openMenu(painter, on: try #require(panel.items.compactMap(\.title).first))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fingerpaint-layer-menu")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for list in ["actions", "blend modes", "rename", "drag"] {
            if list == "blend modes" { try Self.choose(painter, "Blend mode") }
            if list == "rename" {
                try Self.choose(painter, "‹ Back")
                try Self.choose(painter, "Rename")
            }
            if list == "drag" {
                painter.key("Escape")
                let row = try Self.row(painter, try #require(panel.items.compactMap(\.title).first))
                painter.drag([(9, row.center, point(row.midX + 20, row.midY + 70))], steps: 8, lift: false)
                #expect(painter.app.layersPanelView.isDraggingRow)
            } else {
                let menu = try Self.menu(painter)
                let frames = menu.rows.map(\.frame) + [menu.renamePanel?.renameButton, menu.renamePanel?.cancelButton,
                                                       menu.renamePanel?.field, menu.slider?.track].compactMap { $0 }
                #expect(area.intersection(menu.frame) == menu.frame, "\(list) \(menu.frame) in \(size)")
                #expect(frames.allSatisfy { menu.frame.intersection($0) == $0 && $0.height >= 40 && $0.width >= 40 })
            }
            for style in OverlayStyle.allCases {
                painter.app.style = style
                painter.app.renderFrame()
                let shown = list.replacingOccurrences(of: " ", with: "-")
                let name = "layer-menu-\(Int(size.width))x\(Int(size.height))-\(shown)-\(style).png"
                let path = folder.appendingPathComponent(name).path
                try? FileManager.default.removeItem(atPath: path)
                try painter.app.renderer.frame.writePNG(to: path)
            }
        }
    }
}
