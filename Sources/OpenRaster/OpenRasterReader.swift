// Reads an OpenRaster file into an image: the archive checked against the limits, `stack.xml` parsed, groups
// flattened into their layers, each layer's PNG taken from the archive (its header checked, its pixels not decoded),
// and what could only be approximated noted for the painter.

import Localization
import PaintModel

/// Reads OpenRaster files (`.ora`): those fingerpaint writes, and Krita's, MyPaint's and GIMP's.
public struct OpenRasterReader: Sendable {
    /// The limits a file is held to; every one is checked before what it bounds is allocated.
    public var limits: OpenRasterLimits
    /// Whether a layer whose picture is missing, damaged, not a PNG or too large is left out (with a
    /// ``OpenRasterNote/layerSkipped(layer:reason:)`` note) rather than refusing the whole file.
    public var skipsDamagedLayers: Bool

    /// A reader held to `limits`, refusing a file with a damaged layer unless `skipsDamagedLayers`.
    public init(limits: OpenRasterLimits = .standard, skipsDamagedLayers: Bool = false) {
        self.limits = limits
        self.skipsDamagedLayers = skipsDamagedLayers
    }

    /// The image `bytes` hold: its layers bottom first, with notes of what was approximated. Throws the first
    /// reason the file cannot be read; never traps, whatever the bytes.
    public func read(_ bytes: [UInt8]) throws(OpenRasterError) -> OpenRasterImage {
        let archive = try ZipArchive(bytes, limits: limits)
        guard let mimetypeEntry = archive.entry(named: "mimetype") else { throw .notOpenRaster(mimetype: nil) }
        let mimetype = String(decoding: try archive.contents(of: mimetypeEntry), as: UTF8.self)
        guard mimetype.trimmingWhitespace == "image/openraster" else {
            throw .notOpenRaster(mimetype: String(mimetype.prefix(60)))
        }

        guard let stackEntry = archive.entry(named: "stack.xml") else { throw .missingStack }
        guard stackEntry.size <= limits.stackBytes else {
            throw .entryTooLarge(entry: stackEntry.name, bytes: stackEntry.size, limit: limits.stackBytes)
        }
        let root = try StackXML.parse(try archive.contents(of: stackEntry), layers: limits.layers)
        guard root.name == "image" else { throw .damagedStack(localized("does not describe an image")) }
        guard let widthText = root.attributes["w"], let heightText = root.attributes["h"] else {
            throw .damagedStack(localized("does not give the image's size"))
        }
        guard let width = Self.integer(widthText), let height = Self.integer(heightText) else {
            throw .damagedStack(localized("gives a size that is not a number"))
        }
        guard limits.allows(width: width, height: height) else { throw .imageSize(width: width, height: height) }

        var reading = Reading(archive: archive, limits: limits, skipsDamagedLayers: skipsDamagedLayers)
        // The image's first stack is the root; anything else beside it is ignored.
        var hasRoot = false
        for child in root.children {
            if child.name == "stack", !hasRoot {
                hasRoot = true
                try reading.readStack(child, in: Reading.Group(), isRoot: true)
            } else {
                reading.notes.append(.elementIgnored(element: child.name, name: child.attributes["name"] ?? ""))
            }
        }
        let layers = Array(reading.layers.reversed())
        let current = reading.selectedFromTop.map { layers.count - 1 - $0 }
        let merged = try reading.optionalPicture("mergedimage.png", side: limits.side)
        let thumbnail = try reading.optionalPicture("Thumbnails/thumbnail.png", side: 256)
        return OpenRasterImage(width: width, height: height, layers: layers, currentLayerIndex: current,
                               mergedImagePNG: merged, thumbnailPNG: thumbnail, notes: reading.notes)
    }

    /// An integer attribute: digits, or a number with a fraction (rounded), as some programs write; `nil` for
    /// anything else.
    static func integer(_ text: String) -> Int? {
        let text = text.trimmingWhitespace
        if let value = Int(text) { return value }
        guard let value = Double(text), value.isFinite, value.magnitude < 1e15 else { return nil }
        return Int(value.rounded())
    }
}

