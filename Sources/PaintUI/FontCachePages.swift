// fontconfig's font list, let go from the process's resident memory once the overlay's fonts are found.
import Glibc

/// What fontconfig maps to find a font: its cache files, one a font folder, each a list of every font in it
/// (`/var/cache/fontconfig/*.cache-N`, `~/.cache/fontconfig/...`). Matching the overlay's "DejaVu Sans" reads the
/// whole list, so every page of them becomes resident: 4 MiB for the 2 600 fonts of a machine with Noto installed,
/// more with more fonts, a tenth of what a 4K window needs beside its buffers and tiles (docs/performance.md,
/// "Memory at 4K"). Once Cairo has the two faces the overlay and the title bar use (it keeps them, and what it
/// found, for the life of the process), the lists are not read again; should a face new to Cairo read them back, a
/// resting window lets them go again (`FingerPaintLive`).
public enum FontCachePages {
    /// Drops the pages of fontconfig's cache files from this process's resident memory; returns the bytes of the
    /// mappings dropped. The files are mapped read-only and shared, so nothing is lost: a page read again later (a
    /// face never asked for before) comes back from the file, as it was.
    @discardableResult
    public static func release() -> Int {
        var released = 0
        for mapping in mappings() {
            guard madvise(UnsafeMutableRawPointer(bitPattern: mapping.start), mapping.end - mapping.start,
                          MADV_DONTNEED) == 0
            else { continue }
            released += mapping.end - mapping.start
        }
        return released
    }

    /// The bytes of fontconfig's cache files mapped in this process.
    static func mappedBytes() -> Int {
        mappings().reduce(0) { $0 + $1.end - $1.start }
    }

    /// The resident bytes of fontconfig's cache files in this process (for tests and memory reports).
    static func residentBytes() -> Int {
        guard let file = fopen("/proc/self/smaps", "r") else { return 0 }
        defer { fclose(file) }
        var resident = 0
        var inCache = false
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, file) > 0, let line {
            let text = String(cString: line)
            if let mapping = Mapping(mapsLine: text) {
                inCache = mapping.isFontCache
            } else if inCache, text.hasPrefix("Rss:") {
                let kilobytes = text.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first
                resident += (kilobytes.flatMap { Int($0) } ?? 0) * 1_024
            }
        }
        return resident
    }

    /// One mapping of `/proc/self/maps`.
    struct Mapping {
        var start: Int
        var end: Int
        var isReadOnly: Bool
        var path: Substring

        /// A line of `/proc/self/maps` (or a mapping's first line in `smaps`); `nil` for any other line.
        init?(mapsLine line: String) {
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count >= 5 else { return nil }
            let range = fields[0].split(separator: "-")
            guard range.count == 2, let start = Int(range[0], radix: 16), let end = Int(range[1], radix: 16), end > start,
                  fields[1].count == 4
            else { return nil }
            self.start = start
            self.end = end
            isReadOnly = fields[1].hasPrefix("r-")
            path = fields.count == 6 ? fields[5].drop { $0 == " " }.prefix { $0 != "\n" } : ""
        }

        /// Whether it is one of fontconfig's cache files, mapped read-only: `…/fontconfig/NAME.cache-VERSION`.
        var isFontCache: Bool {
            let folders = path.split(separator: "/")
            guard isReadOnly, folders.dropLast().contains("fontconfig"), let name = folders.last,
                  let suffix = name.split(separator: ".").last, name.count > suffix.count, suffix.hasPrefix("cache-")
            else { return false }
            let version = suffix.dropFirst("cache-".count)
            return !version.isEmpty && version.allSatisfy { $0.isASCII && $0.isNumber }
        }
    }

    /// fontconfig's cache files mapped in this process.
    private static func mappings() -> [Mapping] {
        guard let file = fopen("/proc/self/maps", "r") else { return [] }
        defer { fclose(file) }
        var found: [Mapping] = []
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, file) > 0, let line {
            // Only a line naming a fontconfig cache file is made into text and parsed: a process maps a thousand
            // files or so (the Swift runtime's, Cairo's, the fonts'), and parsing each as a `String` cost 16 M
            // instructions a call, as much as a dozen frames of three fingers drawing (issue #22).
            guard strstr(line, "fontconfig/") != nil, strstr(line, ".cache-") != nil else { continue }
            if let mapping = Mapping(mapsLine: String(cString: line)), mapping.isFontCache { found.append(mapping) }
        }
        return found
    }
}
