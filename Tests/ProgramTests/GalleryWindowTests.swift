import FingerPaintCore
import Foundation
import PaintModel
import ProcessTesting
import SeatInput
import Testing
import TouchUI

/// The gallery through touch-replay into `fingerpaint FILE`, in real time: its palette button, the new-drawing tile,
/// and a long press's Move to Trash, read back from the files (docs/gallery.md).
@Suite struct GalleryWindowTests {
    typealias Window = FingerPaintWindowTests

    /// The window's content (800x600 less the 32 pt title bar), where the app's views are.
    static let content = Size(width: 800, height: 568)
    static let titleBar = 32.0

    /// The palette's gallery button, in the window's points.
    static var galleryButton: Point { paletteButton(.openGallery) }

    /// Where to tap, in the window's points, for a control of the palette in a window of `size`: the control on the
    /// bar or the strip, or More and then the menu's row for one in the More menu (docs/interface.md).
    static func paletteTaps(_ command: PaintCommand, in size: Size = content) -> [Point] {
        let layout = InterfaceLayout(size: size)
        func inWindow(_ rect: Rect) -> Point { Point(x: rect.midX, y: rect.midY + titleBar) }
        if let frame = layout.frame(of: command) { return [inWindow(frame)] }
        let row = layout.moreMenu.rows.first { $0.command == command }?.frame ?? .zero
        return [inWindow(layout.frame(of: .openMore) ?? .zero), inWindow(row)]
    }

    /// The centre of a control on the palette's bar or strip, in the window's points (``paletteTaps(_:in:)``).
    static func paletteButton(_ command: PaintCommand) -> Point {
        paletteTaps(command).first ?? .zero
    }

    /// The centre of tile `index` (0 the new-drawing tile) of a gallery of `count` drawings, in the window's points.
    static func tile(_ index: Int, of count: Int) throws -> Rect {
        let gallery = GalleryView(frame: Rect(origin: .zero, size: content))
        gallery.drawings = (0..<count).map { LibraryDrawing(url: URL(fileURLWithPath: "/d\($0).fpdraw"), modified: Date(), size: 0, isUntitled: true) }
        gallery.isHidden = false
        let frame = try #require(gallery.overlayGallery?.tiles[index].frame)
        return frame.offsetBy(dx: 0, dy: titleBar)
    }

    static func tap(_ point: Point, at time: Double, id: Int32) -> [SeatEvent] {
        [SeatEvent(time: .milliseconds(time), .touchDown(id: id, location: point)), SeatEvent(time: .milliseconds(time), .touchFrame),
         SeatEvent(time: .milliseconds(time + 50), .touchUp(id: id)), SeatEvent(time: .milliseconds(time + 50), .touchFrame)]
    }

    /// A long press (700 ms) on tile `index` (from 1) of a gallery of `count` drawings from `time`, then a tap 400 ms
    /// after the lift on its menu's item `item` (from 0) of `actions`, where the window's gallery puts it.
    static func longPress(tile index: Int, of count: Int, thenMenuItem item: Int, at time: Double,
                          ids: (press: Int32, tap: Int32), actions: [GalleryView.Action] = defaultActions) throws -> [SeatEvent] {
        let lift = time + 700
        let (tile, menuItem) = try menuItem(item, ofTile: index, of: count, actions: actions)
        return [SeatEvent(time: .milliseconds(time), .touchDown(id: ids.press, location: tile.center)),
                SeatEvent(time: .milliseconds(time), .touchFrame),
                SeatEvent(time: .milliseconds(lift), .touchUp(id: ids.press)), SeatEvent(time: .milliseconds(lift), .touchFrame)]
            + tap(menuItem, at: lift + 400, id: ids.tap)
    }

    /// What the window's long press offers without a desktop that shows files in their folder.
    static let defaultActions = GalleryView.Action.allCases.filter { $0 != .showInFolder }

