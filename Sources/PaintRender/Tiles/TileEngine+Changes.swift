// The tile engine's changes: a change of the strokes redraws the tiles it reaches, at once where they are cached and
// by a job where they are not, and notes the document pixels it changed for the next frame. The jobs: asked for,
// handed to the worker a few at a time, withdrawn when a change makes them stale, their answers taken into the cache.
import Geometry
import PaintModel

extension TileEngine {
    /// Counts a change of the strokes about to be made, with the index made available first, so that the strokes
    /// never change while it is being built.
    func beginChange() {
        awaitIndex()
        strokeChanges += 1
    }

    /// Takes a change of the drawing's strokes (`strokes`: those it shows after it), counted first with
    /// ``beginChange()``. A stroke added is drawn into the tiles it touches; a stroke taken off has its bounds
    /// redrawn from the strokes that reach them; a clear puts the tiles aside, so that its undo puts them back at
    /// once. A change that does not fit the strokes held replaces them. (``DrawingChange/unchanged`` does not come:
    /// ``CanvasRenderer/apply(_:strokes:)`` keeps it.)
    func apply(_ change: DrawingChange, strokes: ShownStrokes) {
        let restacked = restackedStrokeCount
        restackedStrokeCount = nil
        if composition != nil { return applyComposited(change, strokes: strokes, restacked: restacked) }
        switch change {
        case let .appended(stroke) where strokes.count == self.strokes.count + 1:
            append(stroke)
        case let .truncated(count) where count <= self.strokes.count && strokes.count == count:
            truncateStrokes(to: count)
        case .cleared:
            clear()
        case .restored where beforeClear?.strokes.count == strokes.count:
            restoreCleared()
        case let .removed(positions) where strokes.count + positions.count == self.strokes.count:
            let changed = positions.map { index.bounds(at: $0) }
            strokesMoved(strokes.all, changed: changed)
        case let .inserted(positions) where strokes.count == self.strokes.count + positions.count:
            strokesMoved(strokes.all, changed: positions.map { strokes[$0].bounds })
        case let .restroked(positions) where positions == [self.strokes.count - 1] && strokes.count == self.strokes.count:
            // The top stroke became another (a held stroke's shape, its undo): taken off, then the new one added.
            truncateStrokes(to: positions[0])
            append(strokes[positions[0]])
        case let .restroked(positions) where positions.allSatisfy(self.strokes.indices.contains)
            && strokes.count == self.strokes.count:
            strokesMoved(strokes.all, changed: positions.flatMap { [index.bounds(at: $0), strokes[$0].bounds] })
        default:
            replaceStrokes(strokes.all)
        }
    }

    /// A change of the strokes when layers are composited: a stroke added on the ink layer is drawn onto it in the
    /// tiles it reaches, which are put together again from their parts (``TileLayers``); any other change of some
    /// strokes draws the tiles under them again; the strokes of layers just restacked (`restacked`: how many)
    /// keep the tiles; the rest replaces the strokes.
    private func applyComposited(_ change: DrawingChange, strokes: ShownStrokes, restacked: Int?) {
        let count = self.strokes.count
        switch change {
        case .replaced where strokes.count == restacked:
            takeRestackedStrokes(strokes.all)
        case let .appended(stroke) where strokes.count == count + 1:
            insertOnInkLayer(stroke, at: count, strokes: strokes)
        case let .inserted(positions) where positions.count == 1 && strokes.count == count + 1
            && strokes.indices.contains(positions[0]):
            insertOnInkLayer(strokes[positions[0]], at: positions[0], strokes: strokes)
        case let .inserted(positions) where strokes.count == count + positions.count
            && positions.allSatisfy(strokes.indices.contains):
            strokesMoved(strokes.all, changed: positions.map { strokes[$0].bounds })
        case let .removed(positions) where strokes.count + positions.count == count
            && positions.allSatisfy(self.strokes.indices.contains):
            strokesMoved(strokes.all, changed: positions.map { index.bounds(at: $0) })
        case let .truncated(kept) where kept <= count && strokes.count == kept && kept >= 0:
            strokesMoved(strokes.all, changed: (kept..<count).map { index.bounds(at: $0) })
        case let .restroked(positions) where positions.allSatisfy(self.strokes.indices.contains) && strokes.count == count:
            strokesMoved(strokes.all, changed: positions.flatMap { [index.bounds(at: $0), strokes[$0].bounds] })
        default:
            replaceStrokes(strokes.all)
        }
    }

