// Child processes for the compositor tests: spawned with a clean signal mask, killed with SIGKILL, polled; and
// private folders for their files.
import Foundation
import Glibc

/// A process started with `posix_spawn`, with an empty signal mask and default handlers (Swift Testing's worker
/// threads block SIGTERM and friends, and a child would inherit that), its output appended to a log file.
/// Killed with SIGKILL when released.
public final class SpawnedProcess {
    public let pid: pid_t
    public let executable: String
    public private(set) var exitStatus: Int32?
    /// Whether it leads a process group of its own, which ``kill()`` ends whole (its children with it).
    public let ownsProcessGroup: Bool

    /// Starts `executable`. With `ownProcessGroup` it leads a new process group, and ``kill()`` kills the group:
    /// for wrappers such as `dbus-run-session`, whose children would outlive them.
    public init(_ executable: String, _ arguments: [String], environment: [String: String], log: String,
                ownProcessGroup: Bool = false) throws {
        self.executable = executable
        ownsProcessGroup = ownProcessGroup
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if ownProcessGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid = pid_t()
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EIO) }
        self.pid = pid
    }

    deinit { kill() }

    /// Whether it has exited (reaps it when it has).
    public var hasExited: Bool {
        if exitStatus != nil { return true }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return false }
        exitStatus = status
        return true
    }

    /// Waits up to `timeout` for it to exit; returns its exit code, or nil when it did not exit or was signalled.
    public func waitForExit(timeout: Duration) -> Int32? {
        guard waitUntil(timeout: timeout, { self.hasExited }), let status = exitStatus else { return nil }
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : nil
    }

    public func kill() {
        // The group's other members may live on after its leader ended.
        if ownsProcessGroup { Glibc.kill(-pid, SIGKILL) }
        guard !hasExited else { return }
        Glibc.kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        exitStatus = status
    }
}

/// Polls `condition` every few milliseconds until it holds or `timeout` passes; returns whether it held.
public func waitUntil(timeout: Duration, _ condition: () -> Bool) -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while !condition() {
        if clock.now >= deadline { return false }
        usleep(5_000)
    }
    return true
}

/// A private folder (mode 0700, like XDG_RUNTIME_DIR), removed when released.
public final class TemporaryDirectory {
    /// The folder's path.
    public let path: String

    public init(prefix: String = "fingerpaint-test") throws {
        var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        path = String(cString: made)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The folder as a URL.
    public var url: URL { URL(fileURLWithPath: path) }

    /// A path inside the folder.
    public func path(_ name: String) -> String { path + "/" + name }

    /// Writes text to a file in the folder and returns its path.
    public func write(_ name: String, _ text: String) throws -> String {
        let file = path(name)
        try text.write(toFile: file, atomically: false, encoding: .utf8)
        return file
    }

    /// A file's text, or "" (for failure messages).
    public func read(_ name: String) -> String {
        (try? String(contentsOfFile: path(name), encoding: .utf8)) ?? ""
    }
}
