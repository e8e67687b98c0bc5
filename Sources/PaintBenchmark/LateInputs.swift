// `paint-benchmark latency --logs DIR`: why each input presented a frame or more after the next vblank was late,
// from fingerpaint's frame log and touch-replay's ink log of one run (docs/frame-pacing.md, "The frame log").
import Dispatch
import FoundationEssentials
import Geometry
import Glibc

/// The inputs of one run presented a frame or more after the vblank that followed them, sorted by cause.
///
/// An input sent at `sent` could at best be shown at the next vblank `V` (touch-replay's floor). When it was shown
/// later, the frame that showed it and the frame that aimed at `V` (if any) say why:
/// - `afterDeadline`: it came after the frame for `V` had begun drawing, or when the moment planned for `V` (the
///   vblank less the lead) had passed: the lead (margin) too long for it;
/// - `wokeLate`: the frame for `V` was planned before it, and the event loop woke for that frame so late that the
///   commit missed `V` (the machine's scheduling);
/// - `drewLong`: the same frame woke on time but drew past `V`;
/// - `commitLate`: the frame committed before `V` but touch-replay had it only after (its latch, or the socket);
/// - `afterLateFrame`: no frame aimed at `V` because the one before was presented late, at `V` or after (one
///   frame in the compositor's hands);
/// - `unplanned`: a frame callback or the loop came after the input so late that `V` could no longer be planned;
/// - `noClock`: drawn without a locked clock (the start);
/// - `other`: none of those (a log line missing).
struct LateInputs {
    enum Cause: String, CaseIterable {
        case afterDeadline = "after the deadline"
        case wokeLate = "woke late"
        case drewLong = "drew long"
        case commitLate = "commit after the latch"
        case afterLateFrame = "after a late frame"
        case unplanned = "planned late"
        case noClock = "no clock"
        case other
    }

    /// One frame of the frame log, its times absolute (ms, CLOCK_MONOTONIC) where it had an aim.
    struct Frame {
        var number: Int
        var aim: Double?
        var planMade: Double, planned: Double, drawStart: Double, drawEnd: Double, commit: Double
        var wakeLateness: Double
        var lead: Double?
        var presented: Double?
    }

    /// Inputs a frame or more late, by cause; the same for those presented more than ``threshold`` after sending.
    private(set) var counts: [Cause: Int] = [:]
    private(set) var countsOverThreshold: [Cause: Int] = [:]
    /// How late the loop woke for the frames that made inputs late by waking late (ms), largest.
    private(set) var largestWakeLateness = 0.0
    /// The leads of the frames whose deadline an input missed (ms): smallest and largest.
    private(set) var deadlineLeads: ClosedRange<Double>?
    private(set) var inputs = 0
    /// Milliseconds after sending above which an input is over the issue's p99 target (16.5 + 4).
    static let threshold = 20.5
    static let refresh = 1000.0 / 60

    /// Reads both logs of one run; `nil` when either cannot be read.
    init?(frameLog: String, inkLog: String) {
        guard let frameText = try? String(contentsOfFile: frameLog, encoding: .utf8),
              let inkText = try? String(contentsOfFile: inkLog, encoding: .utf8) else { return nil }
        let frames = frameText.split(separator: "\n").compactMap(Self.frame)
        let points = inkText.split(separator: "\n").compactMap { line -> (sent: Double, inked: Double, presented: Double)? in
            let fields = line.split(separator: " ").compactMap { Double($0) }
            return line.hasPrefix("#") || fields.count < 3 ? nil : (fields[0], fields[1], fields[2])
        }
        self.init(frames: frames, points: points)
    }

