// A composited tile kept in parts around the layer strokes go to (the ink layer): each layer's own pixels, the
// layers below the ink layer composited on paper, and the layers above it in groups, so that a stroke on it, finished
// or in progress, redraws only its pixels and the tile is put together again from the parts, and another look of the
// layers (an opacity, a blend mode, another layer painted on) puts the parts together again from the layers' own
// pixels rather than drawing them again (docs/layers.md, docs/performance.md "Layers").
import CCairo
import Geometry
import PaintModel

/// How a composition's layers are split around the ink layer in every tile: those below it, put over the paper one
/// by one into one opaque image; the ink layer alone; those above it in groups, each group one image put over the
/// ones below in turn.
///
/// Consecutive normal layers above make one group, each drawn into it with its opacity (`OVER` is associative, so
/// the group put over the tile is the layers put over it one by one); a layer of any other blend mode is a group of
/// its own, put over the tile with its mode and opacity. Two splits are equal when their parts are: the same ink
/// layer and the same looks of every layer.
struct LayerSplit: Hashable, Sendable {
    /// A group of consecutive layers above the ink layer.
    struct Group: Hashable, Sendable {
        /// The layers' positions in the composition.
        var layers: Range<Int>
        /// How the group's image is put over the tile: a group of normal layers `OVER` at full opacity (each layer's
        /// opacity is in the image), a layer of another mode with its own.
        var blend: LayerBlend
        /// Whether the group is normal layers drawn into its image with their opacity.
        var isCollapsed: Bool
    }

    /// The most groups above the ink layer a split has: beyond them a tile would keep an image for each, and it is
    /// drawn whole as before, the strokes in progress over it.
    static let groupLimit = 3

    /// `OVER` at full opacity: how a collapsed group is put over the tile.
    static let normal = LayerBlend(strokeCount: 0, opacity: 1, blendMode: .normal)

    /// The ink layer's position in the composition.
    var ink: Int
    /// Every layer's look (``LayerBlend/look``), by position: what the parts are put together with.
    var looks: [LayerBlend]
    /// The groups above the ink layer, bottom first.
    var above: [Group]

    /// The split of `composition` around its layer `ink`; `nil` without an ink layer among them, or with more groups
    /// above it than ``groupLimit``.
    init?(composition: [LayerBlend], ink: Int?) {
        guard let ink, composition.indices.contains(ink) else { return nil }
        self.ink = ink
        looks = composition.map(\.look)
        var groups: [Group] = []
        for layer in (ink + 1)..<composition.count {
            let blend = composition[layer]
            if blend.blendMode == .normal, let last = groups.last, last.isCollapsed, last.layers.upperBound == layer {
                groups[groups.count - 1].layers = last.layers.lowerBound..<(layer + 1)
            } else if blend.blendMode == .normal {
                groups.append(Group(layers: layer..<(layer + 1), blend: Self.normal, isCollapsed: true))
            } else {
                groups.append(Group(layers: layer..<(layer + 1), blend: blend.look, isCollapsed: false))
            }
        }
        guard groups.count <= Self.groupLimit else { return nil }
        above = groups
    }

    /// How the ink layer is put over the layers below.
    var inkBlend: LayerBlend { looks[ink] }
}

/// A tile's parts as the worker draws them (``TileLayers``): rows of `TileKey.side × 4` bytes each, `nil` for none.
/// A plain value, so it can come from another thread.
struct TileLayerPixels: Sendable {
    var split: LayerSplit
    var own: [[UInt8]?]
    var below: [UInt8]?
    var groups: [[UInt8]?]

    /// The parts' pixels.
    init(_ parts: TileLayers) {
        split = parts.split
        own = parts.own.map { $0.map(TileJob.bytes(of:)) }
        below = parts.below.map(TileJob.bytes(of:))
        groups = parts.groups.map { $0.map(TileJob.bytes(of:)) }
    }
}

