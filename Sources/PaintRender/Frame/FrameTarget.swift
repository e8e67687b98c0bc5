// What a window hands the renderer to draw a frame into (its buffer's memory and owner), and what drawing it did
// (the rectangles drawn and changed, a pan's move, a copy from another buffer, a frame drawn in part).
import Geometry

/// Memory a frame is drawn into: a window's buffer of XRGB8888 pixels (``CanvasRenderer/renderFrame(liveStrokes:predictedTails:into:)``).
public struct FrameTarget {
    /// The first pixel: native-endian 32-bit XRGB, rows ``stride`` bytes apart.
    public var pixels: UnsafeMutableRawPointer
    /// Bytes from one row to the next: a multiple of 4, at least 4 × ``width``.
    public var stride: Int
    /// The size in pixels.
    public var width: Int
    public var height: Int
    /// The object that owns the memory (the buffer): the renderer remembers what each buffer shows while its owner
    /// lives, and only then, so memory freed and given to another buffer is drawn whole.
    public var owner: AnyObject
    /// Whether a frame that must draw more than a quarter of the buffer may draw only part of it, the rest in the
    /// next frames into the same buffer (a window bringing in the sharp frame after a reduced one, which it commits once
    /// complete: ``FrameDamage/isComplete``).
    public var mayDrawInParts: Bool
    /// The owner of another buffer whose pixels these are a copy of, neither drawn since (a window's spare buffer,
    /// filled from its first frame's on the second core): a buffer the renderer has not drawn then shows what that one
    /// shows, and only what it lacks is drawn, rather than the other's pixels copied in whole first.
    public var copyOf: AnyObject?

    /// Pixels owned by `owner`.
    public init(pixels: UnsafeMutableRawPointer, stride: Int, width: Int, height: Int, owner: AnyObject,
                mayDrawInParts: Bool = false, copyOf: AnyObject? = nil) {
        self.pixels = pixels
        self.stride = stride
        self.width = width
        self.height = height
        self.owner = owner
        self.mayDrawInParts = mayDrawInParts
        self.copyOf = copyOf
    }
}

/// What drawing a frame into a buffer did.
public struct FrameDamage: Equatable, Sendable {
    /// The rectangles drawn into the buffer, after its pixels were moved (``movedX``, ``movedY``).
    public var redrawn: [PixelRect]
    /// The rectangles that differ on screen from the frame before: what the compositor repaints. All of it after a
    /// pan.
    public var changed: [PixelRect]
    /// How far the pixels the buffer held were moved before drawing (a pan), in pixels; 0 when they were not.
    public var movedX: Int
    public var movedY: Int
    /// Whether the buffer, which could not be brought up to date from what it showed (new, or shown before a change
    /// of zoom, angle or size), was first given the pixels of a buffer shown more recently.
    public var isCopiedFromAnotherBuffer: Bool
    /// The rectangles given the pixels of another buffer showing a later frame before drawing (what changed up to
    /// that frame, when this buffer showed an earlier one of the same view); empty when none were.
    public var copied: [PixelRect] = []
    /// Whether the buffer now shows the whole frame: `false` when it was drawn in part
    /// (``FrameTarget/mayDrawInParts``) and the next frame into it draws the rest.
    public var isComplete: Bool = true
}
