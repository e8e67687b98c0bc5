// Where PNG exports go: the XDG pictures folder, else the home folder.
import FoundationEssentials
import Geometry
import Glibc
import PaintModel

/// The folder for exported pictures: `xdg-user-dir PICTURES` when that tool answers with an existing folder,
/// else `$XDG_PICTURES_DIR`, else `~/Pictures` when it exists, else the home folder. `xdg-user-dir` runs in
/// `environment` (its `PATH` and `HOME` included).
public func picturesFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
    let home = environment["HOME"] ?? homeFolderPath()
    var candidates: [String] = []
    if let answer = xdgUserDirectory("PICTURES", environment: environment) { candidates.append(answer) }
    if let value = environment["XDG_PICTURES_DIR"] { candidates.append(value.replacing("$HOME", with: home)) }
    candidates.append(home + "/Pictures")
    for candidate in candidates where candidate.hasPrefix("/") && candidate != home {
        if isFolder(candidate) {
            return URL(fileURLWithPath: candidate, isDirectory: true)
        }
    }
    return URL(fileURLWithPath: home, isDirectory: true)
}

/// What `xdg-user-dir NAME` prints in `environment`, or `nil` when the tool is missing or fails. Started with
/// `posix_spawn` (`/usr/bin/env xdg-user-dir NAME`, standard error to /dev/null, no signal blocked), as `Process` did.
private func xdgUserDirectory(_ name: String, environment: [String: String]) -> String? {
    var pipeEnds: [Int32] = [-1, -1]
    guard pipe(&pipeEnds) == 0 else { return nil }
    let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, writeEnd, STDOUT_FILENO)
    posix_spawn_file_actions_addclose(&actions, readEnd)
    posix_spawn_file_actions_addclose(&actions, writeEnd)
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
    let argumentTexts: [String] = ["/usr/bin/env", "xdg-user-dir", name]
    let arguments: [UnsafeMutablePointer<CChar>?] = argumentTexts.map { strdup($0) } + [nil]
    let variables: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
        arguments.forEach { free($0) }
        variables.forEach { free($0) }
    }
    var child = pid_t()
    let spawned = posix_spawn(&child, "/usr/bin/env", &actions, &attributes, arguments, variables)
    close(writeEnd)
    defer { close(readEnd) }
    guard spawned == 0 else { return nil }
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = read(readEnd, &chunk, chunk.count)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { break }
        output += chunk.prefix(count)
    }
    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0, errno == EINTR {}
    // Exited (not killed by a signal) with status 0.
    guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else { return nil }
    let text = trimming(String(decoding: output, as: UTF8.self), \.isFoundationWhitespaceOrNewline)
    return text.isEmpty ? nil : text
}
