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

/// What `xdg-user-dir NAME` prints in `environment`, or `nil` when the tool is missing or fails.
private func xdgUserDirectory(_ name: String, environment: [String: String]) -> String? {
    guard let child = Subprocess("/usr/bin/env", ["xdg-user-dir", name], environment: environment, capturesOutput: true) else {
        return nil
    }
    let output = child.readOutput()
    child.waitUntilExit()
    guard child.succeeded else { return nil }
    let text = trimming(String(decoding: output, as: UTF8.self), \.isFoundationWhitespaceOrNewline)
    return text.isEmpty ? nil : text
}
