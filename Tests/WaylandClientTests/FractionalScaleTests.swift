// The integer buffer scale chosen for a compositor's fractional preferred scale.
import Testing
@testable import WaylandClient

@Suite("Fractional scale")
struct FractionalScaleTests {
    @Test("The buffer scale is the smallest integer at or above n/120", arguments: [
        (UInt32(120), Int32(1)), (150, 2), (180, 2), (240, 2), (300, 3), (121, 2), (0, 1),
    ])
    func bufferScale(preferred: UInt32, expected: Int32) {
        #expect(FractionalScale.bufferScale(preferredScale120: preferred) == expected)
    }
}
