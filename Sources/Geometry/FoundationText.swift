// Text as Foundation trimmed, formatted and wrote it, for the modules that no longer link Foundation (issue #22).
import Glibc

/// `text` without the scalars at its ends for which `isCut` holds (`trimmingCharacters(in:)`).
package func trimming(_ text: some StringProtocol, _ isCut: (Unicode.Scalar) -> Bool) -> String {
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !isCut($0) }), let last = scalars.lastIndex(where: { !isCut($0) }) else {
        return ""
    }
    var kept = String.UnicodeScalarView()
    kept.append(contentsOf: scalars[first...last])
    return String(kept)
}

extension Unicode.Scalar {
    /// In Foundation's `CharacterSet.newlines`: U+000A to U+000D, U+0085, U+2028, U+2029.
    package var isFoundationNewline: Bool {
        (0x0A...0x0D).contains(value) || value == 0x85 || value == 0x2028 || value == 0x2029
    }

    /// In Foundation's `CharacterSet.whitespaces`: the tab, the zero-width space (as CoreFoundation counts it) and
    /// Unicode's space separators.
    package var isFoundationWhitespace: Bool {
        self == "\t" || self == "\u{200B}" || properties.generalCategory == .spaceSeparator
    }

    /// In Foundation's `CharacterSet.whitespacesAndNewlines`.
    package var isFoundationWhitespaceOrNewline: Bool {
        isFoundationNewline || isFoundationWhitespace
    }
}

/// `format` filled in by the C library's `vsnprintf`, the formatter underneath Foundation's `String(format:)` for the
/// conversions the programs use (`%d`, `%.1f`, `%+.1f`, `%04x`, …; not `%@`): the same text.
package func cFormat(_ format: String, _ arguments: CVarArg...) -> String {
    withVaList(arguments) { list in
        var buffer = [CChar](repeating: 0, count: 256)
        let needed = Int(vsnprintf(&buffer, buffer.count, format, list))
        guard needed >= buffer.count else { return String(decoding: buffer.prefix(max(needed, 0)).map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        buffer = [CChar](repeating: 0, count: needed + 1)
        return withVaList(arguments) { again in
            _ = vsnprintf(&buffer, buffer.count, format, again)
            return String(decoding: buffer.prefix(needed).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }
}

/// Writes all of `text` to `descriptor` (standard error, a log, a trace), as `FileHandle.write` did, retrying
/// interrupted and partial writes; a write that fails ends it quietly instead of stopping the program.
package func writeAll(_ descriptor: Int32, _ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let written = bytes.withUnsafeMutableBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { return }
        offset += written
    }
}
