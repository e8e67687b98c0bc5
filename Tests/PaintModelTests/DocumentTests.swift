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

/// A drawing with every kind of edit in its history: two strokes to undo, and a clear and a stroke to redo.
func sampleDrawing() -> Drawing {
    var drawing = Drawing()
    drawing.add(sampleStrokes[0])
    drawing.add(sampleStrokes[1])
    drawing.clear()
    drawing.add(sampleStrokes[2])
    drawing.undo()
    drawing.undo()
    return drawing
}

/// The bytes of a journal that records `edits` one record at a time, as the program appends them.
func journalBytes(_ edits: [DrawingEdit]) -> [UInt8] {
    edits.reduce(DrawingDocument.header()) { $0 + DrawingDocument.record($1) }
}

@Suite struct DrawingDocumentTests {
    /// A compacted journal is made in one allocation of its size: grown record by record, a big drawing's bytes
    /// took up to twice their size, and the old storage beside the new while they grew (a 48 MB journal: 79 MiB
    /// more resident memory while it was written). Brush records included: a stroke in a hundred is painted with
    /// one of two presets of 20 kB.
    @Test func aCompactedJournalIsOneAllocationOfItsSize() throws {
        var drawing = sampleDrawing()
        let brushes = try ["a/one", "a/two"].map { name in
            try #require(StrokeBrush(name: name, settings: String(repeating: name, count: 4_000)))
        }
        for index in 0..<3_000 {
            var stroke = Stroke(points: (0..<20).map { StrokePoint(Point(x: Double(index), y: Double($0)),
                                                                   time: Timestamp(milliseconds: Double($0) * 16)) },
                                color: Brush.palette[index % 9], width: 4)
            if index % 100 == 0 { stroke.brush = brushes[index / 100 % 2] }
            drawing.add(stroke)
        }
        let bytes = DrawingDocument.encode(drawing)
        #expect(bytes.count > 1_000_000)
        #expect(bytes.capacity - bytes.count < 4_096, "\(bytes.capacity) bytes of storage for \(bytes.count)")
        let extra = DrawingDocument.encode(drawing, reservingExtra: 10_000)
        #expect(extra == bytes)
        #expect(extra.capacity >= bytes.count + 10_000 && extra.capacity - bytes.count - 10_000 < 4_096)
        #expect(try DrawingDocument.read(bytes).drawing == drawing)
    }

    @Test func aDrawingAndItsHistorySurviveEncodingIdentical() throws {
        let drawing = sampleDrawing()
        let contents = try DrawingDocument.read(DrawingDocument.encode(drawing))
        #expect(contents.drawing == drawing)
        #expect(contents.drawing.strokes == [sampleStrokes[0], sampleStrokes[1]])
        #expect(contents.drawing.canUndo && contents.drawing.canRedo)
        #expect(contents.version == DrawingDocument.version && !contents.isDamaged && contents.tornBytes == 0)
        #expect(try DrawingDocument.read(DrawingDocument.encode(Drawing())).drawing == Drawing())
    }

    @Test func aJournalOfEditsOpensAsTheDrawingTheyMade() throws {
        let edits: [DrawingEdit] = [.add(sampleStrokes[0]), .add(sampleStrokes[1]), .undo, .add(sampleStrokes[2]), .clear, .undo,
                                    .redo, .undo]
        let expected = Drawing(edits: edits)
        let contents = try DrawingDocument.read(journalBytes(edits))
        #expect(contents.drawing == expected)
        #expect(contents.drawing.strokes == [sampleStrokes[0], sampleStrokes[2]])
        // Compaction keeps what undo and redo can reach, and drops the stroke that was undone and replaced.
        let compact = DrawingDocument.encode(contents.drawing)
        #expect(compact.count < journalBytes(edits).count)
        #expect(try DrawingDocument.read(compact).drawing == expected)
    }

    @Test func aJournalTruncatedAtEveryByteOfItsLastRecordOpensWithEveryEarlierRecord() throws {
        let earlier: [DrawingEdit] = [.add(sampleStrokes[0]), .add(sampleStrokes[1]), .clear, .undo]
        let bytes = journalBytes(earlier + [.add(sampleStrokes[2])])
        let complete = journalBytes(earlier).count
        #expect(try DrawingDocument.read(bytes).drawing.strokes == sampleStrokes)
        for length in complete..<bytes.count {
            let contents = try DrawingDocument.read(Array(bytes.prefix(length)))
            #expect(contents.drawing == Drawing(edits: earlier), "cut at \(length)")
            #expect(contents.validLength == complete && contents.tornBytes == length - complete && !contents.isDamaged)
            // A stroke's record is known by its header once that is whole; before, what was cut is not.
            let known: DrawingDocument.TornEnd? = length == complete ? nil : length - complete >= 8 ? .stroke : .unknown
            #expect(contents.tornEnd == known, "cut at \(length)")
        }
        #expect(try DrawingDocument.read(journalBytes(earlier)).tornEnd == nil)
        // An edit with no stroke, cut short after its header: a change, not a stroke, was lost.
        let erase = journalBytes(earlier + [.erase([0])])
        #expect(try DrawingDocument.read(Array(erase.dropLast(3))).tornEnd == .edit)
    }

