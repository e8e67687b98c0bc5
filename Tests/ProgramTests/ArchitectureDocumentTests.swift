import Foundation
import Testing

/// docs/architecture.md matches the code: every source file it names exists, and every Swift module under Sources
/// has its row in the table of modules (or is named among the tools).
@Suite struct ArchitectureDocumentTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func document() throws -> String {
        try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
    }

    @Test func everySourceFileItNamesExists() throws {
        let text = try Self.document()
        let named = text.matches(of: /`?([A-Z][A-Za-z]+(?:\/[A-Za-z+]+)+\.swift)/).map { String($0.output.1) }
        #expect(named.count > 20)
        let missing = named.filter {
            !FileManager.default.fileExists(atPath: Self.root.appendingPathComponent("Sources/\($0)").path)
        }
        #expect(missing.isEmpty, "named in docs/architecture.md but not in Sources: \(missing)")
    }

    @Test func everySwiftModuleHasItsRow() throws {
        let text = try Self.document()
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Sources").path)
        // C modules (system libraries and shims: C and a capital) are named together below the table.
        let swiftModules = folders.filter { $0.wholeMatch(of: /C[A-Z].*/) == nil }
        // The tools are named by their programs' names.
        let tools = ["KWinReplay": "kwin-replay", "TouchReplay": "touch-replay", "PaintBenchmark": "paint-benchmark",
                     "GestureDemo": "gesture-demo", "TouchDump": "touchdump",
                     "FakePortal": "fake-portal", "WaylandHello": "wayland-hello", "FingerPaint": "Sources/FingerPaint"]
        let unnamed = swiftModules.filter { module in
            !text.contains("| `\(module)` |") && !text.contains("`\(tools[module] ?? module)`")
        }
        #expect(unnamed.isEmpty, "modules under Sources without a row in docs/architecture.md: \(unnamed)")
    }
}
