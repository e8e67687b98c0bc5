// The arithmetic of damage: rectangles of pixels joined, merged and cut into a band, and carried between the
// document's pixels and a buffer's. Pure functions of their arguments: no state, no drawing, no allocation beyond the
// arrays they return (and, on a turned view, the four corners they bound).
import Geometry

/// Lists of pixel rectangles made fit for drawing: fewer, longer rows, never more pixels than the rectangles hold,
/// and the band of rows a frame drawn in part takes.
enum PixelDamage {
    /// Rectangles of a grid (tiles, or parts of them, that do not overlap) joined where they make a larger rectangle:
    /// first those side by side in a row of the same height, then runs stacked in a column of the same width. The
    /// same pixels, in fewer and longer rows. Empty rectangles are left out.
    static func joined(_ rects: [PixelRect]) -> [PixelRect] {
        guard rects.count > 1 else { return rects }
        func join(_ rects: [PixelRect], along horizontal: Bool) -> [PixelRect] {
            let sorted = rects.sorted { horizontal ? ($0.y, $0.height, $0.x) < ($1.y, $1.height, $1.x)
                                                   : ($0.x, $0.width, $0.y) < ($1.x, $1.width, $1.y) }
            var result: [PixelRect] = []
            for rect in sorted {
                if let last = result.last, horizontal
                    ? last.y == rect.y && last.height == rect.height && last.maxX == rect.x
                    : last.x == rect.x && last.width == rect.width && last.maxY == rect.y {
                    result[result.count - 1] = last.union(rect)
                } else {
                    result.append(rect)
                }
            }
            return result
        }
        return join(join(rects.filter { !$0.isEmpty }, along: true), along: false)
    }

    /// Rectangles with those that touch merged into their union where that draws no more pixels than drawing both
    /// (adjacent, nested or much overlapping ones), until no more merge. Unlike ``Geometry/PixelRect/merged()``, two
    /// strips a diagonal pan exposes stay two strips rather than their bounding box, the whole buffer; rectangles
    /// left overlapping are drawn twice where they overlap, which gives the same pixels. Empty ones are left out.
    static func mergedSparingly(_ rects: [PixelRect]) -> [PixelRect] {
        var result: [PixelRect] = []
        for rect in rects where !rect.isEmpty {
            var current = rect
            var index = 0
            while index < result.count {
                let union = result[index].union(current)
                if result[index].touches(current), union.area <= result[index].area + current.area {
                    current = union
                    result.remove(at: index)
                    index = 0
                } else {
                    index += 1
                }
            }
            result.append(current)
        }
        return result
    }

    /// The most pixels a frame drawn in part draws, as a share of the buffer's: a quarter (of its rows' pixels), so
    /// that a part of a 4K frame writes about 8 MB, as a reduced frame does (docs/rendering.md, "The zoom step at
    /// reduced resolution").
    static let partShare = 4

    /// The rows a frame drawn in part draws of the rectangles a buffer lacks (``FrameTarget/mayDrawInParts``), or `nil`
    /// when all of them fit and the frame draws everything. They run from the first row lacking down as far as the
    /// lacking pixels in them stay within those of ``partShare`` of `drawable`'s rows, rounded up (at least one row; a
    /// buffer lacking everything comes in that many parts).
    static func partRows(of rects: [PixelRect], within drawable: PixelRect) -> Range<Int>? {
        let limit = (drawable.height + partShare - 1) / partShare * drawable.width
        guard rects.reduce(0, { $0 + $1.area }) > limit, let top = rects.map(\.y).min(),
              let bottom = rects.map(\.maxY).max() else { return nil }
        func area(above row: Int) -> Int {
            rects.reduce(0) { $0 + $1.width * max(min($1.maxY, row) - max($1.y, top), 0) }
        }
        // The lowest row whose band still fits: the area grows with it.
        var low = top + 1, high = bottom
        while low < high {
            let middle = (low + high + 1) / 2
            if area(above: middle) <= limit { low = middle } else { high = middle - 1 }
        }
        return top..<low
    }
}

/// Where a buffer lies over the document drawn at some pixels per point (``CanvasRenderer``'s view at its zoom
/// times scale): the document pixel at the buffer's top-left corner, and the view's angle about that corner. It
/// carries rectangles of pixels between the two; upright, exactly; turned, as the bounds of where they go, a pixel
/// wider on each side for the filtering.
struct BufferPlacement: Equatable {
    /// The document pixel shown at the buffer's (0, 0).
    var offsetX: Int
    var offsetY: Int
    /// The view's angle in radians (``ViewTransform/rotation``).
    var rotation: Double

    /// The buffer pixels that pixels of the document are shown in.
    func bufferRect(ofDocumentPixels pixels: PixelRect) -> PixelRect {
        guard rotation != 0 else { return pixels.offsetBy(dx: -offsetX, dy: -offsetY) }
        let corners = Self.corners(of: pixels).map {
            ViewTransform.turn(Vector(dx: $0.x - Double(offsetX), dy: $0.y - Double(offsetY)), by: rotation)
        }
        return Self.pixelBounds(corners)
    }

    /// The pixels of the document that a rectangle of the buffer shows.
    func documentPixels(of rect: PixelRect) -> PixelRect {
        guard rotation != 0 else {
            return PixelRect(x: rect.x + offsetX, y: rect.y + offsetY, width: rect.width, height: rect.height)
        }
        let corners = Self.corners(of: rect).map {
            let turned = ViewTransform.turn(Vector(dx: $0.x, dy: $0.y), by: -rotation)
            return Vector(dx: turned.dx + Double(offsetX), dy: turned.dy + Double(offsetY))
        }
        return Self.pixelBounds(corners)
    }

    private static func corners(of rect: PixelRect) -> [Point] {
        [Point(x: Double(rect.x), y: Double(rect.y)), Point(x: Double(rect.maxX), y: Double(rect.y)),
         Point(x: Double(rect.x), y: Double(rect.maxY)), Point(x: Double(rect.maxX), y: Double(rect.maxY))]
    }

    /// The whole pixels around points, and one more on each side.
    private static func pixelBounds(_ points: [Vector]) -> PixelRect {
        let minX = Int((points.map(\.dx).min() ?? 0).rounded(.down)) - 1
        let minY = Int((points.map(\.dy).min() ?? 0).rounded(.down)) - 1
        let maxX = Int((points.map(\.dx).max() ?? 0).rounded(.up)) + 1
        let maxY = Int((points.map(\.dy).max() ?? 0).rounded(.up)) + 1
        return PixelRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
