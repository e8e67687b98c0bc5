// The document format: a drawing's journal as bytes, and back, with a magic, a version and checksums.
import Geometry
import ImageDecoding
import Localization

/// The file form of a drawing: a journal of what was done to it. See `docs/document-format.md`.
///
/// A compact little-endian binary: an 8-byte magic, a version and a header checksum, then records appended one at a
/// time (a stroke added, an undo, a redo, a clear), each with its own CRC-32, so that:
/// - saving a stroke writes that stroke only;
/// - the history survives;
/// - a torn last record is told apart from the records before it;
/// - a damaged record in the middle costs only itself.
///
/// Version 3 adds each sample's pressure and tilt and the erase record, version 4 the replace record (a held stroke
/// become a shape), version 5 layers, version 6 brushes, version 7 the colours a smudge picked up, version 8 strokes
/// moved (the transform record, and where a brush stroke's dabs were placed), version 9 fills (a stroke's outlines).
/// Documents of versions 8 to 2 (the journal without
/// pressure and erasing) and 1 (one checksummed list of strokes, no history) are still read, those before 5 as
/// drawings of one layer.
public enum DrawingDocument {
    /// The first eight bytes of every document: `FPDRAW` then CR LF, which catches text-mode mangling.
    public static let magic: [UInt8] = Array("FPDRAW\r\n".utf8)
    /// The version this program writes: the journal, with pressure, erasing, replacing, layers, brushes, the colours
    /// a smudge picked up, strokes moved and fills.
    public static let version: UInt16 = 9
    /// The file name extension of documents.
    public static let fileExtension = "fpdraw"
    /// The size of the header: magic, version, flags and the header's checksum.
    public static let headerSize = 16

    /// Why bytes are not a drawing this program reads.
    public enum ReadError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The bytes do not start with the magic: not a drawing of ours.
        case notADrawing
        /// A drawing of a version this program does not know (a newer program wrote it).
        case unsupportedVersion(UInt16)
        /// The bytes end before the document does.
        case truncated
        /// The checksum does not match, or a value is impossible: the file was damaged.
        case damaged(String)