/// The state of one read: the layers so far (top first), the notes, the archive.
private struct Reading {
    /// What a group passes down to its layers: its opacity, visibility and offset folded with its parents'.
    struct Group {
        var opacity = 1.0
        var isVisible = true
        var x = 0
        var y = 0
    }

    let archive: ZipArchive
    let limits: OpenRasterLimits
    let skipsDamagedLayers: Bool
    var layers: [OpenRasterLayer] = []
    var notes: [OpenRasterNote] = []
    /// The topmost layer marked `selected="true"`, counted from the top.
    var selectedFromTop: Int?

    mutating func readStack(_ stack: XMLElement, in group: Group, isRoot: Bool) throws(OpenRasterError) {
        var group = group
        if !isRoot {
            let name = stack.attributes["name"] ?? ""
            notes.append(.groupFlattened(name: name))
            let attributes = readAttributes(of: stack, named: name)
            group.opacity *= attributes.opacity
            group.isVisible = group.isVisible && attributes.isVisible
            guard let x = attributes.x.addingWithinLimit(group.x, limits.offset),
                  let y = attributes.y.addingWithinLimit(group.y, limits.offset)
            else { throw .layerPosition(layer: name, x: attributes.x, y: attributes.y) }
            group.x = x
            group.y = y
        }
        for child in stack.children {
            switch child.name {
            case "layer": try readLayer(child, in: group)
            case "stack": try readStack(child, in: group, isRoot: false)
            default: notes.append(.elementIgnored(element: child.name, name: child.attributes["name"] ?? ""))
            }
        }
    }

    mutating func readLayer(_ element: XMLElement, in group: Group) throws(OpenRasterError) {
        let name = element.attributes["name"] ?? ""
        let path = element.attributes["src"] ?? ""
        do throws(OpenRasterError) {
            let png = try picture(of: name, at: path)
            let attributes = readAttributes(of: element, named: name)
            guard let x = attributes.x.addingWithinLimit(group.x, limits.offset),
                  let y = attributes.y.addingWithinLimit(group.y, limits.offset)
            else { throw .layerPosition(layer: name, x: attributes.x, y: attributes.y) }
            var blendMode = BlendMode.normal
            if let compositeOp = element.attributes["composite-op"] {
                if let mode = BlendMode(compositeOp: compositeOp) {
                    blendMode = mode
                } else {
                    notes.append(.blendModeReadAsNormal(layer: name, compositeOp: String(compositeOp.prefix(80))))
                }
            }
            if selectedFromTop == nil, element.attributes["selected"].map(Self.isTrue) == true {
                selectedFromTop = layers.count
            }
            layers.append(OpenRasterLayer(
                name: name, png: png, opacity: group.opacity * attributes.opacity,
                isVisible: group.isVisible && attributes.isVisible, blendMode: blendMode,
                isLocked: element.attributes["edit-locked"].map(Self.isTrue) ?? false, x: x, y: y))
        } catch {
            guard skipsDamagedLayers else { throw error }
            notes.append(.layerSkipped(layer: name, reason: error))
        }
    }

    /// The PNG bytes of the layer `name` at `path` in the archive, their header checked.
    func picture(of name: String, at path: String) throws(OpenRasterError) -> [UInt8] {
        guard !path.isEmpty else { throw .missingLayerFile(layer: name, path: path) }
        guard Self.isInsideArchive(path) else { throw .unsafeLayerPath(layer: name, path: path) }
        let normalized = path.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
        guard let entry = archive.entry(named: path) ?? archive.entry(named: normalized) else {
            throw .missingLayerFile(layer: name, path: path)
        }
        let png = try archive.contents(of: entry)
        guard let size = PNGHeader.size(of: png) else { throw .layerNotPNG(layer: name, path: path) }
        guard limits.allows(width: size.width, height: size.height) else {
            throw .layerSize(layer: name, width: size.width, height: size.height)
        }
        return png
    }

