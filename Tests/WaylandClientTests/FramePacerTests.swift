import PropertyBased
import Testing
@testable import WaylandClient

/// The pacer against a simulated display: vblanks every refresh, a compositor that takes the last commit that came at
/// least `latch` before a vblank, and input at a rate that sweeps every phase of the display clock.
@Suite struct FramePacerTests {
    static let refresh: Duration = .nanoseconds(16_666_667)

    /// A simulated window and compositor. The window draws what it has when the pacer says (or at once, for the
    /// baseline), taking `drawTime`; the compositor presents a commit at the first vblank at least `latch` after it.
    struct Simulation {
        var latch: Duration
        var drawTime: Duration = .microseconds(400)
        var paced = true
        var pacer = FramePacer()
        /// Each input's time and the vblank that showed it.
        var shown: [(input: Duration, vblank: Duration)] = []
        var misses = 0

        /// Runs `inputs` (times) through the window for as long as they last.
        mutating func run(inputs: [Duration]) {
            var waiting: [Duration] = []
            var pending = inputs[...]
            var frame = 0
            // The frame in the compositor's hands: its number, commit time, the inputs in it, and the vblank it aimed at.
            var inFlight: (frame: Int, commit: Duration, inputs: [Duration], aim: Duration)?
            var drawAt: Duration?
            var vblank = FramePacerTests.refresh
            var now: Duration = .zero
            let end = (inputs.last ?? .zero) + .milliseconds(100)
            while now < end {
                // The next thing to happen: an input, the draw, or the vblank.
                let nextInput = pending.first
                let candidates = [nextInput, drawAt, vblank].compactMap { $0 }
                now = candidates.min() ?? end
                if let next = nextInput, next == now {
                    waiting.append(next)
                    pending.removeFirst()
                } else if let time = drawAt, time == now {
                    drawAt = nil
                    frame += 1
                    let commit = now + drawTime
                    pacer.committed(frame: frame, plannedAt: now, at: commit)
                    let aim = FramePacer.firstVblank(after: commit, anchor: vblank, refresh: FramePacerTests.refresh)
                    inFlight = (frame, commit, waiting, aim)
                    waiting = []
                } else {
                    // A vblank: the frame committed at least `latch` before it is shown, and its frame callback comes.
                    if let flight = inFlight, flight.commit <= vblank - latch {
                        pacer.presented(frame: flight.frame, at: vblank, refresh: FramePacerTests.refresh)
                        if vblank > flight.aim + FramePacerTests.refresh / 2 { misses += 1 }
                        shown += flight.inputs.map { ($0, vblank) }
                        inFlight = nil
                    }
                    vblank += FramePacerTests.refresh
                }
                // The window may draw when it has input and no frame is in flight.
                if drawAt == nil, inFlight == nil, !waiting.isEmpty {
                    switch paced ? pacer.decision(now: now) : .now {
                    case .now: drawAt = now
                    case let .at(time): drawAt = time
                    }
                }
            }
        }

        /// Input to presentation, in milliseconds, after the first second (the pacer has learnt by then).
        var latencies: [Double] {
            shown.filter { $0.input > .seconds(1) }.map { ($0.vblank - $0.input) / .milliseconds(1) }.sorted()
        }

