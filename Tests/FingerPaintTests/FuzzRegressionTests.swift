import Foundation
import FuzzTargets
import Testing

/// Every fuzz target on its seed corpus (`Fuzz/corpus/NAME`) and on every input a fuzzer ever found to trap
/// (`Fuzz/regressions/NAME`, each kept after its fix): all must return. docs/reliability.md, "Fuzzing".
@Suite struct FuzzRegressionTests {
    static let fuzzFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz")

    static func inputs(in folder: String, of target: String) -> [URL] {
        let url = fuzzFolder.appendingPathComponent(folder).appendingPathComponent(target)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.sorted().map { url.appendingPathComponent($0) }
    }

    @Test(arguments: FuzzTargets.all.map(\.name))
    func everySeedAndEveryInputThatOnceTrappedRuns(target: String) throws {
        let run = try #require(FuzzTargets.all.first { $0.name == target }?.run)
        let seeds = Self.inputs(in: "corpus", of: target)
        #expect(!seeds.isEmpty, "no seed corpus for \(target)")
        for input in seeds + Self.inputs(in: "regressions", of: target) {
            run([UInt8](try Data(contentsOf: input)))
        }
    }

    @Test func theSeatEventDecoderMakesEveryKindOfEventFromBytes() {
        // Each selector on its own, followed by enough bytes for its fields.
        let kinds = Set((0..<20).compactMap { selector -> Substring? in
            let bytes = [UInt8(selector), 16, 1] + [UInt8](repeating: 1, count: 24)
            return SeatEventDecoder.events(from: bytes).first.map { "\($0.kind)".prefix { $0 != "(" } }
        })
        #expect(kinds.count >= 15, "\(kinds.sorted())")
    }
}
