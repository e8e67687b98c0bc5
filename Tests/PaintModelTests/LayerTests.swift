import Testing
import PaintModel
import Geometry
import PropertyBased

/// A drawing's layers: strokes go to the current layer, every layer change is one edit in the one history, and the
/// history replays, folds and is written and read back with its layers.
@Suite struct LayerTests {
    static func attributes(_ name: String, opacity: Double = 1, visible: Bool = true, blend: BlendMode = .normal,
                           locked: Bool = false) -> LayerAttributes {
        LayerAttributes(name: name, opacity: opacity, isVisible: visible, blendMode: blend, isLocked: locked)
    }

    static func names(_ drawing: Drawing) -> [String] { drawing.layers.map(\.attributes.name) }

    @Test func aNewDrawingIsOneEmptyLayerNamedLayer1() {
        let drawing = Drawing()
        #expect(Self.names(drawing) == ["Layer 1"])
        #expect(drawing.currentLayerIndex == 0 && drawing.isPristine)
        // A drawing of strokes alone (a document of an earlier version) is those strokes on that one layer.
        let old = Drawing(strokes: [stroke(0), stroke(40)])
        #expect(old.layers == [Layer.first(strokes: [stroke(0), stroke(40)])])
        #expect(old.strokes == [stroke(0), stroke(40)])
    }

    @Test func strokesGoToTheCurrentLayerAndShowBottomFirst() throws {
        var drawing = Drawing()
        drawing.add(stroke(0))
        #expect(drawing.addLayer(at: 1, Self.attributes("Ink")) != nil)
        // A new layer is not made current by the model: the window chooses (it selects the layer it added).
        #expect(drawing.currentLayerIndex == 0)
        drawing.apply(.selectLayer(1))
        drawing.add(stroke(50))
        drawing.apply(.selectLayer(0))
        drawing.add(stroke(100))
        #expect(drawing.layers[0].strokes == [stroke(0), stroke(100)])
        #expect(drawing.layers[1].strokes == [stroke(50)])
        // Shown bottom first: the lower layer's strokes under the upper's.
        #expect(drawing.strokes == [stroke(0), stroke(100), stroke(50)])
        #expect(drawing.currentLayerRange == 0..<2)
        drawing.apply(.selectLayer(1))
        #expect(drawing.currentLayerRange == 2..<3)
        // A hidden layer shows nothing, and its strokes have no place among those shown.
        #expect(drawing.setLayer(at: 0, Self.attributes("Layer 1", visible: false)) != nil)
        #expect(drawing.strokes == [stroke(50)] && drawing.currentLayerRange == 0..<1)
        drawing.apply(.selectLayer(0))
        #expect(drawing.currentLayerRange == nil)
    }

    @Test func undoAndRedoWalkStrokesAndLayerChangesInTheOrderTheyHappened() throws {
        var drawing = Drawing()
        var states: [Drawing] = [drawing]
        func step(_ edit: DrawingEdit) {
            #expect(drawing.apply(edit) != nil, "\(edit)")
            states.append(drawing)
        }
        step(.add(stroke(0)))
        step(.addLayer(at: 1, Self.attributes("Sketch")))
        drawing.apply(.selectLayer(1))
        step(.add(stroke(50)))
        step(.setLayer(at: 1, Self.attributes("Sketch", opacity: 0.5, blend: .multiply)))
        step(.duplicateLayer(at: 1))
        step(.moveLayer(from: 2, to: 0))
        step(.erase([0]))
        step(.removeLayer(at: 2))
        step(.clear)
        #expect(Self.names(drawing) == ["Sketch copy", "Layer 1"])
        // Each undo takes back one edit, layer edits and stroke edits alike, back to the empty drawing.
        for expected in states.dropLast().reversed() {
            #expect(drawing.undo() != nil)
            #expect(drawing.layers == expected.layers)
        }
        #expect(drawing.undo() == nil && !drawing.canUndo)
        // And redo walks forward again through the same states.
        for expected in states.dropFirst() {
            #expect(drawing.redo() != nil)
            #expect(drawing.layers == expected.layers)
        }
        #expect(drawing.redo() == nil)
    }

