// How a layer is composited over the layers below it: the sixteen blend modes of SVG compositing and Cairo, with
// their names in OpenRaster and in the window.

/// How a layer's pixels combine with what lies under them (docs/layers.md). The modes are SVG and CSS compositing's
/// separable and non-separable blend modes, which Cairo's operators of the same names implement, so the window, a PNG
/// and a PDF agree, and OpenRaster's `composite-op` names them.
public enum BlendMode: String, CaseIterable, Hashable, Sendable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, hardLight, softLight
    case difference, exclusion, hue, saturation, color, luminosity

    /// OpenRaster's name of the mode (`stack.xml`'s `composite-op`): `svg:src-over` for normal, else `svg:` and the
    /// mode's name in SVG's spelling (`svg:color-dodge`).
    public var compositeOp: String {
        switch self {
        case .normal: "svg:src-over"
        default: "svg:" + cssName
        }
    }

    /// The mode's name in CSS (`mix-blend-mode`) and SVG: `normal`, `color-dodge`, `luminosity`.
    public var cssName: String {
        var name = ""
        for character in rawValue {
            if character.isUppercase { name += "-" + character.lowercased() } else { name.append(character) }
        }
        return name
    }

    /// The mode OpenRaster's `composite-op` names; `nil` for an operation that is not one of these (Porter–Duff
    /// operators other than `svg:src-over`, `svg:plus`, a program's own).
    public init?(compositeOp: String) {
        guard compositeOp.hasPrefix("svg:") else { return nil }
        let name = compositeOp.dropFirst(4)
        if name == "src-over" {
            self = .normal
            return
        }
        guard let mode = Self.allCases.first(where: { $0 != .normal && $0.cssName == name }) else { return nil }
        self = mode
    }

    /// The stored code of the mode in a document (docs/document-format.md): its place in ``allCases``, which only
    /// ever grows at its end.
    public var code: UInt8 { UInt8(Self.allCases.firstIndex(of: self) ?? 0) }

    /// The mode stored as `code`; `nil` for a code no mode has.
    public init?(code: UInt8) {
        guard Int(code) < Self.allCases.count else { return nil }
        self = Self.allCases[Int(code)]
    }
}
