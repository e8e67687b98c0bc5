import Foundation
import Glibc
import PaintModel
import ProcessTesting
import Testing

/// Files an option names to write never replace a drawing, nor any file without `--overwrite`: refused before
/// anything runs, with one line and status 2, the file byte-for-byte as it was. ``writers`` lists every such option.
@Suite struct OutputSafetyTests {
    /// An option that writes a file the user names, with what else the program needs: `OUT` is the file written,
    /// `TRACE` a one-touch trace, `DRAWING` a drawing to read.
    struct Writer: Sendable, CustomTestStringConvertible {
        var program: String
        var arguments: [String]
        /// Whether `--overwrite` goes with it (the others replace any file but a drawing: the file manager's
        /// thumbnail, a benchmark's trace).
        var takesOverwrite = true
        var testDescription: String { ([program] + arguments).joined(separator: " ") }
    }

    /// Every option of every program that writes a file the user names, all through PaintModel's OutputFile.
    /// (touch-replay's hidden `--save-commits DIR` and `TOUCH_REPLAY_INK_LOG`, and paint-benchmark's `--png-dir DIR`,
    /// write there too, replacing what is not a drawing.)
    static let writers = [
        Writer(program: "fingerpaint", arguments: ["--replay", "TRACE", "--output", "OUT"]),
        Writer(program: "fingerpaint", arguments: ["--export", "OUT", "DRAWING"]),
        Writer(program: "fingerpaint", arguments: ["--new", "--record", "OUT"]),
        Writer(program: "fingerpaint", arguments: ["--thumbnail", "64", "DRAWING", "OUT"], takesOverwrite: false),
        Writer(program: "touch-replay", arguments: ["--trace", "TRACE", "--output", "OUT", "--", "/bin/true"]),
        Writer(program: "gesture-demo", arguments: ["--replay", "TRACE", "--headless", "--log", "-", "--output", "OUT"]),
        Writer(program: "gesture-demo", arguments: ["--replay", "TRACE", "--headless", "--log", "OUT"]),
        Writer(program: "paint-benchmark", arguments: ["long-trace", "0.01", "OUT"], takesOverwrite: false),
    ]

    /// Runs `writer` onto `target` (a file of `scratch`), with `--overwrite` when asked and the program takes it.
    static func run(_ writer: Writer, onto target: String, overwrite: Bool,
                    in scratch: TemporaryDirectory) async throws -> ProcessResult {
        let arguments = writer.arguments.map { argument in
            switch argument {
            case "OUT": scratch.path(target)
            case "TRACE": scratch.path("t.jsonl")
            case "DRAWING": scratch.path("keep.fpdraw")
            default: argument
            }
        }
        // The options before the client's `--`.
        let extra = overwrite && writer.takesOverwrite ? ["--overwrite"] : []
        let split = arguments.firstIndex(of: "--") ?? arguments.endIndex
        let environment = FingerPaintWindowTests.environment(in: scratch).merging(["WAYLAND_DISPLAY": "no-such-display"]) { $1 }
        return try await ChildProcess.run(ChildProcess.product(writer.program),
                                          Array(arguments[..<split]) + extra + Array(arguments[split...]), environment: environment)
    }

    @Test(arguments: writers)
    func everyWriterRefusesADrawingWhateverItsNameAndAFileWithoutOverwrite(writer: Writer) async throws {
        // A drawing named as a picture (refused by what it holds), with --overwrite and without; a picture without.
        var cases = [("drawing.png", false), ("drawing.png", true)]
        if writer.takesOverwrite { cases.append(("old.png", false)) }
        for (target, overwrite) in cases {
            let (scratch, drawing) = try Self.scratchWithFiles()
            _ = try scratch.write("t.jsonl", "{\"t\": 0, \"touch\": \"down\", \"id\": 1, \"x\": 10, \"y\": 10}\n")
            try drawing.write(to: URL(fileURLWithPath: scratch.path("drawing.png")))
            _ = try scratch.write("old.png", "an old picture\n")
            let result = try await Self.run(writer, onto: target, overwrite: overwrite, in: scratch)
            let said = "\(target), overwrite \(overwrite): \(result.status) \(result.standardError)"
            #expect(result.status == 2, "\(said)")
            #expect(result.standardError.hasPrefix("\(writer.program): cannot ") && result.standardError.contains(scratch.path(target)), "\(said)")
            #expect(result.standardError.split(separator: "\n").count == 1, "\(said)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.path("drawing.png"))) == drawing, "\(said)")
            #expect(try String(contentsOfFile: scratch.path("old.png"), encoding: .utf8) == "an old picture\n", "\(said)")
            for name in ["t.jsonl", "drawing.png", "old.png"] { try FileManager.default.removeItem(atPath: scratch.path(name)) }
            try Self.expectUnchanged(scratch, drawing: drawing)
        }
    }

