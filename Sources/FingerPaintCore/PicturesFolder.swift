// Where PNG exports go: the XDG pictures folder, else the home folder.
import Foundation

/// The folder for exported pictures: `xdg-user-dir PICTURES` when that tool answers with an existing folder,
/// else `$XDG_PICTURES_DIR`, else `~/Pictures` when it exists, else the home folder. `xdg-user-dir` runs in
/// `environment` (its `PATH` and `HOME` included).
public func picturesFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
    let home = environment["HOME"] ?? NSHomeDirectory()
    var candidates: [String] = []
    if let answer = xdgUserDirectory("PICTURES", environment: environment) { candidates.append(answer) }
    if let value = environment["XDG_PICTURES_DIR"] { candidates.append(value.replacingOccurrences(of: "$HOME", with: home)) }
    candidates.append(home + "/Pictures")
    var isFolder: ObjCBool = false
    for candidate in candidates where candidate.hasPrefix("/") && candidate != home {
        if FileManager.default.fileExists(atPath: candidate, isDirectory: &isFolder), isFolder.boolValue {
            return URL(fileURLWithPath: candidate, isDirectory: true)
        }
    }
    return URL(fileURLWithPath: home, isDirectory: true)
}

/// What `xdg-user-dir NAME` prints in `environment`, or `nil` when the tool is missing or fails.
private func xdgUserDirectory(_ name: String, environment: [String: String]) -> String? {
    let process = Process()
    process.environment = environment
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["xdg-user-dir", name]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do {
        try process.run()
    } catch {
        return nil
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    return text.isEmpty ? nil : text
}
