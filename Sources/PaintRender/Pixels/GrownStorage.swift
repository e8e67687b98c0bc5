// Storage of plain values that grows by doubling and is reused, for rasterizers that allocate nothing a stroke.

/// Storage that grows by doubling and is reused: `count` elements from `base`.
struct Grown<Element> {
    private(set) var base = UnsafeMutablePointer<Element>.allocate(capacity: 64)
    private var capacity = 64
    /// How many elements are in use; set lower to drop the last ones, or higher within what ``reserve(_:)`` made room for.
    var count = 0

    /// The first element past those in use.
    var end: UnsafeMutablePointer<Element> { base + count }

    /// Makes room for `extra` elements past those in use.
    mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        var grown = capacity
        while grown < count + extra { grown *= 2 }
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: grown)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity = grown
    }

    mutating func append(_ element: Element) {
        reserve(1)
        (base + count).initialize(to: element)
        count += 1
    }

    /// Forgets the elements (plain values: nothing to deinitialize), keeping the room.
    mutating func removeAll() {
        count = 0
    }

    func deallocate() {
        base.deallocate()
    }
}
