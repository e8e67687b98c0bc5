// Live ink: the strokes in progress, and the completed strokes not yet baked into their tiles, as frames draw them
// over the tiles. What each has drawn so far, the predicted tails of this frame only, the order they are drawn in,
// and the drawing itself by our own rasterizer or Cairo's. It knows the view only through the placement it is given,
// and the tiles not at all.
import BrushEngine
import CCairo
import Geometry
import Glibc
import PaintModel

/// The ink drawn over the tiles (``CanvasRenderer``'s strokes in progress and strokes waiting to be baked).
///
/// - Each frame, ``update(liveStrokes:predictedTails:pixelsPerPoint:changed:)`` takes up the strokes in progress (by
///   keys that stay the same for a stroke's life) and their tails, and says which document pixels changed: a
///   stroke's new segments, a tail that moved, a stroke gone (cancelled or baked).
/// - A stroke in progress completed and waiting to be baked (``addUnbaked(_:)``) keeps what it drew: the buffers hold
///   it already. A completed stroke no stroke in progress showed (a replay's, a tap's) is drawn whole.
/// - Between ``beginDrawing(liveStrokes:)`` and ``endDrawing()``, each rectangle redrawn gets the ink that reaches it,
///   strokes waiting to be baked first (in the order they were added), then strokes in progress in the order they
///   began, each with its tail as one path. Nothing is allocated on the way but the storage kept from frame to frame.
struct LiveInk {
    /// A stroke's predicted tail as drawn in the current frame: from its last sample (`start`) through the
    /// predicted points.
    struct Tail: Equatable {
        var start: Point
        var points: [Point]
        var bounds: Rect
    }

    /// What has been drawn of each stroke in progress.
    private var live: [Int: LiveStroke] = [:]
    /// Strokes added on top (``CanvasRenderer/apply(_:strokes:)``) and not drawn into their tiles yet, oldest first,
    /// each with its path as the strokes in progress keep it (`nil` until a frame takes it up).
    private(set) var unbaked: [(stroke: Stroke, state: LiveStroke?)] = []
    /// The predicted tails drawn in the current frame, by the keys of the strokes in progress.
    private var tails: [Int: Tail] = [:]
    /// The tails drawn in the frame before, kept for their storage.
    private var spareTails: [Int: Tail] = [:]
    /// The strokes in progress in the order they began, for the frame under way (storage kept from frame to frame).
    private var strokeOrder: [(key: Int, stroke: Stroke, state: LiveStroke)] = []

    /// A completed stroke to draw over the tiles until it is baked.
    mutating func addUnbaked(_ stroke: Stroke) {
        unbaked.append((stroke, nil))
    }

    /// The strokes waiting to be baked, oldest first, taken away.
    mutating func takeUnbaked() -> [(stroke: Stroke, state: LiveStroke?)] {
        let baking = unbaked
        unbaked.removeAll(keepingCapacity: true)
        return baking
    }