    /// A FIFO and a device where the output goes stay what they are, with `--overwrite` too: a writer that put a
    /// new file in place by renaming would replace the node itself (a test once turned `/dev/null` into a file).
    @Test(arguments: writers)
    func everyWriterLeavesAFIFOAndADeviceAsTheyWere(writer: Writer) async throws {
        let (scratch, drawing) = try Self.scratchWithFiles()
        _ = try scratch.write("t.jsonl", "{\"t\": 0, \"touch\": \"down\", \"id\": 1, \"x\": 10, \"y\": 10}\n")
        #expect(mkfifo(scratch.path("fifo.png"), 0o600) == 0)
        // The null device (major 1, minor 3: glibc's makedev, a macro Swift does not import, gives 1 << 8 | 3),
        // made here as root; elsewhere the FIFO alone is tried.
        let madeDevice = mknod(scratch.path("null.png"), S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0
        for (target, type) in [("fifo.png", S_IFIFO)] + (madeDevice ? [("null.png", S_IFCHR)] : []) {
            let result = try await Self.run(writer, onto: target, overwrite: true, in: scratch)
            let said = "\(target): \(result.status) \(result.standardError)"
            #expect(result.status == 2 && result.standardError.contains("not a regular file"), "\(said)")
            var info = stat()
            #expect(lstat(scratch.path(target), &info) == 0 && info.st_mode & S_IFMT == type, "\(said)")
            try FileManager.default.removeItem(atPath: scratch.path(target))
        }
        try FileManager.default.removeItem(atPath: scratch.path("t.jsonl"))
        try Self.expectUnchanged(scratch, drawing: drawing)
    }

    @Test func fingerpaintsReplayReplacesAPictureWithOverwrite() async throws {
        let (scratch, drawing) = try Self.scratchWithFiles()
        _ = try scratch.write("t.jsonl", "{\"t\": 0, \"touch\": \"down\", \"id\": 1, \"x\": 10, \"y\": 10}\n")
        _ = try scratch.write("old.png", "an old picture\n")
        let result = try await Self.run(Self.writers[0], onto: "old.png", overwrite: true, in: scratch)
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result.standardError)")
        let picture = try await PNGReader.pixels(in: scratch.path("old.png"), at: [(x: 400, y: 300)])
        #expect(picture.width == 800 && picture.height == 600)
        for name in ["t.jsonl", "old.png"] { try FileManager.default.removeItem(atPath: scratch.path(name)) }
        try Self.expectUnchanged(scratch, drawing: drawing)
    }

    static let notes = "my notes, not a trace\n"

    /// A scratch folder with a drawing (`keep.fpdraw`) and a text file (`notes.txt`), and their bytes.
    static func scratchWithFiles() throws -> (TemporaryDirectory, drawing: Data) {
        let scratch = try ExportTests.scratchWithDrawing()
        try FileManager.default.moveItem(atPath: scratch.path("d.fpdraw"), toPath: scratch.path("keep.fpdraw"))
        _ = try scratch.write("notes.txt", notes)
        return (scratch, try Data(contentsOf: URL(fileURLWithPath: scratch.path("keep.fpdraw"))))
    }

    static func expectUnchanged(_ scratch: TemporaryDirectory, drawing: Data) throws {
        #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.path("keep.fpdraw"))) == drawing)
        #expect(try String(contentsOfFile: scratch.path("notes.txt"), encoding: .utf8) == notes)
        // Nothing else: no new untitled drawing, no journal, no temporary file.
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted() == ["keep.fpdraw", "notes.txt"])
    }

    @Test(arguments: [["--new", "--record", "keep.fpdraw"], ["--new", "--record", "keep.fpdraw", "--overwrite"],
                      ["--new", "--record", "notes.txt"], ["keep.fpdraw", "--record", "notes.txt"]])
    func fingerpaintNeverRecordsOverADrawingNorAFileWithoutOverwrite(arguments: [String]) async throws {
        let (scratch, drawing) = try Self.scratchWithFiles()
        let environment = FingerPaintWindowTests.environment(in: scratch).merging(["WAYLAND_DISPLAY": "no-such-display"]) { $1 }
        let result = try await ChildProcess.run(
            ChildProcess.product("fingerpaint"), arguments.map { $0.hasPrefix("-") ? $0 : scratch.path($0) }, environment: environment)
        #expect(result.status == 2)
        let target = scratch.path(arguments[arguments.firstIndex(of: "--record")! + 1])
        #expect(result.standardError.hasPrefix("fingerpaint: cannot record to \(target): "), "\(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
        try Self.expectUnchanged(scratch, drawing: drawing)
    }

    @Test(arguments: [["--output", "keep.fpdraw"], ["--output", "keep.fpdraw", "--overwrite"], ["--output", "notes.txt", "--overwrite"],
                      ["--output", "taken.png"]])
    func touchReplayNeverWritesOverADrawingNorAFileWithoutOverwriteNorAnythingButAPNG(arguments: [String]) async throws {
        let (scratch, drawing) = try Self.scratchWithFiles()
        let trace = try scratch.write("t.jsonl", "{\"t\": 0, \"touch\": \"down\", \"id\": 1, \"x\": 10, \"y\": 10}\n")
        let taken = try scratch.write("taken.png", "an old picture\n")
        let result = try await ChildProcess.run(
            ChildProcess.product("touch-replay"),
            ["--trace", trace] + arguments.map { $0.hasPrefix("-") ? $0 : scratch.path($0) } + ["--", "/bin/true"])
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("touch-replay: "), "\(result.standardError)")
        #expect(try String(contentsOfFile: taken, encoding: .utf8) == "an old picture\n")
        try FileManager.default.removeItem(atPath: trace)
        try FileManager.default.removeItem(atPath: taken)
        try Self.expectUnchanged(scratch, drawing: drawing)
    }
}
