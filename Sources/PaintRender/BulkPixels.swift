// The pixels a frame writes in bulk, gathered as plain values and then written on both cores.
import Geometry
import Glibc

/// What a frame writes into an image in bulk, gathered on the Wayland thread: cached tiles copied in, paper, tiles of
/// another zoom scaled (``NearestScaling``), another buffer's pixels. They are written in bands of rows on it and on
/// the second core at once (``BothCores``) when they are enough to be worth it (a whole frame: a zoom step's preview,
/// the undo of a clear, a buffer given another's pixels). Every write covers its own pixels, so the bands never
/// overlap.
///
/// The images read must stay as they are until ``write(using:)`` returns: the caller keeps them (they are the
/// renderer's cached tiles, or a buffer the compositor holds).
struct BulkPixels: @unchecked Sendable {
    private enum Write {
        /// `rows` rows of `rowBytes` bytes.
        case copy(from: UnsafeRawPointer, stride: Int, to: UnsafeMutableRawPointer, rowBytes: Int, rows: Int)
        /// `rows` rows of `count` pixels.
        case fill(UnsafeMutableRawPointer, count: Int, rows: Int, pixel: UInt32)
        case scaled(NearestScaling)

        var rows: Int {
            switch self {
            case let .copy(_, _, _, _, rows), let .fill(_, _, rows, _): rows
            case let .scaled(scaling): scaling.rect.height
            }
        }

        /// Whether its rows follow one another in memory, on both sides: copied in one call, in large parts, so
        /// that the C library writes past the cache as it does for one large copy.
        func isContiguous(stride: Int) -> Bool {
            if case let .copy(_, sourceStride, _, rowBytes, _) = self { return sourceStride == rowBytes && stride == rowBytes }
            return false
        }

        var rowBytes: Int {
            switch self {
            case let .copy(_, _, _, rowBytes, _): rowBytes
            case let .fill(_, count, _, _): count * 4
            case let .scaled(scaling): scaling.rect.width * 4
            }
        }
    }

    private let target: UnsafeMutableRawPointer
    private let stride: Int
    private let bounds: PixelRect
    private var writes: [Write] = []
    /// The bytes the writes cover.
    private(set) var bytes = 0

    /// Bytes written in one part (a band of rows): small enough for the two cores to share the work evenly, large
    /// enough that taking a part costs nothing beside it.
    static let partBytes = 256 << 10
    /// Bytes copied in one part when rows follow one another (a buffer given another's pixels): few large copies,
    /// each past the cache (a copy of 256 KB would go through it, which costs more than the second core gains).
    static let contiguousPartBytes = 8 << 20
    /// Below this, everything is written on the calling thread (a frame while fingers draw).
    static let sharedBytes = 1 << 20

    /// Writes into `image` (its pixels flushed now; the caller marks them dirty after ``write(using:)``).
    init(into image: ImageSurface) {
        target = UnsafeMutableRawPointer(image.pixels)
        stride = image.stride
        bounds = PixelRect(x: 0, y: 0, width: image.width, height: image.height)
    }

    /// Copies a rectangle of `source` to the image's pixels at (`x`, `y`).
    mutating func copy(_ rect: PixelRect, of source: ImageSurface, to x: Int, _ y: Int) {
        let within = PixelRect(x: 0, y: 0, width: source.width, height: source.height)
        guard let rect = rect.intersection(within), let placed = rect.offsetBy(dx: x - rect.x, dy: y - rect.y).intersection(bounds)
        else { return }
        let from = rect.offsetBy(dx: placed.x - x, dy: placed.y - y)
        add(.copy(from: UnsafeRawPointer(source.pixels) + from.y * source.stride + from.x * 4, stride: source.stride,
                  to: target + placed.y * stride + placed.x * 4, rowBytes: placed.width * 4, rows: placed.height))
    }

