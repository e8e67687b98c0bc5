import Foundation
import Geometry
import Glibc
import SeatInput
import Testing
@testable import WaylandApp

/// What `--record` writes: every seat event as a trace line, and nothing a trace cannot read back.
@Suite struct TraceRecorderTests {
    @Test func anEventBeyondTheCoordinateRangeIsLeftOutAndTheRecordingPlays() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("recorder-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).jsonl")
        defer { try? FileManager.default.removeItem(at: path) }
        let descriptor = open(path.path, O_CREAT | O_WRONLY | O_EXCL | O_CLOEXEC, 0o600)
        try #require(descriptor >= 0)
        var recorder: TraceRecorder? = TraceRecorder(descriptor: descriptor)
        recorder?.canvas = Size(width: 400, height: 300)
        // A compositor's coordinate beyond what a trace holds, between two a trace can hold.
        let beyond = Trace.largestCoordinate * 2
        recorder?.record(SeatEvent(time: .milliseconds(10), .touchDown(id: 1, location: Point(x: 5, y: 5), shape: nil)))
        recorder?.record(SeatEvent(time: .milliseconds(20), .touchMotion(id: 1, location: Point(x: beyond, y: 5), shape: nil)))
        recorder?.record(SeatEvent(time: .milliseconds(30), .touchUp(id: 1)))
        #expect(recorder?.leftOut == 1)
        recorder = nil
        let trace = try Trace(contentsOf: path)
        #expect(trace.events.map(\.kind) == [.touchDown(id: 1, location: Point(x: 5, y: 5), shape: nil), .touchUp(id: 1)])
        #expect(trace.events.map(\.time.milliseconds) == [0, 20])
    }
}
