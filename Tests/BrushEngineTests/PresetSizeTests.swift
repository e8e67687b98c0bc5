@testable import BrushEngine
import CMyPaint
import PropertyBased
import Testing

/// A preset given another size, as MyPaint's size slider gives it: its dabs that much larger or smaller, everything
/// else about it the same, whatever the size asked.
@Suite struct PresetSizeTests {
    @Test(arguments: ["classic/pencil", "classic/charcoal", "deevad/airbrush", "classic/smudge"])
    func aResizedPresetLaysItsDabsThatMuchLarger(name: String) throws {
        let preset = try BrushPreset(named: name)
        let doubled = preset.resized(toRadius: 2 * preset.radius)
        #expect(abs(doubled.radius / preset.radius - 2) < 1e-4, "\(name): \(preset.radius) -> \(doubled.radius)")
        #expect(doubled.name == preset.name)
        // Every other setting and curve as it was.
        let radius = MYPAINT_BRUSH_SETTING_RADIUS_LOGARITHMIC_ID
        #expect(doubled.values.filter { $0.setting != radius } == preset.values.filter { $0.setting != radius })
        #expect(doubled.values.first { $0.setting == radius }?.curves == preset.values.first { $0.setting == radius }?.curves)
        let line = BrushDabsTests.line(pressure: 0.6)
        let before = preset.dabs(along: line, color: BrushDabsTests.black)
        let after = doubled.dabs(along: line, color: BrushDabsTests.black)
        func meanRadius(_ dabs: [BrushDab]) -> Float { dabs.reduce(0) { $0 + $1.radius } / Float(max(dabs.count, 1)) }
        let ratio = meanRadius(after) / meanRadius(before)
        #expect(ratio > 1.8 && ratio < 2.2, "\(name): dabs \(ratio)x as large")
        // The settings written again read back as the same preset.
        let reread = try BrushPreset(name: name, settings: doubled.settings)
        #expect(reread == doubled)
    }

    @Test func aPresetWithoutARadiusGetsOne() throws {
        let bare = try BrushPreset(name: "test/bare", settings: #"{"version": 3, "settings": {"opaque": {"base_value": 1, "inputs": {}}}}"#)
        #expect(bare.radius == 1)
        let resized = bare.resized(toRadius: 5)
        #expect(abs(resized.radius - 5) < 1e-4)
        #expect(resized.settings.contains(#""version":3"#), "\(resized.settings)")
    }

    @Test func anySizeAskedGivesAPresetWithinLibmypaintsRange() async {
        await propertyCheck(input: Gen<Double>.oneOf(Gen.double(in: -1e9...1e9), Gen.always(Double.nan), Gen.always(Double.infinity),
                                              Gen.always(0), Gen.double(in: 0...0.5))) { asked in
            let pencil = try BrushPreset(named: "classic/pencil")
            let resized = pencil.resized(toRadius: asked)
            if asked.isFinite, asked > 0 {
                let kept = min(max(asked, BrushPreset.radii.lowerBound), BrushPreset.radii.upperBound)
                #expect(abs(resized.radius - kept) <= 1e-4 * kept, "\(asked): \(resized.radius)")
            } else {
                #expect(resized == pencil)
            }
        }
    }
}

/// libmypaint's number of the radius setting, as the preset's values keep it.
private let MYPAINT_BRUSH_SETTING_RADIUS_LOGARITHMIC_ID = MYPAINT_BRUSH_SETTING_RADIUS_LOGARITHMIC.rawValue
