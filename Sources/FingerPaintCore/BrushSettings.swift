// The brush remembered across launches: a small text file in $XDG_CONFIG_HOME/fingerpaint (docs/settings.md).
import FoundationEssentials
import Geometry
import Localization
import PaintModel

/// The brush, the tool, the recent colours and the painter's hand a window starts with, kept in `$XDG_CONFIG_HOME/fingerpaint/settings`
/// (default `~/.config/fingerpaint/settings`): one `key = value` line each, written whole and renamed into place
/// whenever they change. A line that cannot be read is ignored (its default used); the file is ours, so the next
/// change writes it whole again. A replay never reads or writes it: its brush is always the default.
public struct BrushSettings: Hashable, Sendable {
    /// The brush: a palette colour or one of the user's own, and a width step.
    public var brush = Brush()
    /// What fingers do: paint or erase.
    public var tool = CanvasView.Tool.brush
    /// The colours of the user's own chosen last, newest first (at most ``recentLimit``).
    public var recentColors: [Color] = []
    /// Whether the strip of widths, undo and redo stands at the window's right edge (docs/interface.md).
    public var isLeftHanded = false
    /// How strongly strokes are stabilized, from 0 (off) to 1 (``CanvasView/stabilizerStrength``); the file keeps
    /// it in whole percent.
    public var stabilizerStrength = 0.0
    /// The brush strokes are painted with, by its name (``BrushCatalog/names(presetsIn:)``): ``BrushCatalog/round``
    /// by default.
    public var brushName = BrushCatalog.round
    /// What the eraser erases with: ``BrushCatalog/wholeStrokes`` (whole strokes, by default) or a brush's name, whose
    /// dabs take paint away.
    public var eraserName = BrushCatalog.wholeStrokes
    /// The size and opacity the painter gave each preset, by its name (a preset without one paints as it comes), and
    /// the round brush's opacity (its size is ``brush``'s width).
    public var adjustments: [String: BrushAdjustment] = [:]
    /// How wide a gap in a line the fill closes, in the view's points: one of ``FingerPaintApp/fillGaps``.
    public var fillGap = FingerPaintApp.defaultFillGap

    /// How many colours of the user's own the palette keeps.
    public static let recentLimit = 4

    /// The defaults: the first palette colour, 8 points, the brush tool, no recent colours, right-handed, no
    /// stabilizer.
    public init() {}

