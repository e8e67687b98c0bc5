// A window's chain of buffers: BufferSlots' decisions carried out on real wl_shm buffers.
import CCairo
import CWaylandClient
import Dispatch

/// The buffers of one window: two, a third only while both are busy, all of one size and scale.
final class BufferPool {
    private let display: Display
    private let shm: OpaquePointer
    private var slots = BufferSlots()
    private var buffers: [Buffer] = []
    /// Buffers of an old size still held by the compositor, destroyed on release.
    private var retired: [ObjectIdentifier: Buffer] = [:]
    private(set) var pixelWidth: Int32 = 0
    private(set) var pixelHeight: Int32 = 0
    private(set) var scale: Int32 = 1
    private(set) var isTranslucent = false

    init(display: Display, shm: OpaquePointer) {
        self.display = display
        self.shm = shm
    }

    /// A free buffer of the given size and what it lacks (`nil`: everything), or `nil` when all three are busy.
    ///
    /// A change of size, scale or format (`isTranslucent`: ARGB8888) retires every buffer.
    /// `preferring`: that buffer when it is still the pool's and free (the one a frame is being drawn into in parts).
    /// `mayMakeThird`: whether a third buffer may be made when both are busy (`false`: `nil` then, and the frame
    /// waits for a release).
    func acquire(width: Int32, height: Int32, scale: Int32, isTranslucent: Bool = false,
                 preferring preferred: Buffer? = nil,
                 mayMakeThird: Bool = true) throws(WaylandError) -> (buffer: Buffer, stale: DamageList?)? {
        finishWarming()
        if width != pixelWidth || height != pixelHeight || scale != self.scale || isTranslucent != self.isTranslucent {
            retireAll()
            pixelWidth = width
            pixelHeight = height
            self.scale = scale
            self.isTranslucent = isTranslucent
        }
        if let preferred, let index = buffers.firstIndex(where: { $0 === preferred }), !slots.slots[index].isBusy {
            forgetCopies(of: preferred)
            return (preferred, slots.staleDamage(at: index))
        }
        switch slots.acquire(mayMakeThird: mayMakeThird) {
        case nil:
            return nil
        case let .reuse(index):
            forgetCopies(of: buffers[index])
            return (buffers[index], slots.staleDamage(at: index))
        case let .make(index):
            let buffer = try makeBuffer(at: index)
            try makeSpare()
            return (buffer, nil)
        }
    }

    /// With the first buffer, a second, its pages faulted in on the second core: the frame after the first needs
    /// it while the compositor holds the first, and painting a fresh buffer of 3840x2160 in full took 30 to 140 ms
    /// on the Wayland thread, most of it in page faults (docs/performance.md, "Drawing against the display clock").
    private func makeSpare() throws(WaylandError) {
        guard let index = slots.addSpare() else { return }
        try makeBuffer(at: index).faultInPagesInBackground()
    }

    /// A new buffer of the pool's size, scale and format for slot `index` (the next one).
    @discardableResult
    private func makeBuffer(at index: Int) throws(WaylandError) -> Buffer {
        let buffer = try Buffer(display: display, shm: shm, width: pixelWidth, height: pixelHeight, scale: scale,
                                isTranslucent: isTranslucent)
        buffer.onRelease = { [unowned self, unowned buffer] in self.released(buffer) }
        assert(index == buffers.count)
        buffers.append(buffer)
        return buffer
    }

    /// Gives the spare the picture shown, when there is a spare that lacks everything (``spareToWarm()``): a copy
    /// of the whole buffer on the second core, which ``acquire(width:height:scale:isTranslucent:)`` waits for.
    /// Returns whether it started one.
    func warmSpare() -> Bool {
        guard let (spare, source) = slots.spareToWarm() else { return false }
        let done = DispatchGroup()
        buffers[spare].copyPixelsInBackground(from: buffers[source], done: done)
        buffers[spare].warmedFrom = buffers[source]
        warming = (done, buffers[spare])
        slots.warmed(at: spare)
        return true
    }

    /// The copy under way into a spare, and that spare.
    private var warming: (done: DispatchGroup, buffer: Buffer)?

    /// A window closed right after its first frame: its buffers are unmapped only once the copy has read them.
    deinit {
        finishWarming()
    }

    /// `buffer` is about to be drawn into: a copy of its pixels is one no longer.
    private func forgetCopies(of buffer: Buffer) {
        for other in buffers where other.warmedFrom === buffer { other.warmedFrom = nil }
    }

    /// Waits for the copy into a spare, if one is under way; the spare's pixels are Cairo's again.
    private func finishWarming() {
        guard let (done, buffer) = warming else { return }
        warming = nil
        done.wait()
        cairo_surface_mark_dirty(buffer.cairoSurface)
    }

    /// Records that `buffer` was attached and committed with `changed` damaged (`nil`: everything).
    func committed(_ buffer: Buffer, changed: DamageList?) {
        buffer.warmedFrom = nil
        guard let index = buffers.firstIndex(where: { $0 === buffer }) else { return }
        slots.committed(at: index, changed: changed)
    }

    /// Every buffer must be redrawn in full (the program asked for it).
    func invalidateAll() {
        slots.invalidateAll()
    }

    var busyCount: Int { slots.busyCount }
    var count: Int { buffers.count }

    private func released(_ buffer: Buffer) {
        if retired.removeValue(forKey: ObjectIdentifier(buffer)) != nil { return }
        guard let index = buffers.firstIndex(where: { $0 === buffer }) else { return }
        slots.released(at: index)
    }

    private func retireAll() {
        finishWarming()
        for (index, buffer) in buffers.enumerated() where slots.slots[index].isBusy {
            retired[ObjectIdentifier(buffer)] = buffer
        }
        buffers.removeAll()
        slots.removeAll()
    }
}