    /// A stroke added at `position` (`strokes`: all of them after it), when layers are composited: on top of the ink
    /// layer, drawn onto that layer's pixels in the tiles of the zoom shown it reaches, each put together again
    /// where the stroke's path goes (``TileLayers/pieces(of:in:)``: a loop's tiles are mostly not under it); tiles
    /// without their parts there are drawn again, and tiles of other zooms dropped. A stroke elsewhere draws
    /// its tiles again.
    private func insertOnInkLayer(_ stroke: Stroke, at position: Int, strokes: ShownStrokes) {
        guard let split, let composition,
              composition[...split.ink].reduce(0, { $0 + $1.strokeCount }) == position + 1, position <= self.strokes.count
        else { return strokesMoved(strokes.all, changed: [stroke.bounds]) }
        self.strokes.insert(stroke, at: position)
        index.insert(stroke, at: position)
        let painted = TileLayers.paintedPixels(of: stroke, pixelsPerPoint: viewport.pixelsPerPoint)
        changeTiles(within: stroke.bounds) { key in
            guard cache[key] != nil else { return }
            putPartsTogether(key)
            let pieces = TileLayers.pieces(of: painted, in: key.pixelRect)
            let drawn = cache.drawOnInkLayer(key, split: split, paper: paper, within: pieces,
                                             earlier: earlierInk) { ink in
                drawStrokes([stroke][...], region: key.pixelRect, pixelsPerPoint: key.pixelsPerPoint, into: ink,
                            at: (0, 0), rasterizer: rasterizer, raster: raster)
                ink.markDirty()
            }
            if !drawn { request(key) }
        }
    }

    /// The ink layer changed (another layer painted on, or the layers' split around it): each cached tile of the
    /// zoom shown is put together again from its layers' own pixels, a few a frame (``partsToPutTogether``), or at
    /// once without a worker (``recomposeTiles(for:samePicture:restacking:)``). Without a split (no ink layer
    /// shown, or too many groups above it) the tiles in view are drawn again whole, still shown as they are
    /// meanwhile (the picture is the same), and the others are dropped.
    func inkLayerChanged() {
        if let split, worker == nil { return recomposeTiles(for: split, samePicture: true) }
        if split != nil {
            // The picture is the same: the tiles are shown as they are, their parts put together for the new split
            // a few a frame, or as strokes go onto them; tiles with no parts are drawn again.
            for key in Array(inFlight.keys) {
                withdraw(key)
                request(key)
            }
            for key in Array(cache.keys) {
                if key.pixelsPerPoint == viewport.pixelsPerPoint, cache[key]?.layers != nil {
                    partsToPutTogether.insert(key)
                } else {
                    cache.setLayers(for: key, nil)
                    if isVisible(key) { request(key) }
                }
            }
            return
        }
        for key in Array(cache.keys) {
            guard isVisible(key) else {
                cache.remove(key)
                continue
            }
            cache.setLayers(for: key, nil)
            withdraw(key)
            request(key)
        }
        if worker == nil { drawRequestsNow() }
    }

    /// Layers composited showing other looks, `composition` (the same layers, each with the same strokes and picture,
    /// and another opacity or blend mode): each cached tile of the zoom shown is put together again from its layers'
    /// own pixels at once (``recomposeTiles(for:samePicture:restacking:)``). `false`, nothing changed, for other
    /// layers, or when the new looks split the layers into more groups than a tile keeps (``LayerSplit/groupLimit``).
    func takeLooks(_ composition: [LayerBlend]) -> Bool {
        guard let shown = self.composition, composition.count == shown.count,
              zip(composition, shown).allSatisfy({ $0.strokeCount == $1.strokeCount && $0.picture === $1.picture }),
              let new = LayerSplit(composition: composition, ink: inkLayer) else { return false }
        self.composition = composition
        strokeChanges += 1
        recomposeTiles(for: new, samePicture: false)
        return true
    }

