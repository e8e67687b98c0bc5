import Foundation
import Testing
import PaintModel
import Geometry

/// Samples of a fast circle at 60 Hz: one turn in 250 ms is 15 samples a turn, 24° apart.
func fastCircleSamples(center: Point = Point(x: 200, y: 150), radius: Double = 100, turns: Double = 1,
                       samplesPerTurn: Int = 15) -> [Point] {
    let count = Int(Double(samplesPerTurn) * turns)
    return (0...count).map { index in
        let angle = Double(index) / Double(samplesPerTurn) * 2 * .pi
        return Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
    }
}

/// The angle between two directions, in degrees.
func degrees(between a: Vector, and b: Vector) -> Double {
    let cosine = (a.dx * b.dx + a.dy * b.dy) / (a.length * b.length)
    return acos(min(max(cosine, -1), 1)) * 180 / .pi
}

@Suite struct StrokeSmootherTests {
    @Test func pathStartsAtTheFirstSampleAndEndsAtTheLast() throws {
        let samples = fastCircleSamples(turns: 0.5)
        let path = StrokeSmoother.path(through: samples)
        #expect(try path.first == .move(to: #require(samples.first)))
        #expect(path.last?.end == samples.last)
    }

    @Test func fastCircleHasNoCorners() {
        let path = StrokeSmoother.path(through: fastCircleSamples(turns: 1.2))
        var worst = 0.0
        // Compare each segment's arriving direction with the next one's leaving direction.
        var start = path[0].end
        var arriving: Vector?
        for segment in path.dropFirst() {
            if let arriving {
                worst = max(worst, degrees(between: arriving, and: segment.startTangent(from: start)))
            }
            arriving = segment.endTangent(from: start)
            start = segment.end
        }
        #expect(worst < 1e-6, "the tangent turns by \(worst)° at a joint")
    }

    @Test func segmentsFollowTheSamplesClosely() {
        // Every sample lies within 3 points of the curve, and the curve within 3 points of the true circle.
        let samples = fastCircleSamples(turns: 1)
        let path = StrokeSmoother.path(through: samples)
        var start = path[0].end
        var curve: [Point] = []
        for segment in path.dropFirst() {
            for step in 0...20 { curve.append(segment.point(at: Double(step) / 20, from: start)) }
            start = segment.end
        }
        for point in curve {
            let fromCenter = point.distance(to: Point(x: 200, y: 150))
            #expect(abs(fromCenter - 100) < 3)
        }
        for sample in samples {
            #expect(curve.map { $0.distance(to: sample) }.min() ?? .infinity < 3)
        }
    }

    @Test func oneSampleIsADot() {
        let path = StrokeSmoother.path(through: [Point(x: 5, y: 6)])
        #expect(path == [.move(to: Point(x: 5, y: 6)), .line(to: Point(x: 5, y: 6))])
    }

    @Test func twoSamplesAreALine() {
        let path = StrokeSmoother.path(through: [Point(x: 0, y: 0), Point(x: 10, y: 0)])
        #expect(path == [.move(to: Point(x: 0, y: 0)), .line(to: Point(x: 10, y: 0))])
    }

    @Test func repeatedSamplesAddNothing() {
        let a = Point(x: 0, y: 0), b = Point(x: 10, y: 0), c = Point(x: 20, y: 10)
        #expect(StrokeSmoother.path(through: [a, a, b, b, b, c, c]) == StrokeSmoother.path(through: [a, b, c]))
        #expect(StrokeSmoother.path(through: [a, a, a]) == StrokeSmoother.path(through: [a]))
    }

    @Test func aNewSampleChangesOnlyTheLastSegments() {
        let samples = fastCircleSamples(turns: 1)
        for count in 3..<samples.count {
            let before = StrokeSmoother.path(through: samples[..<count])
            let after = StrokeSmoother.path(through: samples[...count])
            let first = StrokeSmoother.firstSampleAffected(in: samples[...count], byPointsFrom: count)
            #expect(first == count - 2)
            // All but the last segment before survive unchanged.
            #expect(Array(after.prefix(before.count - 1)) == Array(before.dropLast()))
        }
    }

    @Test func firstSampleAffectedSkipsRepeatedSamples() {
        let a = Point(x: 0, y: 0), b = Point(x: 10, y: 0), c = Point(x: 20, y: 10)
        #expect(StrokeSmoother.firstSampleAffected(in: [a, b, b, b, c], byPointsFrom: 4) == 0)
        #expect(StrokeSmoother.firstSampleAffected(in: [a], byPointsFrom: 0) == 0)
    }

    @Test func dirtyRectGrowsByHalfTheWidthAndAPixel() {
        let rect = DirtyRect.bounds(of: [Point(x: 10, y: 20), Point(x: 30, y: 25)], width: 8)
        #expect(rect == Rect(x: 5, y: 15, width: 30, height: 15))
        #expect(DirtyRect.bounds(of: [Point](), width: 8) == nil)
    }
}

@Suite struct SmoothPathTests {
    @Test func sampleBySampleEqualsTheWholePath() {
        let a = Point(x: 0, y: 0)
        let samples = [a, a] + fastCircleSamples(turns: 1.5) + [Point(x: 1, y: 1), Point(x: 1, y: 1)]
        var path = SmoothPath()
        var settledBefore: [PathSegment] = []
        for (index, sample) in samples.enumerated() {
            path.add(sample)
            #expect(path.segments == StrokeSmoother.path(through: samples[...index]))
            // Settled segments never change.
            #expect(Array(path.settled.prefix(settledBefore.count)) == settledBefore)
            settledBefore = path.settled
        }
    }

    @Test func anEmptyPathHasNoSegments() {
        #expect(SmoothPath().segments.isEmpty)
        #expect(SmoothPath().last == nil)
    }
}