    /// Tile `index`'s frame and the centre of item `item` of the menu a long press on it opens, in the window's
    /// points: as a gallery of `count` drawings in a window of the content's size lays them out.
    static func menuItem(_ item: Int, ofTile index: Int, of count: Int,
                         actions: [GalleryView.Action]) throws -> (tile: Rect, item: Point) {
        let window = TouchUI.Window(frame: Rect(origin: .zero, size: content))
        let gallery = GalleryView(frame: Rect(origin: .zero, size: content))
        window.addSubview(gallery)
        gallery.actions = actions
        gallery.drawings = (0..<count).map { LibraryDrawing(url: URL(fileURLWithPath: "/d\($0).fpdraw"), modified: Date(), size: 0, isUntitled: true) }
        gallery.isHidden = false
        let tile = try #require(gallery.overlayGallery?.tiles[index].frame)
        window.handle([TouchInput(contact: 1, .began(tile.center))], at: Timestamp(milliseconds: 0))
        window.advanceTime(to: Timestamp(milliseconds: 700))
        window.handle([TouchInput(contact: 1, .ended())], at: Timestamp(milliseconds: 700))
        let menu = try #require(gallery.overlayGallery?.menu)
        let center = try #require(menu.items.indices.contains(item) ? menu.items[item].frame.center : nil)
        return (tile.offsetBy(dx: 0, dy: titleBar), Point(x: center.x, y: center.y + titleBar))
    }

    /// The centre of the Rename button of the panel that a long press on tile `index` of a gallery of `count`
    /// drawings, then its menu's Rename…, opens, in the window's points: as an in-process gallery lays it out.
    static func renameButton(ofTile index: Int, of count: Int) throws -> Point {
        let gallery = GalleryView(frame: Rect(origin: .zero, size: content))
        gallery.actions = defaultActions
        gallery.drawings = (0..<count).map { LibraryDrawing(url: URL(fileURLWithPath: "/d\($0).fpdraw"), modified: Date(), size: 0, isUntitled: true) }
        gallery.isHidden = false
        gallery.beginRenaming(gallery.drawings[index - 1])
        let button = try #require(gallery.overlayGallery?.renamePanel?.renameButton)
        return Point(x: button.midX, y: button.midY + titleBar)
    }

