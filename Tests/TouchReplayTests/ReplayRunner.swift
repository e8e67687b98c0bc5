// Test support: runs the built touch-replay binary.
import ProcessTesting

enum ReplayRunner {
    /// The built `touch-replay`.
    static var executable: String { ChildProcess.product("touch-replay") }

    /// Runs touch-replay with arguments (and extra environment variables) and waits for it (SIGKILL after
    /// `timeout` seconds).
    static func replay(_ arguments: [String], environment: [String: String] = [:], timeout: Double = 20) async throws -> ProcessResult {
        try await ChildProcess.run(executable, arguments, environment: environment, timeout: timeout)
    }
}
