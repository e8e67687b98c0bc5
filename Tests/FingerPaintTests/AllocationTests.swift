import CAllocationCounter
import Foundation
import Testing
import FingerPaintCore
import PaintModel
import SeatInput
import TouchUI

/// The paths a touch takes allocate nothing (issue #22, "Lean"): a seat event through the translator, the window,
/// the gesture recognizers and the canvas view costs no heap allocation, once the strokes in progress have room.
/// Counted with CAllocationCounter (every malloc, calloc, realloc and aligned allocation the test's thread makes),
/// never timed; not in a sanitizer's build, which brings its own allocator.
///
/// Optimized (`swift test -c release`, and the programs, whose figure `paint-benchmark cpu` prints) the count is
/// zero. A debug build allocates where the optimizer would not: the standard library's generic iteration and
/// `contains(where:)`, unspecialized, box their values, and its accessors' coroutine frames go on the heap. There
/// the test holds the count to what this path costs now, so that an allocation added to it (one more per event,
/// or one per touch) is caught in either build.
@Suite(.enabled(if: CAllocationCounter_isAvailable() != 0, "a sanitizer's build counts no allocations"))
struct AllocationTests {
    /// Three fingers drawing circles at 120 Hz, a frame drawn every other sample as a 60 Hz window does.
    private final class Circles {
        let painter = Painter()
        private var sample = 0
        /// The allocations made while frames were drawn, and the frames drawn.
        private(set) var frameAllocations = 0
        private(set) var frames = 0

        func events(at sample: Int) -> [SeatEvent] {
            let time = Double(sample) * 1000 / 120
            var events: [SeatEvent] = []
            for finger in 0..<3 {
                let angle = 2 * Double.pi * time / 1000 + Double(finger)
                let location = point(100 + 100 * Double(finger) + 40 * cos(angle), 120 + 40 * sin(angle))
                events.append(SeatEvent(time: .milliseconds(time), sample == 0
                    ? .touchDown(id: Int32(finger), location: location) : .touchMotion(id: Int32(finger), location: location)))
            }
            events.append(SeatEvent(time: .milliseconds(time), .touchFrame))
            return events
        }

        /// Plays `count` samples; returns the allocations made while the app handled their events (frames drawn
        /// between them are not counted).
        func play(_ count: Int) -> Int {
            var allocations = 0
            for _ in 0..<count {
                let events = events(at: sample)
                CAllocationCounter_start()
                for event in events { painter.app.handle(event) }
                allocations += CAllocationCounter_stop()
                if sample % 2 == 1 {
                    CAllocationCounter_start()
                    painter.app.renderFrame(at: Timestamp(seconds: Double(sample) / 120 + 1.0 / 60))
                    frameAllocations += CAllocationCounter_stop()
                    frames += 1
                }
                sample += 1
            }
            return allocations
        }
    }

    /// The allocations 80 touch events may make: none optimized; in a debug build, those of its unspecialized
    /// generic code (see the suite's comment): 4197 measured, and one more per moved touch would be 60.
    #if DEBUG
    static let allowedAllocations = 4220
    #else
    static let allowedAllocations = 0
    #endif

    /// The allocations a frame drawn while three fingers draw may make, on average: the canvas view's predicted
    /// tails, the renderer's record of what the frame changed and the rectangles it redraws, Cairo's own. Optimized
    /// 110 measured (`paint-benchmark cpu`'s count, 800x600: 96, and 193 before the renderer's smoothing and bounds
    /// calls were specialized and it kept its tails' and strokes' storage from frame to frame); in a debug build
    /// 1112 (1304 before), most in unspecialized generic code. Since the prediction's trackers are made with room
    /// for their samples, the tile keys are read without a list and the frame's lists are made once (issue #22,
    /// "The kernel's and the runtime's share"): optimized 80.3 (`swift test -c release -Xswiftc -enable-testing`),
    /// `paint-benchmark cpu`'s count 113 -> 77. With the strokes in progress drawn by our own rasterizer
    /// (``PaintRender/CapsuleRaster``, whose storage the renderer keeps), in a debug build 1474 (held to 1500), its `SIMD`
    /// arithmetic being unspecialized generic code there; `paint-benchmark cpu`'s count 66.7.
    #if DEBUG
    static let allowedFrameAllocations = 1500
    #else
    static let allowedFrameAllocations = 82
    #endif

    @Test func framesWhileFingersDrawAllocateLittle() throws {
        let circles = Circles()
        _ = circles.play(60)
        let (before, framesBefore) = (circles.frameAllocations, circles.frames)
        _ = circles.play(40)
        let perFrame = Double(circles.frameAllocations - before) / Double(max(circles.frames - framesBefore, 1))
        #expect(perFrame <= Double(Self.allowedFrameAllocations), "\(perFrame) allocations a frame")
        #expect(circles.painter.app.canvasView.liveStrokes.count == 3)
    }

    @Test func theCounterCountsAnAllocation() {
        CAllocationCounter_start()
        let pointer = malloc(16)
        let counted = CAllocationCounter_stop()
        free(pointer)
        #expect(counted == 1)
    }

    @Test func touchEventsThroughTheAppAllocateNothing() throws {
        let circles = Circles()
        // Warm-up: the recognizers see the touches, then the strokes in progress play on until each has room for
        // 20 samples more (their storage grows by doubling, now and then).
        _ = circles.play(60)
        func haveRoom() -> Bool {
            circles.painter.app.canvasView.liveStrokes.values.allSatisfy { $0.points.capacity - $0.points.count >= 20 }
        }
        for _ in 0..<1000 where !haveRoom() { _ = circles.play(1) }
        try #require(haveRoom())
        // 20 samples of three fingers: 80 events.
        let allocations = circles.play(20)
        #expect(allocations <= Self.allowedAllocations, "\(allocations) allocations in 80 events")
        #expect(circles.painter.app.canvasView.liveStrokes.count == 3)
    }
}
