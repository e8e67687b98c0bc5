// Starting the client with posix_spawn (clean signal mask), and noticing when it ends.
import Foundation
import Glibc
import Localization

/// The client program, started with `WAYLAND_DISPLAY` and `XDG_RUNTIME_DIR` pointing at the compositor.
final class ClientProcess {
    /// How a process ended.
    enum Termination: Equatable {
        case exited(Int32)
        case signalled(Int32)

        /// The status `touch-replay` passes on: the exit status, or 128 + the signal.
        var status: Int32 {
            switch self {
            case .exited(let status): status
            case .signalled(let signal): 128 + signal
            }
        }

        /// The line that says the client ended during playback.
        var duringPlayback: String {
            switch self {
            case .exited(let status): localized("the client exited with status %d during playback", status)
            case .signalled(let signal): localized("the client was killed by signal %d during playback", signal)
            }
        }

        /// The message that says the client ended before it showed its window.
        var beforeWindow: String {
            switch self {
            case .exited(let status): localized("the client exited with status %d before it showed a window", status)
            case .signalled(let signal): localized("the client was killed by signal %d before it showed a window", signal)
            }
        }
    }

    let processID: pid_t
    /// How the client ended, once it has.
    private(set) var termination: Termination?
    /// Whether touch-replay killed it (after a close it did not obey).
    private(set) var wasKilled = false

    /// Starts `arguments[0]` (looked up in `PATH`) with the extra environment, every signal at its default and
    /// none blocked: whatever started touch-replay may have blocked some, and the mask is inherited.
    init(arguments: [String], environment extra: [String: String]) throws(ReplayError) {
        var environment = ProcessInfo.processInfo.environment
        environment["WAYLAND_SOCKET"] = nil
        for (key, value) in extra { environment[key] = value }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD, SIGUSR1, SIGUSR2, SIGALRM] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, arguments[0], nil, &attributes, argv, envp)
        guard result == 0 else {
            // Translators: %1$s is the client program's name, %2$s the system's reason.
            throw ReplayError(description: localized("cannot start the client %1$s: %2$s", arguments[0], String(cString: strerror(result))))
        }
        processID = pid
    }

    /// Whether the client has ended; collects its status without waiting.
    @discardableResult
    func hasEnded() -> Bool {
        if termination != nil { return true }
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(processID, &status, WNOHANG, &usage) == processID else {
            sampleMemory()
            return false
        }
        termination = Self.termination(from: status)
        cpuSeconds = Self.seconds(of: usage)
        return true
    }

    /// The processor time (user and system) the client and the children it waited for used, once it has ended.
    private(set) var cpuSeconds: Double?
    /// The client's peak resident memory in KiB, as the kernel last said it while the client ran (`VmHWM` in
    /// `/proc/PID/status`, read at most every ``memoryInterval`` while touch-replay waits on it); `nil` before any.
    /// Not `wait4`'s `ru_maxrss`: a child started with `posix_spawn` (`CLONE_VM`) counts the parent's peak too.
    private(set) var peakResidentKiB: Int?
    private var lastMemorySample = -Double.infinity
    /// How often the client's peak memory is read while it runs, in seconds.
    static let memoryInterval = 0.01

    /// Reads the client's peak resident memory, if the last reading is ``memoryInterval`` old.
    private func sampleMemory() {
        let now = monotonicNow()
        guard now - lastMemorySample >= Self.memoryInterval else { return }
        lastMemorySample = now
        guard let bytes = procFile("status", upTo: 4096) else { return }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kib = Int(line.dropFirst("VmHWM:".count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
        else { return }
        peakResidentKiB = max(peakResidentKiB ?? 0, kib)
    }

    private static func seconds(of usage: rusage) -> Double {
        Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// Whether the client's main thread is running or waiting for a processor (`R` in `/proc/PID/stat`), or in an
    /// uninterruptible wait (`D`): still working on what it was sent, however long a loaded machine keeps it waiting.
    func isBusy() -> Bool {
        guard let bytes = procFile("stat", upTo: 512) else { return false }
        // "PID (COMMAND) STATE ...": the command may hold spaces and parentheses; the state follows the last ")".
        guard let end = bytes.lastIndex(of: UInt8(ascii: ")")), end + 2 < bytes.endIndex else { return false }
        let state = bytes[end + 2]
        return state == UInt8(ascii: "R") || state == UInt8(ascii: "D")
    }

    /// The first `size` bytes of the client's `/proc/PID/NAME` (one read: enough for `stat` and `status`); `nil` when
    /// it cannot be read (the client is gone).
    private func procFile(_ name: String, upTo size: Int) -> ArraySlice<UInt8>? {
        let fd = open("/proc/\(processID)/\(name)", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: size)
        let count = read(fd, &bytes, bytes.count)
        return count > 0 ? bytes[..<count] : nil
    }

    /// Kills the client (SIGKILL) and collects it.
    func kill() {
        guard !hasEnded() else { return }
        wasKilled = true
        Glibc.kill(processID, SIGKILL)
        var status: Int32 = 0
        var usage = rusage()
        while wait4(processID, &status, 0, &usage) == -1 && errno == EINTR {}
        termination = Self.termination(from: status)
        cpuSeconds = Self.seconds(of: usage)
    }

    private static func termination(from status: Int32) -> Termination {
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which are macros Swift cannot import.
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }
}

/// A fresh runtime folder (mkdtemp, mode 0700) for the compositor's socket; removed with its contents at the end.
struct RuntimeDirectory {
    let path: String

    init() throws(ReplayError) {
        var template = Array("\(NSTemporaryDirectory())/touch-replay-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            // Translators: %s is the system's reason.
            throw ReplayError(description: localized("cannot create a runtime folder: %s", String(cString: strerror(errno))))
        }
        path = String(cString: made)
        chmod(path, 0o700)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
