// A preset's size as MyPaint's own size slider sets it: the base value of its `radius_logarithmic` setting, the
// natural logarithm of its dabs' radius. Contract: a resized preset is the same settings with that one value
// changed, written out as JSON again (every key kept, the keys sorted), so that a drawing keeps the settings it was
// painted with (docs/brushes.md, "Size and opacity").
import CMyPaint
import FoundationEssentials
import Glibc

extension BrushPreset {
    /// The radii a preset may be given, in document points: libmypaint's range for `radius_logarithmic`.
    public static let radii: ClosedRange<Double> = {
        let info = mypaint_brush_setting_info(MYPAINT_BRUSH_SETTING_RADIUS_LOGARITHMIC)?.pointee
        return exp(Double(info?.min ?? -2))...exp(Double(info?.max ?? 6))
    }()

    /// The radius of the preset's dabs before its inputs change it (pressure, speed), in document points: e to the
    /// base value of its `radius_logarithmic` (1 for a preset without one, as libmypaint leaves it 0).
    public var radius: Double {
        let setting = MYPAINT_BRUSH_SETTING_RADIUS_LOGARITHMIC.rawValue
        return exp(Double(values.first { $0.setting == setting }?.baseValue ?? 0))
    }

    /// The same preset with its dabs' radius `radius` points (kept within ``radii``; a radius that is not a number
    /// leaves it as it is), as MyPaint's size slider makes it: every other setting and curve unchanged, the curves
    /// of `radius_logarithmic` too. The settings are written out as JSON again, their keys sorted; text that is JSON
    /// only as leniently read (a control character in a comment) keeps only its version and settings.
    public func resized(toRadius radius: Double) -> BrushPreset {
        guard radius.isFinite, radius > 0 else { return self }
        let logarithm = log(min(max(radius, Self.radii.lowerBound), Self.radii.upperBound))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var data: Data?
        if case var .object(file)? = try? JSONDecoder().decode(JSONValue.self, from: Data(settings.utf8)),
           case var .object(settings)? = file["settings"] {
            var setting: [String: JSONValue] = ["inputs": .object([:])]
            if case let .object(held)? = settings["radius_logarithmic"] { setting = held }
            setting["base_value"] = .number(logarithm)
            settings["radius_logarithmic"] = .object(setting)
            file["settings"] = .object(settings)
            data = try? encoder.encode(JSONValue.object(file))
        } else if var file = try? JSONDecoder().decode(SettingsFile.self, from: Data(settings.utf8)) {
            // Text read leniently (a control character in a comment): its version and settings, the rest left out.
            var setting = file.settings["radius_logarithmic"] ?? SettingsFile.Setting(base_value: 0, inputs: [:])
            setting.base_value = logarithm
            file.settings["radius_logarithmic"] = setting
            data = try? encoder.encode(file)
        }
        guard let data, let text = String(data: data, encoding: .utf8),
              let resized = try? BrushPreset(name: name, settings: text) else { return self }
        return resized
    }
}

/// Any JSON value, read and written again whole: what a `.myb` file holds beyond the settings read is kept.
enum JSONValue: Codable, Hashable {
    case null
    case bool(Bool)
    /// A whole number, written without a fraction (a file's `"version": 3`).
    case integer(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer()
        if value.decodeNil() {
            self = .null
        } else if let bool = try? value.decode(Bool.self) {
            self = .bool(bool)
        } else if let integer = try? value.decode(Int.self) {
            self = .integer(integer)
        } else if let number = try? value.decode(Double.self) {
            self = .number(number)
        } else if let string = try? value.decode(String.self) {
            self = .string(string)
        } else if let array = try? value.decode([JSONValue].self) {
            self = .array(array)
        } else {
            self = .object(try value.decode([String: JSONValue].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var value = encoder.singleValueContainer()
        switch self {
        case .null: try value.encodeNil()
        case let .bool(bool): try value.encode(bool)
        case let .integer(integer): try value.encode(integer)
        case let .number(number): try value.encode(number)
        case let .string(string): try value.encode(string)
        case let .array(array): try value.encode(array)
        case let .object(object): try value.encode(object)
        }
    }
}
