// A picture in a layer, under the layer's strokes: the file's bytes kept whole (what the document stores), its
// pixels decoded once, where it lies in the drawing, and the eraser's cuts through it (docs/layers.md, "Images").
import Geometry
import ImageDecoding

/// The path of an eraser across a layer's picture: its pixels within ``radius`` of the polyline through ``points``
/// are taken out (the strokes of the layer are erased whole, the picture only where the eraser went).
public struct ImageCut: Hashable, Sendable {
    /// The most points a cut keeps: a longer path is thinned to this many, its ends kept.
    public static let maximumPoints = 100_000

    /// The eraser's path, in document points.
    public let points: [Point]
    /// How far from the path the eraser reaches, in document points.
    public let radius: Double

    /// A cut along `points` reaching `radius`; `nil` when there is no point, a point is not finite or out of the
    /// drawing's reach (``CoordinateRange``), or the radius is not a positive finite number.
    public init?(points: [Point], radius: Double) {
        guard !points.isEmpty, radius.isFinite, radius > 0, radius <= CoordinateRange.largest,
              points.allSatisfy({ CoordinateRange.contains($0) })
        else { return nil }
        if points.count > Self.maximumPoints {
            let step = Double(points.count - 1) / Double(Self.maximumPoints - 1)
            self.points = (0..<Self.maximumPoints).map { points[min(Int((Double($0) * step).rounded()), points.count - 1)] }
        } else {
            self.points = points
        }
        self.radius = radius
    }

    /// The document area the cut can reach.
    public var bounds: Rect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for point in points {
            minX = min(minX, point.x)
            minY = min(minY, point.y)
            maxX = max(maxX, point.x)
            maxY = max(maxY, point.y)
        }
        return Rect(x: minX - radius, y: minY - radius, width: maxX - minX + 2 * radius, height: maxY - minY + 2 * radius)
    }
}

/// A picture in a layer, drawn under the layer's strokes: a photo opened or placed, an OpenRaster layer, or layers
/// merged. The picture file's ``bytes`` (PNG or JPEG) are kept as they came, so that the document holds the picture
/// itself and opens it as it was; its ``pixels`` are decoded from them once. It covers ``frame`` in the drawing, one
/// point a pixel unless it was placed smaller, and the eraser's ``cuts`` take pixels out of it in order.
public struct LayerImage: Hashable, Sendable {
    /// The picture file's bytes, PNG or JPEG, as they came.
    public let bytes: [UInt8]
    /// The picture's pixels, decoded from ``bytes`` (premultiplied, upright).
    public let pixels: RasterImage
    /// Where the picture lies in the drawing, in document points.
    public let frame: Rect
    /// The eraser's paths across the picture, oldest first.
    public internal(set) var cuts: [ImageCut]

    /// The picture in `bytes` (a PNG or JPEG file's, within ``ImageLimits/standard``) over `frame`, or over its
    /// pixels one point each from `origin` when `frame` is `nil`; throws what makes the bytes no picture, or
    /// ``ImageDecodingError/damaged`` for a frame that is empty, not finite or out of the drawing's reach.
    public init(bytes: [UInt8], origin: Point = .zero, frame: Rect? = nil,
                cuts: [ImageCut] = []) throws(ImageDecodingError) {
        let pixels = try RasterImage(decoding: bytes)
        let frame = frame ?? Rect(x: origin.x, y: origin.y, width: Double(pixels.width), height: Double(pixels.height))
        try self.init(bytes: bytes, pixels: pixels, frame: frame, cuts: cuts)
    }

    /// A picture already decoded from `bytes`: `pixels` must be what they decode to.
    public init(bytes: [UInt8], pixels: RasterImage, frame: Rect, cuts: [ImageCut] = []) throws(ImageDecodingError) {
        guard Self.isUsable(frame) else { throw .damaged(ImageFormat(sniffing: bytes) ?? .png) }
        self.bytes = bytes
        self.pixels = pixels
        self.frame = frame
        self.cuts = cuts
    }

    /// The narrowest and lowest a picture's frame may be, in points.
    static let smallestSide = 1.0 / 1024

    /// Whether a frame can hold a picture: finite, at least ``smallestSide`` each way, within the drawing's reach.
    static func isUsable(_ frame: Rect) -> Bool {
        frame.size.width >= smallestSide && frame.size.height >= smallestSide && CoordinateRange.contains(frame.origin)
            && CoordinateRange.contains(Point(x: frame.maxX, y: frame.maxY))
    }

    /// Whether an eraser along `path`, reaching `radius`, would take any pixel of the picture: it passes within
    /// reach of a pixel that is not clear. Looks at the pixels under the path's points and between them, at most
    /// every half radius.
    public func isTouched(along path: [Point], radius: Double) -> Bool {
        guard let reach = ImageCut(points: path, radius: radius), frame.intersection(reach.bounds) != nil else { return false }
        let xScale = Double(pixels.width) / frame.width, yScale = Double(pixels.height) / frame.height
        // The pixels within the radius of a point, looked at no closer than one in `stride` each way.
        let reachX = max(Int((radius * xScale).rounded(.up)), 0), reachY = max(Int((radius * yScale).rounded(.up)), 0)
        let stride = max(min(reachX, reachY) / 4, 1)
        func touches(_ point: Point) -> Bool {
            let centerX = Int(((point.x - frame.minX) * xScale).rounded(.down))
            let centerY = Int(((point.y - frame.minY) * yScale).rounded(.down))
            let top = max(centerY - reachY, 0), bottom = min(centerY + reachY, pixels.height - 1)
            let left = max(centerX - reachX, 0), right = min(centerX + reachX, pixels.width - 1)
            guard top <= bottom, left <= right else { return false }
            for y in Swift.stride(from: top, through: bottom, by: stride) {
                for x in Swift.stride(from: left, through: right, by: stride) {
                    let dx = (Double(x) + 0.5) / xScale + frame.minX - point.x
                    let dy = (Double(y) + 0.5) / yScale + frame.minY - point.y
                    if dx * dx + dy * dy <= radius * radius, let pixel = pixels.pixel(x: x, y: y), pixel.alpha > 0 {
                        return true
                    }
                }
            }
            return false
        }
        var previous: Point?
        for point in path {
            if let previous {
                let distance = ((point.x - previous.x) * (point.x - previous.x)
                                + (point.y - previous.y) * (point.y - previous.y)).squareRoot()
                let steps = Int(min((distance / (radius / 2)).rounded(.up), 10_000))
                for step in Swift.stride(from: 1, to: max(steps, 1), by: 1) {
                    let t = Double(step) / Double(steps)
                    if touches(Point(x: previous.x + (point.x - previous.x) * t,
                                     y: previous.y + (point.y - previous.y) * t)) { return true }
                }
            }
            if touches(point) { return true }
            previous = point
        }
        return false
    }

    // Equal pictures are equal bytes (their pixels follow from them), frames and cuts. Hashing leaves the bytes
    // out but for their count: a picture's megabytes are not read to put it in a set.
    public static func == (lhs: LayerImage, rhs: LayerImage) -> Bool {
        lhs.frame == rhs.frame && lhs.cuts == rhs.cuts && lhs.bytes == rhs.bytes
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(bytes.count)
        hasher.combine(frame)
        hasher.combine(cuts)
    }
}
