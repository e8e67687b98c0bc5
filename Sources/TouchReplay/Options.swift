// The command line: `touch-replay --trace FILE --output OUT.png [options] -- CLIENT [ARGS...]`.
import ArgumentParser
import CommandLineSupport
import Foundation
import Geometry
import Localization
import SeatInput

/// What the command line asks for: the options struct is swift-argument-parser's command.
struct ReplayOptions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touch-replay",
        abstract: localized("A headless Wayland compositor that plays a recorded trace into a client and saves its window as a PNG."),
        usage: """
            touch-replay --trace FILE --output OUT.png [--size WxH] [--scale 2 | --fractional-scale 1.5] [--fast] [--stats] [--refresh HZ] [--latch-ms MS] [--no-viewporter] -- CLIENT [ARGS...]
            """,
        // Translators: %s is where the trace format is described (a file name); N is a signal's number.
        discussion: localized("""
            Traces: %s. The compositor: docs/touch-replay.md.

            Exit status: 0 the trace was played and the PNG written; the client's own when it exited by itself with \
            a failure; 1 an error (one line); 128 + N a signal N; 2 a usage error.
            """, FormatPages.traceFormat),
        version: ProgramVersion.current
    )

    /// The trace to play (JSON Lines, docs/trace-format.md).
    @Option(name: .customLong("trace"), help: ArgumentHelp(localized("The trace to play (JSON Lines)."), valueName: "FILE"))
    var tracePath: String

    /// Where the last committed buffer goes as PNG.
    @Option(name: .customLong("output"), help: ArgumentHelp(localized("Where the window's last buffer goes, as a PNG."), valueName: "OUT.png"))
    var outputPath: String

    @Option(name: .customLong("size"),
            help: ArgumentHelp(localized("The window's logical size (default: the trace's canvas line, else 800x600)."), valueName: "WxH"),
            transform: CanvasSizeArgument.parse)
    var windowSize: Size?

    /// The output's integer scale (`wl_output.scale`).
    @Option(help: ArgumentHelp(localized("The output's integer scale: 1 or 2."), valueName: "N"), transform: ReplayOptions.outputScale)
    var scale: Int32 = 1

    /// `--fractional-scale X`: offer wp_viewporter and wp_fractional_scale_manager_v1 with preferred scale X
    /// (`wl_output.scale` stays 1).
    @Option(help: ArgumentHelp(localized("Offer fractional-scale-v1 and viewporter with this preferred scale, from 1 to 4."), valueName: "X"),
            transform: ReplayOptions.fractional)
    var fractionalScale: Double?

    /// `--refresh HZ`: the simulated display's refresh rate, 30 to 240 Hz (59.94 and the like too): its vblanks, the
    /// output's mode and the presentation feedback's refresh.
    @Option(name: .customLong("refresh"),
            help: ArgumentHelp(localized("The simulated display's refresh rate in Hz, from 30 to 240 (fractions such as 59.94 too)."),
                               valueName: "HZ"),
            transform: ReplayOptions.refreshRate)
    var refreshRate: Double = 60

    /// `--latch-ms MS`: the compositor takes the newest committed frame MS before each vblank, as weston's repaint
    /// window does; a frame committed after the latch waits for the next vblank. 0 (the default, unless `--quirks`
    /// names a compositor) takes what was committed by the vblank itself.
    @Option(name: .customLong("latch-ms"),
            help: ArgumentHelp(localized("""
                Take the newest committed frame this many milliseconds before each vblank (0 to less than a refresh; \
                by default 0, or what the compositor --quirks names takes).
                """), valueName: "MS"),
            transform: ReplayOptions.latch)
    var requestedLatch: Double?

    /// `--no-presentation`: offer no wp_presentation, as KWin 5.27 does not.
    @Flag(name: .customLong("no-presentation"), help: ArgumentHelp(localized("Offer no wp_presentation (presentation-time), like a compositor without it.")))
    var withoutPresentation = false

    /// `--no-viewporter`: offer no wp_viewporter, as a compositor without it.
    @Flag(name: .customLong("no-viewporter"), help: ArgumentHelp(localized("""
        Offer no wp_viewporter (viewporter), like a compositor without it: a client then scales nothing through the \
        compositor (fingerpaint draws a zoom step at full resolution).
        """)))
    var withoutViewporter = false

    /// `--no-clipboard`: offer no wl_data_device_manager, as a compositor without a clipboard.
    @Flag(name: .customLong("no-clipboard"), help: ArgumentHelp(localized("""
        Offer no wl_data_device_manager (no clipboard), like a compositor without one: a client's copy then fails.
        """)))
    var withoutClipboard = false

    /// Hidden, for tests: each toplevel buffer commit's picture as DIR/N.png, and DIR/commits.jsonl.
    @Option(name: .customLong("save-commits"), help: .hidden)
    var commitFolder: String?

    /// Play in virtual time: idle gaps compressed, frames answered as fast as the client commits.
    @Flag(name: .customLong("fast"), help: ArgumentHelp(localized("""
        Play in virtual time: idle gaps compressed and frames answered as fast as the client draws, with no \
        wp_presentation (there is no display clock to report). For clients without timers of their own (a long press \
        would not be one); the default plays the trace at its own timing.
        """)))
    var isFast = false

    /// Accepted for scripts written when virtual time was the default: the trace's own timing is the default now.
    @Flag(name: .customLong("realtime"), help: .hidden)
    var isRealtimeRequested = false

    /// Whether the trace plays at its own timing on the real clock (the default).
    var isRealtime: Bool { !isFast }

    /// Print one JSON line of statistics on stdout at the end.
    @Flag(name: .customLong("stats"), help: ArgumentHelp(localized("Print one JSON line of statistics on standard output at the end.")))
    var printsStats = false

    /// `--quirks NAME`: send touches as that compositor does, and take frames as early before each vblank as it
    /// does unless `--latch-ms` says otherwise (docs/touch-replay.md, "Quirks").
    // Translators: kwin, sway, weston and mutter are the names to type (compositors' names).
    @Option(name: .customLong("quirks"), help: ArgumentHelp(localized("""
        Send touches as this compositor does: kwin or sway (every frame, as by default), weston (no frame after the \
        last up), mutter (no frame after an up; three fingers down are cancelled, taken by its system gesture); \
        and take frames before each vblank as it does (weston 7 ms, mutter 3, kwin 4, sway 0) unless --latch-ms.
        """), valueName: "NAME"))
    var namedQuirks: CompositorQuirks?

    /// How touches are sent: as `--quirks` names, else as KWin does.
    var quirks: CompositorQuirks { namedQuirks ?? .kwin }

    /// How long before each vblank the compositor takes the newest frame, in milliseconds: `--latch-ms`, else what
    /// the compositor `--quirks` names takes, else 0.
    var latchMilliseconds: Double { requestedLatch ?? namedQuirks?.latchMilliseconds ?? 0 }

    /// Whether `--output` may replace an existing file (never a drawing).
    @Flag(name: .customLong("overwrite"), help: ArgumentHelp(localized("Let --output replace an existing file (a fingerpaint drawing is never replaced).")))
    var overwrites = false

    /// Hidden, for tests: the first N committed buffers are never released.
    @Option(name: .customLong("hold-buffers"), help: .hidden, transform: ReplayOptions.count)
    var heldBufferCount = 0

    /// Hidden, for tests: how long the client may take to show its window, in seconds.
    @Option(name: .customLong("map-timeout"), help: .hidden, transform: ReplayOptions.seconds)
    var mapTimeout = Player.Timing.mapTimeout

    /// The client's program and its arguments.
    @Argument(parsing: .postTerminator, help: ArgumentHelp(localized("The client to run, after --."), valueName: "CLIENT [ARGS...]"))
    var client: [String] = []

    /// The logical size the toplevel is configured to; `nil` means the trace's canvas, else 800x600.
    var size: (width: Int32, height: Int32)? {
        windowSize.map { (Int32($0.width), Int32($0.height)) }
    }

    func validate() throws {
        if isFast && isRealtimeRequested { throw ValidationError(localized("--fast and --realtime cannot be used together")) }
        if latchMilliseconds >= 1000 / refreshRate {
            let refresh = String(format: "%.3f", 1000 / refreshRate), rate = ReplayOptions.format(seconds: refreshRate)
            if requestedLatch == nil, let namedQuirks {
                // Translators: %1$s is a compositor's name (kwin, weston…), %2$s milliseconds; %3$s is one refresh in
                // milliseconds at %4$s Hz.
                throw ValidationError(localized("--quirks %1$s takes frames %2$s ms before each vblank, not less than one refresh (%3$s ms at %4$s Hz): give --latch-ms too",
                                                namedQuirks.rawValue, ReplayOptions.format(seconds: latchMilliseconds), refresh, rate))
            }
            // Translators: %1$s is one refresh in milliseconds at %2$s Hz.
            throw ValidationError(localized("--latch-ms must be less than one refresh (%1$s ms at %2$s Hz)", refresh, rate))
        }
        if fractionalScale != nil && withoutViewporter {
            throw ValidationError(localized("--fractional-scale needs wp_viewporter: it cannot be used with --no-viewporter"))
        }
        if fractionalScale != nil && scale != 1 {
            throw ValidationError(localized("--fractional-scale and --scale cannot be used together"))
        }
        guard !client.isEmpty else { throw ValidationError(localized("missing the client: -- CLIENT [ARGS...]")) }
        guard outputPath.lowercased().hasSuffix(".png") else {
            // Translators: %s is the file name given.
            throw ValidationError(localized("--output writes a PNG: its name must end in .png (got %s)", outputPath))
        }
    }

    private static func outputScale(_ text: String) throws -> Int32 {
        guard let value = Int32(text), value == 1 || value == 2 else { throw ValidationError(localized("--scale must be 1 or 2")) }
        return value
    }

    private static func latch(_ text: String) throws -> Double {
        guard let value = Double(text), value.isFinite, value >= 0 else {
            throw ValidationError(localized("--latch-ms must be a number of milliseconds from 0"))
        }
        return value
    }

    private static func refreshRate(_ text: String) throws -> Double {
        guard let value = Double(text), value.isFinite, value >= 30, value <= 240 else {
            throw ValidationError(localized("--refresh must be a number of Hz from 30 to 240"))
        }
        return value
    }

    private static func fractional(_ text: String) throws -> Double {
        guard let value = Double(text), value.isFinite, value >= 1, value <= 4 else {
            throw ValidationError(localized("--fractional-scale must be a number from 1 to 4"))
        }
        return value
    }

    private static func count(_ text: String) throws -> Int {
        guard let value = Int(text), value >= 0 else { throw ValidationError(localized("must be a whole number from 0")) }
        return value
    }

    private static func seconds(_ text: String) throws -> Double {
        guard let value = Double(text), value > 0, value.isFinite else { throw ValidationError(localized("must be a positive number of seconds")) }
        return value
    }
}

extension ReplayOptions {
    /// Seconds as the messages write them: `10`, `0.5`.
    static func format(seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