/// A composited tile's parts around the ink layer (``LayerSplit``), kept with the tile in the cache: each layer's own
/// pixels, and what is put together of them for the split.
struct TileLayers {
    /// The split the parts are put together for: the ink layer, and every layer's look.
    private(set) var split: LayerSplit
    /// Each layer's own pixels by position in the composition (premultiplied, clear where it has nothing, without
    /// its opacity); `nil`: nothing of it in the tile.
    private(set) var own: [ImageSurface?]
    /// The paper and the layers below the ink layer, composited (opaque); `nil`: paper only.
    private(set) var below: ImageSurface?
    /// Each collapsed group above the ink layer (``LayerSplit/Group/isCollapsed``), its layers put together with
    /// their opacities (premultiplied); `nil`: clear, or a group of one layer of another mode, whose own pixels are
    /// put over the tile.
    private(set) var groups: [ImageSurface?]
    /// The own pixels of the layers put aside by the last restack (``ShownLayers/aside``), for a restack that shows
    /// them again; `nil`: not kept (the tile was drawn after they were put aside).
    private(set) var aside: [ImageSurface?]?
    /// What ``below`` was put together from, and each of ``groups``: it is kept while a split puts the same own
    /// pixels together with the same looks (`nil`: not put together yet).
    private var belowPieces: [Piece]?
    private var groupPieces: [[Piece]] = []

    /// One layer's own pixels put into a part with its look.
    private struct Piece: Equatable {
        let pixels: ImageSurface
        let look: LayerBlend

        static func == (lhs: Piece, rhs: Piece) -> Bool { lhs.pixels === rhs.pixels && lhs.look == rhs.look }
    }

    /// The parts of a tile whose layers' own pixels are `own` (by position in `split`'s composition), put together
    /// for `split` over `paper`.
    init(split: LayerSplit, own: [ImageSurface?], paper: Color) {
        self.split = split
        self.own = own
        groups = []
        compose(for: split, paper: paper)
    }

    /// The parts the worker drew, as images.
    init(_ pixels: TileLayerPixels) {
        let region = PixelRect(x: 0, y: 0, width: TileKey.side, height: TileKey.side)
        split = pixels.split
        own = pixels.own.map { $0.map { Self.clearImage(of: $0) } }
        below = TilePixels.image(of: pixels.below, region: region)
        groups = pixels.groups.map { $0.map { Self.clearImage(of: $0) } }
        // Put together from these pixels, copied.
        belowPieces = pieces(0..<split.ink, for: split)
        groupPieces = split.above.map { $0.isCollapsed ? pieces($0.layers, for: split) : [] }
    }

    /// The bytes the parts' images take.
    var bytes: Int {
        (own + groups + [below] + (aside ?? [])).reduce(0) { $0 + ($1 == nil ? 0 : TileCache.tileBytes) }
    }

    /// The ink layer's own pixels; `nil`: clear.
    var ink: ImageSurface? { own[split.ink] }

    /// The ink layer's pixels to draw into, made clear when there are none yet.
    mutating func inkImage() -> ImageSurface {
        if let ink { return ink }
        let image = ImageSurface(clearWidth: TileKey.side, height: TileKey.side)
        own[split.ink] = image
        return image
    }

    /// Puts the layers' own pixels together again for `split` (of the same layers, each with the same content: other
    /// looks, or another ink layer): the layers below the ink layer and each collapsed group, but those put
    /// together from the same pixels with the same looks before, which are kept as they are.
    mutating func recompose(for split: LayerSplit, paper: Color) {
        compose(for: split, paper: paper)
    }

    /// The layers restacked (``ShownLayers/restack(to:)``): each layer of `split`'s composition has the own pixels of
    /// the one at its position among the layers before then those aside (`asideCount` of them, those this tile
    /// kept), the layers `restack` keeps aside are kept, and the parts are put together again for `split`. `false`,
    /// nothing changed, when a layer shown again is not kept here (the tile was drawn since it was put aside).
    mutating func restack(_ restack: ShownLayers.Restack, asideCount: Int, for split: LayerSplit, paper: Color) -> Bool {
        let kept = aside?.count == asideCount ? aside : nil
        let pool = own + (kept ?? [])
        guard restack.positions.allSatisfy({ $0.map { $0 < pool.count } ?? true }) else { return false }
        own = restack.positions.map { $0.flatMap { pool[$0] } }
        aside = restack.aside.allSatisfy { $0 < pool.count } ? restack.aside.map { pool[$0] } : nil
        compose(for: split, paper: paper)
        return true
    }