    @Test func aDamagedRecordInTheMiddleCostsOnlyItself() throws {
        let edits: [DrawingEdit] = [.add(sampleStrokes[0]), .add(sampleStrokes[1]), .add(sampleStrokes[2])]
        var bytes = journalBytes(edits)
        // A byte in the middle of the second stroke's points.
        let second = journalBytes(Array(edits.prefix(1))).count
        bytes[second + 40] ^= 0x10
        let contents = try DrawingDocument.read(bytes)
        #expect(contents.isDamaged && contents.damagedRuns == 1)
        #expect(contents.drawing.strokes == [sampleStrokes[0], sampleStrokes[2]])
        // Damage in a record's length is skipped just the same.
        var lengthDamaged = journalBytes(edits)
        lengthDamaged[second] ^= 0xFF
        #expect(try DrawingDocument.read(lengthDamaged).drawing.strokes == [sampleStrokes[0], sampleStrokes[2]])
    }

    @Test func aDocumentOfTheFirstVersionStillOpensWithoutHistory() throws {
        let contents = try DrawingDocument.read(DrawingDocument.encodeVersion1(sampleStrokes))
        #expect(contents.version == 1 && contents.drawing.strokes == sampleStrokes)
        #expect(!contents.drawing.canUndo)
        var truncated = DrawingDocument.encodeVersion1(sampleStrokes)
        truncated.removeLast(30)
        #expect(throws: DrawingDocument.ReadError.truncated) { try DrawingDocument.read(truncated) }
    }

    @Test func foreignBytesAreNotADrawing() {
        #expect(throws: DrawingDocument.ReadError.notADrawing) { try DrawingDocument.read(Array("{\"strokes\": []}".utf8)) }
        #expect(throws: DrawingDocument.ReadError.notADrawing) { try DrawingDocument.read([]) }
        #expect(throws: DrawingDocument.ReadError.notADrawing) {
            try DrawingDocument.read([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D])
        }
    }

    @Test func aNewerVersionIsRefusedByName() {
        var bytes = DrawingDocument.encode(sampleDrawing())
        // A newer fingerpaint writes a whole header: its checksum matches.
        let newer = DrawingDocument.version + 1
        bytes.replaceSubrange(0..<DrawingDocument.headerSize, with: DrawingDocument.header(version: newer))
        #expect(throws: DrawingDocument.ReadError.unsupportedVersion(newer)) { try DrawingDocument.read(bytes) }
        #expect("\(DrawingDocument.ReadError.unsupportedVersion(newer))".contains("newer"))
    }

    @Test func aDamagedHeaderIsDamage() {
        var bytes = DrawingDocument.encode(sampleDrawing())
        bytes[10] ^= 0x01
        #expect(throws: DrawingDocument.ReadError.damaged("header checksum mismatch")) { try DrawingDocument.read(bytes) }
        // A damaged version byte is not a newer version (it read as "version 259, made by a newer fingerpaint").
        var version = DrawingDocument.encode(sampleDrawing())
        version[9] ^= 0x01
        #expect(throws: DrawingDocument.ReadError.damaged("header checksum mismatch")) { try DrawingDocument.read(version) }
    }

    /// A byte in the last stroke's points (the record is whole, its checksum wrong), or in the last record's length
    /// (64 KiB more: it runs past the end, as an append cut short does, but its header's check says the header is
    /// wrong): damage, kept and said, not a torn append, cut off without a word.
    @Test(arguments: [(byte: 40, mask: 0x10 as UInt8), (byte: 2, mask: 0x01)])
    func aWholeLastRecordThatIsWrongIsDamageNotATornAppend(byte: Int, mask: UInt8) throws {
        let edits: [DrawingEdit] = [.add(sampleStrokes[0]), .add(sampleStrokes[1]), .add(sampleStrokes[2])]
        var bytes = journalBytes(edits)
        bytes[journalBytes(Array(edits.prefix(2))).count + byte] ^= mask
        let contents = try DrawingDocument.read(bytes)
        #expect(contents.isDamaged && contents.damagedRuns == 1 && contents.tornBytes == 0)
        #expect(contents.drawing.strokes == [sampleStrokes[0], sampleStrokes[1]])
    }
}