        public var description: String {
            switch self {
            case .notADrawing: localized("not a fingerpaint drawing")
            case let .unsupportedVersion(version):
                localized("a drawing of version %1$d, made by a newer fingerpaint; this one reads versions 1 to %2$d",
                          version, DrawingDocument.version)
            case .truncated: localized("the file is truncated")
            // Translators: %s says what is wrong in the file, as "checksum mismatch" or "impossible values".
            case let .damaged(reason): localized("the file is damaged (%s)", reason)
            }
        }
    }

    /// What a document's bytes hold, and what reading them had to leave out.
    public struct Contents: Sendable {
        /// The drawing, with its history.
        public var drawing: Drawing
        /// The version the bytes were written in: 1 (no history) or 2 (no pressure), both rewritten as the current
        /// version before any append; or 3.
        public var version: UInt16
        /// How many bytes are the header and whole, valid records: where the next record goes. For version 1,
        /// the whole file.
        public var validLength: Int
        /// Bytes after the last valid record that make no record: a record torn by a crash or power loss while
        /// it was appended, or a file cut short. They are dropped.
        public var tornBytes: Int
        /// What the record cut short at the end was, as far as its bytes tell; `nil` when the end is whole.
        public var tornEnd: TornEnd?
        /// Runs of damaged bytes between valid records that were skipped: each cost the records in it.
        public var damagedRuns: Int
        /// The sizes a compacted journal of the drawing would hold, for deciding when to compact.
        var ledger = JournalLedger()
        /// The brush presets the records hold, by number: records appended after them number theirs after these.
        public internal(set) var brushes = BrushNumbers()

        /// Whether records in the middle were lost: the file is not as it was written.
        public var isDamaged: Bool { damagedRuns > 0 }

        /// Whether some bytes could not be read: damaged records, or a torn end (``DocumentDamage``).
        public var hasUnreadBytes: Bool { isDamaged || tornBytes > 0 }

        /// How many bytes a compacted journal of the drawing holds (``DrawingDocument/encode(_:)``), counted from the
        /// records as they were read.
        public var liveBytes: Int { ledger.liveBytes }
    }

    /// What the record cut short at a journal's end was, as far as its bytes tell. What came after it, if
    /// anything did, cannot be told: a journal says nowhere how many records it holds.
    public enum TornEnd: Hashable, Sendable {
        /// A stroke's record (a stroke added, a base stroke, a shape put in a stroke's place): one stroke lost.
        case stroke
        /// The record of an edit without a stroke (an undo, a redo, a clear, an erase).
        case edit
        /// A layer's record: a layer added, copied, removed, moved or changed.
        case layer
        /// A picture's record: a layer added with a picture, or the picture of a base layer.
        case image
        /// Which layer was current: nothing of the drawing.
        case choice
        /// Fewer bytes than a record's header, or a header of no known kind: what they began cannot be told.
        case unknown
    }

    /// The kinds of journal record, as stored.
    enum RecordKind: UInt16 {
        case baseStroke = 1, add = 2, clear = 3, undo = 4, redo = 5, erase = 6, replace = 7
        /// Version 5 on: layers.
        case baseLayer = 8, selectLayer = 9, addLayer = 10, duplicateLayer = 11, removeLayer = 12, moveLayer = 13
        case setLayer = 14
        /// Version 5 on: pictures in layers, and the eraser's cuts through them.
        case baseImage = 15, addImageLayer = 16, eraseCut = 17
        /// Version 5 on: a layer merged down.
        case mergeLayerDown = 18
        /// Version 6 on: a brush preset the strokes after it name by its number.
        case brush = 19
        /// Version 8 on: strokes moved, and strokes added as one edit.
        case transform = 20, addStrokes = 21
        /// Version 9 on: strokes moved to another layer.
        case moveStrokes = 22

        /// The first version whose documents hold the kind.
        var firstVersion: UInt16 {
            switch self {
            case .baseStroke, .add, .clear, .undo, .redo: 1
            case .erase: 3
            case .replace: 4
            case .baseLayer, .selectLayer, .addLayer, .duplicateLayer, .removeLayer, .moveLayer, .setLayer, .baseImage,
                 .addImageLayer, .eraseCut, .mergeLayerDown: 5
            case .brush: 6
            case .transform, .addStrokes: 8
            case .moveStrokes: 9
            }
        }
    }

    /// The bits of a stored layer's flags.
    enum LayerFlags {
        static let visible: UInt8 = 1
        static let locked: UInt8 = 2
    }

    /// The size of a record's header: payload length, kind and the header's own check.
    static let recordHeaderSize = 8
    /// A record's bytes beyond its payload: the header and the CRC-32 at the end.
    static let recordOverhead = recordHeaderSize + 4

    // MARK: - Writing

    /// The header that starts every journal.
    public static func header() -> [UInt8] {
        header(version: version)
    }

    /// The header a fingerpaint writing documents of `version` would write (tests make newer ones with it).
    public static func header(version: UInt16) -> [UInt8] {
        var writer = ByteWriter(capacity: headerSize)
        writer.append(magic)
        writer.append(version)
        writer.append(UInt16(0))  // flags, none yet
        let check = CRC32.checksum(writer.bytes[..<12])
        writer.append(check)
        return writer.bytes
    }

    /// The record of one edit, to append to a journal of no brush record yet: a stroke with a brush comes after
    /// the brush's record, numbered 0.
    public static func record(_ edit: DrawingEdit) -> [UInt8] {
        var brushes = BrushNumbers()
        return record(edit, brushes: &brushes)
    }

    /// The record of one edit, to append to a journal holding the brush records `brushes` numbers: after the
    /// records of the brushes its strokes are painted with that `brushes` does not hold yet, which it then does.
    public static func record(_ edit: DrawingEdit, brushes: inout BrushNumbers) -> [UInt8] {
        edit.newStrokes.flatMap { brushRecord(for: $0, brushes: &brushes) } + record(edit, brushes: brushes)
    }

    /// The record of an edit whose strokes' brushes `brushes` numbers.
    private static func record(_ edit: DrawingEdit, brushes: BrushNumbers) -> [UInt8] {
        switch edit {
        case let .add(stroke): record(.add, stroke: stroke, brushes: brushes)
        case let .addStrokes(strokes): record(adding: strokes, brushes: brushes)
        case .clear: record(.clear, stroke: nil, brushes: brushes)
        case let .erase(indices, cut): record(erasing: indices, cut: cut)
        case let .replace(index, stroke): record(replacing: index, with: stroke, brushes: brushes)
        case let .transform(indices, transform): record(transforming: indices, by: transform)
        case let .moveStrokes(indices, layer): record(moving: indices, toLayer: layer)
        case .undo: record(.undo, stroke: nil, brushes: brushes)
        case .redo: record(.redo, stroke: nil, brushes: brushes)
        case let .selectLayer(position): record(.selectLayer, positions: [position])
        case let .addLayer(position, attributes): record(.addLayer, positions: [position], attributes: attributes)
        case let .addImageLayer(position, attributes, image):
            record(.addImageLayer, positions: [position], attributes: attributes, image: image)
        case let .duplicateLayer(position): record(.duplicateLayer, positions: [position])
        case let .removeLayer(position): record(.removeLayer, positions: [position])
        case let .moveLayer(from, to): record(.moveLayer, positions: [from, to])
        case let .setLayer(position, attributes): record(.setLayer, positions: [position], attributes: attributes)
        case let .mergeLayerDown(position, picture): record(.mergeLayerDown, positions: [position], image: picture)
        }
    }

    /// A compacted journal: the header, the base strokes and the shortest history that makes the drawing again.
    ///
    /// The bytes are one allocation of the journal's size (and `extra` bytes more, for records the caller appends):
    /// grown by doubling, a 48 MB journal held up to 64 MiB, and both the old and the new storage while it grew
    /// (docs/performance.md, "Memory").
    public static func encode(_ drawing: Drawing, reservingExtra extra: Int = 0) -> [UInt8] {
        var brushes = BrushNumbers()
        return encode(drawing, reservingExtra: extra, brushes: &brushes)
    }

    /// A compacted journal as ``encode(_:reservingExtra:)`` makes it, after the records of the brushes `brushes`
    /// numbers, with the same numbers (so that records made with them may follow), and those of the drawing's other
    /// brushes, which `brushes` then numbers too.
    public static func encode(_ drawing: Drawing, reservingExtra extra: Int = 0,
                              brushes: inout BrushNumbers) -> [UInt8] {
        let edits = drawing.compactEdits
        var bytes = header()
        for (number, preset) in brushes.presets.enumerated() { bytes += brushRecord(preset, number: UInt32(number)) }
        // A base of the one layer a drawing starts with needs no layer record: its strokes are the base strokes.
        let layers = drawing.baseLayers
        let namesLayers = layers.map(\.attributes) != [Layer.first().attributes] || layers.contains { $0.image != nil }
        let size = layers.reduce(bytes.count + max(extra, 0)) { size, layer in
            let image = layer.image.map { recordOverhead + imageSize($0) } ?? 0
            return layer.strokes.reduce(size + image + (namesLayers ? layerRecordSize(layer.attributes) : 0)) {
                $0 + recordOverhead + strokeSize($1)
            }
        }
        let brushBytes = brushes.presets.reduce(0) { $0 + brushRecordSize($1) }
            + brushRecordBytes(layers: layers, edits: edits, after: brushes)
        bytes.reserveCapacity(edits.reduce(size + brushBytes) { $0 + recordSize(of: $1) })
        for layer in layers {
            if namesLayers { bytes += record(.baseLayer, positions: [], attributes: layer.attributes) }
            if let image = layer.image { bytes += record(.baseImage, positions: [], image: image) }
            for stroke in layer.strokes {
                bytes += brushRecord(for: stroke, brushes: &brushes)
                bytes += record(.baseStroke, stroke: stroke, brushes: brushes)
            }
        }
        for edit in edits { bytes += record(edit, brushes: &brushes) }
        return bytes
    }

    /// The size of an edit's record, without encoding it.
    public static func recordSize(of edit: DrawingEdit) -> Int {
        switch edit {
        case let .add(stroke): recordOverhead + strokeSize(stroke)
        case let .addStrokes(strokes): recordOverhead + 4 + strokes.reduce(0) { $0 + strokeSize($1) }
        case let .erase(indices, cut): recordOverhead + 4 + 4 * indices.count + (cut.map(cutSize) ?? 0)
        case let .replace(_, stroke): recordOverhead + 4 + strokeSize(stroke)
        case let .transform(indices, _): recordOverhead + 4 + 4 * indices.count + 48
        case let .moveStrokes(indices, _): recordOverhead + 8 + 4 * indices.count
        case .clear, .undo, .redo: recordOverhead
        case .selectLayer, .duplicateLayer, .removeLayer: recordOverhead + 4
        case .moveLayer: recordOverhead + 8
        case let .addLayer(_, attributes), let .setLayer(_, attributes): layerRecordSize(attributes) + 4
        case let .addImageLayer(_, attributes, image): layerRecordSize(attributes) + 4 + imageSize(image)
        case let .mergeLayerDown(_, picture): recordOverhead + 4 + (picture.map(imageSize) ?? 0)
        }
    }

    /// The stored size of a picture: its frame, four `f64`, its cuts (``cutSize(_:)``) after their count, `u32`,
    /// and the picture file's bytes to the record's end.
    private static func imageSize(_ image: LayerImage) -> Int {
        32 + 4 + image.cuts.reduce(0) { $0 + cutSize($1) } + image.bytes.count
    }

    /// The stored size of a cut: its radius, `f64`, the count of its points, `u32`, and the points, two `f64` each.
    private static func cutSize(_ cut: ImageCut) -> Int {
        12 + 16 * cut.points.count
    }

    /// The size of a record of layer attributes with no position (a base layer's).
    private static func layerRecordSize(_ attributes: LayerAttributes) -> Int {
        recordOverhead + layerAttributesSize(attributes)
    }

    /// The stored size of layer attributes: opacity `f64`, blend mode `u8`, flags `u8`, the name's length `u16` and
    /// its UTF-8 bytes.
    private static func layerAttributesSize(_ attributes: LayerAttributes) -> Int {
        12 + attributes.name.utf8.count
    }

    /// The bytes of a document of version 1 (every stroke, no history, one checksum): what fingerpaint wrote
    /// before the journal. For tools and tests that make such documents; the program no longer writes them. A
    /// stroke with a brush is beyond version 1: its record is damage there.
    public static func encodeVersion1(_ strokes: [Stroke]) -> [UInt8] {
        var writer = ByteWriter(capacity: magic.count + 8 + 4 + strokes.reduce(0) { $0 + strokeSize($1) })
        writer.append(magic)
        writer.append(UInt16(1))
        writer.append(UInt16(0))  // flags
        writer.append(UInt32(strokes.count))
        for stroke in strokes { append(stroke, to: &writer, brushes: BrushNumbers()) }
        return writer.finish()
    }

    /// The bytes of a document of version 2 (the journal before pressure and erasing), for tools and tests that
    /// make such documents; `nil` for a drawing with pressure, brushes, an erase or a replace in its history, which
    /// version 2 cannot hold. Version 2 is laid out as version 4 without those, so it is the same journal with another
    /// version.
    public static func encodeVersion2(_ drawing: Drawing) -> [UInt8]? {
        guard drawing.baseLayers.count == 1, drawing.baseLayers[0].attributes == Layer.first().attributes else { return nil }
        let strokes = drawing.baseLayers[0].strokes + drawing.compactEdits.compactMap { edit -> Stroke? in
            if case let .add(stroke) = edit { stroke } else { nil }
        }
        let isBeyondVersion2 = drawing.compactEdits.contains {
            switch $0 {
            case .addStrokes, .erase, .replace, .transform, .moveStrokes, .selectLayer, .addLayer, .addImageLayer, .duplicateLayer, .removeLayer,
                 .moveLayer, .setLayer, .mergeLayerDown: true
            case .add, .clear, .undo, .redo: false
            }
        }
        guard !isBeyondVersion2, !strokes.contains(where: { $0.hasPressure || $0.brush != nil }) else { return nil }
        var bytes = encode(drawing)
        bytes[8] = 2
        let check = CRC32.checksum(bytes[..<12])
        for index in 0..<4 { bytes[12 + index] = UInt8(truncatingIfNeeded: check >> (8 * index)) }
        return bytes
    }

    private static func record(_ kind: RecordKind, stroke: Stroke?, brushes: BrushNumbers) -> [UInt8] {
        let payload = stroke.map(strokeSize) ?? 0
        var writer = recordWriter(kind, payload: payload)
        if let stroke { append(stroke, to: &writer, brushes: brushes) }
        return writer.finish()
    }

    /// An erase record: the count of positions, then the positions, `u32` each; with a cut, an erase-cut record
    /// that holds the cut after them.
    private static func record(erasing indices: [Int], cut: ImageCut?) -> [UInt8] {
        var writer = recordWriter(cut == nil ? .erase : .eraseCut, payload: 4 + 4 * indices.count + (cut.map(cutSize) ?? 0))
        writer.append(UInt32(indices.count))
        for index in indices { writer.append(UInt32(truncatingIfNeeded: index)) }
        if let cut { append(cut, to: &writer) }
        return writer.finish()
    }

    private static func append(_ cut: ImageCut, to writer: inout ByteWriter) {
        writer.append(cut.radius)
        writer.append(UInt32(cut.points.count))
        for point in cut.points {
            writer.append(point.x)
            writer.append(point.y)
        }
    }

    /// A replace record: the position, `u32`, then the stroke that takes its place.
    private static func record(replacing index: Int, with stroke: Stroke, brushes: BrushNumbers) -> [UInt8] {
        var writer = recordWriter(.replace, payload: 4 + strokeSize(stroke))
        writer.append(UInt32(truncatingIfNeeded: index))
        append(stroke, to: &writer, brushes: brushes)
        return writer.finish()
    }

    /// An add-strokes record: the count of strokes, `u32`, then the strokes, one after another.
    private static func record(adding strokes: [Stroke], brushes: BrushNumbers) -> [UInt8] {
        var writer = recordWriter(.addStrokes, payload: 4 + strokes.reduce(0) { $0 + strokeSize($1) })
        writer.append(UInt32(truncatingIfNeeded: strokes.count))
        for stroke in strokes { append(stroke, to: &writer, brushes: brushes) }
        return writer.finish()
    }

    /// A transform record: the count of positions, `u32`, the positions, `u32` each, then the transform, six `f64`
    /// (`a b c d tx ty`).
    private static func record(transforming indices: [Int], by transform: AffineTransform) -> [UInt8] {
        var writer = recordWriter(.transform, payload: 4 + 4 * indices.count + 48)
        writer.append(UInt32(truncatingIfNeeded: indices.count))
        for index in indices { writer.append(UInt32(truncatingIfNeeded: index)) }
        append(transform, to: &writer)
        return writer.finish()
    }

    /// A move-strokes record: the layer they go to, `u32`, the count of positions, then the positions, `u32` each.
    private static func record(moving indices: [Int], toLayer layer: Int) -> [UInt8] {
        var writer = recordWriter(.moveStrokes, payload: 8 + 4 * indices.count)
        writer.append(UInt32(truncatingIfNeeded: layer))
        writer.append(UInt32(truncatingIfNeeded: indices.count))
        for index in indices { writer.append(UInt32(truncatingIfNeeded: index)) }
        return writer.finish()
    }

    /// A layer record: its positions, `u32` each, then, when given, the layer's attributes (``LayerFlags``), then,
    /// when given, a picture (``imageSize(_:)``).
    private static func record(_ kind: RecordKind, positions: [Int], attributes: LayerAttributes? = nil,
                               image: LayerImage? = nil) -> [UInt8] {
        let name = attributes.map { Array($0.name.utf8) } ?? []
        let payload = 4 * positions.count + (attributes.map(layerAttributesSize) ?? 0) + (image.map(imageSize) ?? 0)
        var writer = recordWriter(kind, payload: payload)
        for position in positions { writer.append(UInt32(truncatingIfNeeded: position)) }
        if let attributes {
            writer.append(attributes.opacity)
            writer.append(attributes.blendMode.code)
            writer.append((attributes.isVisible ? LayerFlags.visible : 0) | (attributes.isLocked ? LayerFlags.locked : 0))
            writer.append(UInt16(truncatingIfNeeded: name.count))
            writer.append(name)
        }
        if let image {
            for value in [image.frame.minX, image.frame.minY, image.frame.width, image.frame.height] { writer.append(value) }
            writer.append(UInt32(image.cuts.count))
            for cut in image.cuts { append(cut, to: &writer) }
            writer.append(image.bytes)
        }
        return writer.finish()
    }

    /// A writer holding a record's header, with room for its payload and CRC.
    static func recordWriter(_ kind: RecordKind, payload: Int) -> ByteWriter {
        var writer = ByteWriter(capacity: recordOverhead + payload)
        writer.append(UInt32(payload))
        writer.append(kind.rawValue)
        writer.append(UInt16(truncatingIfNeeded: CRC32.checksum(writer.bytes[..<6])))
        return writer
    }

    // MARK: - Reading

    /// Reads a document of either version: the bytes fed to a ``Decoder`` a chunk at a time, as a file is read.
    ///
    /// A journal's torn last record is dropped (``Contents/tornBytes``); damaged records in the middle are
    /// skipped and the valid ones after them kept (``Contents/damagedRuns``). Throws when the bytes are not a
    /// drawing of ours, of a version this program does not know, or a version-1 document that is truncated or
    /// damaged (it has one checksum for everything).
    public static func read(_ bytes: [UInt8]) throws(ReadError) -> Contents {
        try read(bytes, chunkSize: Decoder.chunkSize)
    }

    /// Reads a document fed to the decoder `chunkSize` bytes at a time (at least one): the same contents, or the
    /// same error, whatever the size.
    static func read(_ bytes: [UInt8], chunkSize: Int) throws(ReadError) -> Contents {
        var decoder = Decoder()
        var start = 0
        let step = max(chunkSize, 1)
        while start < bytes.count, decoder.wantsMore {
            let end = bytes.count - start > step ? start + step : bytes.count
            decoder.feed(bytes[start..<end])
            start = end
        }
        return try decoder.finish()
    }

    /// Whether `bytes` (a file's first ``headerSize`` bytes or fewer) are a whole journal header of a version this
    /// program reads: then ``read(_:)`` of the whole file throws nothing (its records' damage is repaired, not
    /// refused).
    public static func isJournalHeader(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= headerSize, bytes.starts(with: magic) else { return false }
        guard (2...version).contains(UInt16(bytes[8]) | UInt16(bytes[9]) << 8) else { return false }
        return CRC32.checksum(bytes[..<12]) == ByteReader(bytes: bytes, offset: 12).peekUInt32()
    }

    enum ReadEdit {
        case base(Stroke)
        /// A base layer on top of those before: the base strokes after it are its own.
        case baseLayer(LayerAttributes)
        /// The picture of the base layer before.
        case baseImage(LayerImage)
        /// A brush preset, numbered next (or again, as before).
        case brush(StrokeBrush.Preset)
        case edit(DrawingEdit)
    }

    /// What a valid record means, `brushes` the presets numbered before it; throws when its payload is not what its
    /// kind needs.
    static func meaning(of kind: RecordKind, payload: ArraySlice<UInt8>, afterEdits: Bool, version: UInt16,
                        brushes: [StrokeBrush.Preset] = []) throws(ReadError) -> ReadEdit {
        guard version >= kind.firstVersion else { throw .damaged(localized("a record of version %1$d in a version-%2$d document", kind.firstVersion, version)) }
        switch kind {
        case .baseStroke, .add:
            var reader = ByteReader(bytes: payload)
            let stroke = try readStroke(from: &reader, version: version, brushes: brushes)
            guard reader.remaining == 0 else { throw .damaged(localized("a stroke record with extra bytes")) }
            if kind == .add { return .edit(.add(stroke)) }
            // Base strokes come first, before any edit: one later is not something this program writes.
            guard !afterEdits else { throw .damaged(localized("a base stroke after an edit")) }
            return .base(stroke)
        case .erase, .eraseCut:
            guard version >= 3 else { throw .damaged(localized("an erase record in a version-%d document", version)) }
            var reader = ByteReader(bytes: payload)
            let count = Int(try reader.read() as UInt32)
            guard kind == .eraseCut ? reader.remaining >= 4 * count : reader.remaining == 4 * count else {
                throw .damaged(localized("an erase record of the wrong size"))
            }
            var indices: [Int] = []
            indices.reserveCapacity(count)
            for _ in 0..<count { indices.append(Int(try reader.read() as UInt32)) }
            let cut = kind == .eraseCut ? try readCut(from: &reader) : nil
            guard reader.remaining == 0 else { throw .damaged(localized("an erase record of the wrong size")) }
            return .edit(.erase(indices, cut: cut))
        case .replace:
            guard version >= 4 else { throw .damaged(localized("a replace record in a version-%d document", version)) }
            var reader = ByteReader(bytes: payload)
            let index = Int(try reader.read() as UInt32)
            let stroke = try readStroke(from: &reader, version: version, brushes: brushes)
            guard reader.remaining == 0 else { throw .damaged(localized("a replace record with extra bytes")) }
            return .edit(.replace(at: index, with: stroke))
        case .addStrokes:
            var reader = ByteReader(bytes: payload)
            let count = Int(try reader.read() as UInt32)
            // Each stroke takes at least its header: a count beyond what the payload could hold is damage.
            guard count > 0, count <= reader.remaining / 48 else { throw .damaged(localized("an add-strokes record of the wrong size")) }
            var strokes: [Stroke] = []
            strokes.reserveCapacity(count)
            for _ in 0..<count { strokes.append(try readStroke(from: &reader, version: version, brushes: brushes)) }
            guard reader.remaining == 0 else { throw .damaged(localized("an add-strokes record with extra bytes")) }
            return .edit(.addStrokes(strokes))
        case .transform:
            var reader = ByteReader(bytes: payload)
            let count = Int(try reader.read() as UInt32)
            guard reader.remaining == 4 * count + 48 else { throw .damaged(localized("a transform record of the wrong size")) }
            var indices: [Int] = []
            indices.reserveCapacity(count)
            for _ in 0..<count { indices.append(Int(try reader.read() as UInt32)) }
            let transform = try readTransform(from: &reader)
            guard transform.isSimilarity else { throw .damaged(localized("a transform that does not keep shapes")) }
            return .edit(.transform(indices, by: transform))
        case .moveStrokes:
            var reader = ByteReader(bytes: payload)
            let layer = Int(try reader.read() as UInt32), count = Int(try reader.read() as UInt32)
            guard reader.remaining == 4 * count else { throw .damaged(localized("a move-strokes record of the wrong size")) }
            var indices: [Int] = []
            indices.reserveCapacity(count)
            for _ in 0..<count { indices.append(Int(try reader.read() as UInt32)) }
            return .edit(.moveStrokes(indices, toLayer: layer))
        case .clear, .undo, .redo:
            guard payload.isEmpty else { throw .damaged(localized("an edit record with a payload")) }
            return .edit(kind == .clear ? .clear : kind == .undo ? .undo : .redo)
        case .baseLayer, .selectLayer, .addLayer, .duplicateLayer, .removeLayer, .moveLayer, .setLayer, .baseImage,
             .addImageLayer, .mergeLayerDown:
            return try layerMeaning(of: kind, payload: payload, afterEdits: afterEdits)
        case .brush:
            return .brush(try readBrushRecord(payload, brushes: brushes))
        }
    }

    /// What a valid layer record means (version 5 on); throws when its payload is not what its kind needs.
    private static func layerMeaning(of kind: RecordKind, payload: ArraySlice<UInt8>,
                                     afterEdits: Bool) throws(ReadError) -> ReadEdit {
        var reader = ByteReader(bytes: payload)
        let positionCount = switch kind {
        case .baseLayer, .baseImage: 0
        case .moveLayer: 2
        default: 1
        }
        var positions: [Int] = []
        for _ in 0..<positionCount { positions.append(Int(try reader.read() as UInt32)) }
        let attributes: LayerAttributes?
        switch kind {
        case .baseLayer, .addLayer, .setLayer, .addImageLayer: attributes = try readLayerAttributes(from: &reader)
        default: attributes = nil
        }
        // A merge down holds a picture when it made one.
        let holdsImage = kind == .baseImage || kind == .addImageLayer || (kind == .mergeLayerDown && reader.remaining > 0)
        let image = holdsImage ? try readImage(from: &reader) : nil
        guard reader.remaining == 0 else { throw .damaged(localized("a layer record of the wrong size")) }
        switch (kind, attributes, image) {
        case let (.baseLayer, attributes?, _):
            guard !afterEdits else { throw .damaged(localized("a base layer after an edit")) }
            return .baseLayer(attributes)
        case let (.baseImage, _, image?):
            guard !afterEdits else { throw .damaged(localized("a base picture after an edit")) }
            return .baseImage(image)
        case let (.addImageLayer, attributes?, image?): return .edit(.addImageLayer(at: positions[0], attributes, image))
        case let (.addLayer, attributes?, _): return .edit(.addLayer(at: positions[0], attributes))
        case let (.setLayer, attributes?, _): return .edit(.setLayer(at: positions[0], attributes))
        case (.selectLayer, _, _): return .edit(.selectLayer(positions[0]))
        case (.duplicateLayer, _, _): return .edit(.duplicateLayer(at: positions[0]))
        case (.removeLayer, _, _): return .edit(.removeLayer(at: positions[0]))
        case (.moveLayer, _, _): return .edit(.moveLayer(from: positions[0], to: positions[1]))
        case let (.mergeLayerDown, _, image): return .edit(.mergeLayerDown(at: positions[0], into: image))
        default: throw .damaged(localized("a layer record of the wrong size"))
        }
    }

    /// Layer attributes as ``record(_:positions:attributes:)`` stores them: an opacity from 0 to 1, a known blend
    /// mode, known flags and a name of valid UTF-8 no longer than ``LayerAttributes/maximumNameBytes``.
    private static func readLayerAttributes(from reader: inout ByteReader) throws(ReadError) -> LayerAttributes {
        let opacity: Double = try reader.read()
        let mode: UInt8 = try reader.read(), flags: UInt8 = try reader.read()
        let length = Int(try reader.read() as UInt16)
        let bytes = try reader.read(count: length)
        guard (0...1).contains(opacity), let blendMode = BlendMode(code: mode),
              flags & ~(LayerFlags.visible | LayerFlags.locked) == 0, length <= LayerAttributes.maximumNameBytes,
              let name = String(validating: bytes, as: UTF8.self)
        else { throw .damaged(localized("impossible layer values")) }
        return LayerAttributes(name: name, opacity: opacity, isVisible: flags & LayerFlags.visible != 0,
                               blendMode: blendMode, isLocked: flags & LayerFlags.locked != 0)
    }

    /// A picture as ``record(_:positions:attributes:image:)`` stores it, to the record's end: a usable frame, cuts
    /// ``ImageCut`` takes, and the bytes of a PNG or JPEG picture within ``ImageLimits/standard`` that decodes.
    private static func readImage(from reader: inout ByteReader) throws(ReadError) -> LayerImage {
        let x: Double = try reader.read(), y: Double = try reader.read()
        let width: Double = try reader.read(), height: Double = try reader.read()
        let count = Int(try reader.read() as UInt32)
        // Each cut takes at least 28 bytes: a count beyond the bytes left is damage, not an allocation.
        guard count <= reader.remaining / 28 else { throw .damaged(localized("a picture's cuts run past its record")) }
        var cuts: [ImageCut] = []
        cuts.reserveCapacity(count)
        for _ in 0..<count { cuts.append(try readCut(from: &reader)) }
        let bytes = Array(try reader.read(count: reader.remaining))
        do {
            return try LayerImage(bytes: bytes, frame: Rect(x: x, y: y, width: width, height: height), cuts: cuts)
        } catch {
            throw .damaged(localized("a picture that cannot be read: %s", "\(error)"))
        }
    }

    /// A cut as ``append(_:to:)`` stores it: a radius and at least one point, all ``ImageCut`` takes.
    private static func readCut(from reader: inout ByteReader) throws(ReadError) -> ImageCut {
        let radius: Double = try reader.read()
        let count = Int(try reader.read() as UInt32)
        guard count <= reader.remaining / 16 else { throw .damaged(localized("a cut's points run past its record")) }
        var points: [Point] = []
        points.reserveCapacity(count)
        for _ in 0..<count {
            let x: Double = try reader.read(), y: Double = try reader.read()
            points.append(Point(x: x, y: y))
        }
        guard count <= ImageCut.maximumPoints, let cut = ImageCut(points: points, radius: radius) else {
            throw .damaged(localized("impossible cut values"))
        }
        return cut
    }

    /// What the bytes at an offset are, as far as the bytes received tell.
    enum RecordCheck {
        /// A whole record whose checksums match: its kind and its payload's range in the decoder's buffer.
        case valid(RecordKind, Range<Int>)
        /// No record starts here.
        case invalid
        /// The record's bytes have not all come yet.
        case needsMore
    }

    /// The header bytes at `offset`, the bytes from it to the end of the document, and whether they are what an
    /// append cut short leaves: less than a record's header, or a whole header (its checksum right) whose record
    /// runs past the end.
    static func isTornAppend(header: ArraySlice<UInt8>, remaining: Int) -> Bool {
        guard remaining >= recordHeaderSize, header.count >= recordHeaderSize else { return true }
        guard headerCheckMatches(header) else { return false }
        return Int(ByteReader(bytes: header).peekUInt32()) + recordOverhead > remaining
    }

    /// Whether a record header's own check (its last two bytes) matches its first six: a whole header.
    private static func headerCheckMatches(_ header: ArraySlice<UInt8>) -> Bool {
        let start = header.startIndex
        let check = UInt16(header[start + 6]) | UInt16(header[start + 7]) << 8
        return UInt16(truncatingIfNeeded: CRC32.checksum(header[start..<(start + 6)])) == check
    }

    /// What a torn record was, from its header bytes (what ``isTornAppend(header:remaining:)`` found torn): its kind
    /// when the header is whole and its check matches.
    static func tornEnd(header: ArraySlice<UInt8>) -> TornEnd {
        let start = header.startIndex
        guard header.count >= recordHeaderSize, headerCheckMatches(header),
              let kind = RecordKind(rawValue: UInt16(header[start + 4]) | UInt16(header[start + 5]) << 8)
        else { return .unknown }
        switch kind {
        // A brush record is appended with the stroke that needs it.
        case .baseStroke, .add, .replace, .brush, .addStrokes: return .stroke
        case .clear, .undo, .redo, .erase, .eraseCut, .transform, .moveStrokes: return .edit
        case .baseLayer, .addLayer, .duplicateLayer, .removeLayer, .moveLayer, .setLayer: return .layer
        case .baseImage, .addImageLayer: return .image
        case .mergeLayerDown: return .layer
        case .selectLayer: return .choice
        }
    }
}
