// Which frame each buffer shows, what the frames since changed, and so what a buffer lacks to show the next one:
// its own pixels moved for a pan, pixels copied from a buffer that shows a later frame, the rest to draw. It knows
// nothing of tiles or strokes; it copies pixels between buffers and says which rectangles are left to draw.
import Geometry

/// The frames a window's buffers show (``CanvasRenderer/renderFrame(liveStrokes:predictedTails:into:)``).
///
/// - Each frame is recorded (``record(_:)``) with what it changed, in document pixels (they move with a pan) and in
///   buffer pixels (the overlay: it stays); records go once no remembered buffer shows a frame before them, and at
///   most ``rememberedFrames`` back.
/// - A buffer drawn is noted with the frame it shows (``noteShown(_:image:missing:)``), while its owner lives; at
///   most ``rememberedBuffers`` are remembered.
/// - A buffer can be brought up to date from the frame it shows when the frames since kept the size, zoom and angle,
///   drew nothing whole, and moved an upright view by less than the buffer (``continuableFrame(from:width:height:)``).
///   When it cannot, it is given the pixels of the latest buffer of its size that can be; when another buffer shows
///   a later frame of the view as it is, what changed up to that frame is copied from it
///   (``catchUp(_:owner:copyOf:placement:whole:drawable:bothCores:)``).
struct BufferHistory {
    /// What the last frames changed, oldest first, back to the oldest frame a buffer still shows.
    private(set) var records: [FrameRecord] = []
    /// The buffers frames were drawn into, and the number of the frame each shows.
    private var shown: [ShownBuffer] = []
    /// The number of the last frame recorded; 0 before the first.
    private(set) var frameNumber = 0
    /// What a buffer a frame behind takes from another buffer, gathered in storage kept from frame to frame.
    private var copiedScratch: [PixelRect] = []

    /// The most buffers remembered, and the most frames back a remembered buffer may be: a window has two or three.
    static let rememberedBuffers = 4
    static let rememberedFrames = 16

    /// What bringing a buffer up to date did, and what is left to draw.
    struct CatchUp {
        /// The rectangles the buffer still lacks, cut to the drawable pixels and merged sparingly
        /// (``PixelDamage/mergedSparingly(_:)``): all of it when nothing could be brought up to date.
        var lacking: [PixelRect] = []
        /// How far the buffer's pixels were moved for a pan, in its pixels (the view moved the other way); 0 when
        /// they were not.
        var movedX = 0
        var movedY = 0
        /// Whether the buffer was first given the whole of another buffer's pixels.
        var isCopiedWhole = false
        /// The rectangles copied from a buffer showing a later frame of the same view.
        var copied: [PixelRect] = []
    }

    /// The number the next frame recorded takes.
    var nextNumber: Int { frameNumber + 1 }

    /// Records a frame (numbered ``nextNumber``); returns the frame before it, if still remembered.
    mutating func record(_ frame: FrameRecord) -> FrameRecord? {
        let previous = records.last
        records.append(frame)
        frameNumber = frame.number
        return previous
    }

    /// Adds document pixels to what the frame under way changed (tiles drawn at once: every buffer draws them).
    mutating func addToLatest(document rects: [PixelRect]) {
        guard !records.isEmpty else { return }
        records[records.count - 1].document = (records[records.count - 1].document + rects).merged()
    }

    /// Forgets what `owner`'s buffer shows (its pixels were overwritten: a reduced frame), and buffers let go.
    mutating func forget(_ owner: AnyObject) {
        shown.removeAll { $0.owner == nil || $0.owner === owner }
    }

    /// Records that `owner`'s buffer shows the frame just recorded, and forgets what no remembered buffer needs.
    mutating func noteShown(_ owner: AnyObject, image: ImageSurface, missing: [PixelRect] = []) {
        let buffer = ShownBuffer(owner: owner, frame: frameNumber, pixels: image.pixels, stride: image.stride,
                                 width: image.width, height: image.height, missing: missing)
        if let index = shown.firstIndex(where: { $0.owner === owner }) {
            shown[index] = buffer
        } else {
            shown.append(buffer)
            if shown.count > Self.rememberedBuffers { shown.removeFirst() }
        }
        let oldest = max(shown.map(\.frame).min() ?? frameNumber, frameNumber - Self.rememberedFrames)
        records.removeAll { $0.number < oldest }
    }

