import Foundation
import Geometry
import Testing

/// `cFormat` gives what `String(format:)` gave for every conversion the programs use (the memory line, the
/// benchmarks' ratios and times, the launch lines), so no printed text changes without Foundation (issue #22).
@Suite struct FoundationTextTests {
    static let values: [Double] = [0, -0.0, 1, 0.05, 0.15, 0.25, 2.5, 3.5, -1.25, 1234.5678, 1e-7, 99.95, 1e20, 123456789.987654321,
                                   .infinity, -.infinity, .nan, 0.1 + 0.2, 1_048_576 / 3]

    @Test func numbersAreFormattedAsStringFormatFormattedThem() {
        for format in ["%.0f", "%.1f", "%.2f", "%.3f", "%+.1f", "memory: resident %.1f MiB", "%.1f-%.1f ms"] {
            for value in Self.values {
                #expect(cFormat(format, value, value) == String(format: format, value, value), "\(format) \(value)")
            }
        }
        for value in [0, 1, -1, 42, Int(Int32.max), Int.min, Int.max] {
            #expect(cFormat("%d tiles", value) == String(format: "%d tiles", value), "\(value)")
        }
        // Longer than the first buffer.
        #expect(cFormat("%400.1f|%d", 2.25, 7) == String(format: "%400.1f|%d", 2.25, 7))
    }
}
