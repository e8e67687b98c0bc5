// wayland-hello: a window that paints touches (and the pointer with its button held) as dots, with Cairo.
//
//     wayland-hello [--fill RRGGBB] [--title TEXT]
//
// `--fill` sets the background colour (default white), so a test can find the window on a screenshot; `--help`
// says more.
import ArgumentParser
import CCairo
import CommandLineSupport
import Geometry
import Glibc
import SeatInput
import WaylandClient

/// The painted dots and the options; the window's callbacks work on this.
final class Hello {
    struct Dot { var x: Double; var y: Double }
    static let dotRadius = 12.0

    let background: (red: Double, green: Double, blue: Double)
    let title: String
    var dots: [Dot] = []
    var isDone = false
    var isFullscreen = false
    var isPointerDown = false
    /// Where the pointer is, to tell a press on the title strip.
    var pointerY: Double?

    /// Dots not shown yet, with how many more frames they wait (`--ink-delay-frames`).
    var delayed: [(dot: Dot, frames: Int)] = []
    let inkDelayFrames: Int

    init(options: HelloOptions) {
        background = options.fill
        title = options.title
        inkDelayFrames = options.inkDelayFrames
    }

    /// The height of the title strip drawn where the compositor draws no decorations (weston).
    static let titleHeight = 28.0

    func draw(into buffer: Buffer, damage: [PixelRect], titleStrip: Bool) -> [PixelRect] {
        let cr = cairo_create(buffer.cairoSurface)
        defer { cairo_destroy(cr) }
        for rect in damage.map({ $0.logical(scale: Int(buffer.scale)) }) {
            cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
        }
        cairo_clip(cr)
        cairo_set_source_rgb(cr, background.red, background.green, background.blue)
        cairo_paint(cr)
        if titleStrip {
            cairo_set_source_rgb(cr, 0.2, 0.2, 0.25)
            cairo_rectangle(cr, 0, 0, Double(buffer.width), Self.titleHeight)
            cairo_fill(cr)
            cairo_set_source_rgb(cr, 0.95, 0.95, 0.95)
            cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
            cairo_set_font_size(cr, 14)
            cairo_move_to(cr, 10, 19)
            cairo_show_text(cr, title)
        }
        cairo_set_source_rgb(cr, 0.1, 0.3, 0.8)
        for dot in dots {
            cairo_new_sub_path(cr)
            cairo_arc(cr, dot.x, dot.y, Self.dotRadius, 0, 2 * Double.pi)
        }
        cairo_fill(cr)
        // Everything that changed was announced with setNeedsDisplay.
        return []
    }

    /// Adds a dot; returns the rectangle to redraw.
    /// Adds a dot and returns the rectangle to redraw; with `--ink-delay-frames N` the dot waits N frames more
    /// than it needs, and nothing is to redraw yet.
    func addDot(x: Double, y: Double) -> [Rect] {
        let dot = Dot(x: x, y: y)
        guard inkDelayFrames == 0 else {
            delayed.append((dot, inkDelayFrames + 1))
            return []
        }
        dots.append(dot)
        return [Self.rect(of: dot)]
    }

    /// A frame is being drawn: the delayed dots whose wait is over join the others; returns their rectangles.
    func showDueDots() -> [Rect] {
        var shown: [Rect] = []
        delayed = delayed.compactMap { entry in
            guard entry.frames > 1 else {
                dots.append(entry.dot)
                shown.append(Self.rect(of: entry.dot))
                return nil
            }
            return (entry.dot, entry.frames - 1)
        }
        return shown
    }

    private static func rect(of dot: Dot) -> Rect {
        let r = dotRadius + 1
        return Rect(x: dot.x - r, y: dot.y - r, width: 2 * r, height: 2 * r)
    }
}