    @Test func theCurrentLayerFollowsItsLayer() {
        var drawing = Drawing(layers: [.first(), Layer(attributes: Self.attributes("B")), Layer(attributes: Self.attributes("C"))])
        drawing.apply(.selectLayer(1))
        // A layer put below moves the current one up; one put above leaves it.
        drawing.addLayer(at: 0, Self.attributes("Under"))
        #expect(drawing.currentLayer.attributes.name == "B" && drawing.currentLayerIndex == 2)
        drawing.addLayer(at: 4, Self.attributes("Over"))
        #expect(drawing.currentLayerIndex == 2)
        // Moved, it is still current.
        drawing.moveLayer(from: 2, to: 4)
        #expect(drawing.currentLayer.attributes.name == "B" && drawing.currentLayerIndex == 4)
        drawing.moveLayer(from: 0, to: 3)
        #expect(drawing.currentLayer.attributes.name == "B")
        // Removed, the layer below it becomes current; the bottom one removed, the new bottom one.
        drawing.removeLayer(at: 4)
        #expect(drawing.currentLayer.attributes.name == "Under" && drawing.currentLayerIndex == 3)
        drawing.apply(.selectLayer(0))
        drawing.removeLayer(at: 0)
        #expect(drawing.currentLayerIndex == 0 && drawing.currentLayer.attributes.name == "C")
        // Undone, the removal puts the layer back, and the current one is still the same layer.
        drawing.undo()
        #expect(drawing.currentLayer.attributes.name == "C")
    }

    @Test func aLockedLayerRefusesPaintingAndErasingButNotBeingUnlocked() {
        var drawing = Drawing(strokes: [stroke(0), stroke(40)])
        let locked = Self.attributes("Layer 1", locked: true)
        #expect(drawing.setLayer(at: 0, locked) != nil)
        #expect(!drawing.isCurrentLayerEditable)
        for edit: DrawingEdit in [.add(stroke(80)), .erase([0]), .clear, .replace(at: 1, with: stroke(90))] {
            #expect(drawing.apply(edit) == nil, "\(edit)")
        }
        #expect(drawing.strokes == [stroke(0), stroke(40)])
        // Layer edits still apply: it can be unlocked, then painted on.
        #expect(drawing.setLayer(at: 0, Self.attributes("Layer 1")) != nil)
        #expect(drawing.add(stroke(80)) != nil)
    }

    @Test func editsOutsideTheStackOrThatChangeNothingAreNone() {
        var drawing = Drawing()
        #expect(drawing.removeLayer(at: 0) == nil, "the last layer is never removed")
        #expect(drawing.addLayer(at: 2, Self.attributes("x")) == nil)
        #expect(drawing.addLayer(at: -1, Self.attributes("x")) == nil)
        #expect(drawing.moveLayer(from: 0, to: 0) == nil)
        #expect(drawing.moveLayer(from: 0, to: 1) == nil)
        #expect(drawing.setLayer(at: 0, .init(name: "Layer 1")) == nil)
        #expect(drawing.setLayer(at: 1, .init(name: "x")) == nil)
        #expect(drawing.duplicateLayer(at: 1) == nil)
        #expect(drawing.apply(.selectLayer(0)) == nil && drawing.apply(.selectLayer(-3)) == nil)
        #expect(!drawing.canUndo && drawing.isPristine)
    }

    @Test func attributesKeepToTheirRanges() {
        #expect(LayerAttributes(name: "a", opacity: .nan).opacity == 1)
        #expect(LayerAttributes(name: "a", opacity: 1.5).opacity == 1)
        #expect(LayerAttributes(name: "a", opacity: -0.2).opacity == 0)
        #expect(LayerAttributes(name: "a", opacity: -.infinity).opacity == 0)
        // A name longer than the limit is cut at a character, never inside one.
        let long = String(repeating: "é", count: 400)
        let cut = LayerAttributes(name: long).name
        #expect(cut.utf8.count <= LayerAttributes.maximumNameBytes && cut.utf8.count >= LayerAttributes.maximumNameBytes - 1)
        #expect(cut.allSatisfy { $0 == "é" })
        #expect(LayerAttributes.defaultName(number: 3) == "Layer 3")
    }

