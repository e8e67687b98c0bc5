// `paint-benchmark blend`: what putting one layer's tile over the opaque pixels below costs with each blend mode,
// by our own loops (OpaqueBlending) and by Cairo, as a tile's parts are put together at every frame a finger draws
// on a layer under others (docs/performance.md, "Layers").
import CCairo
import Geometry
import Glibc
import PaintModel
import PaintRender

/// A 256 × 256 tile of a layer: 60 strokes of random colours, widths and opacities over clear pixels, about half
/// of them covered, as a layer's own pixels in a tile of the `layers` benchmark.
private func layerTile() -> ImageSurface {
    let image = ImageSurface(clearWidth: 256, height: 256)
    guard let context = cairo_create(image.surface) else { return image }
    var seeded = SplitMix(state: 11)
    func unit() -> Double { Double.random(in: 0..<1, using: &seeded) }
    cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
    for _ in 0..<60 {
        cairo_set_source_rgba(context, unit(), unit(), unit(), unit() < 0.6 ? 1 : 0.3 + unit() / 2)
        cairo_set_line_width(context, 2 + 14 * unit())
        cairo_move_to(context, 256 * unit(), 256 * unit())
        cairo_curve_to(context, 256 * unit(), 256 * unit(), 256 * unit(), 256 * unit(),
                       256 * unit(), 256 * unit())
        cairo_stroke(context)
    }
    cairo_destroy(context)
    cairo_surface_flush(image.surface)
    return image
}

/// Runs `paint-benchmark blend [--runs N]`: for normal and each mode `OpaqueBlending` puts, at full and half
/// opacity, the ns a pixel of putting the layer tile over an opaque tile 400 times, by Cairo
/// (`cairo_paint_with_alpha` with the mode's operator) and by our own loops; the median [range] of the runs.
func runBlendBenchmark(arguments: [String]) {
    let runs = runCount(in: arguments, default: 5)
    let layer = layerTile()
    let target = ImageSurface(width: 256, height: 256, fill: Color(red: 0.8, green: 0.7, blue: 0.5))
    let whole = PixelRect(x: 0, y: 0, width: 256, height: 256)
    let repeats = 400
    func nanosecondsAPixel(_ put: () -> Void) -> Double {
        let start = threadProcessorMilliseconds()
        for _ in 0..<repeats { put() }
        return (threadProcessorMilliseconds() - start) * 1_000_000 / Double(repeats * 256 * 256)
    }
    print("blend: a 256x256 layer tile (60 strokes, about half its pixels covered) put over an opaque tile, "
          + "ns a pixel of thread CPU, \(repeats) times a run; median [range] of \(runs) runs")
    let modes = [BlendMode.normal] + BlendMode.allCases.filter(OpaqueBlending.puts)
    for mode in modes {
        for opacity in [1.0, 0.5] {
            let look = LayerBlend(strokeCount: 0, opacity: opacity, blendMode: mode)
            var cairo: [Double] = [], ours: [Double] = []
            for _ in 0..<runs {
                cairo.append(nanosecondsAPixel {
                    guard let context = cairo_create(target.surface) else { return }
                    cairo_set_source_surface(context, layer.surface, 0, 0)
                    cairo_set_operator(context, mode.cairoOperator)
                    cairo_paint_with_alpha(context, opacity)
                    cairo_destroy(context)
                })
                if OpaqueBlending.puts(mode) {
                    ours.append(nanosecondsAPixel {
                        OpaqueBlending.put(layer, at: (0, 0), over: target, within: whole, look: look)
                    })
                }
            }
            func figure(_ values: [Double]) -> String {
                values.isEmpty ? "Cairo's"
                    : "\(cFormat("%.2f", percentile(values, 0.5))) [\(cFormat("%.2f", values.min() ?? 0))-"
                    + "\(cFormat("%.2f", values.max() ?? 0))]"
            }
            print("   \(mode) at \(Int(opacity * 100)) %: Cairo \(figure(cairo)), ours \(figure(ours))")
        }
    }
}
