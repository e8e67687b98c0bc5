// The command line: `touch-replay --trace FILE --output OUT.png [options] -- CLIENT [ARGS...]`.
import Foundation
import SeatInput

/// What the command line asks for.
struct ReplayOptions {
    /// The trace to play (JSON Lines, docs/trace-format.md).
    var tracePath: String
    /// Where the last committed buffer goes as PNG.
    var outputPath: String
    /// The logical size the toplevel is configured to; `nil` means the trace's canvas, else 800x600.
    var size: (width: Int32, height: Int32)?
    /// The output's integer scale (`wl_output.scale`).
    var scale: Int32 = 1
    /// `--fractional-scale X`: offer wp_viewporter and wp_fractional_scale_manager_v1 with preferred scale X
    /// (`wl_output.scale` stays 1).
    var fractionalScale: Double?
    /// Play with the trace's real timing instead of virtual time.
    var isRealtime = false
    /// Print one JSON line of statistics on stdout at the end.
    var printsStats = false
    /// Hidden, for tests: the first N committed buffers are never released.
    var heldBufferCount = 0
    /// Hidden, for tests: how long the client may take to show its window, in seconds.
    var mapTimeout = Player.Timing.mapTimeout
    /// The client's program and its arguments.
    var client: [String]

    /// The one-paragraph usage text printed with a usage error.
    static let usage = """
        usage: touch-replay --trace FILE --output OUT.png [--size WxH] [--scale 2 | --fractional-scale 1.5] [--realtime] [--stats] -- CLIENT [ARGS...]
        """
}

/// A command line that cannot be used; the tool prints it with the usage text and exits with status 2.
struct UsageError: Error, CustomStringConvertible {
    var description: String
}

extension ReplayOptions {
    /// Parses the arguments after the program name.
    init(arguments: [String]) throws(UsageError) {
        var tracePath: String?
        var outputPath: String?
        var size: (width: Int32, height: Int32)?
        var scale: Int32 = 1
        var fractionalScale: Double?
        var isRealtime = false
        var printsStats = false
        var heldBufferCount = 0
        var mapTimeout = Player.Timing.mapTimeout
        var client: [String] = []

        var index = 0
        func value(for option: String) throws(UsageError) -> String {
            index += 1
            guard index < arguments.count else { throw UsageError(description: "\(option) needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--":
                client = Array(arguments[(index + 1)...])
                index = arguments.count
                continue
            case "--trace": tracePath = try value(for: argument)
            case "--output": outputPath = try value(for: argument)
            case "--size":
                let text = try value(for: argument)
                guard let parsed = Self.parseSize(text) else {
                    throw UsageError(description: "--size must be WIDTHxHEIGHT with positive whole numbers, not \"\(text)\"")
                }
                size = parsed
            case "--scale":
                let text = try value(for: argument)
                guard let parsed = Int32(text), parsed == 1 || parsed == 2 else {
                    throw UsageError(description: "--scale must be 1 or 2, not \"\(text)\"")
                }
                scale = parsed
            case "--fractional-scale":
                let text = try value(for: argument)
                guard let parsed = Double(text), parsed.isFinite, parsed >= 1, parsed <= 4 else {
                    throw UsageError(description: "--fractional-scale must be a number from 1 to 4, not \"\(text)\"")
                }
                fractionalScale = parsed
            case "--realtime": isRealtime = true
            case "--stats": printsStats = true
            case "--hold-buffers":
                let text = try value(for: argument)
                guard let parsed = Int(text), parsed >= 0 else {
                    throw UsageError(description: "--hold-buffers must be a whole number, not \"\(text)\"")
                }
                heldBufferCount = parsed
            case "--map-timeout":
                let text = try value(for: argument)
                guard let parsed = Double(text), parsed > 0, parsed.isFinite else {
                    throw UsageError(description: "--map-timeout must be a positive number of seconds, not \"\(text)\"")
                }
                mapTimeout = parsed
            default:
                throw UsageError(description: "unknown option \"\(argument)\"")
            }
            index += 1
        }
        if fractionalScale != nil && scale != 1 {
            throw UsageError(description: "--fractional-scale and --scale cannot be used together")
        }
        guard let tracePath else { throw UsageError(description: "missing --trace FILE") }
        guard let outputPath else { throw UsageError(description: "missing --output OUT.png") }
        guard !client.isEmpty else { throw UsageError(description: "missing the client: -- CLIENT [ARGS...]") }
        self.init(
            tracePath: tracePath, outputPath: outputPath, size: size, scale: scale, fractionalScale: fractionalScale, isRealtime: isRealtime,
            printsStats: printsStats, heldBufferCount: heldBufferCount, mapTimeout: mapTimeout, client: client
        )
    }

    /// Seconds as the messages write them: `10`, `0.5`.
    static func format(seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }

    /// `"600x500"` as a size in whole logical pixels, or `nil`.
    static func parseSize(_ text: String) -> (width: Int32, height: Int32)? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int32(parts[0]), let height = Int32(parts[1]),
              width > 0, height > 0, Double(width) <= Trace.largestCanvasSide, Double(height) <= Trace.largestCanvasSide
        else { return nil }
        return (width, height)
    }
}
