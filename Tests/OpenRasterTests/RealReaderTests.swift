// Our files read by the painting programs that share OpenRaster, and theirs read by us: Krita 5 (under a virtual X
// server: its flattened render, and the .ora it writes back) and MyPaint's own loader. Child processes, each with a
// private home.
import DrawingImport
import Foundation
import Geometry
import ImageDecoding
import OpenRaster
import PaintModel
import PaintRender
import ProcessTesting
import Testing

@Suite(.serialized) struct RealReaderTests {
    static let hasKrita = FileManager.default.isExecutableFile(atPath: "/usr/bin/krita")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/xvfb-run")
    static let hasMyPaint = FileManager.default.fileExists(atPath: "/usr/lib/mypaint/lib/document.py")

    static let blueName = "Blue <multiply> & “quotes” ü"

    /// 64 by 48: white paper, a red square cropped to its 16 pixels at (8, 8), a hidden green layer over everything,
    /// and a 50 % multiply pure-blue layer 24 pixels wide at (40, 0), locked and current.
    static func testImage() -> OpenRasterImage {
        let red = TestPictures.solid(.init(red: 255, green: 0, blue: 0), width: 16, height: 16)
        let blue = TestPictures.solid(.init(red: 0, green: 0, blue: 255), width: 24, height: 48)
        let white = TestPictures.solid(.init(red: 255, green: 255, blue: 255), width: 64, height: 48)
        let green = TestPictures.solid(.init(red: 0, green: 255, blue: 0), width: 64, height: 48)
        return OpenRasterImage(
            width: 64, height: 48,
            layers: [
                OpenRasterLayer(name: "Paper", png: white),
                OpenRasterLayer(name: "Red square", png: red, x: 8, y: 8),
                OpenRasterLayer(name: "Hidden green", png: green, opacity: 0.75, isVisible: false),
                OpenRasterLayer(name: blueName, png: blue, opacity: 0.5, blendMode: .multiply, isLocked: true, x: 40, y: 0),
            ],
            currentLayerIndex: 3, mergedImagePNG: white, thumbnailPNG: white)
    }

    /// Runs Krita on `input`, exporting `output` (its type by its extension), in a home of its own, one Krita at a
    /// time (``KritaTurn``), once more when it wrote nothing. `KDE_DEBUG` keeps KDE's crash handler away: a Krita
    /// that aborted waited for it, stopped, until the timeout.
    static func krita(_ input: String, to output: String, in folder: TemporaryDirectory) async throws -> ProcessResult {
        let home = folder.path("home")
        let runtime = folder.path("runtime")
        for path in [home, runtime] { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        chmod(runtime, 0o700)
        let environment = ["HOME": home, "XDG_CONFIG_HOME": home + "/.config", "XDG_DATA_HOME": home + "/.local/share",
                           "XDG_CACHE_HOME": home + "/.cache", "XDG_RUNTIME_DIR": runtime, "TMPDIR": folder.path,
                           "KDE_DEBUG": "1"]
        await KritaTurn.shared.begin()
        var result: ProcessResult?
        var failure: (any Error)?
        for _ in 0..<2 where !FileManager.default.fileExists(atPath: output) {
            do {
                result = try await ChildProcess.run("/usr/bin/xvfb-run", ["-a", "krita", "--nosplash", input, "--export",
                                                                          "--export-filename", output],
                                                    environment: environment, timeout: 300)
            } catch {
                failure = error
            }
        }
        await KritaTurn.shared.end()
        if let result { return result }
        throw failure ?? CocoaError(.fileNoSuchFile)
    }

    @Test(.enabled(if: hasKrita, "Krita and xvfb-run are not installed (make test-deps)"))
    func kritaShowsOurLayersWhereWePutThemAndMultipliesAsWeSay() async throws {
        let folder = try TemporaryDirectory(prefix: "fingerpaint-krita")
        let input = folder.path("ours.ora")
        try Data(try OpenRasterWriter.bytes(for: Self.testImage())).write(to: URL(fileURLWithPath: input))
        let output = folder.path("krita.png")
        let result = try await Self.krita(input, to: output, in: folder)
        #expect(FileManager.default.fileExists(atPath: output),
                "Krita wrote no PNG: \(result.status) \(result.standardError.suffix(800))")
        let points = [(x: 10, y: 10), (x: 23, y: 23), (x: 24, y: 24), (x: 7, y: 7), (x: 50, y: 20), (x: 39, y: 20),
                      (x: 40, y: 47)]
        let read = try await PNGReader.pixels(in: output, at: points)
        #expect(read.width == 64 && read.height == 48)
        let white = RGBA(red: 255, green: 255, blue: 255, alpha: 255)
        let red = RGBA(red: 255, green: 0, blue: 0, alpha: 255)
        let expected = [red, red, white, white, RGBA(red: 128, green: 128, blue: 255, alpha: 255), white,
                        RGBA(red: 128, green: 128, blue: 255, alpha: 255)]
        for (index, (pixel, wanted)) in zip(read.pixels, expected).enumerated() {
            let close = abs(pixel.red - wanted.red) <= 1 && abs(pixel.green - wanted.green) <= 1
                && abs(pixel.blue - wanted.blue) <= 1 && pixel.alpha == wanted.alpha
            #expect(close, "at \(points[index]): \(pixel), not \(wanted)")
        }
    }

