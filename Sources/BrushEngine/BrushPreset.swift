// A MyPaint brush preset (a `.myb` file: JSON of settings and their input curves) and the presets installed on this
// machine (Debian's mypaint-brushes). Contract: a preset's text is read and checked here, once, and kept whole (a
// drawing can keep the settings it was painted with, docs/brushes.md); libmypaint is given only the values checked,
// through its API, never the text (its own reader aborts the program on settings it does not expect).
import CMyPaint
import FoundationEssentials
import Localization

/// A brush preset: its name and its settings, as MyPaint writes them.
public struct BrushPreset: Hashable, Sendable {
    /// Why a preset cannot be had, in a painter's words (`description`).
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// The preset's name.
        public var name: String
        /// Why, in words that fit after "cannot use the brush NAME: ".
        public var reason: String

        // Translators: %1$s is a brush's name, as "classic/pencil", %2$s why it cannot be used.
        public var description: String { localized("cannot use the brush %1$s: %2$s", name, reason) }

        /// Why the preset `name` cannot be had.
        public init(name: String, reason: String) {
            self.name = name
            self.reason = reason
        }
    }

    /// The preset's name: its folder and file name without `.myb`, as `classic/pencil`.
    public let name: String
    /// The preset's settings, the `.myb` file's text.
    public let settings: String
    /// The settings libmypaint knows, checked, as it is given them.
    let values: [SettingValue]

    /// One setting as libmypaint is given it: its base value and the curves that add to it.
    struct SettingValue: Hashable, Sendable {
        /// A curve: for an input, its points' input values (in order) and what each adds.
        struct Curve: Hashable, Sendable {
            var input: UInt32
            var xs: [Float]
            var ys: [Float]
        }

        /// The setting, as libmypaint numbers it (`MyPaintBrushSetting`).
        var setting: UInt32
        var baseValue: Float
        var curves: [Curve]
    }

    /// The most bytes of settings read: presets are a few KiB.
    public static let largestSettings = 1 << 20

    /// Where Debian's mypaint-brushes puts its presets, one folder a collection.
    public static let installedFolder = "/usr/share/mypaint-data/2.0/brushes"

    /// A preset of these settings; throws, saying why, when they are not a MyPaint brush's of version 3 within the
    /// ranges ``values(of:)`` checks.
    public init(name: String, settings: String) throws(Failure) {
        guard settings.utf8.count <= Self.largestSettings else {
            throw Failure(name: name, reason: localized("its settings are larger than a brush's (1 MiB)"))
        }
        switch Self.values(of: settings) {
        case let .success(values): self.values = values
        case let .failure(problem): throw Failure(name: name, reason: problem.reason)
        }
        self.name = name
        self.settings = settings
    }

    /// Whether the preset picks up the colour under it and drags it along (its smudge setting, by its base value
    /// or by any input), as a smudge or blending brush does.
    public var smears: Bool {
        let smudge = MYPAINT_BRUSH_SETTING_SMUDGE.rawValue
        return values.contains { $0.setting == smudge && ($0.baseValue > 0 || $0.curves.contains { $0.ys.contains { $0 > 0 } }) }
    }

    /// A new libmypaint brush of these settings: each setting the preset holds, with its curves; those it does not
    /// hold stay 0, as libmypaint's own reader of the file leaves them (the dabs are the same as from that reader's
    /// brush). `erasing`: the brush used as an eraser, its eraser setting 1 whatever the preset says, so each dab
    /// takes paint away where it would have put it. `nil` when libmypaint cannot make one.
    func makeBrush(erasing: Bool = false) -> OpaquePointer? {
        // libmypaint reads some of a new brush's memory before it sets it (valgrind: in its first stroke_to), so a
        // preset of random numbers laid other dabs as the heap held other bytes there: the memory glibc gives it is
        // filled with one byte (M_PERTURB), the same every time. Calls come one at a time (withEngine).
        mallopt(M_PERTURB, 0x5A)
        let made = mypaint_brush_new()
        mallopt(M_PERTURB, 0)
        guard let brush = made else { return nil }
        defer {
            if erasing {
                mypaint_brush_set_base_value(brush, MYPAINT_BRUSH_SETTING_ERASER, 1)
                for input in 0..<MYPAINT_BRUSH_INPUTS_COUNT.rawValue {
                    mypaint_brush_set_mapping_n(brush, MYPAINT_BRUSH_SETTING_ERASER, MyPaintBrushInput(rawValue: input), 0)
                }
            }
        }
        for value in values {
            let setting = MyPaintBrushSetting(rawValue: value.setting)
            mypaint_brush_set_base_value(brush, setting, value.baseValue)
            for input in 0..<MYPAINT_BRUSH_INPUTS_COUNT.rawValue {
                mypaint_brush_set_mapping_n(brush, setting, MyPaintBrushInput(rawValue: input), 0)
            }
            for curve in value.curves {
                let input = MyPaintBrushInput(rawValue: curve.input)
                mypaint_brush_set_mapping_n(brush, setting, input, Int32(curve.xs.count))
                for index in curve.xs.indices {
                    mypaint_brush_set_mapping_point(brush, setting, input, Int32(index), curve.xs[index], curve.ys[index])
                }
            }
        }
        return brush
    }

    /// The installed preset named `name` (`collection/brush`) in `folder`; throws when there is none by that name or
    /// it cannot be read.
    public init(named name: String, in folder: String = installedFolder) throws(Failure) {
        guard Self.isPresetName(name) else {
            throw Failure(name: name, reason: localized("a brush is named as its collection and name, as classic/pencil"))
        }
        let path = folder + "/" + name + ".myb"
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)) else {
            throw Failure(name: name, reason: localized("there is no such brush in %s", folder))
        }
        guard data.count <= Self.largestSettings, let text = String(validating: data, as: UTF8.self) else {
            throw Failure(name: name, reason: localized("its file is not a MyPaint brush's"))
        }
        try self.init(name: name, settings: text)
    }

    /// The names of the presets installed in `folder`, sorted: `collection/brush` for each `.myb` file one folder
    /// down.
    public static func installedNames(in folder: String = installedFolder) -> [String] {
        let files = FileManager.default
        guard let collections = try? files.contentsOfDirectory(atPath: folder) else { return [] }
        return collections.flatMap { collection -> [String] in
            let brushes = (try? files.contentsOfDirectory(atPath: folder + "/" + collection)) ?? []
            return brushes.filter { $0.hasSuffix(".myb") }.map { collection + "/" + $0.dropLast(".myb".count) }
        }
        .filter(isPresetName)
        .sorted()
    }

    /// A `.myb` file as far as it is read: its version, and each setting's base value and curves, a curve a list of
    /// points, each an input value and what it adds.
    struct SettingsFile: Codable {
        struct Setting: Codable {
            var base_value: Double
            var inputs: [String: [[Double]]]
        }
        var version: Int
        var settings: [String: Setting]
    }

    /// The most points a curve of libmypaint's has.
    static let largestCurve = 64

    /// The settings in `text` libmypaint knows, as it is given them, or why there are none, in words that fit after
    /// "cannot use the brush NAME: ". JSON of version 3 whose known settings have base values within their ranges,
    /// and curves of none, or of 2 to 64 points of two numbers each, their inputs in order, adding no more than the
    /// setting's range either way (more makes a brush lay millions of dabs a step). Settings and inputs libmypaint
    /// does not know are left out, as it leaves them.
    static func values(of text: String) -> Result<[SettingValue], PresetProblem> {
        guard let file = try? JSONDecoder().decode(SettingsFile.self, from: Data(text.utf8)) else {
            return .failure(PresetProblem(localized("its settings are not a MyPaint brush's")))
        }
        guard file.version == 3 else {
            return .failure(PresetProblem(localized("its settings are of MyPaint's version %d, and fingerpaint reads version 3", file.version)))
        }
        var values: [SettingValue] = []
        for (settingName, setting) in file.settings.sorted(by: { $0.key < $1.key }) {
            let id = mypaint_brush_setting_from_cname(settingName)
            guard id.rawValue < MYPAINT_BRUSH_SETTINGS_COUNT.rawValue, let info = mypaint_brush_setting_info(id)?.pointee
            else { continue }
            let range = Double(info.max) - Double(info.min)
            guard setting.base_value.isFinite,
                  Double(info.min) - 1e-3...Double(info.max) + 1e-3 ~= setting.base_value else {
                // Translators: %1$s is the name of a brush's setting (as "radius_logarithmic"), %2$s and %3$s the
                // ends of its range.
                return .failure(PresetProblem(localized("its %1$s is outside %2$s…%3$s", settingName, info.min, info.max)))
            }
            var value = SettingValue(setting: id.rawValue, baseValue: Float(setting.base_value), curves: [])
            for (inputName, points) in setting.inputs.sorted(by: { $0.key < $1.key }) {
                let input = mypaint_brush_input_from_cname(inputName)
                guard input.rawValue < MYPAINT_BRUSH_INPUTS_COUNT.rawValue else { continue }
                guard points.count != 1, points.count <= Self.largestCurve else {
                    // Translators: %1$s is the name of a brush's setting (as "radius_logarithmic"), %2$s an input
                    // (as "pressure"), %3$d a number of points.
                    return .failure(PresetProblem(localized(
                        "its %1$s curve for %2$s has %3$d points (none, or 2 to 64)", settingName, inputName, points.count)))
                }
                var lastX = -Double.infinity
                for point in points {
                    guard point.count == 2, point.allSatisfy(\.isFinite), point[0] >= lastX, abs(point[0]) <= 1e6,
                          abs(point[1]) <= range else {
                        // Translators: %1$s is the name of a brush's setting (as "radius_logarithmic"), %2$s an input
                        // (as "pressure").
                        return .failure(PresetProblem(localized(
                            "its %1$s curve for %2$s is not of points in order within the setting's range", settingName, inputName)))
                    }
                    lastX = point[0]
                }
                if !points.isEmpty {
                    value.curves.append(SettingValue.Curve(input: input.rawValue, xs: points.map { Float($0[0]) },
                                                           ys: points.map { Float($0[1]) }))
                }
            }
            values.append(value)
        }
        return .success(values)
    }

    /// Why a preset's settings are not taken, in a painter's words.
    struct PresetProblem: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// Whether `name` is a collection and a brush, each of letters, digits and `_+-.`, neither starting with a dot.
    static func isPresetName(_ name: String) -> Bool {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { part in
            !part.isEmpty && part.first != "." && part.count <= 128 && part.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_+-.".unicodeScalars.contains(scalar))
            }
        }
    }
}