    /// Takes up a frame's strokes in progress and their predicted tails (document points, by the same keys), and
    /// appends to `document` the document pixels at `level` pixels per point that changed since the last frame. A
    /// stroke's brush that picks colour up reads it from `layer`, the layer strokes go to (asked for only then).
    mutating func update(liveStrokes: [Int: Stroke], predictedTails: [Int: [Point]], pixelsPerPoint level: Double,
                         layer: () -> InkLayerPixels? = { nil }, changed document: inout [PixelRect]) {
        // The tails of this frame, in the storage of the last frame but one (no dictionary made every frame).
        var newTails: [Int: Tail] = [:]
        swap(&newTails, &spareTails)
        newTails.removeAll(keepingCapacity: true)
        for (key, points) in predictedTails where !points.isEmpty {
            guard let stroke = liveStrokes[key], let last = stroke.points.last?.location,
                  let bounds = LiveStroke.changeBounds(of: points, and: last, width: stroke.width)
            else { continue }
            newTails[key] = Tail(start: last, points: points, bounds: bounds)
        }
        for (key, tail) in tails where newTails[key] != tail {
            document.append(Self.pixels(reachedBy: tail.bounds, pixelsPerPoint: level))
        }
        for (key, tail) in newTails where tails[key] != tail {
            document.append(Self.pixels(reachedBy: tail.bounds, pixelsPerPoint: level))
        }
        spareTails = tails
        tails = newTails
        for (key, state) in live where liveStrokes[key] == nil {
            live[key] = nil
            // A stroke in progress that was completed and waits to be baked is shown as it was: the buffers hold
            // it already, and only its samples since the last frame (the last, at the touch-up) are drawn. Any
            // other gone (cancelled, or baked into the tiles) has its area redrawn.
            if let index = unbaked.firstIndex(where: { entry in
                entry.state == nil && entry.stroke.points.count >= state.sampleCount
                    && entry.stroke.points.first?.location == state.firstLocation
            }) {
                var adopted = state
                if let rect = adopted.update(with: unbaked[index].stroke, pixelsPerPoint: level) {
                    document.append(Self.pixels(reachedBy: rect, pixelsPerPoint: level))
                }
                unbaked[index].state = adopted
            } else if let rect = state.bounds {
                document.append(Self.pixels(reachedBy: rect, pixelsPerPoint: level))
            }
        }
        // A completed stroke no stroke in progress showed (a replay's, a tap's) is drawn whole.
        for index in unbaked.indices where unbaked[index].state == nil {
            var state = LiveStroke()
            if let rect = state.update(with: unbaked[index].stroke, pixelsPerPoint: level, layer: layer) {
                document.append(Self.pixels(reachedBy: rect, pixelsPerPoint: level))
            }
            unbaked[index].state = state
        }
        for (key, stroke) in liveStrokes {
            // Updated in place: a copy would copy the stroke's path.
            if let rect = live[key, default: LiveStroke()].update(with: stroke, pixelsPerPoint: level, layer: layer) {
                document.append(Self.pixels(reachedBy: rect, pixelsPerPoint: level))
            }
        }
    }

    /// The colours a stroke in progress's brush read from the layer, for `stroke`, the stroke it became once
    /// completed (the one ``update(liveStrokes:predictedTails:pixelsPerPoint:layer:changed:)`` would adopt): its
    /// samples not taken yet taken now. `nil` where no stroke in progress became it or its brush read none.
    func pickedColors(completing stroke: Stroke, pixelsPerPoint level: Double) -> PickedColors? {
        for state in live.values where stroke.points.count >= state.sampleCount
            && stroke.points.first?.location == state.firstLocation {
            if let colors = state.brushInk?.pickedColors(completing: stroke, pixelsPerPoint: level) { return colors }
        }
        return nil
    }

    /// How far past a stroke's outline our own rasterizer puts ink, in pixels: it takes a pixel's edge beside a
    /// round end for a straight line, so a pixel whose centre lies within √½ of the outline can get a level of
    /// ink, and such a pixel reaches √½ − ½ past the outline's bounds. (Seen: a level of ink kept half a width
    /// below a stroke's end, where a frame drawn whole had drawn its tail.)
    static let edgeReach = 0.2072

    /// The document pixels at `level` pixels per point that ink within `rect` (points, half a width past the
    /// path, ``LiveStroke/changeBounds(of:and:width:)``) can change.
    static func pixels(reachedBy rect: Rect, pixelsPerPoint level: Double) -> PixelRect {
        let margin = edgeReach / level
        return TileKey.pixels(of: rect.insetBy(dx: -margin, dy: -margin), pixelsPerPoint: level)
    }

