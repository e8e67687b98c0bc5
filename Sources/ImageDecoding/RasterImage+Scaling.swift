// A smaller copy of a RasterImage for thumbnails: every destination pixel the exact area average of the source pixels
// it covers (a box filter), computed in integers over premultiplied values so edges do not darken.

extension RasterImage {
    /// A copy scaled down to fit a square of `maximumSide` pixels (at least 1), keeping its proportions; the image
    /// itself when it already fits. Each pixel is the average of the area of the image it covers.
    public func scaled(toFit maximumSide: Int) -> RasterImage {
        let side = max(1, maximumSide)
        guard width > side || height > side else { return self }
        let (outWidth, outHeight): (Int, Int)
        if width >= height {
            outWidth = side
            outHeight = max(1, (height * side + width / 2) / width)
        } else {
            outHeight = side
            outWidth = max(1, (width * side + height / 2) / height)
        }
        return scaled(width: outWidth, height: outHeight)
    }

    /// A copy of `outWidth` × `outHeight` (each at least 1 and no larger than the image), each pixel the average of
    /// the source area it covers.
    func scaled(width outWidth: Int, height outHeight: Int) -> RasterImage {
        // In units where a destination pixel is `width` wide and a source pixel `outWidth`, every span is whole.
        let columns = Self.spans(source: width, destination: outWidth)
        let rows = Self.spans(source: height, destination: outHeight)
        // The weights of a destination pixel add up to width × height.
        let total = UInt64(width) * UInt64(height)
        var result = [UInt32](repeating: 0, count: outWidth * outHeight)
        // One source row's sums across, four channels for each destination column, kept for the next destination row
        // (a source row reaches two at most), and the destination row's sums.
        var across = [UInt64](repeating: 0, count: outWidth * 4)
        var acrossRow = -1
        var down = [UInt64](repeating: 0, count: outWidth * 4)
        pixels.withUnsafeBufferPointer { source in
            for (outY, span) in rows.enumerated() {
                for index in down.indices { down[index] = 0 }
                for (y, rowWeight) in span {
                    if acrossRow != y {
                        acrossRow = y
                        for (outX, columnSpan) in columns.enumerated() {
                            var a: UInt64 = 0, r: UInt64 = 0, g: UInt64 = 0, b: UInt64 = 0
                            for (x, weight) in columnSpan {
                                let argb = source[y * width + x]
                                a += UInt64(argb >> 24) * weight
                                r += UInt64(argb >> 16 & 0xff) * weight
                                g += UInt64(argb >> 8 & 0xff) * weight
                                b += UInt64(argb & 0xff) * weight
                            }
                            across[outX * 4] = a
                            across[outX * 4 + 1] = r
                            across[outX * 4 + 2] = g
                            across[outX * 4 + 3] = b
                        }
                    }
                    for index in down.indices { down[index] += across[index] * rowWeight }
                }
                for outX in 0..<outWidth {
                    func average(_ channel: Int) -> UInt32 { UInt32((down[outX * 4 + channel] + total / 2) / total) }
                    result[outY * outWidth + outX] = average(0) << 24 | average(1) << 16 | average(2) << 8 | average(3)
                }
            }
        }
        return RasterImage(uncheckedWidth: outWidth, height: outHeight, pixels: result)
    }

    /// For each of `destination` pixels along a side, the source pixels it covers with their overlaps, in units where
    /// a destination pixel is `source` long and a source pixel `destination`.
    private static func spans(source: Int, destination: Int) -> [[(index: Int, weight: UInt64)]] {
        (0..<destination).map { out in
            let start = out * source, end = start + source
            return (start / destination...(end - 1) / destination).map { index in
                let overlap = min(end, (index + 1) * destination) - max(start, index * destination)
                return (index, UInt64(overlap))
            }
        }
    }
}
