// A child program started with posix_spawn: Foundation's Process without Foundation (issue #22).
import Glibc

/// A program started with `posix_spawn`, no signal blocked in it (threads of Swift Testing and our own block some),
/// its standard output on a pipe when asked, its standard error to a file or /dev/null.
package final class Subprocess {
    /// The child's process ID.
    package let processIdentifier: pid_t
    private let outputEnd: Int32?
    private var status: Int32?

    /// Starts `executable` with `arguments` (not counting argv[0], which is `executable`) in `environment`; `nil`
    /// when it cannot be started.
    package init?(_ executable: String, _ arguments: [String], environment: [String: String], capturesOutput: Bool,
                  standardError: String = "/dev/null") {
        var ends: [Int32] = [-1, -1]
        if capturesOutput, pipe(&ends) != 0 { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if capturesOutput {
            posix_spawn_file_actions_adddup2(&actions, ends[1], STDOUT_FILENO)
            posix_spawn_file_actions_addclose(&actions, ends[0])
            posix_spawn_file_actions_addclose(&actions, ends[1])
        }
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, standardError, O_WRONLY | O_APPEND, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let argumentTexts = [executable] + arguments
        let argv: [UnsafeMutablePointer<CChar>?] = argumentTexts.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child = pid_t()
        let spawned = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        if capturesOutput { close(ends[1]) }
        guard spawned == 0 else {
            if capturesOutput { close(ends[0]) }
            return nil
        }
        processIdentifier = child
        outputEnd = capturesOutput ? ends[0] : nil
    }

    deinit {
        if let outputEnd { close(outputEnd) }
    }

    /// Everything the child writes to standard output until it closes it (empty when not captured).
    package func readOutput() -> [UInt8] {
        guard let outputEnd else { return [] }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(outputEnd, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            output += chunk.prefix(count)
        }
        return output
    }

    /// Whether the child has not ended yet (reaps it when it has).
    package var isRunning: Bool {
        if status != nil { return false }
        var raw: Int32 = 0
        let reaped = waitpid(processIdentifier, &raw, WNOHANG)
        if reaped == processIdentifier { status = raw }
        return reaped == 0
    }

    /// Waits for the child to end; its exit status, or 128 and the signal's number when a signal ended it (as
    /// `Process.terminationStatus` gave the signal's number alone for an uncaught signal).
    @discardableResult
    package func waitUntilExit() -> Int32 {
        if status == nil {
            var raw: Int32 = 0
            while waitpid(processIdentifier, &raw, 0) < 0, errno == EINTR {}
            status = raw
        }
        return terminationStatus
    }

    /// The exit status, or the signal's number when a signal ended it (`Process.terminationStatus`).
    package var terminationStatus: Int32 {
        guard let status else { return 0 }
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : status & 0x7F
    }

    /// Whether it exited by itself with status 0.
    package var succeeded: Bool {
        guard let status else { return false }
        return status & 0x7F == 0 && (status >> 8) & 0xFF == 0
    }
}
