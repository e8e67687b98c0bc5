// The buffer chain's arithmetic: busy flags, the third buffer only while both are busy, damage history.
import Geometry
import Testing
@testable import WaylandClient

/// A 10×10 square at (x, y): the damage a test frame makes.
private func square(_ x: Int, _ y: Int) -> PixelRect {
    PixelRect(x: x, y: y, width: 10, height: 10)
}

@Suite("Buffer slots")
struct BufferSlotsTests {
    @Test("The first buffer is made, then reused once the compositor releases it")
    func singleBufferIsReusedAfterRelease() {
        var slots = BufferSlots()
        #expect(slots.acquire() == .make(0))
        slots.committed(at: 0, changed: nil)
        slots.released(at: 0)
        #expect(slots.acquire() == .reuse(0))
        #expect(slots.slots.count == 1)
    }

    @Test("The spare made with the first buffer is the one to warm from it while idle, once, and then lacks nothing")
    func spareIsWarmedFromTheBufferShownOnce() {
        var slots = BufferSlots()
        #expect(slots.spareToWarm() == nil)
        #expect(slots.acquire() == .make(0))
        #expect(slots.addSpare() == 1)
        slots.committed(at: 0, changed: nil)
        let warm = slots.spareToWarm()
        #expect(warm?.spare == 1 && warm?.source == 0)
        // Copied: it lacks nothing, and nothing is left to warm; the next frame goes to it with only its damage.
        slots.warmed(at: 1)
        #expect(slots.staleDamage(at: 1)?.isEmpty == true)
        #expect(slots.spareToWarm() == nil)
        #expect(slots.acquire() == .reuse(1))
        slots.released(at: 0)
        #expect(slots.spareToWarm() == nil)
    }

    @Test("A second buffer is made while the first is busy; a third only while both are busy; then nil")
    func thirdBufferOnlyWhenBothBusy() {
        var slots = BufferSlots()
        #expect(slots.acquire() == .make(0))
        slots.committed(at: 0, changed: nil)
        #expect(slots.acquire() == .make(1))
        slots.committed(at: 1, changed: nil)
        slots.released(at: 0)
        // One of two is free: no third buffer.
        #expect(slots.acquire() == .reuse(0))
        slots.committed(at: 0, changed: DamageList([square(0, 0)]))
        #expect(slots.busyCount == 2)
        #expect(slots.acquire() == .make(2))
        slots.committed(at: 2, changed: DamageList([square(10, 0)]))
        #expect(slots.busyCount == 3)
        #expect(slots.acquire() == nil)
        #expect(slots.acquire() == nil)
        #expect(slots.slots.count == 3)
    }

    @Test("A spare made with the first buffer is handed out, lacking everything, while the compositor holds the first")
    func spareIsHandedOutWhileTheFirstIsBusy() throws {
        var slots = BufferSlots()
        #expect(slots.acquire() == .make(0))
        #expect(slots.addSpare() == 1)
        // Only with exactly one buffer: never a third this way.
        #expect(slots.addSpare() == nil)
        slots.committed(at: 0, changed: nil)
        #expect(slots.acquire() == .reuse(1))
        #expect(slots.staleDamage(at: 1) == nil)
        slots.committed(at: 1, changed: DamageList([square(0, 0)]))
        #expect(slots.acquire() == .make(2))
        #expect(slots.addSpare() == nil)
        #expect(slots.slots.count == 3)
    }

    @Test("A busy buffer is never handed out")
    func busyBufferIsNeverHandedOut() {
        var slots = BufferSlots()
        for _ in 0..<3 {
            guard case let .make(index) = slots.acquire() else { Issue.record("expected a new buffer"); return }
            slots.committed(at: index, changed: nil)
        }
        slots.released(at: 1)
        #expect(slots.acquire() == .reuse(1))
        slots.committed(at: 1, changed: nil)
        #expect(slots.acquire() == nil)
    }

    @Test("Of two free buffers the one shown last is picked: it lacks the least")
    func mostRecentFreeBufferIsPicked() {
        var slots = BufferSlots()
        _ = slots.acquire()
        slots.committed(at: 0, changed: nil)
        _ = slots.acquire()
        slots.committed(at: 1, changed: nil)
        slots.released(at: 0)
        slots.released(at: 1)
        #expect(slots.acquire() == .reuse(1))
    }

