import FingerPaintCore
import Foundation
import Geometry
import PaintModel
import PaintUI
import SeatInput
import Testing
import TouchUI

/// The gallery alone in a window, telling a recording delegate what the user asks for (``GalleryViewDelegate``):
/// one method per event, each with what it is about, and the delegate held weakly.
@MainActor @Suite struct GalleryViewDelegateTests {
    /// A delegate that writes down every event.
    private final class Recorder: GalleryViewDelegate {
        var events: [String] = []
        var changes = 0

        func galleryView(_ gallery: GalleryView, didOpen drawing: LibraryDrawing) { events.append("open \(drawing.name)") }
        func galleryViewDidAskForNewDrawing(_ gallery: GalleryView) { events.append("new drawing") }
        func galleryView(_ gallery: GalleryView, didChoose action: GalleryView.Action, for drawing: LibraryDrawing) {
            events.append("\(action) \(drawing.name)")
        }
        func galleryView(_ gallery: GalleryView, didAskToRename drawing: LibraryDrawing, to name: String) {
            events.append("rename \(drawing.name) to \(name)")
        }
        func galleryViewDidClose(_ gallery: GalleryView) { events.append("close") }
        func galleryViewDidAskToOpenFile(_ gallery: GalleryView) { events.append("open file") }
        func galleryViewDidChange(_ gallery: GalleryView) { changes += 1 }
    }