    /// Copies every pixel from memory holding an image of the same size, rows `sourceStride` bytes apart.
    mutating func copyAll(from source: UnsafeRawPointer, stride sourceStride: Int) {
        add(.copy(from: source, stride: sourceStride, to: target, rowBytes: bounds.width * 4, rows: bounds.height))
    }

    /// Copies a rectangle of the image's pixels from the same place in memory holding an image of the same size,
    /// rows `sourceStride` bytes apart (another buffer).
    mutating func copy(_ rect: PixelRect, from source: UnsafeRawPointer, stride sourceStride: Int) {
        guard let rect = rect.intersection(bounds) else { return }
        add(.copy(from: source + rect.y * sourceStride + rect.x * 4, stride: sourceStride,
                  to: target + rect.y * stride + rect.x * 4, rowBytes: rect.width * 4, rows: rect.height))
    }

    /// Fills a rectangle with one pixel value.
    mutating func fill(_ rect: PixelRect, with pixel: UInt32) {
        guard let rect = rect.intersection(bounds) else { return }
        add(.fill(target + rect.y * stride + rect.x * 4, count: rect.width, rows: rect.height, pixel: pixel))
    }

    /// Scales tiles into the scaling's rectangle, which must lie in the image.
    mutating func scale(_ scaling: NearestScaling) {
        guard !scaling.rect.isEmpty, bounds.contains(scaling.rect) else { return }
        add(.scaled(scaling))
    }

    private mutating func add(_ write: Write) {
        writes.append(write)
        bytes += write.rows * write.rowBytes
    }

    /// Writes everything, sharing the work with the second core when there is enough of it; returns when done.
    func write(using cores: BothCores) {
        guard !writes.isEmpty else { return }
        if bytes < Self.sharedBytes {
            // On this thread, in the same bands, without a list of them (a frame while fingers draw: issue #22).
            for index in writes.indices {
                let band = band(of: writes[index])
                for start in Swift.stride(from: 0, to: writes[index].rows, by: band) {
                    perform(index, rows: start..<min(start + band, writes[index].rows))
                }
            }
            return
        }
        // Bands of rows: (the write, its rows).
        let parts = writes.indices.flatMap { index in
            let write = writes[index]
            let band = band(of: write)
            return Swift.stride(from: 0, to: write.rows, by: band).map { (write: index, rows: $0..<min($0 + band, write.rows)) }
        }
        cores.run(parts: parts.count) { [self] in perform(parts[$0].write, rows: parts[$0].rows) }
    }

    /// The rows of a write in one part.
    private func band(of write: Write) -> Int {
        max((write.isContiguous(stride: stride) ? Self.contiguousPartBytes : Self.partBytes) / max(write.rowBytes, 1), 1)
    }

    private func perform(_ index: Int, rows: Range<Int>) {
        switch writes[index] {
        case let .copy(from, sourceStride, to, rowBytes, _):
            if writes[index].isContiguous(stride: stride) {
                (to + rows.lowerBound * stride).copyMemory(from: from + rows.lowerBound * sourceStride,
                                                           byteCount: rows.count * rowBytes)
                return
            }
            for row in rows {
                (to + row * stride).copyMemory(from: from + row * sourceStride, byteCount: rowBytes)
            }
        case let .fill(start, count, _, pixel):
            // A pixel of four equal bytes (white paper) is a byte fill, which the C library does fastest.
            let byte = UInt8(truncatingIfNeeded: pixel)
            if pixel == UInt32(byte) &* 0x0101_0101 {
                if stride == count * 4 {
                    memset(start + rows.lowerBound * stride, Int32(byte), rows.count * stride)
                    return
                }
                for row in rows { memset(start + row * stride, Int32(byte), count * 4) }
                return
            }
            for row in rows {
                (start + row * stride).assumingMemoryBound(to: UInt32.self).update(repeating: pixel, count: count)
            }
        case let .scaled(scaling):
            scaling.write(rows: rows, into: target, stride: stride)
        }
    }
}