    /// An optional picture of the whole (the merged image, the thumbnail): `nil` when absent, not a PNG, larger than
    /// `side` or the pixel limit, or damaged and damage is skipped.
    func optionalPicture(_ path: String, side: Int) throws(OpenRasterError) -> [UInt8]? {
        guard let entry = archive.entry(named: path) else { return nil }
        do {
            let png = try archive.contents(of: entry)
            guard let size = PNGHeader.size(of: png), size.width <= side, size.height <= side,
                  limits.allows(width: size.width, height: size.height)
            else { return nil }
            return png
        } catch {
            if skipsDamagedLayers { return nil }
            throw error
        }
    }

    /// The attributes layers and groups share, defaults for those missing and a note for those unreadable.
    private mutating func readAttributes(of element: XMLElement, named name: String)
        -> (opacity: Double, isVisible: Bool, x: Int, y: Int) {
        var opacity = 1.0
        if let text = element.attributes["opacity"] {
            if let value = Double(text.trimmingWhitespace), !value.isNaN {
                opacity = min(max(value, 0), 1)
            } else {
                notes.append(.attributeIgnored(layer: name, attribute: "opacity", value: String(text.prefix(40))))
            }
        }
        var isVisible = true
        if let text = element.attributes["visibility"] {
            switch text.trimmingWhitespace {
            case "visible": break
            case "hidden": isVisible = false
            default:
                notes.append(.attributeIgnored(layer: name, attribute: "visibility", value: String(text.prefix(40))))
            }
        }
        func offset(_ attribute: String) -> Int {
            guard let text = element.attributes[attribute] else { return 0 }
            guard let value = OpenRasterReader.integer(text) else {
                notes.append(.attributeIgnored(layer: name, attribute: attribute, value: String(text.prefix(40))))
                return 0
            }
            return value
        }
        return (opacity, isVisible, offset("x"), offset("y"))
    }

    /// XML Schema's true (`true` or `1`), as MyPaint reads `edit-locked` and `selected`.
    static func isTrue(_ text: String) -> Bool {
        let text = text.trimmingWhitespace
        return text == "true" || text == "1"
    }

    /// Whether `path` names a file inside the archive: relative, without `..` or backslashes.
    static func isInsideArchive(_ path: String) -> Bool {
        !path.hasPrefix("/") && !path.contains("\\") && !path.contains(":")
            && !path.split(separator: "/", omittingEmptySubsequences: false).contains("..")
            && !path.unicodeScalars.contains { $0.value < 0x20 }
    }
}

/// The size a PNG file's header gives, without decoding its pixels.
enum PNGHeader {
    /// The width and height in the IHDR chunk of `png`; `nil` when the bytes do not start as a PNG file.
    static func size(of png: [UInt8]) -> (width: Int, height: Int)? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard png.count >= 24, png[0..<8].elementsEqual(signature), png[12..<16].elementsEqual(Array("IHDR".utf8))
        else { return nil }
        func bigEndian(_ offset: Int) -> Int {
            png[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
        }
        return (bigEndian(16), bigEndian(20))
    }
}

private extension Int {
    /// `self + other` when neither it nor its parts lie farther than `limit` from 0; `nil` otherwise.
    func addingWithinLimit(_ other: Int, _ limit: Int) -> Int? {
        let (sum, overflow) = addingReportingOverflow(other)
        guard !overflow, magnitude <= limit.magnitude, sum.magnitude <= limit.magnitude else { return nil }
        return sum
    }
}

extension String {
    /// The string without the spaces, tabs and line breaks around it.
    var trimmingWhitespace: String {
        let scalars = unicodeScalars
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let start = scalars.firstIndex(where: { !isSpace($0) }),
              let end = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(scalars[start...end])
    }
}
