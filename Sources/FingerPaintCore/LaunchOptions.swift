// The command line of `fingerpaint`.
import Foundation
import TouchUI

/// What `fingerpaint` was asked to do.
///
///     fingerpaint [--new | --open FILE]
///     fingerpaint --replay TRACE --output OUT.png [--size WxH] [--stats] [--open FILE]
public struct LaunchOptions: Hashable, Sendable {
    /// A trace to replay headless.
    public var replay: String?
    /// The PNG a replay writes.
    public var output: String?
    /// The canvas size of a replay.
    public var size: Size?
    /// Whether a replay prints its frame figures.
    public var printsStatistics = false
    /// A document to start from instead of the autosave.
    public var open: String?
    /// Start blank, ignoring the autosave.
    public var startsBlank = false
    /// A trace file that the window session's seat events are written to.
    public var record: String?
    /// Print the usage and exit.
    public var showsHelp = false

    /// The options of a bare `fingerpaint`: the window, from the autosave.
    public init() {}

    /// The usage text.
    public static let usage = """
        usage: fingerpaint [--new | --open FILE] [--replay TRACE] [--record FILE]
               fingerpaint --replay TRACE --output OUT.png [--size WxH] [--stats] [--open FILE]

          --new            start with a blank drawing (the autosave is replaced at the first stroke)
          --open FILE      start from a drawing document
          --replay TRACE   play a seat-event trace (JSON Lines): into the window as live input, or, with
                           --output, with no compositor
          --record FILE    write the window session's seat events to FILE as a trace
          --output OUT.png where the replay writes the canvas
          --size WxH       the replay's canvas size (default: the trace's canvas line, else 800x600)
          --stats          after a replay, print one JSON line of frame figures
        """

    /// A command line that cannot be understood.
    public struct ParseError: Error, CustomStringConvertible {
        /// What is wrong, in one line.
        public var message: String
        public var description: String { message }
    }

    /// Parses the arguments (without the program name).
    public static func parse(_ arguments: [String]) throws(ParseError) -> LaunchOptions {
        var options = LaunchOptions()
        var remaining = arguments[...]
        func value(for flag: String) throws(ParseError) -> String {
            guard let value = remaining.popFirst(), !value.hasPrefix("--") else {
                throw ParseError(message: "\(flag) needs a value")
            }
            return value
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--replay": options.replay = try value(for: argument)
            case "--output": options.output = try value(for: argument)
            case "--open": options.open = try value(for: argument)
            case "--record": options.record = try value(for: argument)
            case "--stats": options.printsStatistics = true
            case "--new": options.startsBlank = true
            case "-h", "--help": options.showsHelp = true
            case "--size":
                let text = try value(for: argument)
                let parts = text.split(separator: "x").compactMap { Double($0) }
                guard parts.count == 2, parts.allSatisfy({ $0 >= 1 && $0 <= 16384 && $0 == $0.rounded() }) else {
                    throw ParseError(message: "--size must be WIDTHxHEIGHT, like 800x600 (got \(text))")
                }
                options.size = Size(width: parts[0], height: parts[1])
            default:
                throw ParseError(message: "unknown argument \(argument)")
            }
        }
        if options.output != nil, options.replay == nil {
            throw ParseError(message: "--output needs --replay TRACE")
        }
        if options.output != nil, options.record != nil {
            throw ParseError(message: "--record records a window session; a replay with --output has none")
        }
        if options.startsBlank, options.open != nil {
            throw ParseError(message: "--new and --open do not go together")
        }
        return options
    }
}