    @Test func layerEditsBeyondTheUndoLimitFoldIntoTheBaseLayers() {
        var drawing = Drawing()
        for number in 0..<(Drawing.undoLimit + 10) {
            drawing.addLayer(at: drawing.layers.count, Self.attributes("L\(number)"))
        }
        #expect(drawing.layers.count == Drawing.undoLimit + 11)
        // The ten oldest are in the base now: undoing everything leaves them.
        #expect(drawing.baseLayers.count == 11)
        while drawing.undo() != nil {}
        #expect(Self.names(drawing) == ["Layer 1"] + (0..<10).map { "L\($0)" })
    }

    /// A merge down gives the lower layer the upper one's strokes over its own (or the merged picture alone), keeps
    /// the lower layer's attributes, paints on it if the upper one was current, and is one edit that undoes; the
    /// bottom layer has nothing to merge into, and a layer holding a picture merges only as a picture.
    @Test func aMergeDownIsTheLayersInOneAndOneEditThatUndoes() throws {
        let photo = try #require(LayerImageTests.image())
        var drawing = Drawing(layers: [
            Layer(attributes: Self.attributes("Sketch", opacity: 0.5), strokes: [stroke(0)]),
            Layer(attributes: Self.attributes("Ink", blend: .multiply), strokes: [stroke(40), stroke(80)]),
            Layer(attributes: Self.attributes("Photo"), image: photo),
        ])
        drawing.apply(.selectLayer(1))
        let before = drawing.layers
        #expect(drawing.mergeLayerDown(at: 0) == nil)
        #expect(drawing.mergeLayerDown(at: 2) == nil, "a picture cannot go over the strokes below as strokes")
        #expect(drawing.mergeLayerDown(at: 1) == .replaced)
        #expect(Self.names(drawing) == ["Sketch", "Photo"] && drawing.currentLayerIndex == 0)
        #expect(drawing.layers[0].strokes == [stroke(0), stroke(40), stroke(80)])
        #expect(drawing.layers[0].attributes == Self.attributes("Sketch", opacity: 0.5))
        let merged = try #require(LayerImageTests.image(shade: 30))
        #expect(drawing.mergeLayerDown(at: 1, into: merged) != nil)
        #expect(drawing.layers == [Layer(attributes: Self.attributes("Sketch", opacity: 0.5), image: merged)])
        drawing.undo()
        drawing.undo()
        #expect(drawing.layers == before)
        drawing.redo()
        #expect(drawing.layers.map(\.strokes.count) == [3, 0])
        // Written as it happened after the layers it began from and read back, it is the same drawing.
        let edits: [DrawingEdit] = [.selectLayer(1), .mergeLayerDown(at: 1, into: nil), .mergeLayerDown(at: 1, into: merged)]
        var replayed = Drawing(layers: before)
        for edit in edits { replayed.apply(edit) }
        let bytes = DrawingDocument.encode(Drawing(layers: before)) + edits.flatMap(DrawingDocument.record)
        let read = try DrawingDocument.read(bytes)
        #expect(read.drawing.layers == replayed.layers && !read.isDamaged)
    }

    /// A random session of stroke and layer edits, as numbers: the drawing, and the edits that did something.
    static func session(_ numbers: [Int], observing observe: (Drawing, DrawingChange, Drawing) -> Void = { _, _, _ in })
        -> (drawing: Drawing, edits: [DrawingEdit]) {
        var drawing = Drawing()
        var edits: [DrawingEdit] = []
        for number in numbers {
            let before = drawing
            let edit = Self.edit(number, in: drawing)
            if let change = drawing.apply(edit) {
                edits.append(edit)
                observe(before, change, drawing)
            }
        }
        return (drawing, edits)
    }