    /// The same layers restacked (``ShownLayers/restack(to:)``): `composition`, each layer the one at its position
    /// among those shown (`counts.shown` of them) then those aside (`counts.aside`), strokes going to its layer
    /// `ink`. Each cached tile of the zoom shown has its layers' own pixels put in their new places, and those of the
    /// layers left out aside, and is put together again at once; a tile that did not keep a layer shown again is
    /// drawn again. The change of strokes that comes next, the strokes shown in their new order, keeps the tiles
    /// (``takeRestackedStrokes(_:)``). `false`, nothing changed, when the layers are not split around an ink layer.
    func restack(_ composition: [LayerBlend], ink: Int?, _ restack: ShownLayers.Restack,
                 counts: (shown: Int, aside: Int)) -> Bool {
        let pool = counts.shown + counts.aside
        guard let shown = self.composition, shown.count == counts.shown, restack.positions.count == composition.count,
              restack.positions.allSatisfy({ $0.map { $0 < pool } ?? true }), restack.aside.allSatisfy({ $0 < pool }),
              let new = LayerSplit(composition: composition, ink: ink) else { return false }
        self.composition = composition
        inkLayer = ink
        strokeChanges += 1
        restackedStrokeCount = composition.reduce(0) { $0 + $1.strokeCount }
        recomposeTiles(for: new, samePicture: false, restacking: (restack, counts.aside))
        return true
    }

    /// The strokes shown after the layers were restacked (``restack(_:ink:_:counts:)``): taken, their index built on
    /// the worker (``takeStrokesShown(_:)``), and the tiles kept; the tiles waiting to be drawn are drawn from them.
    private func takeRestackedStrokes(_ strokes: [Stroke]) {
        takeStrokesShown(strokes)
        if worker == nil { drawRequestsNow() }
    }

    /// Puts each cached tile of the zoom shown together again for `split` (the same layers with the same content)
    /// from its layers' own pixels (``TileLayers/recompose(for:paper:)``), draws again a tile that has none (shown as
    /// it is meanwhile when the split shows the `samePicture`), drops those of other zooms, and asks again for the
    /// jobs under way; the next frame is drawn whole.
    private func recomposeTiles(for split: LayerSplit, samePicture: Bool,
                                restacking: (restack: ShownLayers.Restack, asideCount: Int)? = nil) {
        // The tiles put aside by a clear, and the bases, were drawn for the old looks; every tile is put together.
        partsToPutTogether.removeAll()
        beforeClear = nil
        cache.dropBases()
        for key in Array(inFlight.keys) {
            withdraw(key)
            request(key)
        }
        for key in Array(cache.keys) where !putTogether(key, for: split, restacking: restacking) {
            if samePicture, isVisible(key) {
                cache.setLayers(for: key, nil)
            } else {
                cache.remove(key)
            }
            if isVisible(key) { request(key) }
        }
        changes.isWhole = true
        // Restacked, the tiles asked for are drawn from the strokes in their new order, which come next.
        if worker == nil, restacking == nil { drawRequestsNow() }
    }

    /// Puts the parts of tiles waiting for it (``partsToPutTogether``) together for the split shown, until `budget`
    /// nanoseconds have passed (one tile at least); the next frame shows them.
    func putPartsTogether(within budget: UInt64) {
        guard !partsToPutTogether.isEmpty else { return }
        let (deadline, overflow) = MonotonicNanos.now.addingReportingOverflow(budget)
        while let key = partsToPutTogether.first {
            putPartsTogether(key)
            guard overflow || MonotonicNanos.now < deadline else { break }
        }
    }

    /// Puts a tile's parts together for the split shown if it waits for that (strokes are about to go onto it); a
    /// tile that cannot is drawn again. Whether it waited: its image may have changed.
    @discardableResult
    func putPartsTogether(_ key: TileKey) -> Bool {
        guard partsToPutTogether.remove(key) != nil, let split else { return false }
        guard putTogether(key, for: split, restacking: nil) else {
            cache.setLayers(for: key, nil)
            if isVisible(key) { request(key) }
            return true
        }
        changes.document.append(key.pixelRect)
        return true
    }

    /// Puts a cached tile's parts together for `split` (``parts(of:for:restacking:)``), and the tile's image from
    /// them; `false`, nothing changed, when it has none to put together.
    private func putTogether(_ key: TileKey, for split: LayerSplit,
                             restacking: (restack: ShownLayers.Restack, asideCount: Int)?) -> Bool {
        guard let layers = parts(of: key, for: split, restacking: restacking),
              let image = cache.makeImage(for: key, paper: paper) else { return false }
        cache.setLayers(for: key, layers)
        layers.composite(PixelRect(x: 0, y: 0, width: TileKey.side, height: TileKey.side), into: image, at: (0, 0),
                         paper: paper)
        return true
    }

