// The bookkeeping of a buffer chain, apart from the memory: which buffer is busy, and what each one lacks.

/// The pure state of a chain of two (at most three) buffers: busy flags and per-buffer damage history.
///
/// - A buffer is busy from the commit that shows it until the compositor's `wl_buffer.release`; a busy buffer is
///   never handed out.
/// - The chain holds two buffers; a third is made only while both are busy; when all three are busy
///   ``acquire()`` returns `nil` and the window stays dirty until a release.
/// - Each buffer knows what changed on screen since its contents were last shown (``staleDamage``): the program
///   redraws only that, plus what it wants to change anyway. A new buffer lacks everything.
struct BufferSlots: Equatable {
    /// The most buffers ever in use: two, and a third while both are busy.
    static let maximumCount = 3

    struct Slot: Equatable {
        var isBusy = false
        /// Everything changed on screen since this buffer's contents were last shown; `nil` means all of it.
        var staleDamage: DamageList? = nil
        /// The number of the frame that last showed this buffer; 0 when it never was.
        var lastFrame = 0
    }

    private(set) var slots: [Slot] = []
    private var frame = 0

    /// What ``acquire()`` decided.
    enum Acquisition: Equatable {
        /// Reuse the buffer at this index.
        case reuse(Int)
        /// Make a new buffer; it will have this index.
        case make(Int)
    }

    /// Picks a buffer to draw into: the free one shown most recently (it lacks the least); a new one only when
    /// every buffer is busy and there are fewer than three (`mayMakeThird` false: two); `nil` when all are busy.
    mutating func acquire(mayMakeThird: Bool = true) -> Acquisition? {
        let free = slots.indices.filter { !slots[$0].isBusy }
        if let best = free.max(by: { slots[$0].lastFrame < slots[$1].lastFrame }) {
            return .reuse(best)
        }
        guard slots.count < (mayMakeThird ? Self.maximumCount : 2) else { return nil }
        slots.append(Slot())
        return .make(slots.count - 1)
    }

    /// Adds a free buffer that was never shown, when the chain has only one: made while the program is idle, the
    /// buffer the first frame after the first needs (the compositor holds the first until the second arrives) is
    /// ready before that frame. Returns its index, or `nil` when the chain has another count.
    mutating func addSpare() -> Int? {
        guard slots.count == 1 else { return nil }
        slots.append(Slot())
        return slots.count - 1
    }

    /// A free buffer that lacks everything (made as a spare, never painted) and the buffer that shows the current
    /// picture (the last one committed, nothing changed since), when there are both: copying the one into the other
    /// while the program is idle spares the next frame painting a whole buffer.
    func spareToWarm() -> (spare: Int, source: Int)? {
        guard let source = slots.indices.first(where: { slots[$0].lastFrame == frame && frame > 0 }),
              slots[source].staleDamage?.isEmpty == true,
              let spare = slots.indices.first(where: { !slots[$0].isBusy && slots[$0].staleDamage == nil })
        else { return nil }
        return (spare, source)
    }

    /// Records that the free buffer at `index` was given the picture shown (``spareToWarm()``): it lacks nothing.
    mutating func warmed(at index: Int) {
        slots[index].staleDamage = DamageList()
    }

    /// What the buffer at `index` lacks: `nil` when everything (a new buffer, or after ``invalidateAll()``).
    func staleDamage(at index: Int) -> DamageList? {
        slots[index].staleDamage
    }

    /// Records that the buffer at `index` was committed with `changed` damaged: it is busy and up to date, and
    /// every other buffer now lacks `changed` too.
    mutating func committed(at index: Int, changed: DamageList?) {
        frame += 1
        for other in slots.indices where other != index {
            if let changed, slots[other].staleDamage != nil {
                slots[other].staleDamage!.formUnion(changed)
            } else {
                slots[other].staleDamage = nil
            }
        }
        slots[index] = Slot(isBusy: true, staleDamage: DamageList(), lastFrame: frame)
    }

    /// Records the compositor's `wl_buffer.release` of the buffer at `index`.
    mutating func released(at index: Int) {
        slots[index].isBusy = false
    }

    /// Every buffer lacks everything (the scale changed, or the program asks for a full redraw).
    mutating func invalidateAll() {
        for index in slots.indices { slots[index].staleDamage = nil }
    }

    /// Forgets every buffer (the size changed); busy ones are the caller's to retire.
    mutating func removeAll() {
        slots.removeAll()
    }

    var busyCount: Int { slots.filter(\.isBusy).count }
}
