// Strokes painted with a MyPaint brush in the document: each preset kept once, the strokes naming it, the colours a
// smudge picked up, and what reading does with brush records that are damaged, foreign or of a version before them.
import Foundation
import Geometry
import PaintModel
import PropertyBased
import Testing

@Suite struct BrushDocumentTests {
    /// A preset's text as a drawing keeps it (what is in it is the brush engine's business, not the document's).
    static func settings(_ marker: String) -> String {
        #"{"version": 3, "comment": "\#(marker)", "settings": {"radius_logarithmic": {"base_value": 1.2, "inputs": {}}}}"#
    }

    static let pencil = StrokeBrush(name: "classic/pencil", settings: settings("PENCIL-SETTINGS"), seed: 7)
    static let charcoal = StrokeBrush(name: "classic/charcoal", settings: settings("CHARCOAL-SETTINGS"), seed: 9)

    /// A stroke of a few samples with pressure, painted with `brush`.
    static func stroke(_ brush: StrokeBrush?, at x: Double, seed: UInt32 = 0) -> Stroke? {
        let points = (0..<5).map { StrokePoint(Point(x: x + Double($0) * 3, y: 20), time: Timestamp(milliseconds: 5 * Double($0))) }
        guard var stroke = Stroke(points: points, pen: (0..<5).map { StrokePen(pressure: 0.2 * Double($0)) },
                                  color: Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.9), width: 6) else { return nil }
        if let brush {
            stroke.brush = StrokeBrush(brush.preset, seed: brush.seed &+ seed, isErasing: brush.isErasing)
        }
        return stroke
    }

    /// How many times `text` occurs in `bytes`.
    static func occurrences(of text: String, in bytes: [UInt8]) -> Int {
        let needle = Array(text.utf8)
        guard bytes.count >= needle.count else { return 0 }
        return (0...(bytes.count - needle.count)).filter { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }.count
    }

    /// Strokes of two brushes, a round one among them, an erasing one, a shape put in a stroke's place, on two
    /// layers, with an undo: the drawing read back is the same, brushes, seeds and all, and each preset's settings
    /// are in the file once however many strokes use it.
    @Test func brushStrokesComeBackWithTheirBrushesAndEachPresetIsKeptOnce() throws {
        let pencil = try #require(Self.pencil), charcoal = try #require(Self.charcoal)
        let eraser = StrokeBrush(pencil.preset, seed: 3, isErasing: true)
        var drawing = Drawing()
        drawing.add(try #require(Self.stroke(pencil, at: 10)))
        drawing.add(try #require(Self.stroke(nil, at: 20)))
        drawing.add(try #require(Self.stroke(pencil, at: 30, seed: 1)))
        drawing.apply(.addLayer(at: 1, LayerAttributes(name: "Over")))
        drawing.apply(.selectLayer(1))
        drawing.add(try #require(Self.stroke(charcoal, at: 40)))
        drawing.add(try #require(Self.stroke(eraser, at: 50)))
        drawing.apply(.replace(at: 0, with: try #require(Self.stroke(charcoal, at: 60, seed: 2))))
        drawing.add(try #require(Self.stroke(pencil, at: 70)))
        drawing.undo()
        for bytes in [DrawingDocument.encode(drawing), Self.journal(of: drawing)] {
            let read = try DrawingDocument.read(bytes)
            #expect(read.drawing == drawing)
            #expect(!read.hasUnreadBytes)
            #expect(read.drawing.layers.flatMap(\.strokes).compactMap(\.brush?.seed).sorted() == [3, 7, 8, 11])
            #expect(Self.occurrences(of: "PENCIL-SETTINGS", in: bytes) == 1)
            #expect(Self.occurrences(of: "CHARCOAL-SETTINGS", in: bytes) == 1)
        }
        let round = DrawingDocument.encode(Drawing(strokes: [try #require(Self.stroke(nil, at: 5))]))
        #expect(round[8] == 9, "the version written")
    }

    /// A smudge's stroke keeps the colours its brush picked up, each channel bit for bit, through the journal and a
    /// rewrite; a stroke of them in a version-6 file, a count of none or a colour outside 0...1 is damage, and only
    /// that stroke is lost.
    @Test func theColoursASmudgePickedUpComeBackBitForBit() throws {
        let pencil = try #require(Self.pencil)
        let colors: [SIMD4<Float>] = [SIMD4(1, 0, 0, 1), SIMD4(0.1234567, 0.5, 1.0 / 3, 0.75), .zero,
                                      SIMD4(Float.ulpOfOne, 1 - Float.ulpOfOne, 0, 1)]
        var smudged = try #require(Self.stroke(nil, at: 3))
        smudged.brush = pencil.picking(colors)
        let plain = try #require(Self.stroke(pencil, at: 9))
        var drawing = Drawing()
        drawing.add(smudged)
        drawing.add(plain)
        for bytes in [DrawingDocument.encode(drawing), Self.journal(of: drawing)] {
            let read = try DrawingDocument.read(bytes)
            #expect(!read.isDamaged && !read.hasUnreadBytes)
            #expect(read.drawing == drawing)
            #expect(read.drawing.strokes.first?.brush?.pickedColors.map { $0.x.bitPattern } == colors.map { $0.x.bitPattern })
            #expect(read.drawing.strokes.last?.brush?.pickedColors.isEmpty == true)
        }
        let before = try #require(Self.stroke(nil, at: 1)), after = try #require(Self.stroke(nil, at: 2))
        var brushes = DrawingDocument.BrushNumbers()
        let records = DrawingDocument.record(.add(smudged), brushes: &brushes)
        let brushRecord = Array(records.prefix(Self.brushRecordLength(records)))
        let strokeRecord = Array(records.suffix(from: Self.brushRecordLength(records)))
        // The stroke's payload ends with the brush: number, seed, flags, count, then the colours.
        let strokePayload = Array(strokeRecord[8..<(strokeRecord.count - 4)])
        let colorsStart = strokePayload.count - 16 * colors.count
        func document(version: UInt16 = 7, _ payload: [UInt8]) -> [UInt8] {
            DrawingDocument.header(version: version) + DrawingDocument.record(.add(before)) + brushRecord
                + Self.rawRecord(kind: 2, payload: payload) + DrawingDocument.record(.add(after))
        }
        #expect(try DrawingDocument.read(document(strokePayload)).drawing.strokes == [before, smudged, after])
        var noCount = strokePayload
        noCount.replaceSubrange((colorsStart - 4)..<colorsStart, with: [0, 0, 0, 0])
        var outOfRange = strokePayload
        outOfRange.replaceSubrange(colorsStart..<(colorsStart + 4), with: withUnsafeBytes(of: Float(1.5).bitPattern.littleEndian, Array.init))
        var notANumber = strokePayload
        notANumber.replaceSubrange((colorsStart + 20)..<(colorsStart + 24), with: withUnsafeBytes(of: Float.nan.bitPattern.littleEndian, Array.init))
        for (version, payload) in [(6, strokePayload), (7, noCount), (7, outOfRange), (7, notANumber)] {
            let read = try DrawingDocument.read(document(version: UInt16(version), payload))
            #expect(read.drawing.strokes == [before, after], "version \(version)")
            #expect(read.isDamaged)
        }
    }

    /// The journal of a drawing's edits as a window appends them, one record after another, the brushes numbered
    /// as they come.
    static func journal(of drawing: Drawing) -> [UInt8] {
        var brushes = DrawingDocument.BrushNumbers()
        return drawing.compactEdits.reduce(DrawingDocument.header()) { $0 + DrawingDocument.record($1, brushes: &brushes) }
    }

    /// Through the journal of a document on disk: brush strokes appended, the document rewritten (it was of version
    /// 5), reopened, a new brush's stroke appended after those: every stroke comes back with its brush.
    @Test func aDocumentKeepsItsBrushesThroughARewriteAndAReopening() throws {
        let pencil = try #require(Self.pencil), charcoal = try #require(Self.charcoal)
        let url = temporaryFolder().appendingPathComponent("brushes.fpdraw")
        var older = DrawingDocument.encode(sampleDrawing())
        older.replaceSubrange(0..<DrawingDocument.headerSize, with: DrawingDocument.header(version: 5))
        try Data(older).write(to: url)
        var drawing = try DocumentFile.read(url).drawing
        do {
            let opened = try DocumentFile.open(url, create: false)
            let journal = try #require(opened.journal)
            for edit in [DrawingEdit.add(try #require(Self.stroke(pencil, at: 10))),
                         .add(try #require(Self.stroke(pencil, at: 20, seed: 1)))] {
                drawing.apply(edit)
                journal.record(edit)
            }
            #expect(journal.flush(drawing) == nil)
            journal.close()
        }
        #expect(try DocumentFile.read(url).drawing == drawing)
        #expect(try DocumentFile.read(url).version == 9)
        for brush in [charcoal, pencil] {
            let opened = try DocumentFile.open(url, create: false)
            #expect(opened.drawing == drawing)
            let journal = try #require(opened.journal)
            let edit = DrawingEdit.add(try #require(Self.stroke(brush, at: 30, seed: 5)))
            drawing.apply(edit)
            journal.record(edit)
            #expect(journal.flush(drawing) == nil)
            journal.close()
            let read = try DocumentFile.read(url)
            #expect(read.drawing == drawing)
            #expect(!read.hasUnreadBytes)
        }
        let bytes = Array(try Data(contentsOf: url))
        #expect(Self.occurrences(of: "PENCIL-SETTINGS", in: bytes) == 1)
        #expect(Self.occurrences(of: "CHARCOAL-SETTINGS", in: bytes) == 1)
    }

    /// A brush record in a document of version 5 is damage, as is a stroke naming a brush no record before it
    /// numbers, or a brush record numbered out of order: each is skipped, and the strokes around it kept.
    @Test func aBrushRecordOrStrokeThatDoesNotBelongIsDamageAndCostsOnlyItself() throws {
        let pencil = try #require(Self.pencil), charcoal = try #require(Self.charcoal)
        let before = try #require(Self.stroke(nil, at: 1)), after = try #require(Self.stroke(nil, at: 2))
        let brushed = try #require(Self.stroke(pencil, at: 3))
        let recordsOfBrushed = DrawingDocument.record(.add(brushed))
        // In a version-5 file: the brush record and the stroke naming it are damage.
        let version5 = DrawingDocument.header(version: 5) + DrawingDocument.record(.add(before)) + recordsOfBrushed
            + DrawingDocument.record(.add(after))
        let read5 = try DrawingDocument.read(version5)
        #expect(read5.drawing.strokes == [before, after])
        #expect(read5.isDamaged)
        // A stroke whose brush number no record gave: the charcoal stroke, recorded with charcoal numbered 1, in a
        // file whose only brush record is pencil's numbered 0... as 1 names nothing, it is damage.
        var brushes = DrawingDocument.BrushNumbers()
        let pencilRecord = DrawingDocument.record(.add(brushed), brushes: &brushes)
        var other = DrawingDocument.BrushNumbers()
        _ = DrawingDocument.record(.add(brushed), brushes: &other)
        let charcoalRecords = DrawingDocument.record(.add(try #require(Self.stroke(charcoal, at: 4))), brushes: &other)
        let charcoalStrokeOnly = Array(charcoalRecords.suffix(from: Self.brushRecordLength(charcoalRecords)))
        let unknown = DrawingDocument.header() + DrawingDocument.record(.add(before)) + charcoalStrokeOnly
            + pencilRecord + DrawingDocument.record(.add(after))
        let readUnknown = try DrawingDocument.read(unknown)
        #expect(readUnknown.drawing.strokes == [before, brushed, after])
        #expect(readUnknown.isDamaged)
        // Charcoal's record numbered 1 before pencil's numbered 0: out of order, damage, so the charcoal stroke after
        // them names nothing (rather than pencil, or pencil's stroke charcoal).
        let charcoalRecordOnly = Array(charcoalRecords.prefix(Self.brushRecordLength(charcoalRecords)))
        let outOfOrder = DrawingDocument.header() + charcoalRecordOnly + pencilRecord + charcoalStrokeOnly
        let readOutOfOrder = try DrawingDocument.read(outOfOrder)
        #expect(readOutOfOrder.drawing.strokes == [brushed])
        #expect(readOutOfOrder.isDamaged)
    }

    /// The length of the brush record that starts `records`: its payload's length and the overhead.
    static func brushRecordLength(_ records: [UInt8]) -> Int {
        (Int(records[0]) | Int(records[1]) << 8 | Int(records[2]) << 16 | Int(records[3]) << 24) + 12
    }

    /// A journal record of any kind and payload, its checksums right (docs/document-format.md, "Layout").
    static func rawRecord(kind: UInt16, payload: [UInt8]) -> [UInt8] {
        func littleEndian<Value: FixedWidthInteger>(_ value: Value) -> [UInt8] {
            (0..<(Value.bitWidth / 8)).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
        }
        var bytes = littleEndian(UInt32(payload.count)) + littleEndian(kind)
        bytes += littleEndian(UInt16(truncatingIfNeeded: CRC32.checksum(bytes[...])))
        bytes += payload
        return bytes + littleEndian(CRC32.checksum(bytes[...]))
    }

    /// Any bytes in place of a brush record's payload, its checksums made right: the document is read without a
    /// crash, the strokes before and after kept, and the brushed stroke either back whole or left out.
    @Test func anyBrushRecordPayloadIsReadOrSkippedWithoutACrash() async throws {
        let pencil = try #require(Self.pencil)
        let before = try #require(Self.stroke(nil, at: 1)), after = try #require(Self.stroke(nil, at: 2))
        let brushed = try #require(Self.stroke(pencil, at: 3))
        let records = DrawingDocument.record(.add(brushed))
        let strokeRecord = Array(records.suffix(from: Self.brushRecordLength(records)))
        let payload = Array(records[8..<(Self.brushRecordLength(records) - 4)])
        let input = zip(Gen.int(in: 0...(payload.count + 8)), Gen.int(in: 0...255).array(of: 0...40),
                        Gen.int(in: 0...payload.count))
        await propertyCheck(count: 300, input: input) { cut, noise, at in
            // The payload cut or grown, with noise written over part of it.
            var damaged = Array(payload.prefix(cut)) + Array(repeating: 0x41, count: max(cut - payload.count, 0))
            for (offset, value) in noise.enumerated() where at + offset < damaged.count {
                damaged[at + offset] = UInt8(value)
            }
            let bytes = DrawingDocument.header() + DrawingDocument.record(.add(before))
                + Self.rawRecord(kind: 19, payload: damaged) + strokeRecord + DrawingDocument.record(.add(after))
            guard let read = try? DrawingDocument.read(bytes) else {
                Issue.record("a document of damaged brush records was refused")
                return
            }
            let strokes = read.drawing.strokes
            #expect(strokes == [before, after] || (strokes.count == 3 && strokes[0] == before && strokes[2] == after
                                                   && strokes[1].brush?.seed == brushed.brush?.seed))
        }
    }
}