    /// A cached tile's parts put together for `split` from its layers' own pixels, restacked by `restacking`; `nil`
    /// when it has none to put together: not of the zoom shown, drawn whole, or not keeping a layer shown again.
    private func parts(of key: TileKey, for split: LayerSplit,
                       restacking: (restack: ShownLayers.Restack, asideCount: Int)?) -> TileLayers? {
        guard key.pixelsPerPoint == viewport.pixelsPerPoint, var layers = cache[key]?.layers else { return nil }
        if let restacking {
            guard layers.restack(restacking.restack, asideCount: restacking.asideCount, for: split, paper: paper)
            else { return nil }
        } else {
            guard layers.split.looks.count == split.looks.count else { return nil }
            if layers.split != split { layers.recompose(for: split, paper: paper) }
        }
        return layers
    }

    /// A stroke added on top: drawn into the tiles it touches.
    func append(_ stroke: Stroke, drawnAs ink: LiveBrushInk? = nil) {
        strokes.append(stroke)
        index.append(stroke)
        let standIn = ink.flatMap { $0.canStandIn(for: stroke) ? $0 : nil }
        changeTiles(within: stroke.bounds) { tileChanged($0, added: stroke, drawnAs: standIn) }
    }

    /// Strokes taken off the top, `count` left: their bounds are redrawn from the strokes that reach them.
    private func truncateStrokes(to count: Int) {
        strokes.removeLast(strokes.count - count)
        for rect in index.truncate(to: count) { strokeChanged(rect, added: nil) }
    }

    /// A clear: the strokes, index and tiles put aside for its undo.
    private func clear() {
        // A tile waiting to be drawn again shows what the drawing no longer holds (an undo past its base); the
        // undo of the clear will not ask for it again, so it goes rather than being put aside as it is.
        for key in requests.map(\.key) + inFlight.keys { cache.remove(key) }
        beforeClear = (strokes, index, cache)
        strokes = []
        index = StrokeIndex()
        cache = TileCache(budget: cache.budget)
        withdrawAll()
        changes.isWhole = true
    }

    /// The undo of a clear: what it put aside comes back.
    private func restoreCleared() {
        guard let saved = beforeClear else { return }
        beforeClear = nil
        strokes = saved.strokes
        index = saved.index
        withdrawAll()
        cache = saved.cache
        changes.isWhole = true
    }

    /// Strokes taken out from among the others or put back (an erase, its undo): the index is built again, the
    /// tiles under the strokes' bounds (`changed`) are dropped at every zoom and drawn again, and every tile forgets
    /// its bases, which count strokes from the bottom. Tiles elsewhere are kept as they are.
    private func strokesMoved(_ strokes: [Stroke], changed: [Rect]) {
        self.strokes = Self.ownCopy(of: strokes)
        index = StrokeIndex(strokes)
        cache.dropBases()
        // Jobs under way count and place strokes as they were: ask for their tiles again.
        for key in Array(inFlight.keys) {
            withdraw(key)
            request(key)
        }
        let shown = viewport.pixelsPerPoint
        for rect in changed where !rect.isEmpty {
            changes.document.append(TileKey.pixels(of: rect, pixelsPerPoint: shown))
            for level in Set(cache.keys.map(\.pixelsPerPoint)).union([shown]) {
                forEachTile(concernedBy: TileKey.pixels(of: rect, pixelsPerPoint: level), level: level) { key in
                    cache.remove(key)
                    if level == shown, isVisible(key) { request(key) }
                }
            }
        }
        if worker == nil { drawRequestsNow() }
    }

    /// New strokes altogether: the index is built again and every tile dropped.
    func replaceStrokes(_ strokes: [Stroke]) {
        // An index being built is of the strokes replaced: waited for (the worker's lane is serial) and dropped.
        if indexState.isBuilding { awaitIndex() }
        strokeChanges += 1
        if strokes.count >= Self.deferredIndexThreshold, worker != nil {
            // A large drawing opened in place of another (the gallery): as at a window's start, its index and the
            // strokes' own copy are made on the worker after the next frame, which shows paper (or the disk cache's
            // tiles) meanwhile.
            self.strokes = strokes
            indexState = .afterNextFrame
        } else {
            self.strokes = Self.ownCopy(of: strokes)
            storedIndex = StrokeIndex(strokes)
        }
        dropAllTiles()
    }

