import Foundation
@testable import FingerPaintCore
import PaintModel
import Testing

/// The dates the window writes without Foundation's DateFormatter read as it wrote them (issue #22): the gallery's
/// captions (en_GB: "Today 09:05", "Yesterday 23:59", "3 Sept 2026") and the name of an export with no drawing
/// file, in the local time zone. Run under several `TZ`s by hand (docs/performance.md).
@Suite struct DateTextTests {
    private static func formatter(_ format: String, _ locale: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: locale)
        formatter.dateFormat = format
        return formatter
    }

    @MainActor @Test func galleryCaptionsReadAsTheBritishDateFormatterWroteThem() {
        let today = Self.formatter("'Today' HH:mm", "en_GB"), yesterday = Self.formatter("'Yesterday' HH:mm", "en_GB")
        let date = Self.formatter("d MMM yyyy", "en_GB")
        let gallery = GalleryView()
        let calendar = Calendar.current
        // Each month, and the hours around midnight of today and yesterday.
        let now = Date(timeIntervalSince1970: 1_790_000_000.5)
        var moments = (0..<14).map { now.addingTimeInterval(-Double($0) * 31 * 86_400 - 3_600) }
        moments += stride(from: -60.0, through: 60, by: 1).map { now.addingTimeInterval($0 * 3_600 + 59) }
        moments += [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 951_782_400)]
        // (Not before the Gregorian reform of 1582: ICU's calendar is Julian there, the C library's Gregorian, so a
        // file dated in year 5 would show 19 April instead of 21; no drawing is.)
        for moment in moments {
            let drawing = LibraryDrawing(url: URL(fileURLWithPath: "/a.fpdraw"), modified: moment, size: 1, isUntitled: false)
            let expected: String
            if calendar.isDate(moment, inSameDayAs: now) {
                expected = today.string(from: moment)
            } else if let before = calendar.date(byAdding: .day, value: -1, to: now), calendar.isDate(moment, inSameDayAs: before) {
                expected = yesterday.string(from: moment)
            } else {
                expected = date.string(from: moment)
            }
            #expect(gallery.detail(of: drawing, now: now) == expected, "\(moment.timeIntervalSince1970)")
        }
    }

    @Test func anExportWithNoFileIsNamedAsThePOSIXDateFormatterNamedIt() {
        let formatter = Self.formatter("yyyy-MM-dd-HHmmss", "en_US_POSIX")
        for seconds in [1_800_000_000.0, 1_800_000_059.999, 946_684_799.5, 0.25, -1.5, 1_709_210_096.7] {
            let now = Date(timeIntervalSince1970: seconds)
            #expect(FingerPaintApp.exportStem(at: now) == "fingerpaint-\(formatter.string(from: now))", "\(seconds)")
        }
    }
}
