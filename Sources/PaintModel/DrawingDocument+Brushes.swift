// The brush presets a document's strokes are painted with: each kept once in a brush record, numbered in the order
// of their records, and named by that number in the strokes (docs/document-format.md, "Brushes").
import Geometry
import Localization

extension DrawingDocument {
    /// The brush presets a journal's records hold, each with its number: the order their brush records come in.
    /// Numbers only ever grow, so records made with an earlier table stay valid after a later one; a rewrite writes
    /// the whole table first (``encode(_:reservingExtra:brushes:)``).
    public struct BrushNumbers: Hashable, Sendable {
        /// The presets, by number.
        public private(set) var presets: [StrokeBrush.Preset] = []
        private var numbers: [StrokeBrush.Preset: UInt32] = [:]

        /// A table of no preset: a new journal's.
        public init() {}

        /// The number of `preset`, if it has one.
        func number(of preset: StrokeBrush.Preset) -> UInt32? { numbers[preset] }

        /// The number of `preset`, the next one when it is new (then `isNew`).
        mutating func add(_ preset: StrokeBrush.Preset) -> (number: UInt32, isNew: Bool) {
            if let number = numbers[preset] { return (number, false) }
            let number = UInt32(presets.count)
            presets.append(preset)
            numbers[preset] = number
            return (number, true)
        }
    }

    /// The record of the brush `stroke` is painted with when `brushes` does not hold it yet, numbering it there;
    /// none for a stroke of a brush held, of the round brush, or none.
    static func brushRecord(for stroke: Stroke?, brushes: inout BrushNumbers) -> [UInt8] {
        guard let preset = stroke?.brush?.preset else { return [] }
        let (number, isNew) = brushes.add(preset)
        return isNew ? brushRecord(preset, number: number) : []
    }

    /// A brush record: the number, `u32`; the name's length, `u16`, and the name; the settings' length, `u32`, and
    /// the settings; UTF-8 both.
    static func brushRecord(_ preset: StrokeBrush.Preset, number: UInt32) -> [UInt8] {
        let name = Array(preset.name.utf8), settings = Array(preset.settings.utf8)
        var writer = recordWriter(.brush, payload: 10 + name.count + settings.count)
        writer.append(number)
        writer.append(UInt16(truncatingIfNeeded: name.count))
        writer.append(name)
        writer.append(UInt32(truncatingIfNeeded: settings.count))
        writer.append(settings)
        return writer.finish()
    }

    /// The size of a brush record.
    static func brushRecordSize(_ preset: StrokeBrush.Preset) -> Int {
        recordOverhead + 10 + preset.name.utf8.count + preset.settings.utf8.count
    }

    /// The bytes of the brush records a compacted journal of `layers` and `edits` holds after those of `brushes`.
    static func brushRecordBytes(layers: [Layer], edits: [DrawingEdit], after brushes: BrushNumbers) -> Int {
        var counted = brushes, size = 0
        func count(_ stroke: Stroke) {
            guard let preset = stroke.brush?.preset, counted.add(preset).isNew else { return }
            size += brushRecordSize(preset)
        }
        for layer in layers { layer.strokes.forEach(count) }
        for edit in edits { edit.newStrokes.forEach(count) }
        return size
    }

    /// The bytes a stroke's brush takes after its pen values: its number, seed and flags, then, with colours picked
    /// up, their count and the colours.
    static func strokeBrushSize(_ brush: StrokeBrush) -> Int {
        9 + (brush.pickedColors.isEmpty ? 0 : 4 + 16 * brush.pickedColors.count) + (brush.placement == nil ? 0 : 48)
    }

    /// The bits of a stored stroke brush's flags.
    enum BrushFlags {
        static let erasing: UInt8 = 1
        /// Version 7 on: the colours the brush picked up follow.
        static let pickedColors: UInt8 = 2
        /// Version 8 on: where the dabs were moved follows (``StrokeBrush/placement``), six `f64`.
        static let placement: UInt8 = 4
    }

