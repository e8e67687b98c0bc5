// Test support: the programs of the repository's example packages (Examples/NAME, outside packages of their own),
// built once per test run in their own scratch folders, so the package's tests can run them as child processes.
import Foundation

/// Builds an example package's program and gives its path.
///
/// An example package depends on this one by path, as an outside package would, so `swift build --build-tests`
/// of this package does not build it. The first call for a package builds it (`swift build --package-path
/// Examples/NAME --scratch-path .build/SCRATCH`, the folder its check script uses, so a built one is only looked
/// over); every later call waits for that build.
public actor ExamplePrograms {
    /// The one set of builds of a test run.
    public static let shared = ExamplePrograms()

    private var builds: [String: Task<String, any Error>] = [:]

    /// A build that failed, with what SwiftPM said.
    public struct BuildFailure: Error, CustomStringConvertible {
        /// The command and its output.
        public var description: String
    }

    /// The path of `product` of the package in `Examples/folder`, built in `.build/scratch` of this package.
    public func path(of product: String, inExample folder: String, scratch: String,
                     filePath: String = #filePath) async throws -> String {
        let key = "\(folder)/\(product)"
        if let build = builds[key] { return try await build.value }
        var root = URL(fileURLWithPath: filePath)
        while root.pathComponents.count > 1, !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
            root.deleteLastPathComponent()
        }
        let package = root.appendingPathComponent("Examples/\(folder)").path
        let scratchPath = root.appendingPathComponent(".build/\(scratch)").path
        let swift = ProcessInfo.processInfo.environment["SWIFT"] ?? "swift"
        let build = Task { () throws -> String in
            let arguments = [swift, "build", "--package-path", package, "--scratch-path", scratchPath, "--product", product]
            let result = try await ChildProcess.run("/usr/bin/env", arguments, timeout: 1800)
            guard result.status == 0 else {
                throw BuildFailure(description: "\(arguments.joined(separator: " ")): \(result.standardOutput)\(result.standardError)")
            }
            return "\(scratchPath)/debug/\(product)"
        }
        builds[key] = build
        return try await build.value
    }
}
