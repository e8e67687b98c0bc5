import Foundation
import Glibc
@testable import PaintRender
import Testing
import Threading

/// The tile worker's lanes (``BackgroundLane``): threads of their own below the Wayland thread's priority, running
/// work in the order it was given.
@Suite struct BackgroundLaneTests {
    @Test func workRunsInOrderOnAThreadWhoseNiceValueIsRaisedAndWaitUntilIdleWaitsForAllOfIt() {
        let lane = BackgroundLane(name: "fp-test-lane")
        defer { lane.stop() }
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        let ours = getpriority(which, 0)
        let seen = Locked<(order: [Int], nice: Int32?)>(([], nil))
        for index in 0..<100 {
            lane.async {
                if index == 0 { seen.withLock { $0.nice = getpriority(which, 0) } }
                usleep(index % 10 == 0 ? 1_000 : 0)
                seen.withLock { $0.order.append(index) }
            }
        }
        lane.waitUntilIdle()
        let result = seen.withLock { $0 }
        #expect(result.order == Array(0..<100))
        // Raised by BackgroundLane.niceness, up to the highest nice value there is (19).
        #expect(result.nice == min(ours + BackgroundLane.niceness, 19))
        // This thread's own is untouched.
        #expect(getpriority(which, 0) == ours)
    }
}