    /// The same strokes drawn otherwise (their layers composited another way): every tile dropped and drawn again,
    /// the index kept.
    func redrawAllTiles() {
        strokeChanges += 1
        dropAllTiles()
    }

    /// Every tile, job and request let go, and the clear's undo forgotten: the next frame is drawn whole.
    private func dropAllTiles() {
        partsToPutTogether.removeAll()
        beforeClear = nil
        withdrawAll()
        cache.removeAll()
        changes.isWhole = true
    }

    // MARK: - Tiles a change reaches

    /// A stroke added (`added`) or taken off (`nil`) within `rect` (document points): cached tiles of the current
    /// zoom that it touches get it drawn on, or are rebuilt without it; tiles of other zooms there are dropped; a
    /// job under way there is drawn again.
    ///
    /// A tile is always drawn whole, clipped to itself: Cairo's antialiasing depends a little on the clip, and a tile
    /// must come out the same however it was made. To undo cheaply, a tile keeps a copy of itself from a few strokes
    /// back (its base, refreshed every ``baseSpacing`` strokes drawn onto it): taking a stroke off copies the base and
    /// draws the few strokes after it that reach the tile. Only undoing past the base draws the tile from scratch
    /// (with a new base on the way).
    private func strokeChanged(_ rect: Rect, added: Stroke?) {
        changeTiles(within: rect, withBase: added == nil) { tileChanged($0, added: added) }
    }

    /// A change within `rect` (document points): the area is marked changed; tiles of other zooms there are
    /// dropped; each tile of the zoom shown there has a job under way for it asked again (its answer lacks the
    /// change; `withBase` as ``request(_:withBase:)`` takes it), then is given to `body`. Without a worker, the
    /// requests are drawn at once.
    private func changeTiles(within rect: Rect, withBase: Bool = false, _ body: (TileKey) -> Void) {
        guard !rect.isEmpty else { return }
        let shown = viewport.pixelsPerPoint
        changes.document.append(TileKey.pixels(of: rect, pixelsPerPoint: shown))
        let levels = Set(cache.keys.map(\.pixelsPerPoint)).union(inFlight.keys.map(\.pixelsPerPoint))
            .union(requests.map(\.key.pixelsPerPoint)).union([shown])
        for level in levels {
            forEachTile(concernedBy: TileKey.pixels(of: rect, pixelsPerPoint: level), level: level) { key in
                guard level == shown else {
                    cache.remove(key)
                    withdraw(key)
                    requests.removeAll { $0.key == key }
                    return
                }
                if inFlight[key] != nil {
                    withdraw(key)
                    request(key, withBase: withBase)
                }
                body(key)
            }
        }
        if worker == nil { drawRequestsNow() }
    }

    /// A cached tile of the zoom shown under a stroke added (drawn on; a brush stroke's pixels drawn in progress put
    /// over it, where they stand in for it at the tile's zoom) or taken off (rebuilt from its base, or asked for again
    /// when the base is past).
    private func tileChanged(_ key: TileKey, added: Stroke?, drawnAs ink: LiveBrushInk? = nil) {
        guard let entry = cache[key] else { return }
        if let added {
            if entry.baseCount == nil || entry.sinceBase >= Self.baseSpacing {
                cache.setBase(for: key, count: strokes.count - 1)
            }
            guard let image = cache.makeImage(for: key, paper: paper) else { return }
            if let ink, ink.level == key.pixelsPerPoint {
                ink.composite(over: PixelRect(x: 0, y: 0, width: image.width, height: image.height),
                              of: UnsafeMutableRawPointer(image.pixels), stride: image.stride,
                              offset: (key.pixelRect.x, key.pixelRect.y), pixelsPerPoint: key.pixelsPerPoint,
                              paper: image.isOpaque ? paper : nil)
                image.markDirty()
            } else {
                drawStrokes([added][...], region: key.pixelRect, pixelsPerPoint: key.pixelsPerPoint, into: image,
                            at: (0, 0), rasterizer: rasterizer, raster: raster, paper: paper)
            }
            cache.noteDrawnSinceBase(key)
        } else if let baseCount = entry.baseCount, baseCount <= strokes.count {
            rebuild(key, from: baseCount)
        } else {
            request(key, withBase: true)
        }
    }

