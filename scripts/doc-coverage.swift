// Checks that every public symbol declared in a module's own sources has a doc comment of its own, reading the
// symbol graphs DocC was built from (`make docs`). Exits 1 and lists each undocumented symbol by file and line.
//
//     swift scripts/doc-coverage.swift SYMBOL_GRAPH_DIR MODULE...
//
// SYMBOL_GRAPH_DIR is SwiftPM's extracted-symbols folder, or the package's folder within it.
//
// Counted: every public or open symbol whose declaration is in Sources/MODULE/. Not counted: what the compiler
// makes (no location), and members whose doc comment DocC takes from the one they override or implement in one of
// the modules checked (their page shows it). A doc comment inherited from the standard library does not count.
import Foundation

let arguments = CommandLine.arguments.dropFirst()
guard let directory = arguments.first, arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: doc-coverage.swift SYMBOL_GRAPH_DIR MODULE...\n".utf8))
    exit(2)
}
let modules = Array(arguments.dropFirst())
var undocumented: [String] = []
var counted = 0
for module in modules {
    // SwiftPM writes the graphs under a folder named after the package's folder (extracted-symbols/NAME/MODULE):
    // the newest graph of the module under any of them.
    let root = URL(fileURLWithPath: directory)
    let packages = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    let graphs = [root] + packages.map { root.appendingPathComponent($0) }
    func modified(_ url: URL) -> Date {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date) ?? .distantPast
    }
    let url = graphs.map { $0.appendingPathComponent(module).appendingPathComponent("\(module).symbols.json") }
        .filter { FileManager.default.fileExists(atPath: $0.path) }
        .max { modified($0) < modified($1) } ?? root.appendingPathComponent(module).appendingPathComponent("\(module).symbols.json")
    guard let data = try? Data(contentsOf: url),
          let graph = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
          let symbols = graph["symbols"] as? [[String: Any]] else {
        FileHandle.standardError.write(Data("doc-coverage: cannot read \(url.path)\n".utf8))
        exit(2)
    }
    for symbol in symbols {
        guard let access = symbol["accessLevel"] as? String, access == "public" || access == "open",
              let location = symbol["location"] as? [String: Any], let uri = location["uri"] as? String,
              uri.contains("/Sources/\(module)/") else { continue }
        counted += 1
        let comment = symbol["docComment"] as? [String: Any]
        let lines = (comment?["lines"] as? [[String: Any]]) ?? []
        let text = lines.compactMap { $0["text"] as? String }.joined().trimmingCharacters(in: .whitespaces)
        let source = comment?["module"] as? String
        if !text.isEmpty && (source == nil || modules.contains(source!)) { continue }
        let path = (symbol["pathComponents"] as? [String])?.joined(separator: ".") ?? "?"
        let line = ((location["position"] as? [String: Any])?["line"] as? Int).map { $0 + 1 } ?? 0
        let file = uri.components(separatedBy: "/Sources/").last ?? uri
        undocumented.append("Sources/\(file):\(line): \(module).\(path) has no doc comment")
    }
}
for entry in undocumented.sorted() { print(entry) }
print("doc-coverage: \(counted - undocumented.count) of \(counted) public symbols of \(modules.joined(separator: ", ")) documented")
exit(undocumented.isEmpty ? 0 : 1)
