@testable import BrushEngine
import CMyPaint
import PropertyBased
import Testing

/// A MyPaint preset's strokes as dabs: laid along where the hand went, the same each time, shaped by pressure as the
/// preset says, and never a trap whatever the samples or the settings.
@Suite struct BrushDabsTests {
    /// A line from (100, 200) to (300, 200) at 100 samples a second over a second, at one pressure.
    static func line(pressure: Double) -> [BrushSample] {
        (0...100).map { step in
            BrushSample(x: 100 + 2 * Double(step), y: 200, pressure: pressure, time: Double(step) / 100)
        }
    }

    static let black = BrushColor(hue: 0, saturation: 0, value: 0)

    @Test(arguments: ["classic/pencil", "classic/pen", "classic/charcoal", "classic/marker_fat", "classic/smudge"])
    func aStrokesDabsLieAlongItsPathAndAreTheSameEachTime(name: String) throws {
        let preset = try BrushPreset(named: name)
        let dabs = preset.dabs(along: Self.line(pressure: 0.7), color: Self.black)
        #expect(dabs.count >= 20, "\(name): \(dabs.count) dabs")
        for dab in dabs {
            // Within the line's reach: its length, and the dab's radius plus the preset's jitter either side.
            #expect((80...320).contains(dab.x) && abs(dab.y - 200) <= 20 + dab.radius, "\(name): \(dab)")
        }
        // From one end of the line to the other.
        let xs = dabs.map(\.x)
        #expect((xs.min() ?? 0) < 120 && (xs.max() ?? 0) > 280)
        #expect(preset.dabs(along: Self.line(pressure: 0.7), color: Self.black) == dabs, "the same samples, other dabs")
    }

    @Test func thePencilPressedHarderCoversMore() throws {
        let pencil = try BrushPreset(named: "classic/pencil")
        func coverage(_ pressure: Double) -> Float {
            pencil.dabs(along: Self.line(pressure: pressure), color: Self.black).reduce(0) {
                $0 + $1.opacity * $1.radius * $1.radius
            }
        }
        #expect(coverage(1) > 1.5 * coverage(0.2))
    }

    @Test func theBaseColourIsTheDabsColour() throws {
        let pen = try BrushPreset(named: "classic/pen")
        let red = pen.dabs(along: Self.line(pressure: 0.8), color: BrushColor(hue: 0, saturation: 1, value: 1))
        let dab = try #require(red.first)
        #expect(dab.red > 0.95 && dab.green < 0.05 && dab.blue < 0.05, "\(dab)")
    }

    @Test func theInstalledPresetsAreListedAndEachReads() throws {
        let names = BrushPreset.installedNames()
        #expect(names.count >= 100 && names.contains("classic/pencil") && names == names.sorted())
        for name in names { _ = try BrushPreset(named: name) }
    }

    @Test(arguments: ["classic/../../etc/passwd", "pencil", "classic/.hidden", "classic/nothing-by-that-name", ""])
    func aNameThatIsNoInstalledPresetIsRefusedWithWhy(name: String) {
        #expect(throws: BrushPreset.Failure.self) { try BrushPreset(named: name) }
    }

    /// Text that is no brush's, and settings libmypaint would abort the program on (a curve of one point, of more
    /// than 64, out of order) or that would make millions of dabs a step, are refused before libmypaint reads them.
    @Test(arguments: ["", "{", "not json", "{\"settings\": 3}", "[1, 2, 3]", "{\"version\": 3, \"settings\": {\"radius_logarithmic\": \"x\"}}",
                      #"{"version": 3, "settings": {"opaque": {"base_value": 0.9, "inputs": {"pressure": [[0.5]]}}}}"#,
                      #"{"version": 3, "settings": {"opaque": {"base_value": 0.9, "inputs": {"pressure": [[1, 0], [0, 1]]}}}}"#,
                      #"{"version": 3, "settings": {"dabs_per_actual_radius": {"base_value": 1e30, "inputs": {}}}}"#,
                      #"{"version": 3, "settings": {"dabs_per_actual_radius": {"base_value": 2, "inputs": {"speed1": [[0, 0], [1, 1e12]]}}}}"#])
    func settingsThatAreNoBrushAreRefused(settings: String) {
        #expect(throws: BrushPreset.Failure.self) { try BrushPreset(name: "bad", settings: settings) }
    }

    /// Any samples, numbers that are not numbers and places far away included, give dabs that are numbers, no more
    /// than the limit, and never a trap.
    @Test func anySamplesGiveFiniteDabs() async throws {
        let pencil = try BrushPreset(named: "classic/pencil")
        let values: [Double] = [0, 1, -1, 0.5, 250, -3e9, 4e12, .nan, .infinity, -.infinity, .greatestFiniteMagnitude]
        await propertyCheck(count: 60, input: Gen.int(in: 0...Int.max).array(of: 0...60)) { numbers in
            let chosen = numbers.map { values[$0 % values.count] }
            let samples = stride(from: 0, to: chosen.count - 4, by: 5).map { start in
                BrushSample(x: chosen[start], y: chosen[start + 1], pressure: chosen[start + 2], xTilt: chosen[start + 3],
                            yTilt: -chosen[start + 3], time: chosen[start + 4])
            }
            let dabs = pencil.dabs(along: samples, color: Self.black, viewZoom: samples.first?.x ?? 1,
                                   viewRotation: samples.first?.y ?? 0)
            #expect(dabs.count <= BrushPreset.largestDabCount)
            #expect(dabs.allSatisfy { $0.x.isFinite && $0.y.isFinite && $0.radius.isFinite && $0.opacity.isFinite })
        }
    }
}

/// The brush made from a preset's checked values lays the dabs libmypaint's own reader of the same file would.
@Suite struct BrushValuesTests {
    @Test(arguments: ["classic/pencil", "classic/charcoal", "classic/blend+paint", "deevad/large_watercolor_fringe",
                      "tanda/acrylic-03-paint", "classic/smudge"])
    func theDabsAreThoseOfLibmypaintsOwnReadingOfThePreset(name: String) throws {
        let preset = try BrushPreset(named: name)
        let read = try #require(mypaint_brush_new())
        defer { mypaint_brush_unref(read) }
        try #require(mypaint_brush_from_string(read, preset.settings) != 0)
        let samples = BrushDabsTests.line(pressure: 0.6)
        let color = BrushColor(hue: 0.3, saturation: 0.7, value: 0.6)
        let theirs = BrushPreset.withEngine {
            BrushPreset.dabs(of: read, along: samples, color: color, viewZoom: 1, viewRotation: 0)
        }
        #expect(!theirs.isEmpty)
        #expect(preset.dabs(along: samples, color: color) == theirs)
    }
}
