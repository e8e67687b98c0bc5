import Foundation
import FingerPaintCore
import PaintModel
import PaintRender
import PaintUI
import SeatInput
import Testing
import TouchUI

/// The gallery by touch (docs/gallery.md): open it from the palette, start a new drawing, open another, and what a
/// long press offers — duplicate, export, move to the Trash with an undo — with the files checked on disk.
@Suite struct GalleryTests {
    /// The window's size: four columns of tiles.
    static let size = Size(width: 800, height: 600)

    /// A painter on `first.fpdraw` in an 800x600 window and a home folder of its own (its data, state and Trash
    /// inside), one stroke drawn.
    /// A painter with a drawing of its own and 60 empty drawings beside it: more than a screenful of tiles.
    static func painterWithManyDrawings() throws -> (Painter, home: URL) {
        let (painter, home) = try painterWithADrawing()
        let data = home.appendingPathComponent(".local/share/fingerpaint")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        for index in 0..<60 { try DocumentFile.writeNew(Drawing(), to: data.appendingPathComponent("Drawing \(index).fpdraw")) }
        return (painter, home)
    }

    static func painterWithADrawing() throws -> (Painter, home: URL) {
        let home = temporaryFolder()
        let painter = try Painter(opening: home.appendingPathComponent("first.fpdraw"), home: home, size: size)
        painter.app.trash = Trash(environment: ["HOME": home.path])
        // As the program does when it opens a drawing: the recent list has it.
        if let document = painter.app.document { document.library.remember(document.url) }
        painter.drag([(1, point(60, 60), point(300, 160))])
        return (painter, home)
    }

    static func gallery(_ painter: Painter) throws -> Overlay.Gallery {
        try #require(painter.app.renderer.overlay?.gallery)
    }

