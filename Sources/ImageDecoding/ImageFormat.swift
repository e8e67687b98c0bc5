// What a file is, told by its first bytes (never by its name): the formats fingerpaint opens and the ones it knows
// to refuse by name.
import Localization

/// A kind of file recognised by its magic bytes.
public enum ImageFormat: String, Sendable, CaseIterable {
    /// PNG, decoded.
    case png
    /// JPEG (JFIF or EXIF), decoded.
    case jpeg
    /// GIF, refused.
    case gif
    /// WebP, refused.
    case webP
    /// Windows bitmap, refused.
    case bmp
    /// TIFF, either byte order, refused.
    case tiff
    /// An SVG drawing, refused.
    case svg
    /// HEIF with HEVC, as iPhones take photos, refused.
    case heic
    /// AVIF, refused.
    case avif
    /// JPEG XL, bare or in its container, refused.
    case jpegXL
    /// A Photoshop document, refused.
    case photoshop
    /// A PDF document, refused.
    case pdf
    /// One of our own drawings (`.fpdraw`), refused: it opens as a drawing.
    case fingerpaintDrawing
    /// An OpenRaster painting (a zip whose `mimetype` says so), refused: OpenRaster has a reader of its own.
    case openRaster
    /// A Krita painting (a zip whose `mimetype` says so), refused.
    case krita
    /// Any other zip archive, refused.
    case zip

    /// Whether fingerpaint decodes it.
    public var isDecoded: Bool { self == .png || self == .jpeg }

    /// The format's name, as a painter knows it.
    public var name: String {
        switch self {
        case .png: "PNG"
        case .jpeg: "JPEG"
        case .gif: "GIF"
        case .webP: "WebP"
        case .bmp: "BMP"
        case .tiff: "TIFF"
        case .svg: "SVG"
        case .heic: "HEIC"
        case .avif: "AVIF"
        case .jpegXL: "JPEG XL"
        case .photoshop: "Photoshop"
        case .pdf: "PDF"
        case .fingerpaintDrawing: "fingerpaint"
        case .openRaster: "OpenRaster"
        case .krita: "Krita"
        case .zip: "zip"
        }
    }

    /// What the file is, in a sentence's words: "a WebP picture", "a fingerpaint drawing".
    public var kindOfFile: String {
        switch self {
        // Translators: %s is a picture's format, as "WebP" or "GIF".
        case .png, .jpeg, .gif, .webP, .bmp, .tiff: localized("a %s picture", name)
        case .svg: localized("an SVG drawing")
        case .heic: localized("a HEIC photo")
        case .avif: localized("an AVIF picture")
        case .jpegXL: localized("a JPEG XL picture")
        case .photoshop: localized("a Photoshop document")
        case .pdf: localized("a PDF document")
        case .fingerpaintDrawing: localized("a fingerpaint drawing")
        case .openRaster: localized("an OpenRaster painting")
        case .krita: localized("a Krita painting")
        case .zip: localized("a zip archive")
        }
    }

    /// The format of a file starting with `bytes`, or `nil` for one fingerpaint does not know.
    public init?(sniffing bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(4096))
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + magic.count && head[offset..<offset + magic.count].elementsEqual(magic)
        }
        func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }
        if starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) {
            self = .png
        } else if starts([0xff, 0xd8, 0xff]) {
            self = .jpeg
        } else if starts(ascii("GIF87a")) || starts(ascii("GIF89a")) {
            self = .gif
        } else if starts(ascii("RIFF")) && starts(ascii("WEBP"), at: 8) {
            self = .webP
        } else if starts(ascii("BM")) && head.count >= 14 {
            self = .bmp
        } else if starts([0x49, 0x49, 0x2a, 0x00]) || starts([0x4d, 0x4d, 0x00, 0x2a]) {
            self = .tiff
        } else if starts([0xff, 0x0a]) || starts([0, 0, 0, 0x0c] + ascii("JXL ")) {
            self = .jpegXL
        } else if starts(ascii("8BPS")) {
            self = .photoshop
        } else if starts(ascii("%PDF-")) {
            self = .pdf
        } else if starts(Self.drawingMagic) {
            self = .fingerpaintDrawing
        } else if starts(ascii("ftyp"), at: 4), let format = Self.isoMediaPicture(head) {
            self = format
        } else if starts([0x50, 0x4b, 0x03, 0x04]) {
            self = Self.zipKind(head)
        } else if Self.isSVG(head) {
            self = .svg
        } else {
            return nil
        }
    }

    /// A fingerpaint drawing's first bytes, `DrawingDocument.magic` (PaintModel), which this module does not import.
    static let drawingMagic: [UInt8] = Array("FPDRAW\r\n".utf8)

    /// HEIF's and AVIF's brands in an ISO media file's `ftyp` box (a video's are neither).
    private static func isoMediaPicture(_ head: [UInt8]) -> ImageFormat? {
        let size = head.prefix(4).reduce(0) { $0 << 8 | Int($1) }
        let end = min(head.count, max(16, min(size, 4096)))
        var brands: [String] = []
        var offset = 8
        while offset + 4 <= end {
            if offset != 12 { brands.append(String(decoding: head[offset..<offset + 4], as: UTF8.self)) }
            offset += 4
        }
        if brands.contains(where: { $0 == "avif" || $0 == "avis" }) { return .avif }
        let heif: Set = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]
        return brands.contains(where: heif.contains) ? .heic : nil
    }

    /// A zip whose first entry is a stored `mimetype` names what it is (OpenRaster's and Krita's do).
    private static func zipKind(_ head: [UInt8]) -> ImageFormat {
        let name = Array("mimetype".utf8)
        guard head.count >= 30 + name.count, head[30..<30 + name.count].elementsEqual(name) else { return .zip }
        let extra = Int(head[28]) | Int(head[29]) << 8
        let start = 30 + name.count + extra
        let content = head.dropFirst(start)
        if content.starts(with: "image/openraster".utf8) { return .openRaster }
        if content.starts(with: "application/x-krita".utf8) { return .krita }
        return .zip
    }

    /// An SVG file: `<svg` first, or an XML prologue and `<svg` within the first 4 kB.
    private static func isSVG(_ head: [UInt8]) -> Bool {
        var text = head[...]
        if text.starts(with: [0xef, 0xbb, 0xbf]) { text = text.dropFirst(3) }
        text = text.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0a || $0 == 0x0d }
        if text.starts(with: "<svg".utf8) { return true }
        guard text.starts(with: "<?xml".utf8) || text.starts(with: "<!".utf8) else { return false }
        let svg = Array("<svg".utf8)
        return text.indices.contains { index in text[index...].starts(with: svg) }
    }
}