    /// Calls `body` with each tile of a level holding pixels of `pixels` (the document drawn at `level`) that a
    /// change there concerns: those cached, being drawn or asked for, and at the current zoom those in view (others
    /// may come too, for `body` to pass over).
    ///
    /// A stroke's bounds reach as many tiles as its extent (a diagonal across the coordinate range: 6 × 10⁷ at
    /// 100 %, 10¹⁰ at 1 600 %), and the engine holds a budget's worth. So the tiles are picked out of those held and
    /// those in view when the rectangle has more, and a change costs what is cached and on screen, however far the
    /// stroke goes. `body` may change the cache, the jobs and the requests.
    private func forEachTile(concernedBy pixels: PixelRect, level: Double, _ body: (TileKey) -> Void) {
        let covering = TileKey.keys(covering: pixels, pixelsPerPoint: level)
        let inView = level == viewport.pixelsPerPoint ? viewport.visible.intersection(pixels) : nil
        let viewKeys = inView.map { TileKey.keys(covering: $0, pixelsPerPoint: level) } ?? .none
        let held = cache.keys.count + inFlight.count + requests.count
        guard covering.underestimatedCount > held + viewKeys.underestimatedCount else {
            for key in covering { body(key) }
            return
        }
        var concerned = Set(viewKeys)
        func reaches(_ key: TileKey) -> Bool { key.pixelsPerPoint == level && key.pixelRect.intersection(pixels) != nil }
        for key in cache.keys where reaches(key) { concerned.insert(key) }
        for key in inFlight.keys where reaches(key) { concerned.insert(key) }
        for (key, _) in requests where reaches(key) { concerned.insert(key) }
        for key in concerned { body(key) }
    }

    /// Puts a tile back to its base and draws on it the strokes after the base that reach it.
    private func rebuild(_ key: TileKey, from baseCount: Int) {
        let reaching = index.strokes(reaching: key.documentRect).drop { $0 < baseCount }
        cache.restoreBase(for: key, paper: paper, drawnSince: reaching.count)
        guard !reaching.isEmpty, let image = cache.makeImage(for: key, paper: paper) else { return }
        drawStrokes(reaching.map { strokes[$0] }[...], region: key.pixelRect, pixelsPerPoint: key.pixelsPerPoint,
                    into: image, at: (0, 0), rasterizer: rasterizer, raster: raster, paper: paper)
    }

    // MARK: - Jobs

    /// Asks for a tile a frame lacks, unless it is being drawn already (asked for twice, it is asked for once).
    func requestUnlessUnderWay(_ key: TileKey) {
        if inFlight[key] == nil { request(key) }
    }

    /// Asks for a tile to be drawn (again); `withBase` also keeps a base a few strokes back, for the undos to come.
    func request(_ key: TileKey, withBase: Bool = false) {
        if let existing = requests.firstIndex(where: { $0.key == key }) {
            requests[existing].withBase = requests[existing].withBase || withBase
        } else {
            requests.append((key, withBase))
        }
    }

    /// The job that draws a tile from the strokes that reach it now. For an undo (`withBase`) it keeps a new base
    /// ``baseSpacing`` strokes back on the way, starting from the tile's deep base when that is still good, else
    /// from paper with a new deep base ``deepBaseSpacing`` strokes back.
    func makeJob(_ key: TileKey, withBase: Bool) -> TileJob {
        nextJobID += 1
        var reaching = index.strokes(reaching: key.documentRect)
        if let composition {
            // Layers composited: drawn whole from paper, layer by layer, with no copy kept on the way.
            var job = TileJob(id: nextJobID, key: key, region: key.pixelRect, strokes: reaching.map { strokes[$0] },
                              paper: paper, start: nil, snapshots: [], rasterizer: rasterizer)
            job.layers = LayerBlend.runs(of: reaching, in: composition)
            job.split = split
            return job
        }
        var start: [UInt8]?
        var snapshots: [TileJob.Snapshot] = []
        func snapshot(at count: Int) {
            snapshots.append(TileJob.Snapshot(count: count, index: reaching.firstIndex { $0 >= count } ?? reaching.count))
        }
        if withBase {
            let entry = cache[key]
            if let deepCount = entry?.deepBaseCount, deepCount <= strokes.count {
                start = entry?.deepBase.map(TileJob.bytes(of:))
                reaching.removeAll { $0 < deepCount }
                snapshot(at: max(strokes.count - Self.baseSpacing, deepCount))
            } else {
                let deepCount = max(strokes.count - Self.deepBaseSpacing, 0)
                snapshot(at: deepCount)
                snapshot(at: max(strokes.count - Self.baseSpacing, deepCount))
            }
        }
        return TileJob(id: nextJobID, key: key, region: key.pixelRect, strokes: reaching.map { strokes[$0] },
                       paper: paper, start: start, snapshots: snapshots, rasterizer: rasterizer)
    }