    /// The edit a number makes of a drawing.
    static func edit(_ number: Int, in drawing: Drawing) -> DrawingEdit {
        let count = drawing.layers.count
        let position = (number >> 4) % count, other = (number >> 12) % count
        switch number % 15 {
        case 0, 1:
            let added = stroke(Double(number % 300), color: number % 9, width: Double(1 + number % 30))
            // Now and then two at once, as a duplicate or a paste adds them.
            return number & 1024 == 0 ? .add(added) : .addStrokes([added, stroke(Double(number % 70), width: 2)])
        case 2:
            let strokes = drawing.currentLayer.strokes.count
            return .erase(strokes == 0 ? [0] : Array(Set([(number >> 8) % strokes, (number >> 16) % strokes])).sorted())
        case 3: return .undo
        case 4: return .redo
        case 5: return .selectLayer(position)
        case 6:
            let blend = BlendMode.allCases[(number >> 8) % BlendMode.allCases.count]
            return .addLayer(at: (number >> 4) % (count + 1),
                             Self.attributes("L \(number % 97) <&\"é", opacity: Double(number % 101) / 100, blend: blend))
        case 7: return .duplicateLayer(at: position)
        case 8: return .removeLayer(at: position)
        case 9: return .moveLayer(from: position, to: other)
        case 10:
            return .setLayer(at: position, Self.attributes("R\(number % 13)", opacity: Double(number % 7) / 6,
                                                           visible: number & 64 == 0, locked: number & 128 != 0))
        case 12:
            let origin = Point(x: Double(number % 50), y: Double((number >> 6) % 50))
            guard let image = LayerImageTests.image(at: origin, shade: UInt8(truncatingIfNeeded: number >> 20)) else {
                return .undo
            }
            return .addImageLayer(at: (number >> 4) % (count + 1), Self.attributes("P\(number % 11)"), image)
        case 13:
            let strokes = drawing.currentLayer.strokes.count
            let cut = ImageCut(points: [Point(x: Double(number % 40), y: 3), Point(x: 9, y: Double((number >> 7) % 40))],
                               radius: Double(1 + number % 9))
            return .erase(strokes == 0 || number & 512 == 0 ? [] : [(number >> 10) % strokes], cut: cut)
        case 14:
            return .mergeLayerDown(at: position, into: number & 1024 == 0 ? nil : LayerImageTests.image(shade: 30))
        case 11:
            // Strokes moved, scaled, turned or flipped; now and then a transform that keeps no shape, refused.
            let strokes = drawing.currentLayer.strokes.count
            let indices = strokes == 0 ? [0] : Array(Set([(number >> 8) % strokes, (number >> 14) % strokes])).sorted()
            // Now and then moved to another layer instead (refused onto the current one, or a locked one).
            if number & (1 << 15) != 0 { return .moveStrokes(indices, toLayer: other) }
            let center = Point(x: Double(number % 90), y: Double((number >> 5) % 90))
            var transform = AffineTransform(scale: Double(1 + (number >> 9) % 4) / 2, rotation: Double(number % 7),
                                            about: center)
            if number & 4096 != 0 { transform = transform.concatenating(AffineTransform(flippingHorizontally: true, about: center)) }
            if number & (1 << 13) != 0 { transform.c += 0.5 }
            return .transform(indices, by: transform)
        default:
            let strokes = drawing.currentLayer.strokes.count
            return number & 256 == 0 ? .clear : .replace(at: strokes == 0 ? 0 : (number >> 9) % strokes, with: stroke(7, width: 3))
        }
    }

    /// Every change an edit returns says what became of the strokes shown: done to the strokes before, it gives the
    /// strokes after (a renderer redraws only that).
    @Test func everyChangeSaysWhatBecameOfTheStrokesShown() async {
        await propertyCheck(count: 400, input: Self.sessions) { numbers in
            _ = Self.session(numbers) { before, change, after in
                var shown = before.strokes
                let now = after.strokes
                switch change {
                case let .appended(stroke): shown.append(stroke)
                case let .truncated(count): shown.removeLast(max(shown.count - count, 0))
                case .cleared: shown = []
                case .restored, .replaced: shown = now
                case let .removed(positions): for position in positions.reversed() { shown.remove(at: position) }
                case let .inserted(positions):
                    for position in positions where position <= shown.count && position < now.count {
                        shown.insert(now[position], at: position)
                    }
                case let .restroked(positions):
                    for position in positions where shown.indices.contains(position) && now.indices.contains(position) {
                        shown[position] = now[position]
                    }
                case .unchanged: break
                }
                #expect(shown == now, "\(numbers): \(change)")
            }
        }
    }