    static func line(_ id: Int32, from start: Point, to end: Point, at time: Double) -> [SeatEvent] {
        var events = [SeatEvent(time: .milliseconds(time), .touchDown(id: id, location: start)),
                      SeatEvent(time: .milliseconds(time), .touchFrame)]
        for step in 1...10 {
            let t = Double(step) / 10
            let location = Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t)
            events += [SeatEvent(time: .milliseconds(time + Double(step) * 16), .touchMotion(id: id, location: location)),
                       SeatEvent(time: .milliseconds(time + Double(step) * 16), .touchFrame)]
        }
        return events + [SeatEvent(time: .milliseconds(time + 180), .touchUp(id: id)),
                         SeatEvent(time: .milliseconds(time + 180), .touchFrame)]
    }

    @Test func theGalleryStartsASecondDrawingAndMovesTheFirstToTheTrash() async throws {
        let scratch = try TemporaryDirectory()
        var events = Self.line(1, from: Point(x: 100, y: 300), to: Point(x: 600, y: 300), at: 100)
        events += Self.tap(Self.galleryButton, at: 500, id: 2)
        // The new-drawing tile, then a stroke in the new drawing.
        events += Self.tap(try Self.tile(0, of: 1).center, at: 900, id: 3)
        events += Self.line(4, from: Point(x: 100, y: 400), to: Point(x: 600, y: 400), at: 1300)
        // The gallery again: the new drawing (newest) and drawing.fpdraw; a long press on the latter, then its menu's
        // fourth item, Move to Trash (no Show in folder without a desktop that offers it).
        events += Self.tap(Self.galleryButton, at: 1800, id: 5)
        events += try Self.longPress(tile: 2, of: 2, thenMenuItem: 3, at: 2300, ids: (6, 7))
        let result = try await Window.paint(events + [SeatEvent(time: .milliseconds(4000), .touchFrame)], in: scratch,
                                            replayOptions: ["--realtime"], timeout: 60)
        #expect(result.status == 0, "\(result.standardError)")
        // drawing.fpdraw is in the Trash, its stroke in it, with a .trashinfo that says where it was.
        #expect(!FileManager.default.fileExists(atPath: scratch.path("drawing.fpdraw")))
        let trashed = scratch.path("data/Trash/files/drawing.fpdraw")
        #expect(try DocumentFile.read(URL(fileURLWithPath: trashed)).drawing.strokes.count == 1)
        let info = try String(contentsOfFile: scratch.path("data/Trash/info/drawing.fpdraw.trashinfo"), encoding: .utf8)
        #expect(info.hasPrefix("[Trash Info]\nPath=\(URL(fileURLWithPath: scratch.path("drawing.fpdraw")).standardizedFileURL.path)\nDeletionDate="))
        // The second drawing, untitled, has the stroke drawn in it.
        let untitled = try FileManager.default.contentsOfDirectory(atPath: scratch.path("data/fingerpaint"))
            .filter { $0.hasSuffix(".fpdraw") }
        try #require(untitled.count == 1)
        let second = try DocumentFile.read(URL(fileURLWithPath: scratch.path("data/fingerpaint/\(untitled[0])")))
        #expect(second.drawing.strokes.count == 1 && second.drawing.strokes[0].points.allSatisfy { abs($0.location.y - 368) < 1 })
    }

    /// A long press on the drawing's tile, Rename…, a new name typed with keys and the panel's Rename: the file is
    /// renamed on disk and holds its stroke, and the window saved the next stroke into it.
    @Test func theGallerysRenameRenamesTheFileAndKeepsItsStrokes() async throws {
        let scratch = try TemporaryDirectory()
        var events = Self.line(1, from: Point(x: 100, y: 300), to: Point(x: 600, y: 300), at: 100)
        events += Self.tap(Self.galleryButton, at: 500, id: 2)
        events += try Self.longPress(tile: 1, of: 1, thenMenuItem: 1, at: 900, ids: (3, 4))
        // The name is selected: the first key replaces it. "Sun set", with Shift for the capital.
        let keys = ["shift+s", "u", "n", "space", "s", "e", "t", "BackSpace", "t"]
        for (index, key) in keys.enumerated() {
            events.append(SeatEvent(time: .milliseconds(2200 + Double(index) * 60), .key(try #require(KeyChord(parsing: key)))))
        }
        events += Self.tap(try Self.renameButton(ofTile: 1, of: 1), at: 3000, id: 5)
        // Back to the drawing (Escape: the banner saying it was renamed is over the header's cross), and a second
        // stroke, saved into the renamed file.
        events.append(SeatEvent(time: .milliseconds(3400), .key(KeyChord("Escape"))))
        events += Self.line(7, from: Point(x: 100, y: 400), to: Point(x: 600, y: 400), at: 3800)
        let result = try await Window.paint(events + [SeatEvent(time: .milliseconds(4800), .touchFrame)], in: scratch,
                                            replayOptions: ["--realtime"], timeout: 60)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("drawing.fpdraw")), "\(result.standardError)")
        let renamed = try DocumentFile.read(URL(fileURLWithPath: scratch.path("Sun set.fpdraw"))).drawing
        #expect(renamed.strokes.count == 2, "\(result.standardError)")
        #expect(renamed.strokes.first?.points.allSatisfy { abs($0.location.y - 268) < 1 } == true)
    }

    /// The thumbnail the window's gallery leaves in the desktop's cache is, pixel for pixel, the picture the installed
    /// thumbnailer (`fingerpaint --thumbnail 256 IN OUT`, what Nautilus runs) writes for the same file.
    @Test func theGallerysCachedThumbnailIsTheThumbnailersPicture() async throws {
        let scratch = try TemporaryDirectory()
        let events = Self.line(1, from: Point(x: 100, y: 300), to: Point(x: 600, y: 200), at: 100)
            + Self.tap(Self.galleryButton, at: 500, id: 2) + [SeatEvent(time: .milliseconds(2500), .touchFrame)]
        let result = try await Window.paint(events, in: scratch, replayOptions: ["--realtime"], timeout: 60)
        #expect(result.status == 0, "\(result.standardError)")
        let folder = scratch.path("cache/thumbnails/large")
        let cached = try FileManager.default.contentsOfDirectory(atPath: folder)
        try #require(cached.count == 1, "\(cached)")
        let made = scratch.path("made.png")
        let thumbnailer = try await ChildProcess.run(ChildProcess.product("fingerpaint"),
                                                     ["--thumbnail", "256", scratch.path("drawing.fpdraw"), made])
        #expect(thumbnailer.status == 0, "\(thumbnailer.standardError)")
        func everyPixel(_ path: String) async throws -> (width: Int, height: Int, pixels: [RGBA]) {
            let size = try await PNGReader.pixels(in: path, at: [])
            let points = (0..<size.height).flatMap { y in (0..<size.width).map { (x: $0, y: y) } }
            return try await PNGReader.pixels(in: path, at: points)
        }
        let fromGallery = try await everyPixel("\(folder)/\(cached[0])")
        let fromThumbnailer = try await everyPixel(made)
        #expect(fromGallery.width == fromThumbnailer.width && fromGallery.height == fromThumbnailer.height)
        #expect(max(fromGallery.width, fromGallery.height) == 256)
        let differing = zip(fromGallery.pixels, fromThumbnailer.pixels).filter { $0 != $1 }.count
        #expect(fromGallery.pixels.count == fromThumbnailer.pixels.count && differing == 0, "\(differing) pixels differ")
        // Not a blank picture: the line is in it.
        #expect(fromGallery.pixels.contains { $0.red < 64 && $0.alpha == 255 })
    }
}