    /// Brings `image` (the buffer of `owner`, or a copy of `copyOf`'s) up to the frame just recorded as far as
    /// moving and copying pixels can, and says what is left to draw. `placement`: where the buffer lies over the
    /// document now; `whole`: the renderer's whole buffer; `drawable`: the pixels of it the image holds.
    mutating func catchUp(_ image: ImageSurface, owner: AnyObject, copyOf: AnyObject?, placement: BufferPlacement,
                          whole: PixelRect, drawable: PixelRect, bothCores: BothCores) -> CatchUp {
        var result = CatchUp()
        shown.removeAll { $0.owner == nil }
        // A buffer not drawn yet whose pixels are a copy of another's (``FrameTarget/copyOf``) shows what that one shows.
        let shownHere = shown.first(where: { $0.owner === owner })
            ?? copyOf.flatMap { twin in shown.first(where: { $0.owner === twin }) }
        var start = shownHere.flatMap { continuableFrame(from: $0.frame, width: image.width, height: image.height) }
        // What a frame drawn in part left out (``FrameTarget/mayDrawInParts``), where it is now.
        var stillLacking = start == nil ? [] : shownHere?.missing ?? []
        if start == nil, let (donor, then) = latestContinuable(besides: owner, image: image) {
            var writes = BulkPixels(into: image)
            writes.copyAll(from: donor.pixels, stride: donor.stride)
            writes.write(using: bothCores)
            image.markDirty()
            result.isCopiedWhole = true
            start = then
        }
        guard let then = start else {
            var lacking = [whole]
            Self.cut(&lacking, to: drawable)
            result.lacking = PixelDamage.mergedSparingly(lacking)
            return result
        }
        var lacking: [PixelRect] = []
        let moved = (x: placement.offsetX - then.offsetX, y: placement.offsetY - then.offsetY)
        var since = then.number
        if moved == (0, 0), let donor = newerBuffer(than: then.number, for: owner, image: image, placement: placement) {
            result.copied = copyChanges(after: then.number, from: donor, into: image, placement: placement,
                                        drawable: drawable, bothCores: bothCores)
            since = donor.frame
        }
        if moved != (0, 0) {
            // The pixels the buffer holds, moved to where the view shows them now; what came into view, and the
            // overlay where it was moved to and where it is, are drawn.
            image.move(byX: -moved.x, y: -moved.y)
            if moved.x > 0 { lacking.append(PixelRect(x: drawable.width - moved.x, y: 0, width: moved.x, height: drawable.height)) }
            if moved.x < 0 { lacking.append(PixelRect(x: 0, y: 0, width: -moved.x, height: drawable.height)) }
            if moved.y > 0 { lacking.append(PixelRect(x: 0, y: drawable.height - moved.y, width: drawable.width, height: moved.y)) }
            if moved.y < 0 { lacking.append(PixelRect(x: 0, y: 0, width: drawable.width, height: -moved.y)) }
            lacking += then.overlay.map { $0.offsetBy(dx: -moved.x, dy: -moved.y) } + (records.last?.overlay ?? [])
            stillLacking = stillLacking.map { $0.offsetBy(dx: -moved.x, dy: -moved.y) }
        }
        lacking += stillLacking
        for later in records where later.number > since {
            // Appended one by one: a map and a concatenation made two lists a frame (issue #22).
            for rect in later.document { lacking.append(placement.bufferRect(ofDocumentPixels: rect)) }
            lacking += later.screen
        }
        (result.movedX, result.movedY) = (-moved.x, -moved.y)
        Self.cut(&lacking, to: drawable)
        result.lacking = PixelDamage.mergedSparingly(lacking)
        return result
    }

    /// Rectangles cut to `drawable` in place, those outside it left out (the same rectangles in the same order as a
    /// compactMap, without a second list).
    private static func cut(_ rects: inout [PixelRect], to drawable: PixelRect) {
        var kept = 0
        for index in rects.indices {
            if let inside = rects[index].intersection(drawable) {
                rects[kept] = inside
                kept += 1
            }
        }
        rects.removeLast(rects.count - kept)
    }

    /// Copies into `image`, from `donor` (a buffer showing a later frame of the same view), what changed after frame
    /// `shown` up to the donor's frame; returns the rectangles copied. A finger's ink (a few small rectangles) is
    /// copied here, row by row; more goes through ``BulkPixels`` on both cores.
    private mutating func copyChanges(after shown: Int, from donor: ShownBuffer, into image: ImageSurface,
                                      placement: BufferPlacement, drawable: PixelRect, bothCores: BothCores) -> [PixelRect] {
        copiedScratch.removeAll(keepingCapacity: true)
        for later in records where later.number > shown && later.number <= donor.frame {
            for rect in later.document {
                if let inside = placement.bufferRect(ofDocumentPixels: rect).intersection(drawable) { copiedScratch.append(inside) }
            }
            for rect in later.screen {
                if let inside = rect.intersection(drawable) { copiedScratch.append(inside) }
            }
        }
        let copied = PixelDamage.mergedSparingly(copiedScratch)
        if copied.reduce(0, { $0 + $1.area }) * 4 < BulkPixels.sharedBytes {
            for rect in copied {
                for row in rect.y..<rect.maxY {
                    (image.pixels + row * image.stride + rect.x * 4)
                        .update(from: donor.pixels + row * donor.stride + rect.x * 4, count: rect.width * 4)
                }
            }
        } else {
            var writes = BulkPixels(into: image)
            for rect in copied { writes.copy(rect, from: donor.pixels, stride: donor.stride) }
            writes.write(using: bothCores)
        }
        image.markDirty()
        return copied
    }

