import Foundation
import ProcessTesting
import SeatInput
import Testing
import TouchUITesting

/// `touchdump convert` on recordings of a made-up device, as a user attaching `libinput record` output to a bug
/// report would have us run it, and the result played into gesture-demo (docs/recordings.md).
@Suite struct RecordingConversionCommandTests {
    static let touchdump = ChildProcess.product("touchdump")

    @Test func aConvertedPinchRecordingIsAPinchInGestureDemoFromEitherFormat() async throws {
        let scratch = try TemporaryDirectory()
        let device = SyntheticDevice.touchscreen
        let reports = device.pinch(center: (0.5, 0.5), fromSpan: 0.15, toSpan: 0.45, duration: 0.5)
        var traces: [String] = []
        for (name, text) in [("pinch.yml", device.libinputRecord(reports)), ("pinch.evemu", device.evemuRecording(reports))] {
            let recording = try scratch.write(name, text)
            let converted = try await ChildProcess.run(Self.touchdump, ["convert", "--size", "1024x576", recording])
            #expect(converted.status == 0 && converted.standardError.isEmpty, "\(converted.standardError)")
            traces.append(converted.standardOutput)
        }
        #expect(traces[0] == traces[1])
        #expect(traces[0].hasPrefix("{\"canvas\": [1024, 576]}\n"))
        // A frame for each of the 62 reports: the fingers down, 60 moves, the lift.
        #expect(traces[0].components(separatedBy: "\"touch\": \"frame\"").count - 1 == 62)
        let trace = try scratch.write("pinch.jsonl", traces[0])
        let demo = try await ChildProcess.run(ChildProcess.product("gesture-demo"), ["--replay", trace, "--headless", "--log", "-"])
        #expect(demo.status == 0, "\(demo.standardError)")
        let pinch = demo.standardOutput.split(separator: "\n").filter { $0.contains("\"recognizer\": \"pinch\"") }
        #expect(pinch.first?.contains("\"state\": \"began\"") == true, "\(demo.standardOutput.prefix(800))")
        let ended = try #require(pinch.last)
        #expect(ended.contains("\"state\": \"ended\""))
        // Three times as far apart at the end.
        #expect(ended.contains("\"scale\": 2.9"), "\(ended)")
        // And touchdump plays it: two touches, down at once.
        let dump = try await ChildProcess.run(Self.touchdump, [trace])
        #expect(dump.status == 0)
        #expect(dump.standardOutput.split(separator: "\n").filter { $0.contains(" began at ") }.count == 2)
    }

    @Test func theDefaultCanvasIsTheDevicesSizeAt96DPIAndBadRecordingsExit2WithTheirLine() async throws {
        let scratch = try TemporaryDirectory()
        let pen = SyntheticDevice.penTablet
        let recording = try scratch.write("pen.yml", pen.libinputRecord(pen.penStroke(from: (0.2, 0.2), to: (0.8, 0.8),
                                                                                      pressures: (0.25, 1), tilt: (30, 0))))
        let converted = try await ChildProcess.run(Self.touchdump, ["convert", recording])
        #expect(converted.status == 0, "\(converted.standardError)")
        // 224 × 148 mm at 96 dpi.
        #expect(converted.standardOutput.hasPrefix("{\"canvas\": [847, 559]}\n"), "\(converted.standardOutput.prefix(100))")
        #expect(converted.standardOutput.contains("\"tablet\": \"proximity_in\", \"tool\": \"pen\""))
        // Pressure from a quarter to all of its range; 30° of tilt is 30 units at 57 a radian.
        let pressures = try Trace(parsing: converted.standardOutput).events.compactMap { event -> Double? in
            if case let .tablet(.motion(_, axes), _) = event.kind { axes.pressure } else { nil }
        }
        #expect(abs((pressures.first ?? 0) - 0.25) < 0.001 && pressures.max() == 1, "\(pressures)")
        #expect(converted.standardOutput.contains("\"tilt_x\": 30.15"), "\(converted.standardOutput.prefix(400))")

        let bad = try scratch.write("bad.evemu", "N: Screen\nA: 35 0 4095 0 0 12\nA: 36 0 2303 0 0 12\nE: 0.000000 0003 0039 zz\n")
        let refused = try await ChildProcess.run(Self.touchdump, ["convert", bad])
        #expect(refused.status == 2)
        #expect(refused.standardError == "touchdump convert: \(bad):4: \"zz\" is not a whole number within 32 bits\n")
        let missing = try await ChildProcess.run(Self.touchdump, ["convert", scratch.path("none.yml")])
        #expect(missing.status == 2 && missing.standardError.contains("cannot read"))
        let usage = try await ChildProcess.run(Self.touchdump, ["convert"])
        #expect(usage.status == 2)
        // The old usage stands: touchdump TRACE.
        let trace = try scratch.write("t.jsonl", "{\"t\": 0, \"touch\": \"down\", \"id\": 1, \"x\": 5, \"y\": 5}\n")
        let old = try await ChildProcess.run(Self.touchdump, [trace])
        #expect(old.status == 0 && old.standardOutput.contains("touch 1 began at (5.0, 5.0)"))
    }
}