/// SIGUSR1 asks the window for one line of what it holds (docs/reliability.md, "The soak run"), and nothing else.
@Suite struct MemoryReportTests {
    @Test func sigusr1LogsTheWindowsMemoryAndTheWindowGoesOn() async throws {
        let scratch = try TemporaryDirectory()
        let events = GalleryWindowTests.line(1, from: Point(x: 100, y: 300), to: Point(x: 600, y: 300), at: 100)
            // Eight seconds between the lines: on a loaded machine the first is saved seconds late, and a signal
            // that came as the trace ended could meet a window already closing.
            + GalleryWindowTests.line(2, from: Point(x: 100, y: 400), to: Point(x: 600, y: 400), at: 8000)
            + [SeatEvent(time: .milliseconds(8500), .touchFrame)]
        let document = URL(fileURLWithPath: scratch.path("drawing.fpdraw"))
        let signalled = SignalledClients()
        let result = try await FingerPaintWindowTests.paint(events, in: scratch, replayOptions: ["--realtime"], timeout: 90) { replay in
            // fingerpaint is touch-replay's child: once its document holds the first line (it is running and has
            // taken it; a loaded machine may take seconds to start it), ask it. From a thread of its own: in a full
            // run, CPU-heavy tests can keep the test pool's threads from waking a task for longer than the trace.
            Thread {
                let deadline = Date().addingTimeInterval(80)
                while Date() < deadline, (try? DocumentFile.read(document))?.drawing.strokes.isEmpty != false {
                    usleep(20_000)
                }
                let clients = Self.children(of: replay)
                for client in clients { kill(client, SIGUSR1) }
                signalled.set(clients.count)
            }.start()
        }
        #expect(signalled.count > 0, "touch-replay had no child to signal")
        #expect(result.status == 0, "\(result.standardError)")
        let line = try #require(result.standardError.split(separator: "\n").first { $0.contains("memory: resident ") },
                                "\(result.standardError)")
        #expect(line.hasPrefix("fingerpaint: memory: resident "), "\(line)")
        // The tiles' budget follows the window: 7.5 MiB for touch-replay's 800 × 600 (docs/rendering.md).
        #expect(line.contains(" MiB of 7.5 MiB, ") && line.contains(" strokes shown, "), "\(line)")
        // The window went on: the second line, drawn after the signal, is in the document.
        #expect(FingerPaintWindowTests.savedStrokes(in: scratch)?.count == 2)
    }

    /// The processes whose parent is `parent`, from /proc (any of its threads may have started them).
    static func children(of parent: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { Int32($0) }.filter { pid in
            // /proc/PID/stat: "PID (COMM) STATE PPID ...", COMM may hold spaces and parentheses.
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.range(of: ")", options: .backwards) else { return false }
            let fields = stat[close.upperBound...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == parent
        }
    }
}

/// How many clients the memory report's thread signalled, read by the test once touch-replay has ended.
private final class SignalledClients: @unchecked Sendable {
    private let lock = NSLock()
    private var value = -1
    var count: Int { lock.withLock { value } }
    func set(_ count: Int) { lock.withLock { value = count } }
}
