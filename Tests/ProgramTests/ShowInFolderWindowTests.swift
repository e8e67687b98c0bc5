// The gallery's "Show in folder" through touch-replay into fingerpaint, with fake-portal on a private bus.
import FingerPaintCore
import Foundation
import PaintModel
import ProcessTesting
import SeatInput
import Testing
import TouchUI

/// A long press on a drawing in the gallery, then its menu's fourth item: with a desktop that offers a way, the
/// fourth item is "Show in folder" and the desktop is asked to show that drawing; docs/gallery.md.
@Suite(.serialized) struct ShowInFolderWindowTests {
    typealias Gallery = GalleryWindowTests

    /// A stroke, the gallery, a long press on the drawing's tile and a tap on the menu's fourth item.
    static func events() throws -> [SeatEvent] {
        var events = Gallery.line(1, from: Point(x: 100, y: 300), to: Point(x: 600, y: 300), at: 100)
        events += Gallery.tap(Gallery.galleryButton, at: 800, id: 2)
        events += try Gallery.longPress(tile: 1, of: 1, thenMenuItem: 3, at: 1300, ids: (3, 4), actions: GalleryView.Action.allCases)
        return events + [SeatEvent(time: .milliseconds(3000), .pointerEnter(location: Point(x: 400, y: 300)))]
    }

    static func run(portal arguments: [String], in scratch: TemporaryDirectory) async throws -> FakePortal {
        let bus = try PrivateBus()
        let fake = try FakePortal(bus: bus, arguments: arguments)
        let trace = try scratch.write("trace.jsonl", Trace(canvasSize: Size(width: 800, height: 600), events: try events()).serialized())
        var environment = FingerPaintWindowTests.environment(in: scratch)
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        let result = try await ChildProcess.run(
            FingerPaintWindowTests.touchReplay,
            ["--realtime", "--trace", trace, "--output", scratch.path("window.png"), "--", FingerPaintWindowTests.fingerpaint,
             scratch.path("drawing.fpdraw"), "--verbose"],
            environment: environment, timeout: 120)
        #expect(result.status == 0, "\(result.standardError)")
        return fake
    }

    @Test func theFileManagerIsAskedToShowTheDrawing() async throws {
        let scratch = try TemporaryDirectory()
        let fake = try await Self.run(portal: ["--file-manager"], in: scratch)
        let uri = URL(fileURLWithPath: scratch.path("drawing.fpdraw")).standardizedFileURL.absoluteString
        #expect(fake.log.contains("ShowItems uris=['\(uri)']"), "\(fake.log)")
        // Not Move to Trash: the drawing is where it was.
        #expect(try DocumentFile.read(URL(fileURLWithPath: scratch.path("drawing.fpdraw"))).drawing.strokes.count == 1)
    }

    @Test func thePortalIsAskedToOpenTheDrawingsFolder() async throws {
        let scratch = try TemporaryDirectory()
        let fake = try await Self.run(portal: ["--open-uri", "--file-manager"], in: scratch)
        let path = URL(fileURLWithPath: scratch.path("drawing.fpdraw")).resolvingSymlinksInPath().path
        // The window exported through touch-replay's xdg-foreign is the parent.
        #expect(fake.log.contains("OpenDirectory parent_window=wayland:touch-replay-1 path=\(path)\n"), "\(fake.log)")
        #expect(!fake.log.contains("ShowItems"))
    }
}
