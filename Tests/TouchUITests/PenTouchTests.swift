import Foundation
import Testing
import TouchUI

/// A view that keeps the touches it hears, with what each said of pressure and tilt when it heard it.
private final class PenView: View {
    struct Heard: Equatable {
        var kind: Touch.Kind
        var force: Double
        var maximumPossibleForce: Double
        var altitude: Double
        var azimuthInView: Double
        var coalescedForces: [Double?]
        var predictedForces: [Double?]
    }
    var heard: [Heard] = []

    private func take(_ touches: Set<Touch>, _ event: Event?) {
        for touch in touches {
            heard.append(Heard(kind: touch.kind, force: touch.force, maximumPossibleForce: touch.maximumPossibleForce,
                               altitude: touch.altitudeAngle, azimuthInView: touch.azimuthAngle(in: self),
                               coalescedForces: (event?.coalescedTouches(for: touch) ?? []).map { $0.pen?.force },
                               predictedForces: (event?.predictedTouches(for: touch) ?? []).map { $0.pen?.force }))
        }
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { take(touches, event) }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { take(touches, event) }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { take(touches, event) }
}

@Suite struct PenTouchTests {
    @Test func tiltBecomesUIKitsAltitudeAndAzimuth() {
        let upright = PenAttributes(force: 0.5, tiltX: 0, tiltY: 0)
        #expect(upright.altitudeAngle == .pi / 2)
        #expect(upright.azimuthAngle == 0)
        #expect(upright.force == 0.5)
        // Leaning 30° towards +x: 60° above the screen, barrel pointing along +x.
        let right = PenAttributes(force: 1, tiltX: 30, tiltY: 0)
        #expect(abs(right.altitudeAngle - .pi / 3) < 1e-9)
        #expect(abs(right.azimuthAngle) < 1e-9)
        // Leaning towards +y (down the screen): a quarter turn clockwise.
        let down = PenAttributes(force: 1, tiltX: 0, tiltY: 45)
        #expect(abs(down.altitudeAngle - .pi / 4) < 1e-9)
        #expect(abs(down.azimuthAngle - .pi / 2) < 1e-9)
        // Towards -x and -y at once: between them, 225°.
        let upLeft = PenAttributes(force: 1, tiltX: -20, tiltY: -20)
        #expect(abs(upLeft.azimuthAngle - 5 * .pi / 4) < 1e-9)
        // Out-of-range pressure and nonsense angles are clamped, not trusted.
        #expect(PenAttributes(force: 7, tiltX: .nan, tiltY: 400).force == 1)
        #expect(PenAttributes(force: -1).force == 0)
        #expect(PenAttributes(force: 0.3, tiltX: .nan, tiltY: 90).altitudeAngle.isFinite)
    }

    @Test func aPenTouchCarriesItsPressureAndTiltAndAFingerCarriesNone() throws {
        let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let view = PenView(frame: Rect(x: 100, y: 100, width: 200, height: 200))
        view.isMultipleTouchEnabled = true
        window.addSubview(view)
        window.handle([TouchInput(contact: 1, .began(Point(x: 150, y: 150), kind: .pencil,
                                                     pen: PenAttributes(force: 0.2, tiltX: 0, tiltY: 30)))],
                      at: Timestamp(milliseconds: 0))
        window.handle([TouchInput(contact: 1, .moved(Point(x: 160, y: 150), pen: PenAttributes(force: 0.7)))],
                      at: Timestamp(milliseconds: 8))
        // A move that reports no new pressure keeps the last.
        window.handle([TouchInput(contact: 1, .moved(Point(x: 170, y: 150)))], at: Timestamp(milliseconds: 16))
        window.handle([TouchInput(contact: 2, .began(Point(x: 250, y: 250)))], at: Timestamp(milliseconds: 20))
        window.handle([TouchInput(contact: 1, .ended())], at: Timestamp(milliseconds: 24))

        #expect(view.heard.count == 5)
        let began = try #require(view.heard.first)
        #expect(began.kind == .pencil)
        #expect(began.force == 0.2 && began.maximumPossibleForce == 1)
        #expect(abs(began.altitude - .pi / 3) < 1e-9)
        #expect(abs(began.azimuthInView - .pi / 2) < 1e-9)
        #expect(began.coalescedForces == [0.2])
        #expect(view.heard[1].force == 0.7 && view.heard[1].coalescedForces == [0.7])
        #expect(view.heard[2].force == 0.7)
        // Predictions carry the pen's pressure too.
        #expect(!view.heard[2].predictedForces.isEmpty && view.heard[2].predictedForces.allSatisfy { $0 == 0.7 })
        let finger = view.heard[3]
        #expect(finger.kind == .direct && finger.force == 0 && finger.maximumPossibleForce == 0)
        #expect(finger.altitude == .pi / 2 && finger.coalescedForces == [nil])
    }

    @Test func penProximityIsKeptApartFromTouches() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.setPen(3, isNear: true)
        #expect(window.pensInProximity == [3])
        #expect(window.activeTouches.isEmpty)
        window.setPen(3, isNear: false)
        window.setPen(4, isNear: false)
        #expect(window.pensInProximity.isEmpty)
    }
}