    /// Puts the ink in the order it is drawn in for the frame under way: the strokes waiting to be baked in the order
    /// they were added, under the strokes in progress in the order they began, so that overlaps look the same in
    /// every frame.
    mutating func beginDrawing(liveStrokes: [Int: Stroke]) {
        strokeOrder.removeAll(keepingCapacity: true)
        for (offset, entry) in unbaked.enumerated() {
            if let state = entry.state { strokeOrder.append((Int.min + offset, entry.stroke, state)) }
        }
        for (key, stroke) in liveStrokes {
            if let state = live[key] { strokeOrder.append((key, stroke, state)) }
        }
        strokeOrder.sort { $0.key < $1.key }
    }

    /// Lets go of the frame's order (its storage kept).
    mutating func endDrawing() {
        strokeOrder.removeAll(keepingCapacity: true)
    }

    /// Whether some ink of the frame under way, or its tail, reaches `area` (document points).
    func reaches(_ area: Rect) -> Bool {
        strokeOrder.contains {
            $0.state.bounds?.intersection(area) != nil || tails[$0.key]?.bounds.intersection(area) != nil
        }
    }

    /// The tail of `key` if it reaches `area`.
    private func tail(of key: Int, reaching area: Rect) -> (start: Point, points: [Point])? {
        guard let tail = tails[key], tail.bounds.intersection(area) != nil else { return nil }
        return (tail.start, tail.points)
    }

    /// Draws all the ink that reaches `area` (document points) with Cairo, in `context`, which is clipped to the
    /// rectangle and placed so that document pixels at `pixelsPerPoint` land where `placement` shows them.
    func drawWithCairo(within area: Rect, in context: OpaquePointer, placement: BufferPlacement, pixelsPerPoint: Double) {
        cairo_save(context)
        cairo_rotate(context, placement.rotation)
        cairo_translate(context, Double(-placement.offsetX), Double(-placement.offsetY))
        prepareForStrokes(context, pixelsPerPoint: pixelsPerPoint)
        for (key, stroke, state) in strokeOrder {
            let tail = tail(of: key, reaching: area)
            guard tail != nil || state.bounds?.intersection(area) != nil else { continue }
            state.draw(stroke, tail: tail, within: area, in: context)
        }
        cairo_restore(context)
    }

