@testable import BrushEngine
import Testing

/// A preset used as an eraser, a stroke at another zoom, and the preview a brush picker shows.
@Suite struct BrushPaintingTests {
    /// Red paper, `width` × `height`.
    static func redPaper(width: Int = 400, height: Int = 300) throws -> DabCanvas {
        var canvas = try #require(DabCanvas(width: width, height: height))
        canvas.fill(red: 1, green: 0, blue: 0)
        return canvas
    }

    static let blue = BrushColor(hue: 0.66, saturation: 1, value: 1)

    @Test(arguments: ["classic/pencil", "classic/charcoal", "classic/marker_fat", "deevad/large_watercolor_fringe"])
    func anyBrushUsedAsAnEraserTakesPaintAwayAlongItsPath(name: String) throws {
        let preset = try BrushPreset(named: name)
        let line = BrushDabsTests.line(pressure: 0.8)
        #expect(preset.dabs(along: line, color: Self.blue, erasing: true).allSatisfy { $0.alphaEraser == 0 })
        var erased = try Self.redPaper()
        preset.paint(along: line, color: Self.blue, erasing: true, onto: &erased)
        var painted = try Self.redPaper()
        preset.paint(along: line, color: Self.blue, onto: &painted)
        // On the path the eraser leaves less paint (alpha), no blue; the brush itself paints blue there, opaque.
        let onPath = erased.bytes(atColumn: 200, row: 200), brushed = painted.bytes(atColumn: 200, row: 200)
        #expect(onPath[3] < 200 && onPath[2] == 0, "\(name): \(onPath)")
        #expect(brushed[3] == 255 && brushed[2] > 20, "\(name): \(brushed)")
        // Away from it, the red paper as it was.
        #expect(erased.bytes(atColumn: 200, row: 40) == [255, 0, 0, 255])
    }

    /// A stroke placed on a canvas (at another scale, farther on) is the very dabs of the stroke, placed: for a brush
    /// that picks no colour up, the pixels of each dab drawn where the placement puts it.
    @Test(arguments: ["classic/pencil", "classic/charcoal", "classic/marker_fat", "classic/pen"])
    func aStrokePlacedIsItsDabsPlaced(name: String) throws {
        let preset = try BrushPreset(named: name)
        let line = BrushDabsTests.line(pressure: 0.7)
        for placement in [DabPlacement(scale: 2, x: 0, y: 0), DabPlacement(scale: 0.5, x: 30, y: -50),
                          DabPlacement(scale: 1.25, x: -7.5, y: 12)] {
            var painted = try #require(DabCanvas(width: 500, height: 400))
            preset.paint(along: line, color: Self.blue, onto: &painted, placement: placement)
            var drawn = try #require(DabCanvas(width: 500, height: 400))
            for dab in preset.dabs(along: line, color: Self.blue) { drawn.draw(placement.placed(dab)) }
            #expect(painted == drawn, "\(name) at \(placement)")
        }
    }

    /// The sum of alpha over a canvas, and where its weight lies.
    static func coverage(_ canvas: DabCanvas) -> (total: Double, x: Double, y: Double) {
        var total = 0.0, x = 0.0, y = 0.0
        for row in 0..<canvas.height {
            for column in 0..<canvas.width {
                let alpha = Double(canvas.channels[(row * canvas.width + column) * 4 + 3])
                total += alpha
                x += alpha * Double(column)
                y += alpha * Double(row)
            }
        }
        return (total, x / max(total, 1e-9), y / max(total, 1e-9))
    }

    /// The same stroke at twice the zoom covers about four times the pixels (each dab's edge sampled at the pixels'
    /// centres: within 15 %), its weight where it was, twice as far from the origin.
    @Test(arguments: ["classic/pencil", "classic/charcoal", "classic/marker_fat", "classic/pen"])
    func aStrokeAtTwiceTheZoomLooksTheSame(name: String) throws {
        let preset = try BrushPreset(named: name)
        let line = BrushDabsTests.line(pressure: 0.7)
        var once = try #require(DabCanvas(width: 400, height: 300))
        preset.paint(along: line, color: Self.blue, onto: &once)
        var twice = try #require(DabCanvas(width: 800, height: 600))
        preset.paint(along: line, color: Self.blue, onto: &twice, placement: DabPlacement(scale: 2, x: 0, y: 0))
        let small = Self.coverage(once), large = Self.coverage(twice)
        #expect(small.total > 50)
        #expect(abs(large.total / (4 * small.total) - 1) < 0.15, "\(name): \(large.total) against \(small.total)")
        #expect(abs(large.x - 2 * small.x) < 1.5 && abs(large.y - 2 * small.y) < 1.5, "\(name): \(large) \(small)")
    }

    /// Paper for previews: a warm band over a cool one, for a brush that smears to show by smearing them.
    static func previewPaper(width: Int = 160, height: Int = 48) throws -> DabCanvas {
        let channels = (0..<(width * height)).flatMap { pixel -> [Float] in
            pixel / width < height / 2 ? [1, 0.85, 0.3, 1] : [0.3, 0.55, 0.9, 1]
        }
        return try #require(DabCanvas(width: width, height: height, channels: channels))
    }

    /// Every installed preset paints its preview within the canvas, every pixel in range; nearly every one changes
    /// the paper (those that only keep to the paint already there or colourize it change nothing here).
    @Test func everyInstalledPresetPaintsAPreview() throws {
        let names = BrushPreset.installedNames()
        #expect(names.count > 100)
        var changing = 0
        for name in names {
            guard let preset = try? BrushPreset(named: name) else { continue }
            var canvas = try Self.previewPaper()
            let paper = canvas
            preset.paintPreview(color: Self.blue, onto: &canvas)
            let channels = canvas.channels
            let off = stride(from: 0, to: channels.count, by: 4).first { pixel in
                let alpha = channels[pixel + 3]
                return !(0...1).contains(alpha) || (0..<3).contains { !(0...alpha + 1e-5).contains(channels[pixel + $0]) }
            }
            #expect(off == nil, "\(name)")
            let changed = (0..<(canvas.width * canvas.height)).filter { pixel in
                canvas.bytes(atColumn: pixel % canvas.width, row: pixel / canvas.width)
                    != paper.bytes(atColumn: pixel % canvas.width, row: pixel / canvas.width)
            }
            if changed.count >= 50 { changing += 1 }
        }
        #expect(Double(changing) >= Double(names.count) * 0.95, "\(changing) of \(names.count) presets changed the paper")
    }

    /// A preview's dabs are fitted within its canvas: its edges stay as they were, for brushes small and large
    /// (the fat marker and the large round block are scaled down to fit).
    @Test(arguments: ["classic/pencil", "classic/pen", "classic/marker_fat", "classic/brush", "classic/calligraphy",
                      "kaerhon_v1/classicroundblock_static_c"])
    func aPreviewLeavesTheCanvasEdgesAsTheyWere(name: String) throws {
        let preset = try BrushPreset(named: name)
        var canvas = try Self.previewPaper()
        let paper = canvas
        #expect(preset.paintPreview(color: Self.blue, onto: &canvas) > 20)
        let edges = (0..<(canvas.width * canvas.height)).filter { pixel in
            let column = pixel % canvas.width, row = pixel / canvas.width
            return ([0, canvas.width - 1].contains(column) || [0, canvas.height - 1].contains(row))
                && canvas.bytes(atColumn: column, row: row) != paper.bytes(atColumn: column, row: row)
        }
        #expect(edges.isEmpty, "\(name): \(edges.count) pixels changed at the edges")
    }
}
