@testable import BrushEngine
import PropertyBased
import Testing

/// A stroke in progress worked out as its samples come gives the dabs the whole stroke gives, in whatever pieces the
/// samples come, and bad samples never trap it.
@Suite struct StrokeInProgressTests {
    /// A wavy pen stroke of `count` samples at 200 Hz, its pressure rising and falling.
    static func wave(_ count: Int) -> [BrushSample] {
        (0..<count).map { step in
            let t = Double(step) / 200
            return BrushSample(x: 100 + 300 * t, y: 200 + 40 * (t * 9).squareRoot() * (t * 20).truncatingRemainder(dividingBy: 2),
                               pressure: 0.3 + 0.5 * (t * 3).truncatingRemainder(dividingBy: 1), xTilt: 0.2, time: t)
        }
    }

    static let red = BrushColor(hue: 0, saturation: 0.9, value: 0.8)

    @Test(arguments: ["classic/pencil", "classic/pen", "classic/charcoal", "classic/marker_fat", "deevad/airbrush",
                      "deevad/watercolor_expressive"])
    func theDabsAsTheSamplesComeAreTheWholeStrokes(name: String) throws {
        let preset = try BrushPreset(named: name)
        let samples = Self.wave(240)
        let whole = preset.dabs(along: samples, color: Self.red)
        let stroke = try #require(BrushStrokeInProgress(preset: preset, color: Self.red))
        var dabs: [BrushDab] = []
        var start = 0
        for size in [1, 1, 3, 7, 20, 1, 50, 157] where start < samples.count {
            let end = min(start + size, samples.count)
            dabs += stroke.add(samples[start..<end])
            start = end
        }
        #expect(start == samples.count)
        let isWhole = dabs == whole
        #expect(isWhole, "\(name): \(dabs.count) dabs against \(whole.count)")
        #expect(stroke.dabCount == dabs.count)
    }

    @Test func anySamplesInAnyPiecesGiveTheWholeStrokesDabs() async throws {
        let pencil = try BrushPreset(named: "classic/pencil")
        let values: [Double] = [0, 1, -1, 0.5, 250, 90, 300, -3e9, 4e12, .nan, .infinity, -.infinity, 0.25]
        await propertyCheck(count: 60, input: Gen.int(in: 0...Int.max).array(of: 0...80), Gen.int(in: 1...9)) { numbers, piece in
            let chosen = numbers.map { values[$0 % values.count] }
            let samples = stride(from: 0, to: chosen.count - 3, by: 4).enumerated().map { index, start in
                BrushSample(x: chosen[start], y: chosen[start + 1], pressure: chosen[start + 2],
                            time: index.isMultiple(of: 5) ? chosen[start + 3] : Double(index) / 100)
            }
            let whole = pencil.dabs(along: samples, color: Self.red)
            let stroke = try #require(BrushStrokeInProgress(preset: pencil, color: Self.red))
            var dabs: [BrushDab] = []
            for start in stride(from: 0, to: samples.count, by: piece) {
                dabs += stroke.add(samples[start..<min(start + piece, samples.count)])
            }
            let isWhole = dabs == whole
            #expect(isWhole, "\(dabs.count) dabs against \(whole.count)")
        }
    }

    /// A preset of random numbers (offsets, radii, opacities) lays the same dabs for the same samples every time:
    /// after other strokes, beside a stroke in progress whose brush lives on, and worked out on several threads
    /// at once. (libmypaint reads memory of a new brush that it never set: that memory is made the same each time.)
    @Test(arguments: ["deevad/spray", "tanda/water-02", "deevad/airbrush"])
    func aPresetOfRandomNumbersLaysTheSameDabsEveryTime(name: String) async throws {
        let preset = try BrushPreset(named: name)
        let samples = Self.wave(200)
        let alone = preset.dabs(along: samples, color: Self.red)
        let beside = try #require(BrushStrokeInProgress(preset: try BrushPreset(named: "classic/charcoal"), color: Self.red))
        let besideIt = preset.dabs(along: samples, color: Self.red) == alone
        #expect(besideIt, "\(name): beside a stroke in progress")
        _ = beside.add(samples[0..<80])
        let afterIt = preset.dabs(along: samples, color: Self.red) == alone
        #expect(afterIt, "\(name): after it laid dabs")
        let others = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<12 {
                group.addTask {
                    let other = index.isMultiple(of: 3) ? BrushStrokeInProgress(preset: preset, color: Self.red) : nil
                    _ = other?.add(samples[0..<(index * 10 + 5)])
                    return preset.dabs(along: samples, color: Self.red) == alone
                }
            }
            return await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
        }
        #expect(others == 12, "\(name): \(12 - others) of 12 on other threads differed")
    }
}
