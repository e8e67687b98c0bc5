import Foundation
import ProcessTesting
import SeatInput
import Testing
import TouchUI

/// A zoom step in `fingerpaint`'s window on touch-replay: drawn first at half resolution and scaled up by the
/// compositor through `wp_viewport`, then sharp (docs/rendering.md, "The zoom step at reduced resolution").
@Suite struct ReducedFrameWindowTests {
    /// The line of ``NavigationWindowTests``, then Ctrl+wheel doubling the zoom about (100, 100), then a pointer
    /// motion 3.5 s later, when even a loaded machine has drawn the sharp tiles and the zoom indicator is gone.
    static let zoomStep: [SeatEvent] = NavigationWindowTests.line + [
        SeatEvent(time: .milliseconds(400), .keyState(KeyChord("ctrl"), isPressed: true)),
        SeatEvent(time: .milliseconds(420), .pointerAxis(dx: 0, dy: -25)),
        SeatEvent(time: .milliseconds(440), .pointerAxis(dx: 0, dy: -25)),
        SeatEvent(time: .milliseconds(500), .keyState(KeyChord("ctrl"), isPressed: false)),
        // Long after the step, so that the sharp frame is in before the window closes, however slow the machine (a
        // loaded parallel run once closed it 3.5 s after the step with the sharp frame not yet complete).
        SeatEvent(time: .milliseconds(10_000), .pointerMotion(location: Point(x: 100, y: 100))),
    ]

    /// The line, then Ctrl+wheel halving the zoom about (100, 100) in two steps: zoom outs, each shown first at a
    /// quarter of the resolution.
    static let zoomOutStep: [SeatEvent] = zoomStep.map { event in
        guard case .pointerAxis(let dx, let dy) = event.kind else { return event }
        return SeatEvent(time: event.time, .pointerAxis(dx: dx, dy: -dy))
    }

    /// One line of touch-replay's `--save-commits` log.
    struct Commit {
        var number: Int
        var buffer: [Int]
        var bufferID: Int
        var source: [Int]?
        var destination: [Int]?
    }

    static func commits(in folder: String) throws -> [Commit] {
        let text = try String(contentsOfFile: folder + "/commits.jsonl", encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return Commit(number: try #require(object["commit"] as? Int), buffer: try #require(object["buffer"] as? [Int]),
                          bufferID: try #require(object["bufferID"] as? Int), source: object["source"] as? [Int],
                          destination: object["destination"] as? [Int])
        }
    }

    private func isPainted(_ pixel: RGBA) -> Bool { pixel.red < 100 && pixel.green < 100 && pixel.blue < 100 }
    private func isBlank(_ pixel: RGBA) -> Bool { pixel.red > 240 && pixel.green > 240 && pixel.blue > 240 }

    @Test func aZoomStepIsFirstShownAtHalfResolutionThenSharpAsWithoutTheViewport() async throws {
        let scratch = try TemporaryDirectory()
        let commitsFolder = scratch.path("commits")
        try FileManager.default.createDirectory(atPath: commitsFolder, withIntermediateDirectories: true)
        let result = try await FingerPaintWindowTests.paint(Self.zoomStep, in: scratch,
                                                            replayOptions: ["--save-commits", commitsFolder])
        #expect(result.status == 0, "\(result.standardError)")
        let commits = try Self.commits(in: commitsFolder)
        // Each zoom step's frame (two wheel steps): the top-left 400x300 pixels of one of the window's own 800x600
        // buffers, cropped and scaled up to the window by the viewport; the frames before them full-size without a
        // source or destination.
        let firstReduced = try #require(commits.firstIndex { $0.source != nil }, "\(commits.map(\.source))")
        let reducedIndex = try #require(commits.lastIndex { $0.source != nil })
        let reduced = commits[reducedIndex]
        #expect(commits.filter { $0.source != nil }.allSatisfy { $0.source == [0, 0, 400, 300] && $0.destination == [800, 600] })
        #expect(commits.allSatisfy { $0.buffer == [800, 600] }, "\(commits.map(\.buffer))")
        #expect(commits[..<firstReduced].allSatisfy { $0.source == nil && $0.destination == nil })
        // No buffer is made for the zoom step: every buffer committed from its first frame on was committed before.
        let buffersBefore = Set(commits[..<firstReduced].map(\.bufferID))
        #expect(Set(commits[firstReduced...].map(\.bufferID)).isSubset(of: buffersBefore),
                "\(commits.map(\.bufferID))")
        // It shows the line twice as long and wide from the pointer: to x = 500.
        let preview = try await PNGReader.pixels(in: commitsFolder + "/\(reduced.number).png",
                                                 at: [(300, 100), (450, 100), (540, 100), (100, 140)])
        #expect(preview.width == 800 && preview.height == 600)
        #expect(isPainted(preview.pixels[0]) && isPainted(preview.pixels[1]), "\(preview.pixels)")
        #expect(isBlank(preview.pixels[2]) && isBlank(preview.pixels[3]), "\(preview.pixels)")
        // The palette bar along the bottom is the sharp frame's, every other pixel (its image halved).
        let barPoints = [20, 150, 300, 450, 600, 780].flatMap { x in [(x, 560), (x, 580)] }
        let reducedBar = try await PNGReader.pixels(in: commitsFolder + "/\(reduced.number).png", at: barPoints)
        let sharpBar = try await PNGReader.pixels(in: scratch.path("window.png"), at: barPoints)
        #expect(reducedBar.pixels == sharpBar.pixels)
        // After the last, full-size frames with the destination unset.
        let after = commits[(reducedIndex + 1)...]
        #expect(!after.isEmpty)
        #expect(after.allSatisfy { $0.source == nil && $0.destination == nil }, "\(after.map(\.source))")

