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
}