/// Writes one line to standard error (Glibc's `stderr` is a global Swift 6 will not share).
func report(_ message: String) {
    var line = "wayland-hello: \(message)\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

/// The command line, parsed by swift-argument-parser.
struct HelloOptions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wayland-hello",
        abstract: "A window that paints touches, and the pointer with its button held, as dots.",
        discussion: "Keys: q or Escape quits, f toggles full screen, c clears.",
        version: ProgramVersion.current
    )

    @Option(help: ArgumentHelp("The background colour, so a test can find the window on a screenshot.", valueName: "RRGGBB"),
            transform: HelloOptions.colour)
    var fill: (red: Double, green: Double, blue: Double) = (1, 1, 1)

    @Option(help: ArgumentHelp("The window's title.", valueName: "TEXT"))
    var title = "Wayland hello"

    /// Hidden, for testing latency measurements: each dot is drawn this many frames later than it could be.
    @Option(name: .customLong("ink-delay-frames"), help: .hidden)
    var inkDelayFrames = 0

    /// `RRGGBB` as components from 0 to 1.
    static func colour(_ text: String) throws -> (red: Double, green: Double, blue: Double) {
        guard text.count == 6, let rgb = UInt32(text, radix: 16) else { throw ValidationError("a colour is RRGGBB, like ff8000") }
        return (Double(rgb >> 16 & 0xFF) / 255, Double(rgb >> 8 & 0xFF) / 255, Double(rgb & 0xFF) / 255)
    }
}

func run() throws {
    // Processes started from test runners inherit blocked signals; SIGTERM and SIGINT must end this one.
    var signals = sigset_t()
    sigemptyset(&signals)
    sigprocmask(SIG_SETMASK, &signals, nil)

    let hello = Hello(options: HelloOptions.parseCommandLine(Array(CommandLine.arguments.dropFirst())))
    let display = try Display(log: { report("\($0)") })
    let window = try ToplevelWindow(
        display: display, title: hello.title, appID: "org.example.wayland-hello", width: 640, height: 480,
        minimumWidth: 100, minimumHeight: 100
    )
    display.onDisconnect = { _ in
        // A real program saves here; the dots are not worth it.
    }
    let program = HelloWindow(hello: hello)
    window.delegate = program
    // The window holds its delegate weakly: the program lives as long as the loop runs.
    try withExtendedLifetime(program) { try display.run(until: { hello.isDone }) }
}

/// The window's program: its dots drawn, touches and the pointer adding them, keys quitting, toggling fullscreen
/// and clearing.
final class HelloWindow: ToplevelWindowDelegate {
    let hello: Hello

    init(hello: Hello) { self.hello = hello }

    func toplevelWindowDidAskToClose(_ window: ToplevelWindow) {
        hello.isDone = true
    }

    func toplevelWindow(_ window: ToplevelWindow, draw buffer: Buffer, damage: [PixelRect]) -> [PixelRect] {
        let shown = hello.showDueDots().map { PixelRect(covering: $0, scale: Int(buffer.scale)) }
        // Dots still waiting ask for the next frame.
        if !hello.delayed.isEmpty { window.setNeedsDraw() }
        return hello.draw(into: buffer, damage: damage + shown, titleStrip: window.decorationMode == .clientSide) + shown
    }

    func toplevelWindowDidConfigure(_ window: ToplevelWindow) {
        report("configured \(window.width)x\(window.height) at scale \(window.scale)")
    }

    /// Adds a dot where a finger or the pointer is, and asks for the frame that shows it.
    private func addDot(at location: Point, in window: ToplevelWindow) {
        let rects = hello.addDot(x: location.x, y: location.y)
        if hello.delayed.isEmpty { window.setNeedsDisplay(rects) } else { window.setNeedsDraw() }
    }

    func toplevelWindow(_ window: ToplevelWindow, didReceive event: SeatEvent) {
        switch event.kind {
        case let .touchDown(_, location, _) where window.decorationMode == .clientSide && location.y < Hello.titleHeight:
            window.beginMove()
        case let .touchDown(_, location, _), let .touchMotion(_, location, _):
            addDot(at: location, in: window)
        case let .pointerButton(.left, isPressed):
            if isPressed, window.decorationMode == .clientSide, let y = hello.pointerY, y < Hello.titleHeight {
                window.beginMove()
            } else {
                hello.isPointerDown = isPressed
            }
        case let .pointerMotion(location) where !hello.isPointerDown:
            hello.pointerY = location.y
        case let .pointerEnter(location):
            hello.pointerY = location.y
        case let .pointerMotion(location) where hello.isPointerDown:
            addDot(at: location, in: window)
        case let .key(chord) where chord.modifiers.isEmpty:
            key(chord.keysym, in: window)
        default:
            break
        }
    }

    private func key(_ name: String, in window: ToplevelWindow) {
        switch name {
        case "q", "Escape": hello.isDone = true
        case "f":
            hello.isFullscreen.toggle()
            window.setFullscreen(hello.isFullscreen)
        case "c":
            hello.dots.removeAll()
            window.setNeedsDisplay()
        default: break
        }
    }
}

do {
    try run()
} catch {
    report("\(error)")
    exit(1)
}
