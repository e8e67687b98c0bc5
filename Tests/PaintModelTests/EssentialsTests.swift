import Foundation
import Geometry
@testable import PaintModel
import Testing

/// What PaintModel writes without Foundation is what Foundation's formatters and path helpers wrote: file names,
/// the Trash's info files, paths in messages (issue #22, the module off libFoundation). Each compares against
/// Foundation itself, which the tests may link.
@Suite struct EssentialsTests {
    static let moments = [1_800_000_000.0, 1_800_000_059.999, 946_684_799.5, 0.25, 4_102_444_800.0, -1.5, 1_709_210_096.7,
                          951_782_400.0, -2_208_988_800.0]

    @Test func keptCopiesAreStampedInUTCAsTheDateFormatterStampedThem() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        for seconds in Self.moments {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(utcStamp(date) == formatter.string(from: date), "\(seconds)")
        }
    }

    @Test func theTrashsDeletionDateIsTheLocalTimeAsTheDateFormatterWroteIt() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        for seconds in Self.moments {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(Trash.stamp(date) == formatter.string(from: date), "\(seconds)")
        }
    }

    @Test func theTrashEscapesEveryByteAsStringFormatDid() {
        for byte in UInt8.min...UInt8.max {
            let path = "/a/\(String(decoding: [byte], as: UTF8.self))b"
            let expected = path.utf8.map { byte -> String in
                let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()/".utf8)
                return unreserved.contains(byte) ? String(UnicodeScalar(byte)) : String(format: "%%%02X", byte)
            }.joined()
            #expect(Trash.escaped(path) == expected)
        }
    }

    /// (Not a relative name of one character, `"a"`, `"a/"`, nor `"a//b//"`: NSString 6.3 stops the program on them; PathText
    /// gives `"a"` and `""`.)
    @Test func pathsAreCutAsNSStringCutThem() {
        let paths = ["", "/", "//", "///", "//a", "/a", "ab", "ab/", "/a/", "a/b", "/a/b", "/a/b/", "/a//b", "///a", "/tmp/scratch.tiff",
                     "./x.png", "../x", "x/.", "/a/b/c.png", "é/ü.png", " / "]
        for path in paths {
            #expect(PathText.lastComponent(path) == (path as NSString).lastPathComponent, "\(path.debugDescription)")
            #expect(PathText.deletingLastComponent(path) == (path as NSString).deletingLastPathComponent, "\(path.debugDescription)")
        }
    }

    @Test func linesAreTrimmedAsFoundationTrimmedThem() {
        let texts = ["/a\n", "\n/a\r\n", "/a\u{2028}", "\u{85}/a", " /a ", "\t/a\n", "", "\n\n", "/a\u{200B}", "\u{3000}/a\u{A0}"]
        for text in texts {
            #expect(trimming(text, \.isFoundationNewline) == text.trimmingCharacters(in: .newlines), "\(text.debugDescription)")
            #expect(trimming(text, \.isFoundationWhitespaceOrNewline) == text.trimmingCharacters(in: .whitespacesAndNewlines),
                    "\(text.debugDescription)")
        }
        for value in 0..<0x3100 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(scalar.isFoundationNewline == CharacterSet.newlines.contains(scalar), "\(value)")
            #expect(scalar.isFoundationWhitespaceOrNewline == CharacterSet.whitespacesAndNewlines.contains(scalar), "\(value)")
        }
    }

    @Test func theHomeFolderIsNSHomeDirectorys() {
        #expect(homeFolderPath() == NSHomeDirectory())
    }
}
