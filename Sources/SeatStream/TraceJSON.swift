// One trace line's JSON, read as Foundation's JSONSerialization read it, without Foundation (issue #22).
// The SPI gives Decimal's value as a Double by the very code NSDecimalNumber.doubleValue ran.
@_spi(SwiftCorelibsFoundation) import FoundationEssentials

/// A JSON number (or boolean) as the trace reader sees it: what `JSONSerialization` gave as an `NSNumber`. Its
/// ``description`` is the `NSNumber`'s (`1`, `1.5`, `1e+20`, `100.0` for `1E2`; `1` and `0` for `true` and `false`),
/// which error messages quote.
struct JSONNumber: CustomStringConvertible, CustomDebugStringConvertible, Sendable {
    /// The number's value (1 or 0 for a boolean).
    let value: Double
    /// Whether the JSON said `true` or `false`: not a number to the trace.
    let isBoolean: Bool
    let description: String

    var debugDescription: String { description }

    /// What `NSNumber as? Bool` gave: `true` for 1, `false` for 0, `nil` for any other number.
    var truth: Bool? {
        value == 1 ? true : value == 0 ? false : nil
    }
}

/// JSON's `null`, described as `NSNull` was (`<null>`).
struct JSONNull: CustomStringConvertible, CustomDebugStringConvertible, Sendable {
    var description: String { "<null>" }
    var debugDescription: String { description }
}