    /// The buffer besides `owner`'s, of `image`'s size and complete, whose frame is the latest that can be brought
    /// up to date, with that frame's record.
    private func latestContinuable(besides owner: AnyObject, image: ImageSurface) -> (ShownBuffer, FrameRecord)? {
        shown.lazy
            .filter { $0.owner !== owner && $0.width == image.width && $0.height == image.height && $0.missing.isEmpty }
            .compactMap { buffer in
                self.continuableFrame(from: buffer.frame, width: image.width, height: image.height).map { (buffer, $0) }
            }
            .max { $0.1.number < $1.1.number }
    }

    /// Another buffer of `image`'s size showing a frame later than `shown`, of the view as it is now (not moved
    /// since, nothing drawn whole since): the pixels it shows of what changed up to its frame are this frame's.
    /// The latest such, `nil` when there is none.
    private func newerBuffer(than shown: Int, for owner: AnyObject, image: ImageSurface,
                             placement: BufferPlacement) -> ShownBuffer? {
        self.shown.lazy
            .filter { $0.owner !== owner && $0.frame > shown && $0.width == image.width && $0.height == image.height
                && $0.missing.isEmpty }
            .filter { buffer in
                self.continuableFrame(from: buffer.frame, width: image.width, height: image.height)
                    .map { $0.offsetX == placement.offsetX && $0.offsetY == placement.offsetY } ?? false
            }
            .max { $0.frame < $1.frame }
    }

    /// The record of frame `shown` when a buffer of a size showing it can be brought up to date from it: the frames
    /// since drew nothing whole and kept the size, zoom and angle, and moved the view (upright only) by less than
    /// the buffer.
    func continuableFrame(from shown: Int, width: Int, height: Int) -> FrameRecord? {
        guard let then = records.first(where: { $0.number == shown }), let now = records.last,
              then.width == width, then.height == height,
              !records.contains(where: { $0.number > shown && ($0.isWhole || !then.isContinued(by: $0)) })
        else { return nil }
        let dx = now.offsetX - then.offsetX, dy = now.offsetY - then.offsetY
        guard (now.rotation == 0 || (dx == 0 && dy == 0)), abs(dx) < width, abs(dy) < height else { return nil }
        return then
    }
}

/// What one frame changed (``BufferHistory``'s records): for bringing a buffer shown a few frames back up to date.
struct FrameRecord {
    var number: Int
    var pixelsPerPoint: Double
    var rotation: Double
    /// Where the buffer's top-left pixel lay in the document drawn at ``pixelsPerPoint``.
    var offsetX: Int
    var offsetY: Int
    var width: Int
    var height: Int
    /// Whether everything was drawn again (a new size, zoom or angle, a clear).
    var isWhole: Bool
    /// What changed in the drawing, in document pixels at ``pixelsPerPoint``.
    var document: [PixelRect]
    /// What changed in the window (the overlay), in buffer pixels.
    var screen: [PixelRect]
    /// Where the overlay was drawn, in buffer pixels.
    var overlay: [PixelRect]

    /// Whether `later` shows the document at the same zoom, angle and size, so that a buffer showing this frame can be
    /// brought up to date from what the frames since changed.
    func isContinued(by later: FrameRecord) -> Bool {
        later.pixelsPerPoint == pixelsPerPoint && later.rotation == rotation && later.width == width
            && later.height == height
    }
}

/// A buffer the renderer drew into, while its owner lives, and the frame it shows.
struct ShownBuffer {
    weak var owner: AnyObject?
    var frame: Int
    /// The buffer's pixels, valid while ``owner`` lives (a buffer brought up to date from another copies them).
    var pixels: UnsafeMutablePointer<UInt8>
    var stride: Int
    var width: Int
    var height: Int
    /// What a frame drawn in part left out of it, in its pixels (``FrameTarget/mayDrawInParts``).
    var missing: [PixelRect] = []
}
