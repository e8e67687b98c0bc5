// The damage a window tracks between frames, in buffer pixels.
import Geometry

/// A list of damaged rectangles of buffer pixels that stays short: past ``limit`` rectangles it becomes their
/// bounding box, and a rectangle already covered is not added again.
struct DamageList: Hashable, Sendable {
    /// More rectangles than this cost the compositor more than repainting their bounding box.
    static let limit = 16

    private(set) var rects: [PixelRect] = []

    init(_ rects: [PixelRect] = []) {
        for rect in rects { insert(rect) }
    }

    var isEmpty: Bool { rects.isEmpty }

    mutating func insert(_ rect: PixelRect) {
        guard !rect.isEmpty, !rects.contains(where: { $0.contains(rect) }) else { return }
        rects.removeAll { rect.contains($0) }
        rects.append(rect)
        if rects.count > Self.limit {
            rects = [rects.dropFirst().reduce(rects[0]) { $0.union($1) }]
        }
    }

    mutating func formUnion(_ other: DamageList) {
        for rect in other.rects { insert(rect) }
    }

    /// The rectangles clipped to `bounds`, those outside dropped.
    func clipped(to bounds: PixelRect) -> [PixelRect] {
        rects.compactMap { $0.intersection(bounds) }
    }
}