    /// A window with the gallery over it, showing three drawings; and the clock its touches run on.
    private final class Shown {
        let window = Window(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        let gallery = GalleryView(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        let recorder = Recorder()
        private var time = 0
        private var nextContact = 1

        init() {
            window.addSubview(gallery)
            gallery.isHidden = false
            gallery.delegate = recorder
            gallery.drawings = ["a", "b", "c"].map {
                LibraryDrawing(url: URL(fileURLWithPath: "/drawings/\($0).fpdraw"), modified: Date(timeIntervalSince1970: 0),
                               size: 1, isUntitled: false)
            }
        }

        /// The gallery as the overlay shows it.
        func shown() throws -> Overlay.Gallery { try #require(gallery.overlayGallery) }

        /// A finger down at `point`, held `milliseconds`, lifted.
        func press(at point: Point, for milliseconds: Int = 60) {
            let contact = nextContact
            nextContact += 1
            window.handle([TouchInput(contact: contact, .began(point))], at: Timestamp(milliseconds: Double(time)))
            time += milliseconds
            window.advanceTime(to: Timestamp(milliseconds: Double(time)))
            window.handle([TouchInput(contact: contact, .ended())], at: Timestamp(milliseconds: Double(time)))
            // Apart from the next, so that no two taps make a double tap.
            time += 1000
            window.advanceTime(to: Timestamp(milliseconds: Double(time)))
        }
    }

    @Test func aTapOnADrawingOpensItAndOnTheNewTileStartsOne() throws {
        let shown = Shown()
        let tiles = try shown.shown().tiles
        try #require(tiles.count == 4)
        shown.press(at: tiles[2].frame.center)
        #expect(shown.recorder.events == ["open b"])
        shown.press(at: tiles[0].frame.center)
        #expect(shown.recorder.events == ["open b", "new drawing"])
    }

    @Test func aLongPressOffersTheActionsAndATapOnOneChoosesItForThatDrawing() throws {
        let shown = Shown()
        shown.press(at: try shown.shown().tiles[3].frame.center, for: 700)
        #expect(shown.gallery.isShowingMenu)
        #expect(shown.recorder.events.isEmpty)
        let menu = try #require(try shown.shown().menu)
        let trash = try #require(menu.items.first { $0.title == GalleryView.Action.moveToTrash.title })
        let changes = shown.recorder.changes
        shown.press(at: trash.frame.center)
        #expect(shown.recorder.events == ["moveToTrash c"])
        #expect(!shown.gallery.isShowingMenu)
        #expect(shown.recorder.changes > changes)
    }

    @Test func theMenuOpensBesideItsTileBelowTheHeaderWithoutCoveringIt() throws {
        // Every tile of two rows of four: the first columns' menus open on the right, the last column's on the left.
        for index in 1...7 {
            let shown = Shown()
            shown.gallery.drawings = (0..<7).map {
                LibraryDrawing(url: URL(fileURLWithPath: "/drawings/\($0).fpdraw"), modified: Date(timeIntervalSince1970: 0),
                               size: 1, isUntitled: false)
            }
            let gallery = try shown.shown()
            let tile = gallery.tiles[index].frame
            shown.press(at: tile.center, for: 700)
            let menu = try #require(try shown.shown().menu).frame
            let overlaps = menu.minX < tile.maxX && tile.minX < menu.maxX && menu.minY < tile.maxY && tile.minY < menu.maxY
            #expect(!overlaps, "tile \(index): the menu \(menu) covers \(tile)")
            #expect(menu.minY >= gallery.header.maxY && menu.maxY <= gallery.frame.maxY && menu.minX >= 0 && menu.maxX <= 800)
            #expect(index % 4 == 3 ? menu.maxX < tile.minX : menu.minX > tile.maxX, "tile \(index): \(menu)")
        }
    }

    @Test func renameOpensAPanelBesideTheTileWhoseFieldTakesKeysAndEnterAsksForTheName() throws {
        let shown = Shown()
        let tile = try shown.shown().tiles[2].frame
        shown.press(at: tile.center, for: 700)
        let item = try #require(try shown.shown().menu?.items.first { $0.title == "Rename…" })
        shown.press(at: item.frame.center)
        let panel = try #require(try shown.shown().renamePanel)
        #expect(shown.recorder.events.isEmpty && panel.text == "b" && panel.isTextSelected)
        #expect(panel.frame.minX > tile.maxX || panel.frame.maxX < tile.minX || panel.frame.minY > tile.maxY)
        #expect([panel.field, panel.renameButton, panel.cancelButton].allSatisfy { $0.width >= 44 && $0.height >= 44 })
        // The first key replaces the selected name; Backspace deletes; Ctrl+S types nothing.
        for key in ["c", "shift+a", "t", "BackSpace", "t", "space", "ctrl+s", "2"] {
            shown.gallery.typeKey(try #require(KeyChord(parsing: key)))
        }
        #expect(try shown.shown().renamePanel?.text == "cAt 2")
        shown.gallery.typeKey(KeyChord("Return"))
        #expect(shown.recorder.events == ["rename b to cAt 2"])
        // The panel stays until the owner closes it; Escape cancels.
        #expect(shown.gallery.isRenaming)
        shown.gallery.typeKey(KeyChord("Escape"))
        #expect(!shown.gallery.isRenaming && shown.recorder.events.count == 1)
        #expect(!shown.gallery.typeKey(KeyChord("g")))
    }

    @Test func keysTypeTheirCharactersByTheirKeysymNames() throws {
        let shown = Shown()
        shown.gallery.beginRenaming(shown.gallery.drawings[0])
        for key in ["shift+Eacute", "t", "eacute", "space", "parenleft", "KP_1", "U20AC", "parenright", "F5", "Left", "alt+x"] {
            shown.gallery.typeKey(try #require(KeyChord(parsing: key)))
        }
        #expect(shown.gallery.nameBeingTyped == "Été (1€)")
    }

    @Test func theRenamePanelsButtonsRenameAndCancel() throws {
        let shown = Shown()
        shown.press(at: try shown.shown().tiles[1].frame.center, for: 700)
        shown.press(at: try #require(try shown.shown().menu?.items[1]).frame.center)
        let panel = try #require(try shown.shown().renamePanel)
        shown.press(at: panel.renameButton.center)
        #expect(shown.recorder.events == ["rename a to a"])
        shown.press(at: panel.cancelButton.center)
        #expect(!shown.gallery.isRenaming && shown.recorder.events.count == 1)
        // While it was shown, taps reached no tile.
        #expect(!shown.recorder.events.contains { $0.hasPrefix("open") })
    }

    @Test func theCrossClosesAndOpenIsThereOnlyWhileOffered() throws {
        let shown = Shown()
        #expect(try shown.shown().openButton == nil)
        let changes = shown.recorder.changes
        shown.gallery.offersOpenFile = true
        #expect(shown.recorder.changes == changes + 1)
        let open = try #require(try shown.shown().openButton)
        shown.press(at: open.center)
        #expect(shown.recorder.events == ["open file"])
        // Taken away: a tap there asks for nothing.
        shown.gallery.offersOpenFile = false
        shown.press(at: open.center)
        #expect(shown.recorder.events == ["open file"])
        shown.press(at: try shown.shown().closeButton.center)
        #expect(shown.recorder.events == ["open file", "close"])
    }

    @Test func aScrollAndNewDrawingsAreToldAsChanges() {
        let shown = Shown()
        var changes = shown.recorder.changes
        shown.gallery.drawings = Array(shown.gallery.drawings.prefix(2))
        #expect(shown.recorder.changes == changes + 1)
        shown.gallery.drawings = (0..<30).map {
            LibraryDrawing(url: URL(fileURLWithPath: "/drawings/\($0).fpdraw"), modified: Date(timeIntervalSince1970: 0),
                           size: 1, isUntitled: false)
        }
        changes = shown.recorder.changes
        shown.gallery.scroll(by: 200)
        #expect(shown.recorder.changes == changes + 1)
        #expect(shown.recorder.events.isEmpty)
    }

    @Test func theDelegateIsHeldWeakly() {
        let gallery = GalleryView(frame: Rect(x: 0, y: 0, width: 800, height: 600))
        var recorder: Recorder? = Recorder()
        weak let gone = recorder
        gallery.delegate = recorder
        recorder = nil
        #expect(gone == nil)
        #expect(gallery.delegate == nil)
    }
}
