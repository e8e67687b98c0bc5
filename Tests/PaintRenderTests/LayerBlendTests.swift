import Geometry
import PaintModel
@testable import PaintRender
import PropertyBased
import Testing

/// A tile's strokes, split into their layers' runs for compositing.
@Suite struct LayerBlendTests {
    /// Any increasing positions among the strokes of any layers: the runs cover every position once, in order, one
    /// run a layer, and each run's strokes are all of its layer.
    @Test func theRunsOfATilesStrokesAreItsLayersInOrder() async {
        let input = zip(Gen.int(in: 0...12).array(of: 1...8), Gen.int(in: 0...Int.max))
        await propertyCheck(count: 500, input: input) { counts, choice in
            let composition = counts.enumerated().map { offset, count in
                LayerBlend(strokeCount: count, opacity: Double(offset % 3) / 2, blendMode: .allCases[offset % 16])
            }
            let total = counts.reduce(0, +)
            // Every position kept or not by the choice's bits, in order.
            let indices = (0..<total).filter { choice >> ($0 % 60) & 1 == 1 }
            let runs = LayerBlend.runs(of: indices, in: composition)
            #expect(runs.map(\.range).flatMap { Array($0) } == Array(indices.indices), "\(counts) \(indices)")
            // One run a layer, in order, each holding the positions of that layer's strokes and no other.
            #expect(runs.count == composition.count)
            var starts = [0]
            for count in counts { starts.append(starts[starts.count - 1] + count) }
            for (layer, run) in runs.enumerated() {
                #expect(run.blend == composition[layer])
                #expect(run.range.allSatisfy { (starts[layer]..<starts[layer + 1]).contains(indices[$0]) },
                        "\(counts) \(indices)")
            }
        }
    }

    @Test func aDrawingWhoseVisibleLayersAreOpaqueAndNormalNeedsNoComposition() {
        var drawing = Drawing(layers: [.first(), Layer(attributes: LayerAttributes(name: "B", opacity: 0.3, isVisible: false))])
        #expect(LayerBlend.composition(of: drawing) == nil)
        drawing.setLayer(at: 1, LayerAttributes(name: "B", opacity: 0.3))
        #expect(LayerBlend.composition(of: drawing)?.map(\.opacity) == [1, 0.3])
    }

    /// Layers of distinct strokes, `count` of them, each holding 1 to 3 strokes (layer `n`'s strokes start at x = n).
    static func layers(_ count: Int) -> [LayerContent] {
        (0..<count).map { layer in
            LayerContent(Layer(attributes: LayerAttributes(name: "L"), strokes: (0...(layer % 3)).map { stroke in
                Stroke(points: [StrokePoint(Point(x: Double(layer), y: Double(stroke))),
                                StrokePoint(Point(x: Double(layer) + 9, y: 0))], color: .black, width: 4)
            }))
        }
    }

    /// Any layers shown and aside, any of them restacked (shuffled, some left out, empty ones put in): each layer
    /// restacked comes from one of them holding the same, none twice, an empty one from none; the layers kept aside
    /// are those left out that held something, the last two; a layer holding something new is no restack, and
    /// neither are the layers shown as they were.
    @Test func aRestackTakesEachLayerFromOneThatHeldTheSame() async {
        let input = zip(Gen.int(in: 0...8), Gen.int(in: 0...3), Gen.int(in: 0...Int.max).array(of: 0...12))
        await propertyCheck(count: 500, input: input) { shownCount, asideCount, choices in
            let pool = Self.layers(shownCount + asideCount)
            let before = ShownLayers(shown: Array(pool[..<shownCount]), aside: Array(pool[shownCount...]))
            // Each choice takes a layer of the pool not taken yet, or puts in an empty one.
            var left = Array(pool.indices), layers: [LayerContent] = [], from: [Int?] = []
            for choice in choices {
                if choice % 4 == 0 || left.isEmpty {
                    layers.append(LayerContent(Layer(attributes: LayerAttributes(name: "Empty"))))
                    from.append(nil)
                } else {
                    from.append(left.remove(at: choice % left.count))
                    layers.append(pool[from[from.count - 1] ?? 0])
                }
            }
            guard let restack = before.restack(to: layers) else {
                #expect(from == (0..<shownCount).map { Int?($0) }, "\(from)")
                return
            }
            #expect(restack.positions == from, "\(from)")
            let leftOut = (Array(shownCount..<pool.count) + Array(0..<shownCount)).filter { !from.contains($0) }
            #expect(restack.aside == Array(leftOut.suffix(ShownLayers.asideLimit)), "\(from)")
            let after = before.restacked(restack, to: layers)
            #expect(after.aside.count == restack.aside.count && after.shown.count == layers.count)
            // A layer holding something new is no restack.
            let new = LayerContent(Layer(attributes: LayerAttributes(name: "New"), strokes: [
                Stroke(points: [StrokePoint(Point(x: 99, y: 99))], color: .black, width: 1),
            ]))
            #expect(before.restack(to: layers + [new]) == nil)
        }
    }
}
