// The title bar a window draws itself where the compositor draws none (weston, GNOME): it moves and closes the
// window, by finger as by pointer.
import CCairo
import SeatInput
import TouchUI
import WaylandClient

/// A strip across the top of the window with the title and a close button, for compositors that offer no
/// server-side decorations (`zxdg_decoration_manager_v1`).
///
/// It takes the seat events that start on it — a press on the strip moves the window (`xdg_toplevel.move`), a
/// press and release on the close button closes it — and hands the others on in the content's coordinates
/// (shifted up by its height).
struct TitleBar {
    /// The strip's height in logical points.
    static let height = 32

    /// What a press on the strip does.
    enum Press {
        case move
        case close(lastLocation: Point)
    }

    private var touches: [Int32: Press] = [:]
    private var pointerPress: Press?
    private var pointerLocation: Point?

    /// The close button's rectangle in a window of a width.
    static func closeButton(width: Int) -> Rect {
        Rect(x: Double(width - height), y: 0, width: Double(height), height: Double(height))
    }

    /// What an event means to the strip: `nil` when it was the strip's, else the event for the content.
    /// `beginMove` starts an interactive move; `close` closes the window.
    mutating func filter(_ event: SeatEvent, width: Int, beginMove: () -> Void, close: () -> Void) -> SeatEvent? {
        let top = Double(Self.height)
        let button = Self.closeButton(width: width)
        func shifted(_ point: Point) -> Point { Point(x: point.x, y: point.y - top) }
        var event = event
        switch event.kind {
        case let .touchDown(id, location, shape):
            guard location.y >= top else {
                touches[id] = press(at: location, on: button, beginMove: beginMove)
                return nil
            }
            event.kind = .touchDown(id: id, location: shifted(location), shape: shape)
        case let .touchMotion(id, location, shape):
            if let press = touches[id] {
                if case .close = press { touches[id] = .close(lastLocation: location) }
                return nil
            }
            event.kind = .touchMotion(id: id, location: shifted(location), shape: shape)
        case let .touchUp(id):
            guard let press = touches.removeValue(forKey: id) else { return event }
            if case let .close(location) = press, button.contains(location) { close() }
            return nil
        case .touchCancel:
            touches = [:]
        case let .pointerEnter(location):
            pointerLocation = location
            event.kind = .pointerEnter(location: shifted(location))
        case let .pointerMotion(location):
            pointerLocation = location
            if pointerPress != nil { return nil }
            event.kind = .pointerMotion(location: shifted(location))
        case .pointerLeave:
            pointerLocation = nil
            pointerPress = nil
        case let .pointerButton(which, isPressed):
            if isPressed, pointerPress == nil, let location = pointerLocation, location.y < top {
                // Only the left button moves or closes; the others do nothing on the strip.
                if which == .left { pointerPress = press(at: location, on: button, beginMove: beginMove) }
                return nil
            }
            if !isPressed, let press = pointerPress {
                pointerPress = nil
                if case .close = press, let location = pointerLocation, button.contains(location) { close() }
                return nil
            }
            if pointerPress != nil { return nil }
        case .touchFrame, .pointerAxis, .key, .keyState, .touchpadGesture, .tick:
            break
        }
        return event
    }

    private func press(at location: Point, on button: Rect, beginMove: () -> Void) -> Press {
        if button.contains(location) { return .close(lastLocation: location) }
        beginMove()
        return .move
    }

    /// Draws the strip across the top of `buffer`.
    static func draw(into buffer: Buffer, title: String, isActive: Bool) {
        let cr = cairo_create(buffer.cairoSurface)!
        defer { cairo_destroy(cr) }
        let width = Double(buffer.width), side = Double(height)
        cairo_rectangle(cr, 0, 0, width, side)
        if isActive { cairo_set_source_rgb(cr, 0.16, 0.18, 0.22) } else { cairo_set_source_rgb(cr, 0.30, 0.31, 0.34) }
        cairo_fill(cr)
        cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
        cairo_set_font_size(cr, 14)
        cairo_set_source_rgb(cr, 0.92, 0.93, 0.95)
        cairo_move_to(cr, 12, side / 2 + 5)
        cairo_show_text(cr, title)
        // The close button: a cross, big enough for a finger.
        let button = closeButton(width: buffer.width)
        cairo_set_line_width(cr, 2)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        let inset = 11.0
        cairo_move_to(cr, button.minX + inset, button.minY + inset)
        cairo_line_to(cr, button.maxX - inset, button.maxY - inset)
        cairo_move_to(cr, button.maxX - inset, button.minY + inset)
        cairo_line_to(cr, button.minX + inset, button.maxY - inset)
        cairo_stroke(cr)
    }
}