    /// Puts the layers below the ink layer and each collapsed group together for `split`, but a part put together
    /// before from the same own pixels with the same looks (``Piece``), which is kept.
    ///
    /// Only the ink layer's own pixels are drawn into in place, and no part holds them: they leave every part when
    /// their layer becomes the ink layer, and come back into one drawn afresh.
    private mutating func compose(for split: LayerSplit, paper: Color) {
        self.split = split
        let newBelow = pieces(0..<split.ink, for: split)
        if newBelow != belowPieces {
            below = newBelow.isEmpty ? nil : ImageSurface(width: TileKey.side, height: TileKey.side, fill: paper)
            if let below { put(newBelow, onto: below) }
            belowPieces = newBelow
        }
        let newGroups = split.above.map { $0.isCollapsed ? pieces($0.layers, for: split) : [] }
        groups = newGroups.map { group in
            guard !group.isEmpty else { return nil }
            if let kept = groupPieces.firstIndex(of: group) { return groups[kept] }
            let image = ImageSurface(clearWidth: TileKey.side, height: TileKey.side)
            put(group, onto: image)
            return image
        }
        groupPieces = newGroups
    }

    /// The own pixels of `layers` that the tile has, with their looks in `split`.
    private func pieces(_ layers: Range<Int>, for split: LayerSplit) -> [Piece] {
        layers.compactMap { layer in own[layer].map { Piece(pixels: $0, look: split.looks[layer]) } }
    }

    /// Puts layers' own pixels over `image` in order, each with its look's opacity and blend mode.
    private func put(_ pieces: [Piece], onto image: ImageSurface) {
        var context: OpaquePointer?
        let whole = PixelRect(x: 0, y: 0, width: image.width, height: image.height)
        for piece in pieces { Self.put(piece.pixels, at: (0, 0), over: image, within: whole, look: piece.look, context: &context) }
        Self.finish(context, on: image)
    }

