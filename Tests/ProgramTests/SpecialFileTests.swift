// A FIFO, a socket or a device given where a trace or a document is read: refused at once, never waited on.
import Foundation
import ProcessTesting
import Testing

/// Every option that reads a trace to play or a drawing, given a file that is not a regular one: one line saying it
/// is not a regular file, at once. Before, a FIFO with nothing writing to it held a trace's `open` forever.
@Suite struct SpecialFileTests {
    /// An option that reads a trace (status 1 when it is refused) or a drawing (status 2); `FILE` is the file given.
    struct Reader: Sendable, CustomTestStringConvertible {
        var program: String
        var arguments: [String]
        var status: Int32
        var testDescription: String { ([program] + arguments).joined(separator: " ") }
    }

    static let readers = [
        Reader(program: "fingerpaint", arguments: ["--replay", "FILE", "--output", "out.png"], status: 1),
        Reader(program: "fingerpaint", arguments: ["--new", "--replay", "FILE"], status: 1),
        Reader(program: "touch-replay", arguments: ["--trace", "FILE", "--output", "out.png", "--", "/bin/true"], status: 1),
        Reader(program: "gesture-demo", arguments: ["--replay", "FILE", "--headless", "--log", "-"], status: 1),
        Reader(program: "gesture-demo", arguments: ["--replay", "FILE"], status: 1),
        Reader(program: "kwin-replay", arguments: ["FILE"], status: 1),
        Reader(program: "fingerpaint", arguments: ["FILE"], status: 2),
        Reader(program: "fingerpaint", arguments: ["--open", "FILE"], status: 2),
        Reader(program: "fingerpaint", arguments: ["--export", "out.png", "FILE"], status: 2),
        Reader(program: "fingerpaint", arguments: ["--thumbnail", "64", "FILE", "out.png"], status: 2),
        Reader(program: "fingerpaint", arguments: ["--replay", "t.jsonl", "--output", "out.png", "--open", "FILE"], status: 2),
    ]

    /// The kinds of file that are not regular: a FIFO nothing writes to, a Unix socket, two devices.
    enum Kind: String, CaseIterable, Sendable {
        case fifo, socket, zero, full
    }

    /// Makes a file of `kind` in `scratch` (or names the device) and returns its path.
    static func make(_ kind: Kind, in scratch: TemporaryDirectory) throws -> String {
        switch kind {
        case .fifo:
            try #require(mkfifo(scratch.path("fifo"), 0o600) == 0)
            return scratch.path("fifo")
        case .socket:
            let path = scratch.path("socket")
            let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            try #require(descriptor >= 0)
            defer { close(descriptor) }
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let name = Array(path.utf8)
            try #require(name.count < MemoryLayout.size(ofValue: address.sun_path))
            withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: name) }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            try #require(bound == 0)
            return path
        case .zero: return "/dev/zero"
        case .full: return "/dev/full"
        }
    }

    @Test(arguments: readers, Kind.allCases)
    func aFileThatIsNotRegularIsRefusedAtOnce(reader: Reader, kind: Kind) async throws {
        let scratch = try TemporaryDirectory()
        _ = try scratch.write("t.jsonl", "{\"t\": 0, \"touch\": \"down\", \"id\": 1, \"x\": 10, \"y\": 10}\n")
        let file = try Self.make(kind, in: scratch)
        let arguments = reader.arguments.map { argument in
            argument == "FILE" ? file : argument.hasSuffix(".png") || argument.hasSuffix(".jsonl") ? scratch.path(argument) : argument
        }
        let environment = FingerPaintWindowTests.environment(in: scratch).merging(["WAYLAND_DISPLAY": "no-such-display"]) { $1 }
        let started = Date()
        // A program held in open() is killed at the timeout (status 9) and has said nothing.
        let result = try await ChildProcess.run(ChildProcess.product(reader.program), arguments, environment: environment, timeout: 10)
        let seconds = Date().timeIntervalSince(started)
        #expect(result.status == reader.status, "\(result.status) after \(seconds) s: \(result.standardError)")
        #expect(result.standardError.hasPrefix("\(reader.program): \(file)") && result.standardError.contains("not a regular file"),
                "\(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("out.png")))
    }
}
