// A window's program for the client's tests: each test says what drawing, an input event and a close do.
import SeatInput
import TouchUI
@testable import WaylandClient

/// A ``ToplevelWindowDelegate`` whose drawing, input and close are the test's to set. The window holds it weakly:
/// the test keeps it (``window`` ties it to one window for the test's life).
final class WindowProgram: ToplevelWindowDelegate {
    /// Paints a buffer; nothing by default.
    var draws: (_ buffer: Buffer, _ damage: [PixelRect]) -> [PixelRect] = { _, _ in [] }
    /// Takes an input event; nothing by default.
    var receives: (SeatEvent) -> Void = { _ in }
    /// The compositor asked the window to close; nothing by default.
    var closes: () -> Void = {}

    /// Becomes `window`'s delegate.
    init(_ window: ToplevelWindow) {
        window.delegate = self
    }

    func toplevelWindow(_ window: ToplevelWindow, draw buffer: Buffer, damage: [PixelRect]) -> [PixelRect] {
        draws(buffer, damage)
    }

    func toplevelWindow(_ window: ToplevelWindow, didReceive event: SeatEvent) {
        receives(event)
    }

    func toplevelWindowDidAskToClose(_ window: ToplevelWindow) {
        closes()
    }
}