    @Test(.enabled(if: hasKrita, "Krita and xvfb-run are not installed (make test-deps)"))
    func theFileKritaWritesFromOursReadsWithTheSameLayers() async throws {
        let folder = try TemporaryDirectory(prefix: "fingerpaint-krita")
        let input = folder.path("ours.ora")
        let image = Self.testImage()
        try Data(try OpenRasterWriter.bytes(for: image)).write(to: URL(fileURLWithPath: input))
        let output = folder.path("krita.ora")
        let result = try await Self.krita(input, to: output, in: folder)
        let bytes = try #require(FileManager.default.contents(atPath: output),
                                 "Krita wrote no .ora: \(result.status) \(result.standardError.suffix(800))")
        let read = try OpenRasterReader().read([UInt8](bytes))
        #expect(read.width == 64 && read.height == 48)
        #expect(read.layers.map(\.name) == image.layers.map(\.name))
        #expect(read.layers.map(\.isVisible) == image.layers.map(\.isVisible))
        #expect(read.layers.map(\.blendMode) == image.layers.map(\.blendMode))
        #expect(read.layers.map(\.isLocked) == image.layers.map(\.isLocked))
        // Krita keeps opacity in 8 bits: 0.5 comes back as 127/255.
        for (back, written) in zip(read.layers, image.layers) {
            #expect(abs(back.opacity - written.opacity) <= 1.0 / 255, "\(back.name): \(back.opacity)")
        }
        // Krita crops each layer to its pixels: the red square is back at (8, 8), the blue layer at (40, 0).
        #expect(read.layers.count == 4 && read.layers[1].x == 8 && read.layers[1].y == 8)
        #expect(read.layers.count == 4 && read.layers[3].x == 40 && read.layers[3].y == 0)
        #expect(read.currentLayerIndex == 3)
        #expect(read.mergedImagePNG != nil && read.thumbnailPNG != nil)
        #expect(read.notes.isEmpty, "\(read.notes)")
        // Opened as a drawing: a picture layer a layer, as Krita cropped them, its flattened picture Krita's own.
        let imported = try ForeignDrawing.drawing(from: [UInt8](bytes), named: "krita")
        #expect(imported.drawing.layers.map(\.attributes.name) == image.layers.map(\.name) && imported.notes.isEmpty)
        #expect(imported.drawing.layers.map(\.attributes.blendMode) == image.layers.map(\.blendMode))
        #expect(imported.drawing.layers[1].image?.frame == Rect(x: 8, y: 8, width: 16, height: 16))
        #expect(imported.drawing.currentLayerIndex == 3)
        let flattened = DrawingPicture(drawing: imported.drawing).image()
        let merged = try RasterImage(decoding: try #require(read.mergedImagePNG))
        #expect(flattened.width == merged.width && flattened.height == merged.height)
        for (x, y) in [(2, 2), (12, 12), (50, 20), (44, 40)] {
            let ours = flattened.pixel(x: x, y: y), theirs = try #require(merged.pixel(x: x, y: y)).straight
            let channels = [(Int(ours >> 16 & 0xFF), Int(theirs.red)), (Int(ours >> 8 & 0xFF), Int(theirs.green)),
                            (Int(ours & 0xFF), Int(theirs.blue))]
            #expect(channels.allSatisfy { abs($0.0 - $0.1) <= 3 }, "(\(x), \(y)): ours \(channels.map(\.0)), Krita's \(channels.map(\.1))")
        }
        // What Krita wrote, for docs/openraster.md and the fuzz corpus.
        if let folder = ProcessInfo.processInfo.environment["OPENRASTER_KEEP"] {
            try Data(bytes).write(to: URL(fileURLWithPath: folder + "/krita.ora"))
        }
    }

