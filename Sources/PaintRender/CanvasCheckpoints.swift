// Snapshots of the committed canvas every so many strokes, so that undo redraws only the strokes since one.
import PaintModel

/// Copies of the canvas as it was with the first `count` strokes, for a few recent multiples of ``interval``.
///
/// Undo of the last stroke restores the nearest snapshot at or below the new stroke count and draws the few
/// strokes after it, so it costs at most ``interval`` strokes whatever the drawing's size. Snapshots stay valid
/// because strokes only change at the top: taking strokes off drops the snapshots above, and replacing them
/// drops all.
struct CanvasCheckpoints {
    /// Strokes between snapshots.
    static let interval = 64
    /// Snapshots kept (each the size of the canvas).
    static let limit = 3

    private(set) var snapshots: [(count: Int, image: ImageSurface)] = []

    /// Whether a snapshot should be taken when the canvas holds `count` strokes, of `total` that will be drawn.
    func wants(count: Int, total: Int) -> Bool {
        count > 0 && count % Self.interval == 0 && count > total - Self.interval * Self.limit
            && !snapshots.contains { $0.count == count }
    }

    mutating func record(_ canvas: ImageSurface, count: Int) {
        let image = ImageSurface(width: canvas.width, height: canvas.height)
        image.copyAll(from: canvas)
        snapshots.append((count, image))
        snapshots.sort { $0.count < $1.count }
        if snapshots.count > Self.limit { snapshots.removeFirst(snapshots.count - Self.limit) }
    }

    /// The latest snapshot with at most `count` strokes.
    func latest(atMost count: Int) -> (count: Int, image: ImageSurface)? {
        snapshots.last { $0.count <= count }
    }

    /// Forgets snapshots of more than `count` strokes.
    mutating func discard(above count: Int) {
        snapshots.removeAll { $0.count > count }
    }

    mutating func removeAll() {
        snapshots.removeAll()
    }
}