/// Reads one JSON text into `[String: Any]`, `[Any]`, `String`, ``JSONNumber`` and ``JSONNull`` values, accepting
/// exactly what `JSONSerialization.jsonObject(with:)` (no options) accepted on the trace's lines: an object or an
/// array at the top, a byte-order mark before it, trailing commas in objects and arrays, nesting up to 512 deep,
/// numbers that fit a `Double` (not infinity), the last of duplicate keys.
package struct TraceJSON {
    /// Why the text is not JSON (the reader says only "not valid JSON").
    struct Invalid: Error {}

    static let deepestNesting = 512

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The top-level object or array of `text`; throws ``Invalid`` for anything else.
    static func parse(_ text: Substring) throws(Invalid) -> Any {
        var reader = TraceJSON(Array(text.utf8))
        if reader.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        reader.skipSpace()
        guard let first = reader.peek(), first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { throw Invalid() }
        let value = try reader.value()
        reader.skipSpace()
        guard reader.index == reader.bytes.count else { throw Invalid() }
        return value
    }

    private func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private mutating func skipSpace() {
        while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    private mutating func expect(_ literal: String) throws(Invalid) {
        for byte in literal.utf8 {
            guard peek() == byte else { throw Invalid() }
            index += 1
        }
    }

    private mutating func value() throws(Invalid) -> Any {
        guard let byte = peek() else { throw Invalid() }
        switch byte {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return try string()
        case UInt8(ascii: "t"):
            try expect("true")
            return JSONNumber(value: 1, isBoolean: true, description: "1")
        case UInt8(ascii: "f"):
            try expect("false")
            return JSONNumber(value: 0, isBoolean: true, description: "0")
        case UInt8(ascii: "n"):
            try expect("null")
            return JSONNull()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw Invalid()
        }
    }

    private mutating func enter() throws(Invalid) {
        depth += 1
        guard depth <= Self.deepestNesting else { throw Invalid() }
    }

    private mutating func object() throws(Invalid) -> [String: Any] {
        try enter()
        index += 1
        var result: [String: Any] = [:]
        skipSpace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return result
        }
        while true {
            skipSpace()
            guard peek() == UInt8(ascii: "\"") else { throw Invalid() }
            let key = try string()
            skipSpace()
            try expect(":")
            skipSpace()
            result[key] = try value()
            skipSpace()
            guard let next = peek() else { throw Invalid() }
            index += 1
            if next == UInt8(ascii: "}") { break }
            guard next == UInt8(ascii: ",") else { throw Invalid() }
            skipSpace()
            if peek() == UInt8(ascii: "}") {
                index += 1
                break
            }
        }
        depth -= 1
        return result
    }

    private mutating func array() throws(Invalid) -> [Any] {
        try enter()
        index += 1
        var result: [Any] = []
        skipSpace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return result
        }
        while true {
            skipSpace()
            result.append(try value())
            skipSpace()
            guard let next = peek() else { throw Invalid() }
            index += 1
            if next == UInt8(ascii: "]") { break }
            guard next == UInt8(ascii: ",") else { throw Invalid() }
            skipSpace()
            if peek() == UInt8(ascii: "]") {
                index += 1
                break
            }
        }
        depth -= 1
        return result
    }

    private mutating func hexQuad() throws(Invalid) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek() else { throw Invalid() }
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw Invalid()
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func string() throws(Invalid) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var run = index
        func flush(_ end: Int) {
            // The text between escapes is valid UTF-8 already (the line is a String).
            scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars)
        }
        while true {
            guard let byte = peek() else { throw Invalid() }
            if byte == UInt8(ascii: "\"") {
                flush(index)
                index += 1
                return String(scalars)
            }
            guard byte >= 0x20 else { throw Invalid() }
            guard byte == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            flush(index)
            index += 1
            guard let escaped = peek() else { throw Invalid() }
            index += 1
            switch escaped {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                let unit = try hexQuad()
                if (0xD800...0xDBFF).contains(unit) {
                    try expect("\\u")
                    let low = try hexQuad()
                    guard (0xDC00...0xDFFF).contains(low),
                          let scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)) else { throw Invalid() }
                    scalars.append(scalar)
                } else {
                    guard let scalar = Unicode.Scalar(unit) else { throw Invalid() }
                    scalars.append(scalar)
                }
            default: throw Invalid()
            }
            run = index
        }
    }

    private mutating func number() throws(Invalid) -> JSONNumber {
        let start = index
        func digits() -> Int {
            let first = index
            while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
            return index - first
        }
        if peek() == UInt8(ascii: "-") { index += 1 }
        if peek() == UInt8(ascii: "0") {
            index += 1
        } else {
            guard digits() > 0 else { throw Invalid() }
        }
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw Invalid() }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw Invalid() }
        }
        // A digit right after a leading zero ("01") is not JSON.
        if let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { throw Invalid() }
        return try Self.number(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    /// The number `text` (JSON's grammar checked) as `JSONSerialization` made it an `NSNumber`:
    /// - a whole number that fits an `Int64` (negative) or a `UInt64` as that;
    /// - more than 17 characters before a lower-case `e` and an exponent within ±128 as a `Decimal` (whose value as a
    ///   `Double` may be a unit off in the last place, and which describes itself in all its digits);
    /// - anything else as a `Double`, which must be finite.
    static func number(_ text: String) throws(Invalid) -> JSONNumber {
        let exponentIndex = text.firstIndex(of: "e")
        let isInteger = !text.contains(".") && exponentIndex == nil
        let isNegative = text.hasPrefix("-")
        let digitCount = text[..<(exponentIndex ?? text.endIndex)].count
        if isInteger {
            if isNegative, digitCount <= 19, let whole = Int64(text) {
                return JSONNumber(value: Double(whole), isBoolean: false, description: String(whole))
            }
            if !isNegative, digitCount <= 20, let whole = UInt64(text) {
                return JSONNumber(value: Double(whole), isBoolean: false, description: String(whole))
            }
        }
        let exponent = exponentIndex.flatMap { Int(text[text.index(after: $0)...]) } ?? 0
        if digitCount > 17, (-128...127).contains(exponent), let decimal = Decimal(string: text), decimal.isFinite {
            return JSONNumber(value: decimal._doubleValue, isBoolean: false, description: decimal.description)
        }
        guard let value = Double(text), value.isFinite else { throw Invalid() }
        return JSONNumber(value: value, isBoolean: false, description: "\(value)")
    }
}

extension TraceJSON {
    /// The JSON object in `text` (touch-replay's `--stats` line) with its numbers as `Double`s, as `JSONSerialization`'s
    /// `NSNumber`s cast with `as? Double`; `nil` when it is not a JSON object.
    package static func object(_ text: Substring) -> [String: Any]? {
        func plain(_ value: Any) -> Any {
            switch value {
            case let number as JSONNumber: return number.isBoolean ? (number.value == 1) : number.value
            case let array as [Any]: return array.map(plain)
            case let object as [String: Any]: return object.mapValues(plain)
            default: return value
            }
        }
        return (try? parse(text)).flatMap { plain($0) as? [String: Any] }
    }
}
