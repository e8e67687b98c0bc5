import FingerPaintCore
import Foundation
import PaintModel
import ProcessTesting
import SeatInput
import Testing
import TouchUI

/// What the window says in its banner where nothing else would tell a painter what happened, read through
/// touch-replay from the line the program prints for each text it shows (`--verbose`): a copy made or not, a last
/// drawing that could not be reopened, an open dialog the desktop does not have (issue #33).
@Suite struct BannerWindowTests {
    typealias Window = FingerPaintWindowTests

    /// The two fingers' strokes, then Ctrl+C, then the pointer moving on a second later, so that the window is
    /// still there to say what the copy did.
    static let strokesThenCopy = Window.twoFingerStrokes + [
        SeatEvent(time: .milliseconds(600), .key(KeyChord("c", modifiers: .ctrl))),
        SeatEvent(time: .milliseconds(1600), .pointerEnter(location: Point(x: 790, y: 200))),
    ]

    @Test func copyConfirmsInTheBanner() async throws {
        let scratch = try TemporaryDirectory()
        let result = try await Window.paint(Self.strokesThenCopy, in: scratch, programOptions: ["--verbose"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(Window.banners(in: result.standardError) == ["Copied the drawing to the clipboard."], "\(result.standardError)")
    }

    @Test func aCopyOnADesktopWithoutAClipboardSaysWhyInTheBanner() async throws {
        let scratch = try TemporaryDirectory()
        let result = try await Window.paint(Self.strokesThenCopy, in: scratch, replayOptions: ["--no-clipboard"],
                                            programOptions: ["--verbose"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(Window.banners(in: result.standardError) == ["Cannot copy the drawing: this desktop offers no clipboard."],
                "\(result.standardError)")
    }

    @Test func aBareStartWhoseLastDrawingCannotBeReadSaysSoInTheBannerAndLeavesItAsItWas() async throws {
        let scratch = try TemporaryDirectory()
        let last = scratch.path("cat.fpdraw")
        let bytes = Array("a shopping list, not a drawing\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: last))
        try FileManager.default.createDirectory(atPath: scratch.path("state/fingerpaint"), withIntermediateDirectories: true)
        try Data((last + "\n").utf8).write(to: URL(fileURLWithPath: scratch.path("state/fingerpaint/last-document")))
        let result = try await Window.paint(
            [SeatEvent(time: .milliseconds(0), .pointerEnter(location: Point(x: 790, y: 200))),
             SeatEvent(time: .milliseconds(1000), .pointerMotion(location: Point(x: 795, y: 200)))],
            in: scratch, programOptions: ["--verbose"], document: nil)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(Window.banners(in: result.standardError) == [
            "Cannot reopen cat, the drawing you had open last: it is not a fingerpaint drawing. It is left as it was, "
                + "and this is a new drawing.",
        ], "\(result.standardError)")
        // The reason in full stays on standard error; the file is as it was.
        #expect(result.standardError.contains("\(last): not a fingerpaint drawing; the file was left as it was; starting a new drawing"))
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: last))) == bytes)
    }

    @Test func theGallerysOpenWithoutAPortalSaysInTheBannerThatTheDrawingsAreHere() async throws {
        let scratch = try TemporaryDirectory()
        let gallery = GalleryView(frame: Rect(origin: .zero, size: GalleryWindowTests.content))
        gallery.offersOpenFile = true
        gallery.isHidden = false
        let button = try #require(gallery.overlayGallery?.openButton).offsetBy(dx: 0, dy: GalleryWindowTests.titleBar)
        // No session bus (Window.environment): the window still offers Open…, and finds out when it asks.
        let result = try await Window.paint(
            GalleryWindowTests.tap(GalleryWindowTests.galleryButton, at: 100, id: 1)
                + GalleryWindowTests.tap(button.center, at: 600, id: 2)
                + [SeatEvent(time: .milliseconds(1600), .pointerEnter(location: Point(x: 795, y: 200)))],
            in: scratch, programOptions: ["--verbose"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(Window.banners(in: result.standardError) == ["The desktop has no dialog to open drawings with: here are your drawings."],
                "\(result.standardError)")
        #expect(result.standardError.contains("no open dialog (no session bus"), "\(result.standardError)")
    }

    /// The banner goes below the gallery's header (issue #35): a tap on the gallery's ✕ while the banner says there
    /// is no open dialog closes the gallery, and the stroke after it paints.
    @Test func theGallerysCloseButtonClosesItWhileABannerIsShown() async throws {
        let scratch = try TemporaryDirectory()
        let gallery = GalleryView(frame: Rect(origin: .zero, size: GalleryWindowTests.content))
        gallery.offersOpenFile = true
        gallery.isHidden = false
        let shown = try #require(gallery.overlayGallery)
        let open = try #require(shown.openButton).offsetBy(dx: 0, dy: GalleryWindowTests.titleBar)
        let close = shown.closeButton.offsetBy(dx: 0, dy: GalleryWindowTests.titleBar)
        let result = try await Window.paint(
            GalleryWindowTests.tap(GalleryWindowTests.galleryButton, at: 100, id: 1)
                + GalleryWindowTests.tap(open.center, at: 600, id: 2)
                + GalleryWindowTests.tap(close.center, at: 1200, id: 3)
                + GalleryWindowTests.line(4, from: Point(x: 100, y: 300), to: Point(x: 600, y: 300), at: 1600)
                + [SeatEvent(time: .milliseconds(2600), .pointerEnter(location: Point(x: 795, y: 200)))],
            in: scratch, programOptions: ["--verbose"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(Window.banners(in: result.standardError) == ["The desktop has no dialog to open drawings with: here are your drawings."],
                "\(result.standardError)")
        #expect(Window.savedStrokes(in: scratch)?.count == 1, "\(result.standardError)")
    }
}