    @Test("A new buffer lacks everything; a reused one lacks what the frames since it was shown changed")
    func damageHistoryAcrossTwoBuffers() {
        var slots = BufferSlots()
        _ = slots.acquire()
        #expect(slots.staleDamage(at: 0) == nil)
        slots.committed(at: 0, changed: nil)  // frame 1: full, in buffer 0
        _ = slots.acquire()
        #expect(slots.staleDamage(at: 1) == nil)
        slots.committed(at: 1, changed: DamageList([square(0, 0)]))  // frame 2: buffer 1 (drawn in full anyway)
        slots.released(at: 0)
        // Buffer 0 shows frame 1; frame 2 changed square(0, 0).
        #expect(slots.acquire() == .reuse(0))
        #expect(slots.staleDamage(at: 0) == DamageList([square(0, 0)]))
        slots.committed(at: 0, changed: DamageList([square(20, 20)]))  // frame 3
        slots.released(at: 1)
        // Buffer 1 shows frame 2: it lacks frame 3's change only.
        #expect(slots.acquire() == .reuse(1))
        #expect(slots.staleDamage(at: 1) == DamageList([square(20, 20)]))
    }

    @Test("With three buffers, a reused one lacks the changes of the two frames since it was shown")
    func damageHistoryAcrossThreeBuffers() {
        var slots = BufferSlots()
        for index in 0..<3 {
            #expect(slots.acquire() == .make(index))
            slots.committed(at: index, changed: nil)
        }
        slots.released(at: 0)
        #expect(slots.acquire() == .reuse(0))
        // Frames 2 and 3 were full (new buffers): buffer 0 lacks everything.
        #expect(slots.staleDamage(at: 0) == nil)
        slots.committed(at: 0, changed: DamageList([square(0, 0)]))  // frame 4
        slots.released(at: 1)
        #expect(slots.acquire() == .reuse(1))
        #expect(slots.staleDamage(at: 1) == nil)
        slots.committed(at: 1, changed: DamageList([square(10, 10)]))  // frame 5
        slots.released(at: 2)
        slots.released(at: 0)
        // Buffer 0 shows frame 4 and lacks frame 5; buffer 2 shows frame 3 and lacks frames 4 and 5.
        #expect(slots.acquire() == .reuse(0))
        #expect(slots.staleDamage(at: 0) == DamageList([square(10, 10)]))
        slots.committed(at: 0, changed: DamageList([square(10, 10)]))  // frame 6 changes nothing new
        #expect(slots.staleDamage(at: 2) == DamageList([square(0, 0), square(10, 10)]))
        #expect(slots.staleDamage(at: 0) == DamageList())
        #expect(slots.acquire() == .reuse(2))
    }

    @Test("A buffer that caught up accumulates the changes of every later frame")
    func staleDamageAccumulates() {
        var slots = BufferSlots()
        _ = slots.acquire()
        slots.committed(at: 0, changed: nil)
        _ = slots.acquire()
        slots.committed(at: 1, changed: nil)
        slots.released(at: 0)
        _ = slots.acquire()
        slots.committed(at: 0, changed: DamageList([square(0, 0)]))
        slots.released(at: 1)
        // Buffer 1 lacks square(0, 0); two more frames in buffer 0 add to that.
        slots.released(at: 0)
        #expect(slots.acquire() == .reuse(0))
        slots.committed(at: 0, changed: DamageList([square(50, 0)]))
        slots.released(at: 0)
        slots.committed(at: 0, changed: DamageList([square(0, 50)]))
        #expect(slots.staleDamage(at: 1) == DamageList([square(0, 0), square(50, 0), square(0, 50)]))
    }

    @Test("Invalidating makes every buffer lack everything")
    func invalidateAllForgetsHistory() {
        var slots = BufferSlots()
        _ = slots.acquire()
        slots.committed(at: 0, changed: nil)
        _ = slots.acquire()
        slots.committed(at: 1, changed: DamageList([square(0, 0)]))
        slots.invalidateAll()
        #expect(slots.staleDamage(at: 0) == nil)
        #expect(slots.staleDamage(at: 1) == nil)
    }
}
