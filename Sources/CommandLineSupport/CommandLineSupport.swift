// What every program of the suite does the same on its command line: the version, the canvas size, usage errors.
import ArgumentParser
import FoundationEssentials
import Geometry
import Glibc
import Localization
import SeatInput

/// The version of the programs (`--version`).
public enum ProgramVersion {
    /// The version every program reports: the semantic version of the package, the newest one CHANGELOG.md names
    /// (its "Unreleased (X.Y.Z)" section while that is being made). `CommandLineTests` checks that they agree.
    public static let current = "0.7.0"
}

/// The debug level of the window programs: `--verbose`, or `FINGERPAINT_DEBUG=1` in the environment.
public enum DebugLevel {
    /// Whether debug lines are printed: `verbose` (the program's `--verbose`) or `FINGERPAINT_DEBUG` set and not `0`.
    public static func isOn(verbose: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        verbose || (environment["FINGERPAINT_DEBUG"].map { !$0.isEmpty && $0 != "0" } ?? false)
    }
}

/// Where the formats the programs read are described, for `--help`.
public enum FormatPages {
    /// The trace format's page.
    public static let traceFormat = "docs/trace-format.md (installed as share/doc/fingerpaint/trace-format.md)"
}

/// A canvas or window size given as `WIDTHxHEIGHT` in whole logical points, each from 1 to
/// ``SeatInput/Trace/largestCanvasSide``.
public enum CanvasSizeArgument {
    /// The size `text` names; throws an error that names the limit.
    public static func parse(_ text: String) throws -> Size {
        let largest = Int(Trace.largestCanvasSide)
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
              (1...largest).contains(width), (1...largest).contains(height)
        else {
            // Translators: WIDTHxHEIGHT stays as it is (what is typed); %d is the largest side, twice.
            throw ValidationError(localized("a size is WIDTHxHEIGHT in whole points, from 1x1 to %dx%d, like 800x600", largest, largest))
        }
        return Size(width: Double(width), height: Double(height))
    }
}

extension ParsableCommand {
    /// Prints `NAME: message` on standard error and exits with `status` (1: something failed; 2: usage).
    public static func fail(_ message: String, status: Int32 = 1) -> Never {
        writeAll(STDERR_FILENO, "\(configuration.commandName ?? "program"): \(message)\n")
        Glibc.exit(status)
    }

    /// Parses the command line, or exits: `--help` and `--version` print on standard output and exit 0; a usage
    /// error prints `NAME: what is wrong` and the usage on standard error and exits 2, the status the programs
    /// document for usage errors.
    public static func parseCommandLine(_ arguments: [String]? = nil) -> Self {
        do {
            return try parse(arguments)
        } catch {
            if exitCode(for: error) == .success {
                print(fullMessage(for: error))
                Glibc.exit(0)
            }
            let name = configuration.commandName ?? "program"
            var text = fullMessage(for: error)
            if text.hasPrefix("Error: ") { text.removeFirst("Error: ".count) }
            writeAll(STDERR_FILENO, "\(name): \(text)\n")
            Glibc.exit(2)
        }
    }
}
