// The command line of `fingerpaint`.
import Foundation
import SeatInput
import TouchUI

/// What `fingerpaint` was asked to do.
///
///     fingerpaint [FILE | --open FILE | --new] [--replay TRACE] [--record FILE]
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
    /// The document to paint (`FILE` or `--open FILE`), created when it does not exist; with a replay to a PNG,
    /// the drawing it starts from. `nil`: the document used last.
    public var document: String?
    /// Start a new untitled document.
    public var startsBlank = false
    /// A trace file that the window session's seat events are written to.
    public var record: String?
    /// Print the usage and exit.
    public var showsHelp = false

    /// The options of a bare `fingerpaint`: the window, on the document used last.
    public init() {}

    /// The usage text.
    public static let usage = """
        usage: fingerpaint [FILE | --new] [--replay TRACE] [--record FILE]
               fingerpaint --replay TRACE --output OUT.png [--size WxH] [--stats] [--open FILE]

          FILE             the drawing to paint (.fpdraw), created when it does not exist; every stroke, undo,
                           redo and clear is saved to it as it happens. Without FILE, the drawing used last
                           is reopened.
          --open FILE      the same as FILE
          --new            start a new untitled drawing (in $XDG_DATA_HOME/fingerpaint)
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
            case "--open": try options.setDocument(try value(for: argument))
            case "--record": options.record = try value(for: argument)
            case "--stats": options.printsStatistics = true
            case "--new": options.startsBlank = true
            case "-h", "--help": options.showsHelp = true
            case "--size":
                let text = try value(for: argument)
                let parts = text.split(separator: "x").compactMap { Double($0) }
                guard parts.count == 2, parts.allSatisfy({ $0 >= 1 && $0 <= Trace.largestCanvasSide && $0 == $0.rounded() }) else {
                    let largest = Int(Trace.largestCanvasSide)
                    throw ParseError(message: "--size must be WIDTHxHEIGHT, like 800x600, at most \(largest)x\(largest) (got \(text))")
                }
                options.size = Size(width: parts[0], height: parts[1])
            case _ where argument.hasPrefix("-") && argument != "-":
                throw ParseError(message: "unknown argument \(argument)")
            default:
                try options.setDocument(argument)
            }
        }
        if options.output != nil, options.replay == nil {
            throw ParseError(message: "--output needs --replay TRACE")
        }
        if options.output != nil, options.record != nil {
            throw ParseError(message: "--record records a window session; a replay with --output has none")
        }
        if options.startsBlank, options.document != nil {
            throw ParseError(message: "--new starts a new drawing; it does not go with a FILE")
        }
        if let output = options.output, !output.lowercased().hasSuffix(".png") {
            throw ParseError(message: "--output writes a PNG: its name must end in .png (got \(output))")
        }
        return options
    }

    private mutating func setDocument(_ path: String) throws(ParseError) {
        guard document == nil else { throw ParseError(message: "one drawing at a time: \(document ?? "") and \(path)") }
        document = path
    }
}
