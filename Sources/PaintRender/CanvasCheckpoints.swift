// Snapshots of the committed canvas at a few stroke counts, so that undo redraws only the strokes since one.
import PaintModel

/// Copies of the canvas as it was with its first `count` strokes, spaced more widely the further back they go.
///
/// Snapshots are taken at multiples of 64, 512 and 4096 strokes; for each spacing the latest few are kept, as many
/// as a memory budget allows for the canvas's size. Undo restores the nearest snapshot at or below the new stroke
/// count and draws the strokes after it: one undo costs at most 64 strokes, and undoing far back at most 512 or
/// 4096, whatever the drawing's size. Snapshots stay valid because strokes only change at the top: taking strokes
/// off drops the snapshots above, replacing them drops all.
struct CanvasCheckpoints {
    /// Strokes between snapshots, finest first.
    static let intervals = [64, 512, 4096]
    /// The memory all snapshots may take together.
    static let budget = 48 << 20

    /// How many snapshots each spacing keeps.
    let keptPerInterval: Int
    private(set) var snapshots: [(count: Int, image: ImageSurface)] = []

    /// Checkpoints for a canvas of `bytes` bytes.
    init(imageBytes bytes: Int) {
        keptPerInterval = min(4, max(1, Self.budget / max(Self.intervals.count * bytes, 1)))
    }

    /// Whether a snapshot should be taken when the canvas holds `count` strokes, of `total` that will be drawn.
    func wants(count: Int, total: Int) -> Bool {
        guard count > 0, let interval = interval(of: count), !snapshots.contains(where: { $0.count == count }) else {
            return false
        }
        return count > (total / interval - keptPerInterval) * interval
    }

    mutating func record(_ canvas: ImageSurface, count: Int) {
        let image = ImageSurface(width: canvas.width, height: canvas.height)
        image.copyAll(from: canvas)
        snapshots.append((count, image))
        snapshots.sort { $0.count < $1.count }
        for interval in Self.intervals {
            let same = snapshots.filter { self.interval(of: $0.count) == interval }
            guard same.count > keptPerInterval else { continue }
            let dropped = Set(same.prefix(same.count - keptPerInterval).map(\.count))
            snapshots.removeAll { dropped.contains($0.count) }
        }
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

    /// The widest spacing `count` is a multiple of, `nil` for none.
    private func interval(of count: Int) -> Int? {
        Self.intervals.last { count % $0 == 0 }
    }
}
