// Damage per buffer: what each of a window's buffers missed since it was last shown.

/// Keeps, for each of a window's buffers, the rectangles that changed since that buffer was last shown, so that
/// only those are copied into it before it is shown again.
///
/// Add each frame's damage with ``add(_:)``; before drawing into buffer `i`, take its damage with
/// ``take(forBuffer:)`` and pass it to ``CanvasRenderer/composite(into:stride:width:height:rects:)``. A new buffer
/// (or a resize) starts with the whole buffer damaged.
public struct BufferDamage: Sendable {
    private var pending: [[PixelRect]]
    private var whole: PixelRect

    /// Damage for `bufferCount` buffers of a size, each starting wholly damaged.
    public init(bufferCount: Int, size: PixelRect) {
        whole = size
        pending = Array(repeating: [size], count: bufferCount)
    }

    /// Adds rectangles that changed to every buffer's damage.
    public mutating func add(_ rects: [PixelRect]) {
        guard !rects.isEmpty else { return }
        for index in pending.indices {
            pending[index] = (pending[index] + rects).merged()
        }
    }

    /// Marks every buffer wholly damaged at a new size.
    public mutating func reset(size: PixelRect) {
        whole = size
        for index in pending.indices { pending[index] = [size] }
    }

    /// The rectangles buffer `index` must be brought up to date in, and forgets them for it.
    public mutating func take(forBuffer index: Int) -> [PixelRect] {
        defer { pending[index] = [] }
        return pending[index]
    }
}
