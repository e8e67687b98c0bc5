// The 8-bit arithmetic Cairo and pixman do on pixels, in one place, so that what this module writes into pixels
// itself (CapsuleRaster's strokes, OpaqueBlending's layers, fills) is what Cairo would: a value from 0 to 1 as
// Cairo's byte, and x · m / 255 rounded as pixman rounds, one channel or two at once.

extension UInt32 {
    /// A value from 0 to 1 (kept within, not a number as 0) as the byte Cairo makes of it: its 16 bits
    /// (`_cairo_color_double_to_short`: × 65535, rounded), then the top 8, as its image compositor takes them.
    @inline(__always)
    static func cairoByte(_ unit: Double) -> UInt32 {
        let clamped = unit.isNaN ? 0 : Swift.min(Swift.max(unit, 0), 1)
        return UInt32(clamped * 65535 + 0.5) >> 8
    }

    /// The value (at most 255²) divided by 255, rounded as pixman rounds.
    @inline(__always)
    var dividedBy255: UInt32 {
        let t = self &+ 0x80
        return (t &+ (t >> 8)) >> 8
    }

    /// The value times `other` (both at most 255), divided by 255, rounded as pixman rounds.
    @inline(__always)
    func times(_ other: UInt32) -> UInt32 { (self &* other).dividedBy255 }

    /// Two channels 16 bits apart (each at most 255), each times `m` (at most 255) divided by 255, rounded as
    /// pixman and Cairo round them in one multiplication.
    @inline(__always)
    func timesPair(_ m: UInt32) -> UInt32 {
        let t = self &* m &+ 0x0080_0080
        return (t &+ (t >> 8 & 0x00FF_00FF)) >> 8 & 0x00FF_00FF
    }
}

extension Int {
    /// The value divided by `divisor` (above 0), rounded down rather than toward zero: the square of `divisor`
    /// pixels a pixel lies in, along one axis.
    @inline(__always)
    func flooredDivision(by divisor: Int) -> Int {
        self >= 0 ? self / divisor : -((-self + divisor - 1) / divisor)
    }
}
