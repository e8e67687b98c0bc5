// Test support: runs built programs and other commands as child processes, and reads pixels of the PNGs they write.
import CCairo
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
    /// `whileRunning` is called with the process's ID once it has started, to act on it while it runs; what the
    /// process has said on standard error so far is in `standardErrorFile` when one is given (created or emptied).
    public static func run(
        _ program: String, _ arguments: [String], environment: [String: String] = [:], timeout: Double = 20,
        standardErrorFile: String? = nil, whileRunning: ((Int32) async throws -> Void)? = nil
    ) async throws -> ProcessResult {
        let scratch = try TemporaryDirectory()
        let outputURL = scratch.url.appendingPathComponent("stdout")
        let errorURL = standardErrorFile.map { URL(fileURLWithPath: $0) } ?? scratch.url.appendingPathComponent("stderr")
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

/// Reads PNG pixels with Cairo (`cairo_image_surface_create_from_png`): the decoder the programs write with, and no
/// interpreter in the test path.
public enum PNGReader {
    /// The image's size and the pixels at the points, not premultiplied.
    public static func pixels(in path: String, at points: [(x: Int, y: Int)]) async throws -> (width: Int, height: Int, pixels: [RGBA]) {
        let surface = cairo_image_surface_create_from_png(path)
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw DecodeError(message: "\(path): \(String(cString: cairo_status_to_string(status)))")
        }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let format = cairo_image_surface_get_format(surface)
        guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24,
              let data = cairo_image_surface_get_data(surface) else {
            throw DecodeError(message: "\(path): unsupported pixel format \(format.rawValue)")
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let pixels = try points.map { point in
            guard (0..<width).contains(point.x), (0..<height).contains(point.y) else {
                throw DecodeError(message: "\(path): (\(point.x), \(point.y)) is outside the \(width)x\(height) image")
            }
            // Native-endian 32-bit words: alpha in the top byte, then red, green, blue; colour premultiplied.
            let word = data.advanced(by: point.y * stride + point.x * 4)
                .withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
            let alpha = format == CAIRO_FORMAT_RGB24 ? 255 : Int(word >> 24)
            func channel(_ shift: UInt32) -> Int {
                let value = Int((word >> shift) & 0xFF)
                return alpha == 0 ? 0 : alpha == 255 ? value : min(255, (value * 255 + alpha / 2) / alpha)
            }
            return RGBA(red: channel(16), green: channel(8), blue: channel(0), alpha: alpha)
        }
        return (width, height, pixels)
    }

    public struct DecodeError: Error { public var message: String }
}
