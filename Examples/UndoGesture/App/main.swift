// undo-gesture: the example app. A picture in a Wayland window, placed with two fingers (pinch, rotate, pan at
// once); a two-finger tap undoes, a three-finger tap redoes. docs/examples.md walks through it.
import ArgumentParser
import Cairo
import Foundation
import SeatInput
import TouchUI
import UndoGestureBoard
import WaylandApp

/// The board in a live window: WaylandApp's TouchContent hands it the seat's input; this draws it with Cairo.
final class UndoGestureApp: TouchContentDelegate {
    let content: TouchContent
    let board: PictureBoard

    init(size: Size) {
        content = TouchContent(size: size)
        board = PictureBoard(frame: content.window.bounds)
        content.window.addSubview(board)
        board.onChange = { [unowned content] in content.setNeedsDisplay() }
        content.delegate = self
    }

    func touchContent(_ content: TouchContent, didResizeTo size: Size) {
        board.frame = content.window.bounds
    }

    func touchContent(_ content: TouchContent, didPress chord: KeyChord) {
        if chord.keysym == "Escape" || chord.keysym == "q" { content.session?.quit() }
    }

    func touchContent(_ content: TouchContent, draw target: DrawTarget) {
        // The target's surface is in logical points.
        let cr = cairo_create(target.cairoSurface)!
        defer { cairo_destroy(cr) }
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
    }
}

/// The command line: no options, only `--help` and `--version`, as every program of the repository takes.
struct UndoGestureOptions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo-gesture",
        abstract: "The example app: a picture placed with two fingers; a two-finger tap undoes, a three-finger tap redoes.",
        discussion: "In a window on the compositor; Escape or q quits. docs/examples.md walks through it.",
        // The repository's version, which CHANGELOG.md names (Tests/UndoGestureProgramTests checks it).
        version: "0.7.0"
    )

    /// Parses the command line or exits: help and version on standard output with 0, a usage error on standard
    /// error as `undo-gesture: what is wrong` with 2, as the repository's programs do.
    static func parseOrExit() {
        do {
            _ = try parse(Array(CommandLine.arguments.dropFirst()))
        } catch {
            guard exitCode(for: error) != .success else {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            var text = fullMessage(for: error)
            if text.hasPrefix("Error: ") { text.removeFirst("Error: ".count) }
            FileHandle.standardError.write(Data("undo-gesture: \(text)\n".utf8))
            Foundation.exit(2)
        }
    }
}

UndoGestureOptions.parseOrExit()
LiveSession.blockExitSignals()
let app = UndoGestureApp(size: Size(width: 800, height: 600))
do {
    let session = try LiveSession(
        content: app.content,
        configuration: .init(title: "Undo gesture", appID: "io.github.fingerpaint.UndoGesture", size: app.content.window.bounds.size),
        log: { FileHandle.standardError.write(Data("undo-gesture: \($0)\n".utf8)) })
    exit(try session.run())
} catch {
    FileHandle.standardError.write(Data("undo-gesture: \(error)\n".utf8))
    exit(1)
}