    init(frames: [Frame], points: [(sent: Double, inked: Double, presented: Double)]) {
        guard let anchor = points.first?.presented else { return }
        let refresh = Self.refresh
        func near(_ a: Double?, _ b: Double) -> Bool { a.map { abs($0 - b) < 0.5 } ?? false }
        let byNumber = Dictionary(frames.map { ($0.number, $0) }, uniquingKeysWith: { $1 })
        for point in points {
            inputs += 1
            let next = anchor + ((point.sent - anchor) / refresh).rounded(.up) * refresh
            guard point.presented - next >= refresh / 2 else { continue }
            let shown = frames.first { near($0.presented, point.presented) }
            let forNext = frames.first { near($0.aim, next) }
            let cause: Cause
            if let shown, shown.aim == nil {
                cause = .noClock
            } else if let forNext, forNext.number != shown?.number {
                // A frame aimed at the next vblank and the input was not in it.
                cause = point.sent >= forNext.drawStart - 0.05 || point.sent >= forNext.planned ? .afterDeadline : .other
                if cause == .afterDeadline, let lead = forNext.lead {
                    deadlineLeads = min(deadlineLeads?.lowerBound ?? lead, lead)...max(deadlineLeads?.upperBound ?? lead, lead)
                }
            } else if let forNext {
                // The frame for the next vblank had the input and was late itself.
                if forNext.commit <= next {
                    cause = .commitLate
                } else if forNext.drawStart - forNext.planned >= forNext.drawEnd - forNext.drawStart {
                    cause = .wokeLate
                    largestWakeLateness = max(largestWakeLateness, forNext.drawStart - forNext.planned)
                } else {
                    cause = .drewLong
                }
            } else if let shown, let previous = byNumber[shown.number - 1], let presented = previous.presented,
                      presented > next - refresh / 2 {
                // The frame before was still in the compositor's hands at the next vblank.
                cause = presented > (previous.aim ?? presented) + refresh / 2 ? .afterLateFrame : .afterDeadline
            } else if let shown, let lead = shown.lead {
                // Nothing aimed at the next vblank: was its deadline gone when the input came?
                if point.sent >= next - lead {
                    cause = .afterDeadline
                    deadlineLeads = min(deadlineLeads?.lowerBound ?? lead, lead)...max(deadlineLeads?.upperBound ?? lead, lead)
                } else {
                    cause = .unplanned
                }
            } else {
                cause = .other
            }
            counts[cause, default: 0] += 1
            if point.presented - point.sent > Self.threshold { countsOverThreshold[cause, default: 0] += 1 }
        }
    }

    /// `late 12 of 711 (over 20.5 ms 5): after the deadline 7 (0), woke late 3 (3; up to 4.2 ms), …`.
    var summary: String {
        let late = counts.values.reduce(0, +), over = countsOverThreshold.values.reduce(0, +)
        let parts = Cause.allCases.compactMap { cause -> String? in
            guard let count = counts[cause] else { return nil }
            var part = "\(cause.rawValue) \(count) (\(countsOverThreshold[cause] ?? 0)"
            if cause == .wokeLate { part += cFormat("; up to %.1f ms", largestWakeLateness) }
            if cause == .afterDeadline, let leads = deadlineLeads {
                part += cFormat("; leads %.1f-%.1f ms", leads.lowerBound, leads.upperBound)
            }
            return part + ")"
        }
        return "late \(late) of \(inputs) (over \(Self.threshold) ms \(over))" + (parts.isEmpty ? "" : ": ")
            + parts.joined(separator: ", ")
    }

    /// A frame log line: `frame aim plan_made planned wake start draw commit lead presented late note`.
    private static func frame(_ line: Substring) -> Frame? {
        guard !line.hasPrefix("#") else { return nil }
        let fields = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard fields.count >= 10, let number = Int(fields[0]), let wake = Double(fields[4]),
              let start = Double(fields[5]), let draw = Double(fields[6]) else { return nil }
        if let aim = Double(fields[1]), let planMade = Double(fields[2]), let planned = Double(fields[3]),
           let commit = Double(fields[7]) {
            let plannedAt = aim + planned
            return Frame(number: number, aim: aim, planMade: aim + planMade, planned: plannedAt,
                         drawStart: plannedAt + start, drawEnd: plannedAt + start + draw, commit: aim + commit,
                         wakeLateness: wake, lead: Double(fields[8]), presented: Double(fields[9]).map { aim + $0 })
        }
        // Without a clock only the presentation is absolute.
        return Frame(number: number, aim: nil, planMade: 0, planned: 0, drawStart: 0, drawEnd: draw, commit: 0,
                     wakeLateness: wake, lead: nil, presented: Double(fields[9]))
    }
}