    /// Puts `image`, its pixel (0, 0) at `corner` of `target`, over `rect` of `target` with `look`'s opacity and
    /// blend mode: over an opaque target by ``OpaqueBlending`` where it puts the mode, otherwise through Cairo with
    /// `context`, made on the first use (``finish(_:on:)`` ends it).
    private static func put(_ image: ImageSurface, at corner: (x: Int, y: Int), over target: ImageSurface,
                            within rect: PixelRect, look: LayerBlend, context: inout OpaquePointer?) {
        if OpaqueBlending.put(image, at: corner, over: target, within: rect, look: look) { return }
        if context == nil {
            guard let made = cairo_create(target.surface) else { return }
            cairo_rectangle(made, Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height))
            cairo_clip(made)
            context = made
        }
        cairo_set_source_surface(context, image.surface, Double(corner.x), Double(corner.y))
        cairo_set_operator(context, look.blendMode.cairoOperator)
        cairo_paint_with_alpha(context, look.opacity)
    }

    /// Ends the Cairo context ``put(_:at:over:within:look:context:)`` made, if it made one.
    private static func finish(_ context: OpaquePointer?, on target: ImageSurface) {
        guard let context else { return }
        cairo_destroy(context)
        cairo_surface_flush(target.surface)
    }

    /// Puts the parts together over `rect` of the tile (tile pixels) into `target` (an XRGB image) with the
    /// rectangle's corner at `origin`: the layers below (or paper), the ink layer (`ink`, whose pixel (0, 0) is the
    /// tile's pixel `inkOrigin`; by default its own pixels) with its opacity and blend mode, then each group above;
    /// each over the opaque pixels below it as Cairo puts it (``OpaqueBlending``, or Cairo for the modes it leaves).
    func composite(_ rect: PixelRect, into target: ImageSurface, at origin: (x: Int, y: Int), paper: Color,
                   ink: ImageSurface? = nil, inkOrigin: (x: Int, y: Int) = (0, 0)) {
        let placed = PixelRect(x: origin.x, y: origin.y, width: rect.width, height: rect.height)
        if let below { target.copy(rect, of: below, to: origin.x, origin.y) } else { target.fill(placed, with: paper) }
        let drawn = ink ?? self.ink
        var context: OpaquePointer?
        defer { Self.finish(context, on: target) }
        func put(_ image: ImageSurface, corner: (x: Int, y: Int), blend: LayerBlend) {
            Self.put(image, at: (origin.x - rect.x + corner.x, origin.y - rect.y + corner.y), over: target,
                     within: placed, look: blend, context: &context)
        }
        if let drawn { put(drawn, corner: ink == nil ? (0, 0) : inkOrigin, blend: split.inkBlend) }
        for group in split.above.indices {
            if let image = image(above: group) { put(image, corner: (0, 0), blend: split.above[group].blend) }
        }
    }

    /// Puts the parts together over `rect` of the tile (tile pixels) into `target` (an XRGB image, the rectangle's
    /// corner at `origin`) as ``composite(_:into:at:paper:ink:inkOrigin:)`` does with `ink` for the ink layer's
    /// pixels (its pixel (0, 0) the tile's pixel `inkOrigin`), but only in each row's span where `ink` differs from
    /// `earlier`, the ink layer's pixels `target` was put together from (of a tile's size; by default its own
    /// pixels): elsewhere `target` must hold the tile's image already, which the parts make of those pixels. A frame
    /// does this where a stroke in progress goes (its rectangle is copied from the tiles first, and the stroke
    /// covers a band of it), and a stroke drawn onto the ink layer's own pixels, compared with a copy of them from
    /// before. `false`, nothing done, where a part is put with a mode not put row by row (``OpaqueBlending/Source``),
    /// or `target` is not XRGB.
    func composite(changesOf ink: ImageSurface, inkOrigin: (x: Int, y: Int), from earlier: ImageSurface? = nil,
                   within rect: PixelRect, into target: ImageSurface, at origin: (x: Int, y: Int),
                   paper: Color) -> Bool {
        guard cairo_image_surface_get_format(target.surface) == CAIRO_FORMAT_RGB24,
              earlier.map({ $0.width >= TileKey.side && $0.height >= TileKey.side }) ?? true,
              let rect = rect.intersection(PixelRect(x: 0, y: 0, width: TileKey.side, height: TileKey.side)),
              let inkRect = rect.intersection(PixelRect(x: inkOrigin.x, y: inkOrigin.y, width: ink.width,
                                                        height: ink.height)), inkRect == rect else { return false }
        // Every part placed in the target's pixels.
        let shift = (x: origin.x - rect.x, y: origin.y - rect.y)
        guard let drawn = OpaqueBlending.Source(ink, at: (shift.x + inkOrigin.x, shift.y + inkOrigin.y),
                                                look: split.inkBlend) else { return false }
        var sources = [drawn]
        for group in split.above.indices {
            guard let image = image(above: group) else { continue }
            guard let source = OpaqueBlending.Source(image, at: shift, look: split.above[group].blend) else { return false }
            sources.append(source)
        }
        let inkPixels = UnsafeRawPointer(ink.pixels), targetPixels = UnsafeMutableRawPointer(target.pixels)
        let own = (earlier ?? self.ink).map { (pixels: UnsafeRawPointer($0.pixels), stride: $0.stride) }
        let below = self.below.map { (pixels: UnsafeRawPointer($0.pixels), stride: $0.stride) }
        let paperPixel = ImageSurface.pixel(of: paper)
        // Each part is put over all the rows in turn, rather than all of them over each row, and read four rows
        // ahead: the parts are seldom in the processor's cache where a finger goes (on the bottom of 10 layers, a
        // frame drew in 47 µs with every part put over each row in turn, 35 part by part, 21 with the parts cached).
        var spans: [(y: Int, x: Int, count: Int)] = []
        spans.reserveCapacity(rect.height)
        for y in rect.y..<rect.maxY {
            let drawnRow = (inkPixels + (y - inkOrigin.y) * ink.stride + (rect.x - inkOrigin.x) * 4)
                .assumingMemoryBound(to: UInt32.self)
            let ownRow = own.map { ($0.pixels + y * $0.stride + rect.x * 4).assumingMemoryBound(to: UInt32.self) }
            guard let span = Self.span(where: drawnRow, differsFrom: ownRow, count: rect.width) else { continue }
            spans.append((y, rect.x + span.lowerBound, span.count))
        }
        func targetRow(_ y: Int) -> UnsafeMutablePointer<UInt32> {
            (targetPixels + (y + shift.y) * target.stride).assumingMemoryBound(to: UInt32.self)
        }
        for span in spans {
            let row = targetRow(span.y) + span.x + shift.x
            if let below {
                row.update(from: (below.pixels + span.y * below.stride).assumingMemoryBound(to: UInt32.self) + span.x,
                           count: span.count)
            } else {
                row.update(repeating: paperPixel, count: span.count)
            }
        }
        for source in sources {
            for (index, span) in spans.enumerated() {
                if index + 4 < spans.count {
                    source.readAhead(x: spans[index + 4].x + shift.x, y: spans[index + 4].y + shift.y,
                                     count: spans[index + 4].count)
                }
                source.put(overRow: span.y + shift.y, from: span.x + shift.x, count: span.count, of: targetRow(span.y))
            }
        }
        cairo_surface_mark_dirty(target.surface)
        return true
    }

    /// The columns from the first to the last where a row of `count` pixels differs from another (`nil`: clear);
    /// `nil` where they are the same.
    private static func span(where row: UnsafePointer<UInt32>, differsFrom other: UnsafePointer<UInt32>?,
                             count: Int) -> Range<Int>? {
        var first = 0, last = count - 1
        if let other {
            while first < count, row[first] == other[first] { first += 1 }
            guard first < count else { return nil }
            while row[last] == other[last] { last -= 1 }
        } else {
            while first < count, row[first] == 0 { first += 1 }
            guard first < count else { return nil }
            while row[last] == 0 { last -= 1 }
        }
        return first..<(last + 1)
    }

    /// The image of the group `group` above the ink layer: a collapsed group's, or its one layer's own pixels.
    private func image(above group: Int) -> ImageSurface? {
        split.above[group].isCollapsed ? groups[group] : own[split.above[group].layers.lowerBound]
    }

    /// The side of the cells ``pieces(of:in:)`` marks: 16 × 16 of them in a tile.
    static let cellSide = 16

    /// Where a stroke may paint, in document pixels at `pixelsPerPoint`: the bounds of each segment of its path
    /// (its samples' path as ``StrokeSmoother`` makes it, each segment within its end and control points), grown for
    /// its width and antialiasing and a pixel more; a stroke with pressure, whose outline is made otherwise, or
    /// painted with a brush, whose dabs may lie anywhere within them, its bounds whole.
    static func paintedPixels(of stroke: Stroke, pixelsPerPoint: Double) -> [PixelRect] {
        func pixels(_ rect: Rect) -> PixelRect {
            let drawn = TileKey.pixels(of: rect, pixelsPerPoint: pixelsPerPoint)
            return PixelRect(x: drawn.x &- 1, y: drawn.y &- 1, width: drawn.width &+ 2, height: drawn.height &+ 2)
        }
        let locations = stroke.points.map(\.location)
        guard !stroke.hasPressure, stroke.brush == nil, locations.count > 1 else {
            return stroke.bounds.isEmpty ? [] : [pixels(stroke.bounds)]
        }
        var painted: [PixelRect] = []
        var start = locations[0]
        for segment in StrokeSmoother.path(through: locations) {
            painted.append(pixels(DirtyRect.bounds(of: segment, from: start, width: stroke.width)))
            start = segment.end
        }
        return painted
    }

    /// The rectangles of a tile (`tile`: its document pixels) to put together again after a stroke painted within
    /// `painted` (document pixels): the tile's cells of ``cellSide`` that any of them reaches, in runs along each
    /// row of cells, in tile pixels; none where the stroke does not reach the tile.
    static func pieces(of painted: [PixelRect], in tile: PixelRect) -> [PixelRect] {
        let cells = TileKey.side / cellSide
        var marked = [Bool](repeating: false, count: cells * cells)
        for rect in painted {
            guard let part = rect.intersection(tile) else { continue }
            let x0 = (part.x - tile.x) / cellSide, x1 = (part.maxX - 1 - tile.x) / cellSide
            let y0 = (part.y - tile.y) / cellSide, y1 = (part.maxY - 1 - tile.y) / cellSide
            for row in y0...y1 { for column in x0...x1 { marked[row * cells + column] = true } }
        }
        var pieces: [PixelRect] = []
        for row in 0..<cells {
            var column = 0
            while column < cells {
                guard marked[row * cells + column] else {
                    column += 1
                    continue
                }
                let first = column
                while column < cells, marked[row * cells + column] { column += 1 }
                pieces.append(PixelRect(x: first * cellSide, y: row * cellSide, width: (column - first) * cellSide,
                                        height: cellSide))
            }
        }
        return pieces
    }

    /// A premultiplied image of a tile's size from rows of bytes.
    private static func clearImage(of bytes: [UInt8]) -> ImageSurface {
        let image = ImageSurface(clearWidth: TileKey.side, height: TileKey.side)
        TilePixels.copy(bytes, into: image)
        return image
    }
}

extension ImageSurface {
    /// Makes a rectangle of the image clear (all bytes zero: transparent, premultiplied).
    func clear(_ rect: PixelRect) {
        guard let rect = rect.intersection(PixelRect(x: 0, y: 0, width: width, height: height)) else { return }
        let start = UnsafeMutableRawPointer(pixels)
        for row in rect.y..<rect.maxY {
            (start + row * stride + rect.x * 4).initializeMemory(as: UInt8.self, repeating: 0, count: rect.width * 4)
        }
        markDirty()
    }
}