    /// Draws the ink that reaches buffer rectangle `rect` (`area` in document points) as the tiles draw it
    /// (``StrokeRasterizer/own``):
    /// - strokes of one width by `raster`, its region the rectangle (in pieces of at most a tile, its storage), so that
    ///   a stroke in progress has the pixels it will have once baked into the tiles;
    /// - those with pressure by Cairo, in `context` (made at the first), clipped to the rectangle.
    func drawWithoutCairo(within rect: PixelRect, area: Rect, into frame: ImageSurface, context: inout OpaquePointer?,
                          placement: BufferPlacement, pixelsPerPoint: Double, raster: CapsuleRaster, paper: Color) {
        // Cairo drew last: its pixels must be in memory before the raster's go on, and Cairo told after.
        var cairoDrew = false
        for (key, stroke, state) in strokeOrder {
            let tail = tail(of: key, reaching: area)
            guard tail != nil || state.bounds?.intersection(area) != nil else { continue }
            if let brushInk = state.brushInk {
                // A brush's dabs, without a predicted tail.
                if cairoDrew {
                    cairo_surface_flush(frame.surface)
                    cairoDrew = false
                }
                drawBrushInk(brushInk, within: rect, into: frame, placement: placement, pixelsPerPoint: pixelsPerPoint,
                             paper: paper)
                continue
            }
            guard CapsuleRaster.draws(stroke) else {
                if context == nil { context = cairo_create(frame.surface) }
                guard let context else { continue }
                frame.markDirty()
                cairo_save(context)
                cairo_rectangle(context, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
                cairo_clip(context)
                cairo_rotate(context, placement.rotation)
                cairo_translate(context, Double(-placement.offsetX), Double(-placement.offsetY))
                prepareForStrokes(context, pixelsPerPoint: pixelsPerPoint)
                state.draw(stroke, tail: tail, within: area, in: context)
                cairo_restore(context)
                cairoDrew = true
                continue
            }
            if cairoDrew {
                cairo_surface_flush(frame.surface)
                cairoDrew = false
            }
            drawInPieces(stroke, state: state, tail: tail, within: rect, area: area, into: frame, placement: placement,
                         pixelsPerPoint: pixelsPerPoint, raster: raster)
        }
        if cairoDrew { cairo_surface_flush(frame.surface) }
        frame.markDirty()
    }

    /// A brush stroke's dabs over `rect` of the frame: its pixels put over the frame's, upright; on a turned view, its
    /// dabs drawn straight over them (the frame's opaque pixels over `paper` either way).
    private func drawBrushInk(_ ink: LiveBrushInk, within rect: PixelRect, into frame: ImageSurface,
                              placement: BufferPlacement, pixelsPerPoint: Double, paper: Color) {
        let pixels = UnsafeMutableRawPointer(frame.pixels)
        guard placement.rotation != 0 else {
            return ink.composite(over: rect, of: pixels, stride: frame.stride,
                                 offset: (placement.offsetX, placement.offsetY), pixelsPerPoint: pixelsPerPoint,
                                 paper: frame.isOpaque ? paper : nil)
        }
        let cosine = cos(placement.rotation), sine = sin(placement.rotation)
        let ox = Double(placement.offsetX), oy = Double(placement.offsetY)
        let place = CapsuleRaster.Placement(pixelsPerPoint: pixelsPerPoint,
                                            offsetX: -(cosine * ox - sine * oy) - Double(rect.x),
                                            offsetY: -(sine * ox + cosine * oy) - Double(rect.y), cosine: cosine, sine: sine)
        ink.draw(placement: place, into: pixels + rect.y * frame.stride + rect.x * 4, stride: frame.stride,
                 width: rect.width, height: rect.height, paper: frame.isOpaque ? paper : nil)
    }

    /// One stroke of one width drawn by `raster` over `rect`, a piece of at most a tile at a time.
    private func drawInPieces(_ stroke: Stroke, state: LiveStroke, tail: (start: Point, points: [Point])?,
                              within rect: PixelRect, area: Rect, into frame: ImageSurface, placement: BufferPlacement,
                              pixelsPerPoint: Double, raster: CapsuleRaster) {
        let rotation = placement.rotation
        let cosine = rotation == 0 ? 1 : cos(rotation), sine = rotation == 0 ? 0 : sin(rotation)
        let side = TileKey.side
        let pixels = UnsafeMutableRawPointer(frame.pixels)
        // The document's pixel at the buffer's (0, 0) is the placement's offset; each piece starts at its corner.
        let ox = Double(placement.offsetX), oy = Double(placement.offsetY)
        var pieceY = rect.y
        while pieceY < rect.maxY {
            var pieceX = rect.x
            while pieceX < rect.maxX {
                let piece = PixelRect(x: pieceX, y: pieceY, width: min(side, rect.maxX - pieceX),
                                      height: min(side, rect.maxY - pieceY))
                // Upright, the piece's own area: only its curves are traced.
                let pieceArea = rotation == 0
                    ? placement.documentPixels(of: piece).logical(pixelsPerPoint: pixelsPerPoint) : area
                raster.setRegion(width: piece.width, height: piece.height)
                let place = rotation == 0
                    ? CapsuleRaster.Placement(pixelsPerPoint: pixelsPerPoint, offsetX: -ox - Double(piece.x),
                                              offsetY: -oy - Double(piece.y))
                    : CapsuleRaster.Placement(pixelsPerPoint: pixelsPerPoint,
                                              offsetX: -(cosine * ox - sine * oy) - Double(piece.x),
                                              offsetY: -(sine * ox + cosine * oy) - Double(piece.y),
                                              cosine: cosine, sine: sine)
                state.draw(stroke, tail: tail, within: pieceArea, raster: raster, placement: place,
                           into: pixels + piece.y * frame.stride + piece.x * 4, stride: frame.stride)
                pieceX += side
            }
            pieceY += side
        }
    }
}