    /// The tile of a drawing named `name` (the new-drawing tile for `nil`).
    static func tile(_ painter: Painter, named name: String?) throws -> Overlay.Gallery.Tile {
        try #require(try gallery(painter).tiles.first { tile in
            switch tile.content {
            case .newDrawing: name == nil
            case let .drawing(tileName, _, _, _, _, _): tileName == name
            }
        })
    }

    /// Whether a pixel is the black brush's ink (the gallery's grey and the paper are not).
    static func isInk(_ pixel: UInt32) -> Bool { pixel & 0xFF < 0x60 }

    static func openGallery(_ painter: Painter) {
        let button = painter.paletteCenter(of: .openGallery)
        painter.tap(40, at: button)
    }

    /// A finger held on a point for 0.6 s (a long press), then lifted.
    static func longPress(_ painter: Painter, at location: Point) {
        painter.send(.touchDown(id: 50, location: location), .touchFrame)
        painter.time += 600
        painter.app.advanceTime(to: Timestamp(milliseconds: painter.time))
        painter.send(.touchUp(id: 50), .touchFrame)
    }

    @Test func theGalleryButtonThenTheNewTileStartASecondDrawingAndTheFirstKeepsItsStroke() throws {
        let (painter, home) = try Self.painterWithADrawing()
        defer { try? FileManager.default.removeItem(at: home) }
        painter.titles = []
        let first = try #require(painter.app.document?.url)
        Self.openGallery(painter)
        #expect(painter.app.isShowingGallery)
        // The window is the gallery now: the canvas's stroke is covered.
        #expect(!Self.isInk(painter.shown(180, 110)))
        painter.tap(41, at: try Self.tile(painter, named: nil).frame.center)
        #expect(!painter.app.isShowingGallery)
        let second = try #require(painter.app.document?.url)
        #expect(second != first && second.deletingLastPathComponent().lastPathComponent == "fingerpaint")
        #expect(painter.app.drawing.strokes.isEmpty && !painter.isPainted(180, 110))
        #expect(!Self.isInk(painter.shown(180, 110)))
        #expect(painter.titles.count == 1 && painter.titles.first?.hasPrefix("Drawing ") == true)
        // The first drawing was saved and closed with its stroke and history.
        let saved = try DocumentFile.read(first)
        #expect(saved.drawing.strokes.count == 1 && saved.drawing.canUndo)
        // Painted in, the new drawing is a file of its own.
        painter.drag([(2, point(60, 200), point(300, 200))])
        painter.app.waitForSaves()
        #expect(try DocumentFile.read(second).drawing.strokes.count == 1)
        // And the gallery opens the first again, history and all, with the new one listed too.
        Self.openGallery(painter)
        let names = try Self.gallery(painter).tiles.compactMap { tile -> String? in
            if case let .drawing(name, _, _, _, _, _) = tile.content { name } else { nil }
        }
        #expect(names == [second.deletingPathExtension().lastPathComponent, "first"])
        painter.tap(42, at: try Self.tile(painter, named: "first").frame.center)
        #expect(painter.app.document?.url.standardizedFileURL == first.standardizedFileURL)
        #expect(painter.isPainted(180, 110) && painter.app.drawing.canUndo)
        painter.app.finishDocument()
    }

    @Test func theHeadersOpenAsksTheDesktopsOpenDialogWhereThereIsOneAndIsGoneWhenThereIsNot() throws {
        let (painter, home) = try Self.painterWithADrawing()
        defer { try? FileManager.default.removeItem(at: home) }
        Self.openGallery(painter)
        // Without a dialog to ask, no button.
        #expect(try Self.gallery(painter).openButton == nil)
        let desktop = DesktopDouble()
        painter.app.desktop = desktop
        painter.app.desktopServices = [.openDialog]
        painter.app.renderFrame()
        let button = try #require(try Self.gallery(painter).openButton)
        #expect(button.width >= 44 && button.height >= 44)
        let closeButton = try Self.gallery(painter).closeButton
        #expect(button.maxX <= closeButton.minX)
        painter.tap(43, at: button.center)
        #expect(desktop.openDialogs == 1 && painter.app.isShowingGallery)
        // The portal did not answer: a banner says so, the gallery stays, and the button is gone.
        painter.app.openDialogUnavailable(reason: "no portal")
        painter.app.renderFrame()
        #expect(painter.app.isShowingGallery && !painter.app.desktopServices.contains(.openDialog))
        #expect(try Self.gallery(painter).openButton == nil)
        #expect(painter.app.renderer.overlay?.banner?.text == "The desktop has no dialog to open drawings with: here are your drawings.")
        #expect(painter.messages.contains("fingerpaint: no open dialog (no portal); showing the gallery"))
        painter.tap(44, at: button.center)
        #expect(desktop.openDialogs == 1)
        painter.app.finishDocument()
    }

    @Test func showInFolderIsOfferedOnlyWhereTheDesktopCanAndAsksItWithTheDrawingsFile() throws {
        let (painter, home) = try Self.painterWithADrawing()
        defer { try? FileManager.default.removeItem(at: home) }
        let desktop = DesktopDouble()
        painter.app.desktop = desktop
        // Without it the menu has no "Show in folder" (movingADrawingToTheTrash… below); where the desktop says how it shows
        // files, the menu has it, and a tap asks for the drawing's own file.
        painter.app.desktopServices = [.showInFolder]
        Self.openGallery(painter)
        Self.longPress(painter, at: try Self.tile(painter, named: "first").frame.center)
        let menu = try #require(try Self.gallery(painter).menu)
        #expect(menu.items.map(\.title) == ["Duplicate", "Rename…", "Export as PNG", "Show in folder", "Move to Trash"])
        desktop.showInFolderFailure = "no file manager answered"
        painter.tap(43, at: try #require(menu.items.first { $0.title == "Show in folder" }).frame.center)
        #expect(desktop.shownInFolder.map(\.lastPathComponent) == ["first.fpdraw"])
        // What the desktop could not do is said, with where the drawing is.
        painter.app.renderFrame()
        #expect(painter.app.renderer.overlay?.banner?.text.hasPrefix("The desktop cannot show first in its folder.") == true)
        painter.app.finishDocument()
    }

    @Test func aPristineNewDrawingLeftForAnotherIsNotKept() throws {
        let (painter, home) = try Self.painterWithADrawing()
        defer { try? FileManager.default.removeItem(at: home) }
        Self.openGallery(painter)
        painter.tap(41, at: try Self.tile(painter, named: nil).frame.center)
        let untitled = try #require(painter.app.document?.url)
        Self.openGallery(painter)
        painter.tap(42, at: try Self.tile(painter, named: "first").frame.center)
        // Nothing was drawn in it: no empty drawing is left behind in the gallery.
        #expect(!FileManager.default.fileExists(atPath: untitled.path))
        Self.openGallery(painter)
        #expect(try Self.gallery(painter).tiles.count == 2)
        painter.app.finishDocument()
    }

    @Test func movingADrawingToTheTrashWritesATrashInfoAndUndoPutsItBack() throws {
        let (painter, home) = try Self.painterWithADrawing()
        defer { try? FileManager.default.removeItem(at: home) }
        let first = try #require(painter.app.document?.url)
        // The stroke's record is written on the journal's queue: read the file once it is there.
        painter.app.waitForSaves()
        let original = try Data(contentsOf: first)
        // A second drawing, so that the first is not the one open.
        Self.openGallery(painter)
        painter.tap(41, at: try Self.tile(painter, named: nil).frame.center)
        Self.openGallery(painter)
        Self.longPress(painter, at: try Self.tile(painter, named: "first").frame.center)
        let menu = try #require(try Self.gallery(painter).menu)
        #expect(menu.items.map(\.title) == ["Duplicate", "Rename…", "Export as PNG", "Move to Trash"])
        #expect(menu.items.allSatisfy { $0.frame.height >= 40 })
        painter.tap(43, at: try #require(menu.items.last).frame.center)
        // In the Trash, as the freedesktop specification lays it out.
        let trashed = home.appendingPathComponent(".local/share/Trash/files/first.fpdraw")
        let info = home.appendingPathComponent(".local/share/Trash/info/first.fpdraw.trashinfo")
        #expect(!FileManager.default.fileExists(atPath: first.path))
        #expect(try Data(contentsOf: trashed) == original)
        let lines = try String(contentsOf: info, encoding: .utf8).split(separator: "\n").map(String.init)
        try #require(lines.count == 3)
        #expect(lines[0] == "[Trash Info]")
        #expect(lines[1] == "Path=" + first.standardizedFileURL.path.replacingOccurrences(of: " ", with: "%20"))
        #expect(lines[2].range(of: #"^DeletionDate=\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$"#, options: .regularExpression) != nil)
        #expect(try Self.gallery(painter).tiles.count == 2)
        // The banner says so and offers an undo, which puts the file back where it was.
        let banner = try #require(painter.app.renderer.overlay?.banner)
        #expect(banner.text.contains("Trash") && banner.action == "Undo")
        painter.tap(44, at: try #require(banner.actionFrame).center)
        #expect(try Data(contentsOf: first) == original)
        #expect(!FileManager.default.fileExists(atPath: trashed.path) && !FileManager.default.fileExists(atPath: info.path))
        #expect(try Self.gallery(painter).tiles.count == 3)
        painter.app.finishDocument()
    }

    @Test func trashingTheOpenDrawingStartsANewOneFirst() throws {
        let (painter, home) = try Self.painterWithADrawing()
        defer { try? FileManager.default.removeItem(at: home) }
        let first = try #require(painter.app.document?.url)
        Self.openGallery(painter)
        Self.longPress(painter, at: try Self.tile(painter, named: "first").frame.center)
        painter.tap(43, at: try #require(try Self.gallery(painter).menu?.items.last).frame.center)
        #expect(painter.app.document?.url != first && painter.app.drawing.strokes.isEmpty)
        let trashed = home.appendingPathComponent(".local/share/Trash/files/first.fpdraw")
        #expect(try DocumentFile.read(trashed).drawing.strokes.count == 1)
        #expect(!FileManager.default.fileExists(atPath: first.path))
        painter.app.finishDocument()
    }

    @Test func duplicateMakesACopyWithTheStrokesAndHistory() throws {
        let (painter, home) = try Self.painterWithADrawing()
        defer { try? FileManager.default.removeItem(at: home) }
        Self.openGallery(painter)
        Self.longPress(painter, at: try Self.tile(painter, named: "first").frame.center)
        painter.tap(43, at: try #require(try Self.gallery(painter).menu?.items.first).frame.center)
        let copy = home.appendingPathComponent("first (copy).fpdraw")
        let copied = try DocumentFile.read(copy).drawing
        #expect(copied.strokes == painter.app.drawing.strokes && copied.canUndo)
        _ = try Self.tile(painter, named: "first (copy)")
        painter.app.finishDocument()
    }

    /// A long press on `name`'s tile, then its menu's Rename…: the rename panel.
    static func openRenamePanel(_ painter: Painter, on name: String) throws -> Overlay.Gallery.RenamePanel {
        longPress(painter, at: try tile(painter, named: name).frame.center)
        let item = try #require(try gallery(painter).menu?.items.first { $0.title == "Rename…" })
        painter.tap(45, at: item.frame.center)
        return try #require(try gallery(painter).renamePanel)
    }

    @Test func renamingADrawingByTapsAndKeysMovesItsFileAndTheRecentList() throws {
        let (painter, home) = try Self.painterWithADrawing()
        defer { try? FileManager.default.removeItem(at: home) }
        let other = home.appendingPathComponent("second.fpdraw")
        var drawing = Drawing()
        drawing.add(Stroke(points: [StrokePoint(point(10, 10)), StrokePoint(point(90, 50))], color: .black, width: 4))
        try DocumentFile.writeNew(drawing, to: other)
        let bytes = try Data(contentsOf: other)
        painter.app.document?.library.remember(other)
        Self.openGallery(painter)
        let panel = try Self.openRenamePanel(painter, on: "second")
        #expect(panel.text == "second" && panel.isTextSelected)
        // Keys go to the field, not to commands: "g" and "e" would open the gallery and pick the eraser.
        for key in ["shift+g", "r", "e", "e", "n", "space", "h", "i", "l", "l"] { painter.key(key) }
        #expect(try Self.gallery(painter).renamePanel?.text == "Green hill" && painter.app.canvasView.tool != .eraser)
        painter.tap(46, at: panel.renameButton.center)
        let renamed = home.appendingPathComponent("Green hill.fpdraw")
        #expect(try Data(contentsOf: renamed) == bytes && !FileManager.default.fileExists(atPath: other.path))
        #expect(try Self.gallery(painter).renamePanel == nil)
        _ = try Self.tile(painter, named: "Green hill")
        let recent = try String(contentsOf: home.appendingPathComponent(".local/state/fingerpaint/recent-documents"), encoding: .utf8)
        #expect(recent.contains(renamed.standardizedFileURL.path + "\n") && !recent.contains("second.fpdraw"))
        #expect(painter.app.banner == "Renamed second to Green hill.")
        painter.app.finishDocument()
    }

    @Test func theOpenDrawingRenamedGoesOnBeingSavedUnderItsNewNameAndTheTitleFollows() throws {
        let (painter, home) = try Self.painterWithADrawing()
        defer { try? FileManager.default.removeItem(at: home) }
        painter.titles = []
        Self.openGallery(painter)
        _ = try Self.openRenamePanel(painter, on: "first")
        for key in ["h", "a", "r", "b", "o", "u", "r", "Return"] { painter.key(key) }
        let renamed = home.appendingPathComponent("harbour.fpdraw")
        #expect(painter.app.document?.url.standardizedFileURL == renamed.standardizedFileURL)
        #expect(painter.titles == ["harbour"])
        // Escape leaves the gallery; a stroke is saved into the renamed file, and the old name is not made again.
        painter.key("Escape")
        #expect(!painter.app.isShowingGallery)
        painter.drag([(2, point(60, 200), point(300, 200))])
        painter.app.waitForSaves()
        #expect(try DocumentFile.read(renamed).drawing.strokes.count == 2)
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("first.fpdraw").path))
        let last = try String(contentsOf: home.appendingPathComponent(".local/state/fingerpaint/last-document"), encoding: .utf8)
        #expect(last == renamed.standardizedFileURL.path + "\n")
        painter.app.finishDocument()
        #expect(try DocumentFile.read(renamed).drawing.strokes.count == 2)
    }

    @Test func aNameRefusedSaysWhyMovesNothingAndKeepsThePanelForAnotherTry() throws {
        let (painter, home) = try Self.painterWithADrawing()
        defer { try? FileManager.default.removeItem(at: home) }
        painter.app.waitForSaves()
        let first = home.appendingPathComponent("first.fpdraw")
        let bytes = try Data(contentsOf: first)
        try Data("not mine".utf8).write(to: home.appendingPathComponent("taken.fpdraw"))
        Self.openGallery(painter)
        _ = try Self.openRenamePanel(painter, on: "first")
        let refusals: [(keys: [String], banner: String)] = [
            (["a", "slash", "b"], "Cannot rename first: a name cannot have “/” in it."),
            (["period", "x"], "Cannot rename first: a name cannot start with “.”."),
            (["space"], "Cannot rename first: a drawing needs a name."),
            (["t", "a", "k", "e", "n"], "Cannot rename first: another file is named taken already."),
        ]
        for refusal in refusals {
            // The field emptied first: the panel stays with what was typed after a refusal.
            for _ in 0..<8 { painter.key("BackSpace") }
            for key in refusal.keys + ["Return"] { painter.key(key) }
            #expect(painter.app.banner == refusal.banner)
            #expect(painter.app.galleryView.isRenaming)
            #expect(try Data(contentsOf: first) == bytes)
        }
        #expect(try Data(contentsOf: home.appendingPathComponent("taken.fpdraw")) == Data("not mine".utf8))
        #expect(painter.app.document?.url.lastPathComponent == "first.fpdraw")
        painter.key("Escape")
        #expect(!painter.app.galleryView.isRenaming && painter.app.isShowingGallery)
        painter.app.finishDocument()
    }

    @Test func exportWritesAPNGOfTheDrawingNamedAfterIt() throws {
        let (painter, home) = try Self.painterWithADrawing()
        defer { try? FileManager.default.removeItem(at: home) }
        let pictures = home.appendingPathComponent("Pictures")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        let exporting = try Painter(opening: home.appendingPathComponent("second.fpdraw"), home: home, exportFolder: pictures,
                                    size: Self.size)
        painter.app.finishDocument()
        Self.openGallery(exporting)
        Self.longPress(exporting, at: try Self.tile(exporting, named: "first").frame.center)
        exporting.tap(43, at: try #require(try Self.gallery(exporting).menu?.items.first { $0.title == "Export as PNG" }).frame.center)
        let png = try ImageSurface(contentsOfPNG: pictures.appendingPathComponent("first.png").path)
        #expect(Painter.paintedPixels(of: png, rows: png.height) > 100)
        exporting.app.finishDocument()
    }

    @Test func thumbnailsAreMadeOffTheWaylandThreadAndShowTheDrawing() throws {
        let (painter, home) = try Self.painterWithADrawing()
        defer { try? FileManager.default.removeItem(at: home) }
        Self.openGallery(painter)
        painter.app.waitForThumbnails()
        painter.app.renderFrame()
        let tile = try Self.tile(painter, named: "first")
        guard case let .drawing(_, _, thumbnail, isDamaged, isUnreadable, isOpen) = tile.content else {
            Issue.record("not a drawing")
            return
        }
        #expect(thumbnail != nil && !isDamaged && !isUnreadable && isOpen)
        // The stroke from (60, 60) to (300, 160) is a diagonal across its thumbnail: the middle of the picture.
        let picture = tile.pictureFrame
        let dark = (-3...3).contains { dx in Self.isInk(painter.shown(picture.midX + Double(dx), picture.midY)) }
        #expect(dark)
        painter.app.finishDocument()
    }

    @Test func aDamagedDrawingIsMarkedAndAForeignFileIsNeverOpenedOrChanged() throws {
        let (painter, home) = try Self.painterWithADrawing()
        defer { try? FileManager.default.removeItem(at: home) }
        let data = home.appendingPathComponent(".local/share/fingerpaint")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let foreign = data.appendingPathComponent("notes.fpdraw")
        try Data("shopping list\n".utf8).write(to: foreign)
        var drawing = Drawing()
        drawing.add(Stroke(points: [StrokePoint(point(10, 10)), StrokePoint(point(90, 50))], color: .black, width: 4))
        drawing.add(Stroke(points: [StrokePoint(point(10, 50)), StrokePoint(point(90, 10))], color: .black, width: 4))
        var damagedBytes = DrawingDocument.encode(drawing)
        damagedBytes[DrawingDocument.headerSize + 40] ^= 0xFF
        try Data(damagedBytes).write(to: data.appendingPathComponent("damaged.fpdraw"))
        Self.openGallery(painter)
        painter.app.waitForThumbnails()
        painter.app.renderFrame()
        guard case let .drawing(_, _, _, isDamaged, _, _) = try Self.tile(painter, named: "damaged").content,
              case let .drawing(_, _, _, _, isUnreadable, _) = try Self.tile(painter, named: "notes").content
        else {
            Issue.record("tiles missing")
            return
        }
        #expect(isDamaged && isUnreadable)
        let before = painter.app.document?.url
        painter.tap(41, at: try Self.tile(painter, named: "notes").frame.center)
        #expect(painter.app.document?.url == before && painter.app.banner?.contains("not a fingerpaint drawing") == true)
        #expect(try Data(contentsOf: foreign) == Data("shopping list\n".utf8))
        painter.tap(42, at: try Self.tile(painter, named: "damaged").frame.center)
        #expect(painter.app.document?.url.lastPathComponent == "damaged.fpdraw", "\(painter.app.banner ?? "")")
        #expect(painter.app.drawing.strokes.count == 1)
        painter.app.finishDocument()
    }

    @Test func manyDrawingsScrollByFingerAndAFlickGlidesOn() throws {
        let (painter, home) = try Self.painterWithManyDrawings()
        defer { try? FileManager.default.removeItem(at: home) }
        Self.openGallery(painter)
        #expect(try Self.gallery(painter).tiles.count < 30)
        #expect(try Self.gallery(painter).scrollThumb != nil)
        // A slow drag up by 100 pt scrolls by as much.
        painter.drag([(60, point(200, 450), point(200, 350))], steps: 20)
        #expect(abs(painter.app.galleryView.scrollOffset - 100) < 12)
        // A flick: the list goes on after the finger lifts.
        painter.drag([(61, point(200, 430), point(200, 330))], steps: 4)
        let lifted = painter.app.galleryView.scrollOffset
        for _ in 0..<10 {
            painter.time += 1000.0 / 60
            painter.app.renderFrame(at: Timestamp(milliseconds: painter.time))
        }
        #expect(painter.app.galleryView.scrollOffset > lifted + 20)
        painter.app.finishDocument()
    }

    @Test func manyDrawingsScrollAPageByTapAndTheButtonsStayWhereTheyAre() throws {
        let (painter, home) = try Self.painterWithManyDrawings()
        defer { try? FileManager.default.removeItem(at: home) }
        Self.openGallery(painter)
        var gallery = try Self.gallery(painter)
        // At the top: only the way down, which takes a whole page of rows and opens nothing.
        #expect(gallery.pageUp == nil)
        let down = try #require(gallery.pageDown)
        #expect(down.width >= 44 && down.height >= 44 && gallery.frame.contains(down.center))
        let first = try #require(gallery.tiles.first).frame
        painter.tap(70, at: down.center)
        gallery = try Self.gallery(painter)
        #expect(painter.app.galleryView.scrollOffset > first.height && painter.app.document?.url.lastPathComponent == "first.fpdraw")
        #expect(gallery.pageDown == down)
        // Then the way back up, above it, to the top again.
        let up = try #require(gallery.pageUp)
        #expect(up.maxY < down.minY)
        painter.tap(71, at: up.center)
        #expect(painter.app.galleryView.scrollOffset == 0)
        painter.app.finishDocument()
    }
}

/// The desktop's services as a test sees them: what the app asked for.
final class DesktopDouble: FingerPaintDesktop {
    var copies: [[String]] = []
    var exportsSuggested: [String] = []
    var openDialogs = 0
    var pictureDialogs = 0
    var shownInFolder: [URL] = []
    /// What showing a file in its folder answers (`nil`: it did).
    var showInFolderFailure: String?

    func fingerPaintApp(_ app: FingerPaintApp, copy representations: [(mimeType: String, bytes: [UInt8])]) -> String? {
        copies.append(representations.map(\.mimeType))
        clipboard = representations
        return nil
    }

    /// What the clipboard holds, by MIME type, in its owner's order: what the app copied last, or what a test put.
    var clipboard: [(mimeType: String, bytes: [UInt8])] = []
    /// The types the app asked to read.
    var reads: [String] = []

    func clipboardTypes(for app: FingerPaintApp) -> [String] {
        clipboard.map(\.mimeType)
    }

    func fingerPaintApp(_ app: FingerPaintApp, readClipboardAs mimeType: String) -> String? {
        reads.append(mimeType)
        guard let bytes = clipboard.first(where: { $0.mimeType == mimeType })?.bytes else { return "the clipboard is empty" }
        app.paste(bytes, as: mimeType)
        app.waitForPictures()
        return nil
    }

    func fingerPaintApp(_ app: FingerPaintApp, chooseExportFileSuggesting name: String) {
        exportsSuggested.append(name)
    }

    func fingerPaintAppDidAskToOpenDrawing(_ app: FingerPaintApp) {
        openDialogs += 1
    }

    func fingerPaintAppDidAskToPlaceImage(_ app: FingerPaintApp) {
        pictureDialogs += 1
    }

    func fingerPaintApp(_ app: FingerPaintApp, showInFolder file: URL) -> String? {
        shownInFolder.append(file)
        return showInFolderFailure
    }
}
