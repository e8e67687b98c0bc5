import Foundation
import PropertyBased
import Testing
import TouchUI

/// A flick's glide: UIScrollView's deceleration rates, where it stops, and that no velocity can make it misbehave.
@Suite struct MomentumTests {
    private func length(_ v: Vector) -> Double { (v.dx * v.dx + v.dy * v.dy).squareRoot() }

    @Test func aFlickAtAThousandPointsASecondGlidesAboutFiveHundredPointsAtTheNormalRate() {
        let glide = Momentum(velocity: Vector(dx: 1000, dy: 0), at: .zero)
        // v₀ · rate / (1 − rate) = 499 pt, less the last point and a half below the stopping speed.
        #expect(glide.distance.dx > 495 && glide.distance.dx < 500, "\(glide.distance)")
        #expect(glide.distance.dy == 0)
        // About 2.9 s until it is slower than 3 pt/s: ln(3/1000) / ln(0.998).
        #expect(abs(glide.duration.seconds - 2.9) < 0.05, "\(glide.duration)")
    }

    @Test func theFastRateGlidesAFifthAsFar() {
        let normal = Momentum(velocity: Vector(dx: 0, dy: -1000), at: .zero)
        let fast = Momentum(velocity: Vector(dx: 0, dy: -1000), rate: .fast, at: .zero)
        #expect(fast.distance.dy < -95 && fast.distance.dy > -100, "\(fast.distance)")
        #expect(abs(fast.distance.dy / normal.distance.dy - 0.2) < 0.01)
    }

    @Test func itSlowsDownAndStops() {
        let glide = Momentum(velocity: Vector(dx: 600, dy: 800), at: .milliseconds(1000))
        let halfway = Timestamp.milliseconds(1000 + 347)  // 0.998^347 ≈ 0.5
        #expect(abs(length(glide.velocity(at: halfway)) - 500) < 5)
        #expect(glide.offset(at: .milliseconds(500)) == .zero)
        #expect(glide.velocity(at: glide.end) == .zero)
        #expect(glide.isFinished(at: glide.end) && !glide.isFinished(at: halfway))
        #expect(glide.offset(at: glide.end + .seconds(10)) == glide.distance)
        // It moves along its velocity's direction.
        let offset = glide.offset(at: halfway)
        #expect(abs(offset.dx / offset.dy - 0.75) < 1e-9)
    }

    @Test func aSlowOrBrokenFlickDoesNotGlide() {
        for velocity in [Vector(dx: 20, dy: 20), Vector(dx: .nan, dy: 0), Vector(dx: .infinity, dy: 0), .zero] {
            let glide = Momentum(velocity: velocity, at: .zero)
            #expect(!glide.isGliding)
            #expect(glide.distance == .zero)
        }
    }

    @Test func anEnormousFlickGlidesAtTheMaximumSpeed() {
        let glide = Momentum(velocity: Vector(dx: 3e300, dy: 4e300), at: .zero)
        #expect(glide.isGliding)
        #expect(abs(length(glide.velocity) - Momentum.maximumSpeed) < 1e-6)
        #expect(abs(glide.velocity.dx / glide.velocity.dy - 0.75) < 1e-9)
    }

    @Test func theRateIsClampedToWhatGlides() {
        #expect(DecelerationRate(perMillisecond: 1.5).perMillisecond == 0.9999)
        #expect(DecelerationRate(perMillisecond: -1).perMillisecond == 0)
        #expect(DecelerationRate(perMillisecond: .nan) == .normal)
        #expect(!Momentum(velocity: Vector(dx: 1000, dy: 0), rate: DecelerationRate(perMillisecond: 0), at: .zero).isGliding)
    }

    @Test func anyVelocityAndRateGivesAFiniteGlideThatNeverTurnsBack() async {
        let values = Gen<Double>.oneOf(Gen.double(in: -1e300...1e300), Gen.double(in: -5000...5000),
                                       Gen.always(Double.nan), Gen.always(Double.infinity), Gen.always(-Double.infinity))
        await propertyCheck(count: 500, input: values, values, Gen.double(in: -2...2), Gen.double(in: 0...20_000)) {
            dx, dy, rate, milliseconds in
            let glide = Momentum(velocity: Vector(dx: dx, dy: dy), rate: DecelerationRate(perMillisecond: rate), at: .zero)
            let earlier = glide.offset(at: .milliseconds(milliseconds / 2)), later = glide.offset(at: .milliseconds(milliseconds))
            #expect(later.dx.isFinite && later.dy.isFinite)
            #expect(length(later) >= length(earlier) - 1e-9)
            #expect(length(later) <= length(glide.distance) + 1e-9)
            #expect(length(glide.velocity(at: .milliseconds(milliseconds))) <= Momentum.maximumSpeed * (1 + 1e-9))
        }
    }
}
