// undo-gesture: the example app. A picture in a Wayland window, placed with two fingers (pinch, rotate, pan at
// once); a two-finger tap undoes, a three-finger tap redoes. docs/examples.md walks through it.
import ArgumentParser
import CCairo
import CommandLineSupport
import Foundation
import SeatInput
import TouchUI
import UndoGestureBoard
import WaylandApp

/// The board in a live window: seat events in through the core's translator, the picture drawn with Cairo.
final class UndoGestureContent: LiveContent {
    let window: Window
    let board: PictureBoard
    private let translator: SeatEventTranslator
    private var changed = true
    private weak var session: LiveSession?

    init(size: Size) {
        window = Window(frame: Rect(origin: .zero, size: size))
        board = PictureBoard(frame: window.bounds)
        window.addSubview(board)
        translator = SeatEventTranslator(window: window)
        board.onChange = { [unowned self] in changed = true }
    }

    func attach(to session: LiveSession) {
        self.session = session
    }

    func handle(_ event: SeatEvent) {
        if case let .key(chord) = event.kind {
            if chord.keysym == "Escape" || chord.keysym == "q" { session?.quit() }
            return
        }
        translator.handle(event)
    }

    var nextDeadline: Timestamp? { window.timers.nextDeadline }

    func resize(to size: Size, scale: Int) {
        window.frame = Rect(origin: .zero, size: size)
        board.frame = window.bounds
        changed = true
    }

    func draw(into target: DrawTarget, damage: [PixelRect]) -> [PixelRect] {
        let cr = cairo_create(target.cairoSurface)!
        defer { cairo_destroy(cr) }
        cairo_scale(cr, Double(target.scale), Double(target.scale))
        cairo_set_source_rgb(cr, 0.12, 0.13, 0.16)
        cairo_paint(cr)
        // The picture: a card with an arrow pointing up, placed as the fingers left it.
        let placement = board.placement
        cairo_translate(cr, board.bounds.width / 2 + placement.offset.dx, board.bounds.height / 2 + placement.offset.dy)
        cairo_rotate(cr, placement.rotation)
        cairo_scale(cr, placement.scale, placement.scale)
        cairo_rectangle(cr, -120, -80, 240, 160)
        cairo_set_source_rgb(cr, 0.95, 0.55, 0.2)
        cairo_fill(cr)
        cairo_move_to(cr, 0, 50)
        cairo_line_to(cr, 0, -50)
        cairo_move_to(cr, -30, -20)
        cairo_line_to(cr, 0, -50)
        cairo_line_to(cr, 30, -20)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_set_line_width(cr, 10)
        cairo_stroke(cr)
        return []
    }

    func replayEnded() { translator.finish() }

    func takeInvalidation() -> Invalidation {
        defer { changed = false }
        return changed ? .everything : .nothing
    }

    func prepareToExit() -> Bool { true }
}

/// The command line: no options, only `--help` and `--version`, as every program of the package takes.
struct UndoGestureOptions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo-gesture",
        abstract: "The example app: a picture placed with two fingers; a two-finger tap undoes, a three-finger tap redoes.",
        discussion: "In a window on the compositor; Escape or q quits. docs/examples.md walks through it.",
        version: ProgramVersion.current
    )
}

_ = UndoGestureOptions.parseCommandLine(Array(CommandLine.arguments.dropFirst()))
LiveSession.blockExitSignals()
let size = Size(width: 800, height: 600)
do {
    let session = try LiveSession(
        content: UndoGestureContent(size: size),
        configuration: .init(title: "Undo gesture", appID: "io.github.fingerpaint.UndoGesture", size: size),
        log: { FileHandle.standardError.write(Data("undo-gesture: \($0)\n".utf8)) })
    exit(try session.run())
} catch {
    FileHandle.standardError.write(Data("undo-gesture: \(error)\n".utf8))
    exit(1)
}
