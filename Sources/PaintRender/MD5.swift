// MD5 by GLib's GChecksum, for the freedesktop thumbnail cache's and the tile store's file names: never for security.
import CGLib

/// The MD5 digest of a text, as the freedesktop Thumbnail Managing Standard names a thumbnail after the MD5 of its
/// file's URI. GLib computes it (`g_compute_checksum_for_string`), as GNOME's own thumbnailers do. Not for anything
/// that needs a secure hash.
package enum MD5 {
    /// The digest of a text's UTF-8 bytes as 32 lowercase hexadecimal digits.
    package static func hex(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            // A length is given, so a NUL inside the text is hashed like any other byte.
            guard let digest = bytes.withMemoryRebound(to: CChar.self, { characters in
                g_compute_checksum_for_string(G_CHECKSUM_MD5, characters.baseAddress, gssize(characters.count))
            }) else { return "" }
            defer { g_free(digest) }
            return String(cString: digest)
        }
    }
}
