import Foundation
import Testing
import PaintModel
import Geometry

/// Strokes with every kind of content: times and none, a dot, odd colours and widths.
let sampleStrokes: [Stroke] = [
    Stroke(points: [StrokePoint(Point(x: 1.5, y: 2.25), time: Timestamp(milliseconds: 16)),
                    StrokePoint(Point(x: 100.125, y: -3), time: Timestamp(milliseconds: 33.3))],
           color: Brush.palette[1], width: 8),
    Stroke(points: [StrokePoint(Point(x: 40, y: 40))], color: Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.5),
           width: 32),
    Stroke(points: (0..<100).map { StrokePoint(Point(x: Double($0), y: sin(Double($0)))) }, color: .black, width: 2.5),
]

/// A fresh, empty folder under the system's temporary folder.
func temporaryFolder() -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("paint-tests-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

@Suite struct DrawingDocumentTests {
    @Test func strokesSurviveEncodingIdentical() throws {
        let bytes = DrawingDocument.encode(sampleStrokes)
        #expect(try DrawingDocument.decode(bytes) == sampleStrokes)
        #expect(try DrawingDocument.decode(DrawingDocument.encode([])) == [])
    }

    @Test func truncatedDocumentIsTruncated() {
        let bytes = DrawingDocument.encode(sampleStrokes)
        for length in [9, 20, bytes.count / 2, bytes.count - 1] {
            #expect(throws: DrawingDocument.ReadError.truncated) { try DrawingDocument.decode(Array(bytes.prefix(length))) }
        }
    }

    @Test func foreignBytesAreNotADrawing() {
        #expect(throws: DrawingDocument.ReadError.notADrawing) { try DrawingDocument.decode(Array("{\"strokes\": []}".utf8)) }
        #expect(throws: DrawingDocument.ReadError.notADrawing) { try DrawingDocument.decode([]) }
    }

    @Test func otherVersionIsRefused() {
        var bytes = DrawingDocument.encode(sampleStrokes)
        bytes[8] = 2
        #expect(throws: DrawingDocument.ReadError.unsupportedVersion(2)) { try DrawingDocument.decode(bytes) }
    }

    @Test func flippedByteIsDamage() {
        var bytes = DrawingDocument.encode(sampleStrokes)
        bytes[40] ^= 0x10
        #expect {
            try DrawingDocument.decode(bytes)
        } throws: { error in
            if case .damaged = error as? DrawingDocument.ReadError { true } else { false }
        }
    }
}

@Suite struct DocumentStoreTests {
    @Test func savedDocumentReopensIdentical() throws {
        let folder = temporaryFolder()
        let store = DocumentStore(url: folder.appendingPathComponent("sub/drawing.fpdraw"))
        try store.save(sampleStrokes)
        guard case let .opened(strokes) = store.open() else { Issue.record("not opened"); return }
        #expect(strokes == sampleStrokes)
        // Saving again replaces it, and leaves no temporary file behind.
        try store.save([sampleStrokes[1]])
        guard case let .opened(again) = store.open() else { Issue.record("not opened"); return }
        #expect(again == [sampleStrokes[1]])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/sub") == ["drawing.fpdraw"])
    }

    @Test func missingDocumentStartsBlank() {
        let store = DocumentStore(url: temporaryFolder().appendingPathComponent("none.fpdraw"))
        guard case .missing = store.open() else { Issue.record("expected missing"); return }
    }

    @Test(arguments: [
        ("truncated", "the file is truncated"),
        ("wrong magic", "not a fingerpaint drawing"),
        ("wrong version", "a drawing of version 7"),
    ])
    func unreadableDocumentIsKeptAsideWithAClearMessage(kind: String, expected: String) throws {
        let folder = temporaryFolder()
        let url = folder.appendingPathComponent("drawing.fpdraw")
        var bytes = DrawingDocument.encode(sampleStrokes)
        switch kind {
        case "truncated": bytes = Array(bytes.prefix(bytes.count - 30))
        case "wrong magic": bytes = Array("PNG and other things".utf8)
        default: bytes[8] = 7
        }
        try Data(bytes).write(to: url)
        let store = DocumentStore(url: url)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        guard case let .unreadable(message, keptAt) = store.open(now: now) else { Issue.record("expected unreadable"); return }
        #expect(message.contains(expected))
        #expect(!message.contains("\n"))
        #expect(message.contains("starting with a blank drawing"))
        let kept = try #require(keptAt)
        #expect(kept.lastPathComponent == "drawing.fpdraw.corrupt-20270115T080000Z")
        #expect(message.contains(kept.path))
        #expect(try Data(contentsOf: kept) == Data(bytes))
        #expect(!FileManager.default.fileExists(atPath: url.path))
        // The next save does not overwrite what was kept.
        try store.save([])
        #expect(try Data(contentsOf: kept) == Data(bytes))
    }

    @Test func autosaveLivesInTheXDGDataFolder() {
        let store = DocumentStore.autosave(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"])
        #expect(store.url.path == "/data/fingerpaint/drawing.fpdraw")
        let fallback = DocumentStore.autosave(environment: ["HOME": "/home/u"])
        #expect(fallback.url.path == "/home/u/.local/share/fingerpaint/drawing.fpdraw")
    }
}
