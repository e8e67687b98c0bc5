// Test support: runs built programs and other commands as child processes, and reads pixels of the PNGs they write.
import Foundation
import Glibc

/// What a finished child process left behind.
public struct ProcessResult: Sendable {
    public var status: Int32
    public var standardOutput: String
    public var standardError: String
}

/// Runs programs as child processes, the way tests need them.
public enum ChildProcess {
    /// The path of an executable product of this package: next to the test bundle (`swift build --build-tests`
    /// builds every product), or in the package's `.build/debug`.
    public static func product(_ name: String, filePath: String = #filePath) -> String {
        let productsDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        var root = URL(fileURLWithPath: filePath)
        while root.pathComponents.count > 1, !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
            root.deleteLastPathComponent()
        }
        let candidates = [
            productsDirectory.appendingPathComponent(name).path,
            root.appendingPathComponent(".build/debug/\(name)").path,
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[1]
    }

    /// Runs a program, collecting its output in files (no pipe can fill up), polling for its end: waitUntilExit can
    /// hang in async tests, and SIGTERM may be blocked by the test runner's signal mask, so timeouts use SIGKILL.
    ///
    /// `whileRunning` is called with the process's ID once it has started, to act on it while it runs.
    public static func run(
        _ program: String, _ arguments: [String], environment: [String: String] = [:], timeout: Double = 20,
        whileRunning: ((Int32) async throws -> Void)? = nil
    ) async throws -> ProcessResult {
        let scratch = try TemporaryDirectory()
        let outputURL = scratch.url.appendingPathComponent("stdout")
        let errorURL = scratch.url.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        let output = try FileHandle(forWritingTo: outputURL)
        let error = try FileHandle(forWritingTo: errorURL)
        defer {
            try? output.close()
            try? error.close()
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        try await whileRunning?(process.processIdentifier)
        while process.isRunning {
            if Date() > deadline {
                kill(process.processIdentifier, SIGKILL)
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        return ProcessResult(
            status: process.terminationStatus,
            standardOutput: (try? String(contentsOf: outputURL, encoding: .utf8)) ?? "",
            standardError: (try? String(contentsOf: errorURL, encoding: .utf8)) ?? ""
        )
    }
}

/// One pixel of a PNG, not premultiplied.
public struct RGBA: Equatable, Sendable, CustomStringConvertible {
    public var red, green, blue, alpha: Int
    public init(red: Int, green: Int, blue: Int, alpha: Int) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }
}

/// Reads PNG pixels through python3's zlib: Foundation on Linux has no PNG decoder and no zlib API.
public enum PNGReader {
    /// A small PNG decoder for what Cairo writes: 8-bit RGB or RGBA, not interlaced, any filter.
    private static let script = #"""
    import sys, zlib, struct
    data = open(sys.argv[1], 'rb').read()
    assert data[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG'
    pos, idat = 8, b''
    while pos < len(data):
        length, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b'IHDR':
            width, height, depth, colour, _, _, interlace = struct.unpack('>IIBBBBB', body)
        elif kind == b'IDAT':
            idat += body
    assert depth == 8 and colour in (2, 6) and interlace == 0, 'unsupported PNG'
    channels = 4 if colour == 6 else 3
    stride = width * channels
    raw = zlib.decompress(idat)
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        row = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = row[i - channels] if i >= channels else 0
            b = previous[i]
            c = previous[i - channels] if i >= channels else 0
            if kind == 1: row[i] = (row[i] + a) & 255
            elif kind == 2: row[i] = (row[i] + b) & 255
            elif kind == 3: row[i] = (row[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                row[i] = (row[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(row)
        previous = row
    print(width, height)
    for point in sys.argv[2:]:
        x, y = map(int, point.split(','))
        pixel = rows[y][x * channels:(x + 1) * channels]
        print(*(list(pixel) + [255] * (4 - channels)))
    """#

    /// The image's size and the pixels at the points.
    public static func pixels(in path: String, at points: [(x: Int, y: Int)]) async throws -> (width: Int, height: Int, pixels: [RGBA]) {
        let result = try await ChildProcess.run(
            "/usr/bin/python3", ["-c", script, path] + points.map { "\($0.x),\($0.y)" }
        )
        guard result.status == 0 else { throw DecodeError(message: result.standardError) }
        let lines = result.standardOutput.split(separator: "\n").map { $0.split(separator: " ").compactMap { Int($0) } }
        guard let size = lines.first, size.count == 2 else { throw DecodeError(message: result.standardOutput) }
        let pixels = lines.dropFirst().map { RGBA(red: $0[0], green: $0[1], blue: $0[2], alpha: $0[3]) }
        return (size[0], size[1], pixels)
    }

    public struct DecodeError: Error { public var message: String }
}