    /// MyPaint's loader reads ours, and saves it again: its file (padded to 64-pixel tiles, with a background layer
    /// of its own at the bottom) reads back with our layers above that background.
    @Test(.enabled(if: hasMyPaint, "MyPaint is not installed (make test-deps)"))
    func myPaintsLoaderListsOurNamesOpacitiesVisibilitiesAndModesAndItsFileReads() async throws {
        let folder = try TemporaryDirectory(prefix: "fingerpaint-mypaint")
        let input = folder.path("ours.ora")
        let image = Self.testImage()
        try Data(try OpenRasterWriter.bytes(for: image)).write(to: URL(fileURLWithPath: input))
        let home = folder.path("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        // One line a layer, top first: its name (escaped by Python's repr), opacity, visibility, lock and mode.
        let script = """
            import sys, lib.document, lib.mypaintlib
            d = lib.document.Document()
            d.load(sys.argv[1])
            for _, l in d.layer_stack.walk():
                info = lib.mypaintlib.combine_mode_get_info(l.mode) or {}
                print(ascii(l.name), l.opacity, l.visible, l.locked, info.get('name'), sep='\\t')
            d.save(sys.argv[2])
            d.cleanup()
            """
        let result = try await ChildProcess.run(
            "/usr/bin/python3", ["-c", script, input, folder.path("mypaint.ora")],
            environment: ["PYTHONPATH": "/usr/lib/mypaint", "HOME": home, "XDG_CONFIG_HOME": home, "XDG_DATA_HOME": home,
                          "XDG_CACHE_HOME": home, "TMPDIR": folder.path],
            timeout: 60)
        #expect(result.status == 0, "\(result.standardError.suffix(800))")
        let lines = result.standardOutput.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        let expected = image.layers.reversed().map { layer in
            [pythonASCII(layer.name), "\(layer.opacity)", layer.isVisible ? "True" : "False", layer.isLocked ? "True" : "False",
             layer.blendMode.compositeOp]
        }
        #expect(lines == expected)

        let saved = try #require(FileManager.default.contents(atPath: folder.path("mypaint.ora")), "MyPaint saved nothing")
        let read = try OpenRasterReader().read([UInt8](saved))
        #expect(read.width == 64 && read.height == 64, "MyPaint pads to its 64-pixel tiles")
        #expect(read.layers.map(\.name) == ["background"] + image.layers.map(\.name))
        #expect(read.layers.dropFirst().map(\.isVisible) == image.layers.map(\.isVisible))
        #expect(read.layers.dropFirst().map(\.blendMode) == image.layers.map(\.blendMode))
        #expect(read.layers.dropFirst().map(\.isLocked) == image.layers.map(\.isLocked))
        #expect(read.currentLayerIndex == 4)
        #expect(read.notes.isEmpty, "\(read.notes)")
        // Opened as a drawing: MyPaint's background and our layers, each a picture layer.
        let imported = try ForeignDrawing.drawing(from: [UInt8](saved), named: "mypaint")
        #expect(imported.drawing.layers.map(\.attributes.name) == ["background"] + image.layers.map(\.name))
        #expect(imported.drawing.layers.allSatisfy { $0.image != nil } && imported.notes.isEmpty)
        #expect(imported.drawing.currentLayerIndex == 4)
        if let keep = ProcessInfo.processInfo.environment["OPENRASTER_KEEP"] {
            try saved.write(to: URL(fileURLWithPath: keep + "/mypaint.ora"))
        }
    }
}

/// What Python's `ascii()` prints for a string: quoted, non-ASCII as escapes.
func pythonASCII(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
        switch scalar.value {
        case 0x27: result += "\\'"
        case 0x5C: result += "\\\\"
        case 0x20..<0x7F: result.unicodeScalars.append(scalar)
        case 0..<0x100: result += "\\x" + hex(scalar.value, 2)
        case 0..<0x10000: result += "\\u" + hex(scalar.value, 4)
        default: result += "\\U" + hex(scalar.value, 8)
        }
    }
    return "'" + result + "'"
}

private func hex(_ value: UInt32, _ digits: Int) -> String {
    let text = String(value, radix: 16)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
}

/// One Krita at a time in the test process: two `xvfb-run -a` started together can take the same display, and the
/// Krita that loses it aborts (a Krita aborted so in `make test`, its PNG never written).
actor KritaTurn {
    static let shared = KritaTurn()
    private var isTaken = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Waits until no other Krita runs, then takes the turn.
    func begin() async {
        guard isTaken else {
            isTaken = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Gives the turn to the next waiting, if any.
    func end() {
        if waiting.isEmpty { isTaken = false } else { waiting.removeFirst().resume() }
    }
}