    /// The settings file in an environment: `$XDG_CONFIG_HOME/fingerpaint/settings`, else `$HOME/.config/...`;
    /// `nil` without either.
    public static func fileURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        let base: String
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            base = config
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = home + "/.config"
        } else {
            return nil
        }
        return URL(fileURLWithPath: base).appendingPathComponent("fingerpaint/settings")
    }

    /// The settings a file's text says; what it does not say, or says wrongly, is the default.
    public init(parsing text: String) {
        for line in text.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: "=", maxSplits: 1).map { trimming(String($0), \.isFoundationWhitespace) }
            guard parts.count == 2, !parts[0].hasPrefix("#") else { continue }
            let value = parts[1]
            switch parts[0] {
            case "color":
                if let index = Int(value.replacing("palette ", with: "")), value.hasPrefix("palette ") {
                    brush.selectColor(at: index - 1)
                } else if let color = Color(hexString: value) {
                    brush.choose(color)
                }
            case "width":
                if let width = Double(value), let index = Brush.widths.firstIndex(of: width) { brush.selectWidth(at: index) }
            case "fill gap":
                if let gap = Double(value), FingerPaintApp.fillGaps.contains(gap) { fillGap = gap }
            case "tool":
                tool = value == "eraser" ? .eraser : .brush
            case "hand":
                isLeftHanded = value == "left"
            case "steady":
                if let percent = Int(value), (0...100).contains(percent) { stabilizerStrength = Double(percent) / 100 }
            case "recent":
                recentColors = Array(value.split(separator: " ").compactMap { Color(hexString: $0) }.prefix(Self.recentLimit))
            case "brush":
                if Self.isBrushName(value) { brushName = value }
            case "eraser":
                if Self.isBrushName(value) { eraserName = value }
            case let key where key.hasPrefix("brush "):
                let name = String(key.dropFirst("brush ".count))
                if Self.isBrushName(name), let adjustment = Self.adjustment(parsing: value) {
                    adjustments[name] = adjustment
                }
            default:
                continue
            }
        }
    }

    /// The file's text.
    public var text: String {
        let color = brush.customColor.map(\.hexString) ?? "palette \(brush.colorIndex + 1)"
        return """
            # fingerpaint's brush, remembered across launches (docs/settings.md)
            color = \(color)
            width = \(Self.widthText(Brush.widths[brush.widthIndex]))
            tool = \(tool == .eraser ? "eraser" : "brush")
            recent = \(recentColors.map(\.hexString).joined(separator: " "))
            hand = \(isLeftHanded ? "left" : "right")
            steady = \(Int((StrokeStabilizer(strength: stabilizerStrength).strength * 100).rounded()))
            brush = \(brushName)
            eraser = \(eraserName)
            fill gap = \(Self.sizeText(fillGap))

            """ + adjustments.sorted { $0.key < $1.key }.map { name, adjustment in
                "brush \(name) = size \(Self.sizeText(adjustment.size)) opacity \(Int((adjustment.opacity * 100).rounded()))\n"
            }.joined()
    }

    /// Whether a brush's name can stand in the file: of 1 to 257 printable ASCII characters, none a space or `=`
    /// (every brush's name is: ``BrushCatalog/names(presetsIn:)``).
    static func isBrushName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 257 && name.unicodeScalars.allSatisfy { (0x21...0x7E).contains($0.value) && $0 != "=" }
    }

    /// A preset's size and opacity from a line's value, `size S opacity P` (points, whole percent); `nil` for one
    /// that says anything else or is out of range.
    static func adjustment(parsing value: String) -> BrushAdjustment? {
        let words = value.split(separator: " ")
        guard words.count == 4, words[0] == "size", words[2] == "opacity", let size = Double(words[1]),
              BrushAdjustment.sizes.contains(size), let percent = Int(words[3]),
              (Int((BrushAdjustment.opacities.lowerBound * 100).rounded())...100).contains(percent) else { return nil }
        return BrushAdjustment(size: size, opacity: Double(percent) / 100)
    }

    /// A size as the file writes it: to a hundredth of a point, without trailing zeros.
    static func sizeText(_ size: Double) -> String {
        let hundredths = Int((size * 100).rounded())
        let whole = hundredths / 100, fraction = hundredths % 100
        guard fraction != 0 else { return "\(whole)" }
        return fraction % 10 == 0 ? "\(whole).\(fraction / 10)" : "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// A width as the file writes it: a whole width by the standard library ("16"), as ICU's number format without
    /// grouping wrote them. Only ``Brush/widths`` are written, all whole; a width with a fraction would be written in
    /// the standard library's shortest form ("2.5"), which is the number format's up to three fraction digits.
    static func widthText(_ width: Double) -> String {
        if width == width.rounded(), abs(width) < 1e15 { return String(Int(width)) }
        return "\(width)"
    }

    /// The settings in a file, or the defaults when it is missing or unreadable.
    public static func load(from url: URL) -> BrushSettings {
        guard let data = try? Data(contentsOf: url), data.count < 64 << 10 else { return BrushSettings() }
        return BrushSettings(parsing: String(decoding: data, as: UTF8.self))
    }

    /// Writes the settings whole beside the file and renames them into place (its folder made when missing).
    /// Returns why they could not be written, `nil` when they were.
    @discardableResult
    public func save(to url: URL) -> String? {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .atomic)
            return nil
        } catch {
            let code = ((error as? CocoaError)?.underlying as? POSIXError)?.code.rawValue
            // Translators: %1$s is the settings file's path, %2$s why it cannot be written.
            return localized("cannot remember the brush in %1$s: %2$s", url.path,
                             code.map { OutputFile.reason($0) } ?? localized("it cannot be written"))
        }
    }
}
