import Foundation
import Geometry
import ProcessTesting
import SeatInput
import Testing

/// The guide to the gestures as a new user meets it (docs/interface.md, "The guide"): the first window shows it,
/// a stroke made while it shows is painted and takes it down, and the next window does not show it again.
@Suite struct GuideWindowTests {
    /// One finger across the window at y = 300, above the card, a second after the window opens; then a rest.
    static let strokeUnderTheCard: [SeatEvent] = {
        var events = [SeatEvent(time: .milliseconds(0), .pointerMotion(location: Point(x: 700, y: 100)))]
        for step in 0...20 {
            let t = 1000 + Double(step) * 16, location = Point(x: 200 + Double(step) * 20, y: 300)
            events += [SeatEvent(time: .milliseconds(t), step == 0 ? .touchDown(id: 1, location: location)
                                                    : .touchMotion(id: 1, location: location)),
                       SeatEvent(time: .milliseconds(t), .touchFrame)]
        }
        return events + [SeatEvent(time: .milliseconds(1400), .touchUp(id: 1)), SeatEvent(time: .milliseconds(1400), .touchFrame),
                         SeatEvent(time: .milliseconds(2000), .pointerMotion(location: Point(x: 710, y: 100)))]
    }()

    @Test func theFirstWindowShowsTheGuideOnceAndAStrokeMadeWhileItShowsIsPainted() async throws {
        let scratch = try TemporaryDirectory()
        let first = try await FingerPaintWindowTests.paint(Self.strokeUnderTheCard, in: scratch, firstLaunch: true)
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardError.contains("fingerpaint: showing the guide\n"), "\(first.standardError)")
        #expect(first.standardError.contains("fingerpaint: the guide went"), "the stroke took it down")
        let painted = try await PNGReader.pixels(in: scratch.path("window.png"), at: [(400, 300), (400, 520)])
        #expect(painted.pixels[0].red < 80, "the stroke is painted: \(painted.pixels[0])")
        #expect(painted.pixels[1] == RGBA(red: 255, green: 255, blue: 255, alpha: 255), "and the card is gone: \(painted.pixels[1])")
        #expect(FileManager.default.fileExists(atPath: scratch.path("state/fingerpaint/guide-shown")))

        let second = try await FingerPaintWindowTests.paint(Self.strokeUnderTheCard, in: scratch, png: "again.png", firstLaunch: true)
        #expect(second.status == 0, "\(second.standardError)")
        #expect(!second.standardError.contains("showing the guide"), "\(second.standardError)")
    }
}
