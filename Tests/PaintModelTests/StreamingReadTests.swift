import Testing
@testable import PaintModel
import PropertyBased

/// Opening a document reads it a chunk at a time (``DrawingDocument/Decoder``): whatever the chunks' sizes, and
/// whatever the bytes (valid documents of every version, and their corruptions), what it reads is what the bytes
/// fed whole give.
@Suite struct StreamingReadTests {
    /// What a read gives, to compare: the contents' every field, or the error.
    struct Outcome: Equatable, CustomStringConvertible {
        var drawing: Drawing?
        var version: UInt16 = 0, validLength = 0, tornBytes = 0, damagedRuns = 0, liveBytes = 0
        var error: DrawingDocument.ReadError?

        init(_ read: () throws(DrawingDocument.ReadError) -> DrawingDocument.Contents) {
            do {
                let contents = try read()
                drawing = contents.drawing
                version = contents.version
                validLength = contents.validLength
                tornBytes = contents.tornBytes
                damagedRuns = contents.damagedRuns
                liveBytes = contents.liveBytes
            } catch {
                self.error = error
            }
        }

        var description: String {
            if let error { return "error \(error)" }
            return "\(drawing?.strokes.count ?? -1) strokes, version \(version), valid \(validLength), torn \(tornBytes), "
                + "damaged runs \(damagedRuns), live \(liveBytes)"
        }
    }

    /// A document of version 4, 2 or 1 of a random drawing, then corrupted (or not) by the numbers.
    static func document(_ numbers: [Int], version: Int, damage: [Int]) -> [UInt8] {
        let drawing = PenStrokeTests.drawing(from: numbers)
        var bytes = switch version % 3 {
        case 0: DrawingDocument.encode(drawing)
        case 1: DrawingDocument.encodeVersion2(drawing) ?? DrawingDocument.encode(drawing)
        default: DrawingDocument.encodeVersion1(drawing.strokes)
        }
        for number in damage where !bytes.isEmpty {
            let offset = (number >> 4) % bytes.count
            switch number % 5 {
            case 0:  // a byte flipped
                bytes[offset] ^= UInt8(truncatingIfNeeded: 1 + (number >> 24) % 255)
            case 1:  // cut anywhere
                bytes.removeLast(bytes.count - offset)
            case 2:  // a record duplicated where it is
                let records = recordRanges(bytes)
                guard !records.isEmpty else { continue }
                let record = records[(number >> 4) % records.count]
                bytes.insert(contentsOf: bytes[record], at: record.upperBound)
            case 3:  // junk appended
                bytes += (0..<(number >> 8) % 40).map { UInt8(truncatingIfNeeded: number >> ($0 % 50)) }
            default:  // a run of bytes copied elsewhere
                let length = min((number >> 12) % 64, bytes.count - offset)
                bytes.insert(contentsOf: bytes[offset..<(offset + length)], at: (number >> 20) % bytes.count)
            }
        }
        return bytes
    }

    /// The ranges of a journal's records, by their lengths, as far as they run.
    static func recordRanges(_ bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var offset = DrawingDocument.headerSize
        while bytes.count - offset >= DrawingDocument.recordOverhead {
            let length = (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
            let end = offset + DrawingDocument.recordOverhead + length
            guard end <= bytes.count else { break }
            ranges.append(offset..<end)
            offset = end
        }
        return ranges
    }

    @Test func everyChunkSizeReadsWhatTheWholeBytesRead() async {
        let input = zip(PenStrokeTests.edits, Gen.int(in: 0...Int.max).array(of: 0...4), Gen.int(in: 0...Int.max))
        await propertyCheck(count: 400, input: input) { numbers, damage, choice in
            let bytes = Self.document(numbers, version: choice, damage: damage)
            let whole = Outcome { () throws(DrawingDocument.ReadError) in
                try DrawingDocument.read(bytes, chunkSize: bytes.count + 1)
            }
            // 1 byte, a few, a record's size or so, and more than the file.
            let sizes = [1, 2 + (choice >> 2) % 15, 17 + (choice >> 8) % 400, bytes.count + 1 + (choice >> 16) % 100]
            for size in sizes {
                let chunked = Outcome { () throws(DrawingDocument.ReadError) in try DrawingDocument.read(bytes, chunkSize: size) }
                #expect(chunked == whole, "chunks of \(size) bytes of \(bytes.count): \(chunked), whole: \(whole)")
            }
        }
    }

    /// Every way of cutting a small journal into two chunks, at every byte: each record read once, in order.
    @Test func aRecordSplitAcrossTwoChunksAtAnyByteIsReadOnce() throws {
        let bytes = DrawingDocument.encode(PenStrokeTests.drawing(from: [3, 7, 8, 4, 11, 5, 14]))
        let whole = Outcome { () throws(DrawingDocument.ReadError) in try DrawingDocument.read(bytes) }
        #expect(whole.error == nil && whole.damagedRuns == 0 && whole.tornBytes == 0)
        for cut in 0...bytes.count {
            var decoder = DrawingDocument.Decoder()
            decoder.feed(bytes[..<cut])
            decoder.feed(bytes[cut...])
            let split = Outcome { () throws(DrawingDocument.ReadError) in try decoder.finish() }
            #expect(split == whole, "cut at \(cut): \(split)")
        }
    }
}