    static let sessions = Gen.int(in: 0...Int.max).array(of: 0...60)

    /// Any session: two layers of one revision, anywhere in it, hold the same picture and strokes, so a layer whose
    /// picture or strokes an edit changes has a revision no layer had; a layer copied (duplicated, taken out and put
    /// back by an undo, moved, its attributes set) keeps its revision and is equal to the one it came from.
    @Test func aLayersRevisionTellsWhatItHolds() async {
        await propertyCheck(count: 300, input: Self.sessions) { numbers in
            var seen: [LayerRevision: Layer] = [:]
            _ = Self.session(numbers) { before, _, after in
                for layer in before.layers + after.layers {
                    guard let known = seen[layer.revision] else {
                        seen[layer.revision] = layer
                        continue
                    }
                    #expect(known.strokes == layer.strokes && known.image == layer.image, "\(numbers)")
                }
            }
            let copy = Layer(attributes: Self.attributes("A"), strokes: [stroke(1)])
            var moved = copy
            moved.attributes.name = "B"
            #expect(moved.revision == copy.revision && moved != copy)
            moved.attributes.name = "A"
            #expect(moved == copy)
            // Equal layers of other revisions are equal all the same.
            #expect(Layer(attributes: Self.attributes("A"), strokes: [stroke(1)]) == copy)
        }
    }

    @Test func theCompactHistoryMakesTheSameDrawing() async {
        await propertyCheck(count: 300, input: Self.sessions) { numbers in
            let drawing = Self.session(numbers).drawing
            let again = Drawing(baseLayers: drawing.baseLayers, edits: drawing.compactEdits)
            #expect(again == drawing, "\(numbers)")
        }
    }

    @Test func aLayeredDrawingIsWrittenAndReadBackIdentical() async {
        await propertyCheck(count: 300, input: Self.sessions) { numbers in
            let drawing = Self.session(numbers).drawing
            let contents = try? DrawingDocument.read(DrawingDocument.encode(drawing))
            #expect(contents?.drawing == drawing && contents?.isDamaged == false, "\(numbers)")
        }
    }

    /// A journal is its header and a record for each edit as it happened, layer choices included: read back, it is
    /// the drawing the window had.
    @Test func aJournalOfEveryEditAsItHappenedReadsBackAsTheDrawing() async {
        await propertyCheck(count: 300, input: Self.sessions) { numbers in
            let (drawing, edits) = Self.session(numbers)
            let bytes = DrawingDocument.header() + edits.flatMap { DrawingDocument.record($0) }
            let contents = try? DrawingDocument.read(bytes)
            #expect(contents?.drawing == drawing && contents?.isDamaged == false, "\(numbers)")
        }
    }

    /// A document of the layered version read by a reader of the version before: what a reader of version 4 (an
    /// older fingerpaint) does with a layer record is to find a kind it does not know, which is damage, so a layer
    /// record in a document that says it is of version 4 is damage here too, and the strokes before it come back.
    @Test func aLayerRecordInADocumentOfAnEarlierVersionIsDamage() throws {
        let records = DrawingDocument.record(.add(stroke(0))) + DrawingDocument.record(.addLayer(at: 1, .init(name: "x")))
            + DrawingDocument.record(.add(stroke(40)))
        let current = try DrawingDocument.read(DrawingDocument.header() + records)
        #expect(current.drawing.layers.count == 2 && !current.isDamaged)
        let older = try DrawingDocument.read(DrawingDocument.header(version: 4) + records)
        #expect(older.isDamaged)
        #expect(older.drawing.strokes.first == stroke(0) && older.drawing.layers.count == 1)
    }
}