    /// A stroke's brush after its pen values (``readStrokeBrush(from:version:brushes:)`` reads it): its number in
    /// `brushes`, which must hold it, the seed, the flags, the colours it picked up, if any, and its placement, if
    /// any (`a b c d tx ty`).
    static func append(_ brush: StrokeBrush, to writer: inout ByteWriter, brushes: BrushNumbers) {
        writer.append(brushes.number(of: brush.preset) ?? UInt32.max)
        writer.append(brush.seed)
        writer.append((brush.isErasing ? BrushFlags.erasing : 0) | (brush.pickedColors.isEmpty ? 0 : BrushFlags.pickedColors)
                      | (brush.placement == nil ? 0 : BrushFlags.placement))
        if !brush.pickedColors.isEmpty {
            writer.append(UInt32(brush.pickedColors.count))
            for color in brush.pickedColors {
                for channel in 0..<4 { writer.append(color[channel]) }
            }
        }
        if let placement = brush.placement { append(placement, to: &writer) }
    }

    /// A transform as six `f64`: `a b c d tx ty`.
    static func append(_ transform: AffineTransform, to writer: inout ByteWriter) {
        for value in [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty] { writer.append(value) }
    }

    /// A transform as ``append(_:to:)`` stores it.
    static func readTransform(from reader: inout ByteReader) throws(ReadError) -> AffineTransform {
        AffineTransform(a: try reader.read(), b: try reader.read(), c: try reader.read(), d: try reader.read(),
                        tx: try reader.read(), ty: try reader.read())
    }

    /// A brush record's preset (version 6 on): `brushes` are those numbered before it, and its number is the next,
    /// or an earlier one's with the same preset (a rewrite writes the table again before the records it kept).
    static func readBrushRecord(_ payload: ArraySlice<UInt8>,
                                brushes: [StrokeBrush.Preset]) throws(ReadError) -> StrokeBrush.Preset {
        var reader = ByteReader(bytes: payload)
        let number = Int(try reader.read() as UInt32)
        let nameLength = Int(try reader.read() as UInt16)
        let name = try reader.read(count: nameLength)
        let settingsLength = Int(try reader.read() as UInt32)
        guard settingsLength <= StrokeBrush.largestSettings else { throw .damaged(localized("a brush's settings too large")) }
        let settings = try reader.read(count: settingsLength)
        guard reader.remaining == 0, let name = String(validating: name, as: UTF8.self),
              let settings = String(validating: settings, as: UTF8.self),
              let brush = StrokeBrush(name: name, settings: settings)
        else { throw .damaged(localized("impossible brush values")) }
        guard number == brushes.count || (number < brushes.count && brushes[number] == brush.preset) else {
            throw .damaged(localized("a brush record out of order"))
        }
        return brush.preset
    }

    /// A stroke's brush as ``append(_:to:brushes:)`` stores it after its pen values: a number of `brushes`, a seed,
    /// flags known to `version`, (version 7 on) 1 to ``StrokeBrush/mostPickedColors`` colours picked up, each
    /// channel within 0...1, and (version 8 on) a placement within ``StrokeBrush/isPlacementWithinLimits(_:)``.
    static func readStrokeBrush(from reader: inout ByteReader, version: UInt16,
                                brushes: [StrokeBrush.Preset]) throws(ReadError) -> StrokeBrush {
        let number = Int(try reader.read() as UInt32)
        let seed: UInt32 = try reader.read(), flags: UInt8 = try reader.read()
        let known = BrushFlags.erasing | (version >= 7 ? BrushFlags.pickedColors : 0)
            | (version >= 8 ? BrushFlags.placement : 0)
        guard number < brushes.count, flags & ~known == 0 else { throw .damaged(localized("a stroke of an unknown brush")) }
        var colors: [SIMD4<Float>] = []
        if flags & BrushFlags.pickedColors != 0 {
            let count = Int(try reader.read() as UInt32)
            guard (1...StrokeBrush.mostPickedColors).contains(count) else { throw .damaged(localized("a brush's colours out of range")) }
            guard reader.remaining >= count * 16 else { throw .truncated }
            colors.reserveCapacity(count)
            for _ in 0..<count {
                let color = SIMD4<Float>(try reader.read(), try reader.read(), try reader.read(), try reader.read())
                guard all(color .>= 0 .& color .<= 1) else { throw .damaged(localized("a brush's colour out of range")) }
                colors.append(color)
            }
        }
        var placement: AffineTransform?
        if flags & BrushFlags.placement != 0 {
            let transform = try readTransform(from: &reader)
            guard StrokeBrush.isPlacementWithinLimits(transform), transform != .identity else {
                throw .damaged(localized("a brush's placement out of range"))
            }
            placement = transform
        }
        return StrokeBrush(brushes[number], seed: seed, isErasing: flags & BrushFlags.erasing != 0, pickedColors: colors,
                           placement: placement)
    }
}