        // The last frame equals the one the window shows without wp_viewporter, pixel for pixel (the same PNG).
        let plain = try TemporaryDirectory()
        let plainResult = try await FingerPaintWindowTests.paint(Self.zoomStep, in: plain, replayOptions: ["--no-viewporter"])
        #expect(plainResult.status == 0, "\(plainResult.standardError)")
        let sharp = try Data(contentsOf: URL(fileURLWithPath: scratch.path("window.png")))
        let expected = try Data(contentsOf: URL(fileURLWithPath: plain.path("window.png")))
        #expect(sharp == expected)
    }

    /// A zoom out's frame is a quarter of the window's pixels each way, in the top-left part of one of its own
    /// buffers; the sharp frame after it shows the line half as long.
    @Test func aZoomOutIsFirstShownAtAQuarterOfTheResolutionInTheWindowsOwnBuffer() async throws {
        let scratch = try TemporaryDirectory()
        let commitsFolder = scratch.path("commits")
        try FileManager.default.createDirectory(atPath: commitsFolder, withIntermediateDirectories: true)
        let result = try await FingerPaintWindowTests.paint(Self.zoomOutStep, in: scratch,
                                                            replayOptions: ["--save-commits", commitsFolder])
        #expect(result.status == 0, "\(result.standardError)")
        let commits = try Self.commits(in: commitsFolder)
        let firstReduced = try #require(commits.firstIndex { $0.source != nil }, "\(commits.map(\.source))")
        let reducedIndex = try #require(commits.lastIndex { $0.source != nil })
        #expect(commits.filter { $0.source != nil }.allSatisfy { $0.source == [0, 0, 200, 150] && $0.destination == [800, 600] },
                "\(commits.map(\.source))")
        #expect(commits.allSatisfy { $0.buffer == [800, 600] }, "\(commits.map(\.buffer))")
        let buffersBefore = Set(commits[..<firstReduced].map(\.bufferID))
        #expect(Set(commits[firstReduced...].map(\.bufferID)).isSubset(of: buffersBefore), "\(commits.map(\.bufferID))")
        let after = commits[(reducedIndex + 1)...]
        #expect(!after.isEmpty)
        #expect(after.allSatisfy { $0.source == nil && $0.destination == nil }, "\(after.map(\.source))")
        // The line from (100, 100) to (300, 100) zoomed out by half about (100, 100): to x = 200.
        let image = try await PNGReader.pixels(in: scratch.path("window.png"), at: [(120, 100), (180, 100), (250, 100)])
        #expect(isPainted(image.pixels[0]) && isPainted(image.pixels[1]) && isBlank(image.pixels[2]), "\(image.pixels)")
    }

    @Test func withoutViewporterEveryFrameIsFullSize() async throws {
        let scratch = try TemporaryDirectory()
        let commitsFolder = scratch.path("commits")
        try FileManager.default.createDirectory(atPath: commitsFolder, withIntermediateDirectories: true)
        let result = try await FingerPaintWindowTests.paint(
            Self.zoomStep, in: scratch, replayOptions: ["--no-viewporter", "--save-commits", commitsFolder])
        #expect(result.status == 0, "\(result.standardError)")
        let commits = try Self.commits(in: commitsFolder)
        #expect(commits.count > 2)
        #expect(commits.allSatisfy { $0.buffer == [800, 600] && $0.destination == nil }, "\(commits.map(\.buffer))")
        let image = try await PNGReader.pixels(in: scratch.path("window.png"), at: [(300, 100), (450, 100), (540, 100)])
        #expect(isPainted(image.pixels[0]) && isPainted(image.pixels[1]) && isBlank(image.pixels[2]), "\(image.pixels)")
    }
}
