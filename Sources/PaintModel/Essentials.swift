// What Foundation's formatters and path helpers did for the programs, on the C library and the standard library, so
// that no module needs libFoundation (issue #22: linking it costs about 6 MiB resident). Each gives today's text.
import FoundationEssentials
import Glibc

/// A moment broken down by the C library (`localtime_r` in the process's time zone, `TZ` as glibc reads it, or
/// `gmtime_r`), with the fixed English names that the programs' date formats (`en_US_POSIX`, `en_GB`) print.
package struct CivilTime: Sendable {
    /// The year, as `yyyy` prints it.
    package let year: Int
    /// 1 to 12.
    package let month: Int
    /// 1 to 31.
    package let day: Int
    /// 0 to 23.
    package let hour: Int
    /// 0 to 59.
    package let minute: Int
    /// 0 to 60.
    package let second: Int
    /// 0 for Sunday to 6.
    package let weekday: Int

    /// `date` in the local time zone, whole seconds cut as `DateFormatter` cuts them (towards the past).
    package static func local(_ date: Date) -> CivilTime {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var broken = tm()
        localtime_r(&seconds, &broken)
        return CivilTime(broken)
    }

    /// `date` in UTC, whole seconds cut as `DateFormatter` cuts them.
    package static func utc(_ date: Date) -> CivilTime {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var broken = tm()
        gmtime_r(&seconds, &broken)
        return CivilTime(broken)
    }

    fileprivate init(_ broken: tm) {
        year = Int(broken.tm_year) + 1900
        month = Int(broken.tm_mon) + 1
        day = Int(broken.tm_mday)
        hour = Int(broken.tm_hour)
        minute = Int(broken.tm_min)
        second = Int(broken.tm_sec)
        weekday = Int(broken.tm_wday)
    }

    /// `MMM`: Jan … Dec.
    package var shortMonthName: String { Self.monthNames[month - 1].prefix(3).description }
    /// `MMMM`: January … December.
    package var monthName: String { Self.monthNames[month - 1] }
    /// `EEE`: Sun … Sat.
    package var shortWeekdayName: String { Self.weekdayNames[weekday].prefix(3).description }
    /// `EEEE`: Sunday … Saturday.
    package var weekdayName: String { Self.weekdayNames[weekday] }

    private static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                                     "September", "October", "November", "December"]
    private static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
}

/// `value` in decimal with zeros in front up to `count` digits (`%0*d`; a minus sign, if any, first).
package func zeroPadded(_ value: Int, _ count: Int) -> String {
    let text = String(value.magnitude)
    return (value < 0 ? "-" : "") + String(repeating: "0", count: max(count - text.count, 0)) + text
}

/// The home folder as `NSHomeDirectory()` found it: `HOME` when set, else the user's entry in the password database,
/// else `/` (where Foundation would have stopped the program).
package func homeFolderPath() -> String {
    if let home = getenv("HOME") { return String(cString: home) }
    var entry = passwd()
    var result: UnsafeMutablePointer<passwd>?
    var buffer = [CChar](repeating: 0, count: 16_384)
    if getpwuid_r(getuid(), &entry, &buffer, buffer.count, &result) == 0, result != nil, let directory = entry.pw_dir {
        return String(cString: directory)
    }
    return "/"
}

/// A path's last component and the rest, as `NSString`'s `lastPathComponent` and `deletingLastPathComponent` cut it
/// (where those stopped the program, for a relative path ending in two slashes such as `"a//"`, these do not).
package enum PathText {
    /// The last component: `"/tmp/a/"` → `"a"`, `"/"` → `"/"`, `""` and `"//"` → `""`.
    package static func lastComponent(_ path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        if trimmed == "/" { return path.count > 1 ? "" : "/" }
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// The path without its last component: `"/tmp/a"` → `"/tmp"`, `"/tmp"` → `"/"`, `"a"` → `""`, `"//"` → `""`.
    package static func deletingLastComponent(_ path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        if trimmed == "/" { return path.count > 1 ? "" : "/" }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        let folder = withoutTrailingSlashes(String(trimmed[..<slash]))
        return folder.isEmpty ? "/" : folder
    }

    /// Runs of slashes made one, and the trailing one dropped unless the path is `/`.
    private static func withoutTrailingSlashes(_ path: String) -> String {
        var result = ""
        for character in path where !(character == "/" && result.hasSuffix("/")) { result.append(character) }
        while result.count > 1, result.hasSuffix("/") { result.removeLast() }
        return result
    }
}

extension CivilTime {
    /// Whether `self` and `other` fall on the same calendar day.
    package func isSameDay(as other: CivilTime) -> Bool {
        year == other.year && month == other.month && day == other.day
    }

    /// The calendar day before this one, in the local time zone (noon of it, as the C library's `mktime` normalises
    /// the day of the month).
    package var dayBefore: CivilTime {
        var broken = tm()
        broken.tm_year = Int32(year - 1900)
        broken.tm_mon = Int32(month - 1)
        broken.tm_mday = Int32(day - 1)
        broken.tm_hour = 12
        broken.tm_isdst = -1
        var seconds = mktime(&broken)
        var normalised = tm()
        localtime_r(&seconds, &normalised)
        return CivilTime(normalised)
    }
}

/// Whether a folder is at `path` (a symbolic link to one counts), as `FileManager.fileExists(atPath:isDirectory:)`
/// said.
package func isFolder(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
}