        func percentile(_ q: Double) -> Double {
            let sorted = latencies
            return sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))]
        }
    }

    /// Three fingers at 123 Hz for `seconds`: input at every phase of a 60 Hz display.
    static func inputs(seconds: Double) -> [Duration] {
        (0..<Int(seconds * 123)).map { .nanoseconds(Int64(Double($0) * 1e9 / 123)) + .milliseconds(3) }
    }

    @Test func withoutPresentationFeedbackTheWindowDrawsAtOnce() {
        let pacer = FramePacer()
        #expect(pacer.clock == .unknown)
        #expect(pacer.decision(now: .seconds(5)) == .now)
    }

    @Test func threePresentationsOnAGridLockTheClockAndTheDrawComesJustBeforeTheNextVblank() throws {
        var pacer = FramePacer()
        for frame in 1...3 {
            let vblank = Self.refresh * (10 + frame)
            pacer.committed(frame: frame, plannedAt: vblank - .milliseconds(10), at: vblank - .milliseconds(9))
            pacer.presented(frame: frame, at: vblank, refresh: Self.refresh)
        }
        #expect(pacer.clock == .locked(anchor: Self.refresh * 13, refresh: Self.refresh))
        // Mid-frame: the draw waits for the next vblank less the lead (the latch lead and the longest time from plan to commit).
        let now = Self.refresh * 13 + .milliseconds(5)
        let lead = pacer.latchLead + pacer.drawEstimate
        #expect(pacer.decision(now: now) == .at(Self.refresh * 14 - lead))
        // Too close to that vblank to make it: the one after.
        #expect(pacer.decision(now: Self.refresh * 14 - lead / 2) == .at(Self.refresh * 15 - lead))
    }

    @Test func presentationsOffTheGridOrWithoutARefreshKeepDrawingAtOnce() {
        var pacer = FramePacer()
        // Virtual time: frames shown whenever the client commits.
        for (frame, milliseconds) in [3, 7, 30, 31, 52, 60].enumerated() {
            pacer.presented(frame: frame + 1, at: .milliseconds(milliseconds), refresh: Self.refresh)
        }
        #expect(pacer.clock == .unknown)
        var unknownRefresh = FramePacer()
        for frame in 1...5 { unknownRefresh.presented(frame: frame, at: Self.refresh * frame, refresh: .zero) }
        #expect(unknownRefresh.clock == .unknown && unknownRefresh.decision(now: .seconds(1)) == .now)
    }

    @Test func inputIsShownAtTheFirstVblankWhoseDeadlineFollowsIt() throws {
        // A compositor that takes the frame at the vblank itself (touch-replay).
        var paced = Simulation(latch: .zero)
        paced.run(inputs: Self.inputs(seconds: 4))
        var baseline = Simulation(latch: .zero, paced: false)
        baseline.run(inputs: Self.inputs(seconds: 4))
        try #require(paced.latencies.count > 300)
        // Drawing at the frame callback shows input one to two frames later; drawing just before the vblank, within
        // one frame and the lead.
        #expect(baseline.percentile(0.5) > 20)
        #expect(paced.percentile(0.5) < 10.5 && paced.percentile(0.99) < 19, "\(paced.latencies)")
        #expect(paced.misses == 0)
    }

    @Test func aCompositorThatTakesFramesEarlyIsLearntFromTheFramesItShowsLate() throws {
        // Weston's default repaint window: the frame is taken 7 ms before the vblank.
        var simulation = Simulation(latch: .milliseconds(7))
        simulation.run(inputs: Self.inputs(seconds: 4))
        #expect(simulation.pacer.latchLead >= .milliseconds(7) && simulation.pacer.latchLead <= .milliseconds(11))
        // A few frames late while it learns, none after.
        #expect(simulation.misses <= 4)
        #expect(simulation.percentile(0.99) < 16.7 + 12, "\(simulation.latencies)")
    }

    @Test func aFrameLateByTheWindowsOwnDoingDoesNotRaiseTheLead() {
        var pacer = FramePacer()
        for frame in 1...3 {
            pacer.committed(frame: frame, plannedAt: Self.refresh * frame - .milliseconds(3), at: Self.refresh * frame - .milliseconds(2))
            pacer.presented(frame: frame, at: Self.refresh * frame, refresh: Self.refresh)
        }
        let lead = pacer.latchLead
        // The draw ran long: committed 0.2 ms before the vblank, shown at the next.
        pacer.committed(frame: 4, plannedAt: Self.refresh * 4 - .milliseconds(12), at: Self.refresh * 4 - .microseconds(200))
        pacer.presented(frame: 4, at: Self.refresh * 5, refresh: Self.refresh)
        #expect(pacer.latchLead == lead)
        // Committed on plan and still shown late: the compositor needs more.
        pacer.committed(frame: 5, plannedAt: Self.refresh * 6 - .milliseconds(12), at: Self.refresh * 6 - lead - .microseconds(100))
        pacer.presented(frame: 5, at: Self.refresh * 7, refresh: Self.refresh)
        #expect(pacer.latchLead > lead)
    }

    @Test func timestampsTakenInSoftwareJitterWithoutMovingTheGridOrLettingItGo() throws {
        var pacer = FramePacer()
        // touch-replay's vblanks: up to a millisecond either way, and now and then one 3.4 ms late.
        let jitter: [Double] = [0.7, -0.8, 0.2, -0.6, 0.9, -0.3, 3.4, -0.9, 0.5, 0.1]
        for frame in 1...200 {
            let offset = Duration.microseconds(Int64(jitter[frame % jitter.count] * 1000))
            pacer.presented(frame: frame, at: Self.refresh * frame + offset, refresh: Self.refresh)
        }
        guard case let .locked(anchor, _) = pacer.clock else {
            Issue.record("let go of the clock: \(pacer.clock)")
            return
        }
        // The grid is the timestamps' mean within a quarter of a millisecond: the jitter averages out.
        let frames = (anchor / Self.refresh).rounded()
        let error = (anchor - Self.refresh * frames) / .milliseconds(1)
        let mean = jitter.reduce(0, +) / Double(jitter.count)
        #expect(abs(error - mean) < 0.25, "\(error) against \(mean)")
        // Far off the grid (virtual time, another output): let go.
        pacer.presented(frame: 201, at: Self.refresh * 201 + .milliseconds(7), refresh: Self.refresh)
        #expect(pacer.clock == .unknown)
    }

    /// What any compositor may send: any time (its 64-bit seconds), any refresh (its 32-bit nanoseconds), frames
    /// presented, discarded or never heard of, and draws at any time; mostly near a 60 Hz grid, so that the clock
    /// locks and unlocks as it goes.
    @Test func anyFeedbackNeverTrapsAndADeadlineIsNeverInThePast() async {
        let steps = Gen.int(in: 0...Int.max).array(of: 1...80)
        await propertyCheck(count: 300, input: steps) { numbers in
            var pacer = FramePacer()
            var now: Duration = .seconds(100)
            for (index, number) in numbers.enumerated() {
                let onGrid = number % 7 != 0
                let refresh = onGrid ? Self.refresh : .nanoseconds(Int64(UInt32(truncatingIfNeeded: number >> 3)))
                let time = onGrid
                    ? .seconds(100) + Self.refresh * index + .microseconds(Int64(number >> 40) % 3000 - 1500)
                    : .seconds(Int64(number >> 8)) + .nanoseconds(Int64(number % 1_000_000_000))
                switch number % 5 {
                case 0, 1, 2: pacer.presented(frame: index, at: time, refresh: refresh)
                case 3: pacer.committed(frame: index, plannedAt: now, at: now + .microseconds(Int64(number % 50_000)))
                default: now = onGrid ? time + .microseconds(Int64(number >> 32) % 16_000) : time
                }
                if case let .at(deadline) = pacer.decision(now: now) {
                    #expect(deadline > now)
                }
            }
        }
    }
}