    /// Draws every request on this thread (no worker); the next frame shows the tiles of the zoom shown, as it
    /// shows those a worker brings (a tile drawn again for another ink layer may round a level apart).
    func drawRequestsNow() {
        let pending = requests
        requests = []
        for (key, withBase) in pending {
            if let shown = store(makeJob(key, withBase: withBase).render(raster: raster)) {
                changes.document.append(shown)
            }
        }
    }

    /// Hands requests to the worker, those on screen first, keeping at most ``jobsInFlight`` under way; drops
    /// requests for tiles not cached that went off screen.
    func submitJobs() {
        guard let worker else { return }
        requests.removeAll { request in cache[request.key] == nil && !isVisible(request.key) }
        while inFlight.count < Self.jobsInFlight, let next = requests.indices.first(where: { inFlight[requests[$0].key] == nil }) {
            let (key, withBase) = requests.remove(at: next)
            let job = makeJob(key, withBase: withBase)
            inFlight[key] = job
            worker.submit(job)
        }
    }

    /// Takes what the worker drew into the cache; returns the document pixels (at the zoom shown) it shows.
    ///
    /// One answer at a time: each answer's bytes are let go once its images are made, and the tiles are brought
    /// within their budget before the next, so that the answers and the tiles they push out are never all held at
    /// once (up to four answers of three tiles each in an undo walk: docs/performance.md, "Memory at 4K").
    func takeFinishedTiles() -> [PixelRect] {
        guard let worker else { return [] }
        var damage: [PixelRect] = []
        var finished = worker.takeFinished()
        finished.reverse()
        while let pixels = finished.popLast() {
            guard inFlight[pixels.key]?.id == pixels.id else { continue }
            inFlight[pixels.key] = nil
            if let rect = store(consume pixels) { damage.append(rect) }
            evictTiles()
        }
        return damage
    }

    /// Puts a drawn tile (and its base, if drawn) into the cache; returns its document pixels, if of the zoom
    /// shown. Each of the answer's copies is let go as soon as its image is made.
    @discardableResult
    func store(_ pixels: consuming TilePixels) -> PixelRect? {
        let key = pixels.key
        // Drawn for the split shown.
        partsToPutTogether.remove(key)
        let deep = cache[key].flatMap { entry in entry.deepBaseCount.map { (entry.deepBase, $0) } }
        cache.insert(key, image: pixels.image())
        pixels.bytes = nil
        if let layers = pixels.layers {
            pixels.layers = nil
            cache.setLayers(for: key, TileLayers(layers))
        }
        // Two copies: a new deep base and a base; one: a base over the deep base the job started from.
        if pixels.snapshots.count == 2 {
            let deepSnapshot = pixels.snapshots[0]
            pixels.snapshots[0].bytes = nil
            cache.setDeepBase(for: key, image: TilePixels.image(of: deepSnapshot.bytes, region: pixels.region),
                              count: deepSnapshot.count)
        } else if let (image, count) = deep, pixels.snapshots.count == 1, count <= strokes.count {
            cache.setDeepBase(for: key, image: image, count: count)
        }
        if let base = pixels.snapshots.last {
            cache.setBase(for: key, image: TilePixels.image(of: base.bytes, region: pixels.region), count: base.count,
                          drawnSince: base.drawnSince)
        }
        guard key.pixelsPerPoint == viewport.pixelsPerPoint else { return nil }
        return pixels.region
    }

    /// Withdraws a job under way: its answer, when it comes, is dropped.
    func withdraw(_ key: TileKey) {
        guard let job = inFlight.removeValue(forKey: key) else { return }
        worker?.withdraw(job.id)
    }

    /// Withdraws every job and request.
    private func withdrawAll() {
        for key in Array(inFlight.keys) { withdraw(key) }
        requests = []
    }
}
