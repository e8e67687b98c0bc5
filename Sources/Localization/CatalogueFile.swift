// A gettext catalogue (`.mo`) checked before the C library reads it: glibc trusts the offsets a catalogue holds, so
// a damaged or cut-short one gives garbage for the messages it lacks, or reads past its end. Checked, a damaged
// catalogue is not used: the messages are in English.
import Glibc

/// The checks of a catalogue's bytes, and which catalogues the user's language would read.
package enum CatalogueFile {
    /// Whether `bytes` are a sound catalogue: GNU's magic number either way round, revision 0 (or 1 without
    /// system-dependent strings), every string of its two tables inside the file and ending in a NUL, and its hash
    /// table inside the file naming only strings there are.
    package static func isSound(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 28 else { return false }
        let size = UInt64(bytes.count)
        let magic = word(bytes, at: 0, swapped: false)
        let swapped: Bool
        switch magic {
        case 0x9504_12DE: swapped = false
        case 0xDE12_0495: swapped = true
        default: return false
        }
        func read(_ offset: UInt64) -> UInt64? {
            offset + 4 <= size ? UInt64(word(bytes, at: Int(offset), swapped: swapped)) : nil
        }
        guard let revision = read(4), let count = read(8), let originals = read(12), let translations = read(16),
              let hashSize = read(20), let hashOffset = read(24)
        else { return false }
        switch revision {
        case 0: break
        case 1:
            // Revision 1 adds system-dependent strings (<inttypes.h> macros), which no message of ours has.
            guard let segments = read(28), let sysdepStrings = read(36), segments == 0, sysdepStrings == 0 else { return false }
        default: return false
        }
        for table in [originals, translations] {
            guard table + 8 * count <= size else { return false }
            for index in 0..<count {
                guard let length = read(table + 8 * index), let offset = read(table + 8 * index + 4),
                      offset + length < size, bytes[Int(offset + length)] == 0
                else { return false }
            }
        }
        guard hashSize == 0 || hashOffset + 4 * hashSize <= size else { return false }
        for index in 0..<hashSize {
            guard let entry = read(hashOffset + 4 * index), entry <= count else { return false }
        }
        return true
    }

    private static func word(_ bytes: [UInt8], at offset: Int, swapped: Bool) -> UInt32 {
        let value = UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
            | UInt32(bytes[offset + 3]) << 24
        return swapped ? value.byteSwapped : value
    }

    /// The folder names glibc may read a catalogue from for the language or locale `name`
    /// (`language[_territory][.codeset][@modifier]`): with and without each part, the codeset also as glibc
    /// normalises it (`UTF-8` as `utf8`).
    static func folderNames(for name: String) -> [String] {
        var rest = Substring(name)
        var modifier: Substring?, codeset: Substring?, territory: Substring?
        if let at = rest.firstIndex(of: "@") { modifier = rest[rest.index(after: at)...]; rest = rest[..<at] }
        if let dot = rest.firstIndex(of: ".") { codeset = rest[rest.index(after: dot)...]; rest = rest[..<dot] }
        if let underscore = rest.firstIndex(of: "_") { territory = rest[rest.index(after: underscore)...]; rest = rest[..<underscore] }
        let normalised = codeset.map { set in
            let kept = set.lowercased().filter { $0.isLetter || $0.isNumber }
            return kept.allSatisfy(\.isNumber) ? "iso" + kept : kept
        }
        var names: [String] = []
        for territoryPart in [territory.map { "_" + $0 }, nil] {
            for codesetPart in [codeset.map { "." + $0 }, normalised.map { "." + $0 }, nil] {
                for modifierPart in [modifier.map { "@" + $0 }, nil] {
                    let candidate = String(rest) + (territoryPart ?? "") + (codesetPart ?? "") + (modifierPart ?? "")
                    if !names.contains(candidate) { names.append(candidate) }
                }
            }
        }
        return names
    }

    /// The catalogues of `domain` in `directory` the user's language would read, from `LANGUAGE` (a list) or the
    /// messages' locale `locale`; none in the C locale, where gettext reads none.
    static func candidates(domain: String, directory: String, locale: String, language: String?) -> [String] {
        guard locale != "C", locale != "POSIX" else { return [] }
        let names = language.map { $0.split(separator: ":").map(String.init) }.flatMap { $0.isEmpty ? nil : $0 } ?? [locale]
        return names.flatMap(folderNames(for:)).map { "\(directory)/\($0)/LC_MESSAGES/\(domain).mo" }
    }

    /// The file's bytes, or `nil` when it cannot be read (most catalogues are not there).
    static func contents(of path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        // A catalogue of ours is under 200 kB; one over 64 MiB is not a catalogue to read.
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= 64 << 20 else { return [] }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var done = 0
        while done < bytes.count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                buffer.baseAddress.map { read(descriptor, $0 + done, buffer.count - done) } ?? 0
            }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            done += got
        }
        return Array(bytes.prefix(done))
    }
}
