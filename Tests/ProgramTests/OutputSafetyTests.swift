import Foundation
import PaintModel
import ProcessTesting
import Testing

/// Files an option names to write (`fingerpaint --record`, `touch-replay --output`) never replace a drawing, nor
/// any file without `--overwrite`: refused before anything runs, the file byte-for-byte as it was.
@Suite struct OutputSafetyTests {
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
