// The decorations a window draws itself where the compositor draws none (weston, GNOME): a title bar that moves,
// maximizes, minimizes and closes the window, and borders that resize it, by finger as by pointer.
import CCairo
import SeatInput
import TouchUI
import WaylandClient

/// What the decorations ask the window to do.
struct WindowActions {
    /// Starts an interactive move (`xdg_toplevel.move`).
    var beginMove: () -> Void
    /// Starts an interactive resize from the edges (`xdg_toplevel.resize`).
    var beginResize: (ToplevelWindow.ResizeEdges) -> Void = { _ in }
    /// Maximizes a normal window, restores a maximized one.
    var toggleMaximized: () -> Void = {}
    /// Minimizes the window.
    var minimize: () -> Void = {}
    /// Makes the window fullscreen (the title bar is not drawn there; the program offers its own way back).
    var toggleFullscreen: () -> Void = {}
    /// Closes the window.
    var close: () -> Void
    /// Shows a cursor by its XCursor name; `nil` for the default.
    var setCursor: (String?) -> Void = { _ in }
}

/// A strip across the top of the window with the title and minimize, maximize and close buttons, and resize
/// borders along every edge, for compositors that offer no server-side decorations (`zxdg_decoration_manager_v1`).
///
/// It takes the seat events that start on it — a press on a border resizes the window from that edge or corner
/// (with the matching cursor while the pointer is over it), a press on the strip moves the window, a second press
/// on the strip within ``doubleTapTime`` maximizes or restores it, a press and release on a button does what it
/// shows — and hands the others on in the content's coordinates (shifted up by its height). A maximized, tiled or
/// fullscreen window has no resize borders (the caller says, `isResizable`), as GTK does.
struct TitleBar {
    /// The strip's height in logical points.
    static let height = 32
    /// How deep the resize borders reach into the window, in points.
    static let borderWidth = 6.0
    /// How far along each edge from a corner a press resizes both edges.
    static let cornerLength = 16.0
    /// Two presses on the strip this close in time and in place maximize or restore (GTK's default 400 ms).
    static let doubleTapTime = Duration.milliseconds(400)
    static let doubleTapDistance = 16.0
    /// The radius of the floating window's rounded top corners, in points (libadwaita's windows round theirs by
    /// 12 px); outside the rounding the window is transparent.
    static let cornerRadius = 12.0

    /// The strip's buttons, right to left: close at the window's right end, then maximize, minimize and
    /// fullscreen (a touch-only user has no F11).
    enum Button: CaseIterable {
        case close, maximize, minimize, fullscreen
    }

    /// What a press on the decorations does.
    enum Press {
        case move
        case resize
        case button(Button, lastLocation: Point)
    }

    private var touches: [Int32: Press] = [:]
    /// Each pen's last position on the window, and its press when it came down on the decorations.
    private var penLocations: [Int: Point] = [:]
    private var penPresses: [Int: Press] = [:]
    private var pointerPress: Press?
    private var pointerLocation: Point?
    private var lastStripPress: (time: Timestamp, location: Point)?
    private var shownCursor: String?

    /// A button's rectangle in a window of a width.
    static func rect(of button: Button, width: Int) -> Rect {
        let index = Button.allCases.firstIndex(of: button) ?? 0
        return Rect(x: Double(width - height * (index + 1)), y: 0, width: Double(height), height: Double(height))
    }

    /// The close button's rectangle in a window of a width.
    static func closeButton(width: Int) -> Rect { rect(of: .close, width: width) }

    /// The edges a press at `location` resizes in a window of a size: none away from the borders.
    static func edges(at location: Point, width: Int, height: Int) -> ToplevelWindow.ResizeEdges {
        let (w, h) = (Double(width), Double(height))
        guard location.x >= 0, location.y >= 0, location.x < w, location.y < h else { return [] }
        var edges: ToplevelWindow.ResizeEdges = []
        let nearLeft = location.x < borderWidth, nearRight = location.x >= w - borderWidth
        let nearTop = location.y < borderWidth, nearBottom = location.y >= h - borderWidth
        if nearLeft { edges.insert(.left) }
        if nearRight { edges.insert(.right) }
        if nearTop { edges.insert(.top) }
        if nearBottom { edges.insert(.bottom) }
        // Near a corner along an edge: both edges.
        if nearTop || nearBottom {
            if location.x < cornerLength { edges.insert(.left) }
            if location.x >= w - cornerLength { edges.insert(.right) }
        }
        if nearLeft || nearRight {
            if location.y < cornerLength { edges.insert(.top) }
            if location.y >= h - cornerLength { edges.insert(.bottom) }
        }
        return edges
    }

    /// What an event means to the decorations: `nil` when it was theirs, else the event for the content.
    mutating func filter(_ event: SeatEvent, width: Int, height: Int = .max, isResizable: Bool = false,
                         actions: WindowActions) -> SeatEvent? {
        switch event.kind {
        case .touchDown, .touchMotion, .touchUp, .touchCancel:
            return filterTouch(event, width: width, height: height, isResizable: isResizable, actions: actions)
        case .pointerEnter, .pointerMotion, .pointerLeave, .pointerButton:
            return filterPointer(event, width: width, height: height, isResizable: isResizable, actions: actions)
        case .tablet:
            return filterPen(event, width: width, height: height, isResizable: isResizable, actions: actions)
        case .touchFrame, .pointerAxis, .key, .keyState, .touchpadGesture, .drag, .tick:
            return event
        }
    }

    /// A window location in the content's coordinates: shifted up by the strip's height.
    private static func shifted(_ point: Point) -> Point { Point(x: point.x, y: point.y - Double(height)) }

    /// ``filter(_:width:height:isResizable:actions:)`` for a finger's events.
    private mutating func filterTouch(_ event: SeatEvent, width: Int, height: Int, isResizable: Bool,
                                      actions: WindowActions) -> SeatEvent? {
        var event = event
        switch event.kind {
        case let .touchDown(id, location, shape):
            if let press = press(at: location, time: event.time, width: width, height: height, isResizable: isResizable,
                                 actions: actions) {
                touches[id] = press
                return nil
            }
            event.kind = .touchDown(id: id, location: Self.shifted(location), shape: shape)
        case let .touchMotion(id, location, shape):
            if let press = touches[id] {
                if case let .button(button, _) = press { touches[id] = .button(button, lastLocation: location) }
                return nil
            }
            event.kind = .touchMotion(id: id, location: Self.shifted(location), shape: shape)
        case let .touchUp(id):
            guard let press = touches.removeValue(forKey: id) else { return event }
            release(press, at: nil, width: width, actions: actions)
            return nil
        case .touchCancel:
            touches = [:]
        default:
            break
        }
        return event
    }

    /// ``filter(_:width:height:isResizable:actions:)`` for the pointer's events.
    private mutating func filterPointer(_ event: SeatEvent, width: Int, height: Int, isResizable: Bool,
                                        actions: WindowActions) -> SeatEvent? {
        let top = Double(Self.height)
        var event = event
        switch event.kind {
        case let .pointerEnter(location):
            pointerLocation = location
            updateCursor(at: location, width: width, height: height, isResizable: isResizable, actions: actions)
            event.kind = .pointerEnter(location: Self.shifted(location))
        case let .pointerMotion(location):
            pointerLocation = location
            if let press = pointerPress {
                if case let .button(button, _) = press { pointerPress = .button(button, lastLocation: location) }
                return nil
            }
            updateCursor(at: location, width: width, height: height, isResizable: isResizable, actions: actions)
            event.kind = .pointerMotion(location: Self.shifted(location))
        case .pointerLeave:
            pointerLocation = nil
            pointerPress = nil
        case let .pointerButton(which, isPressed):
            if isPressed, pointerPress == nil, let location = pointerLocation,
               location.y < top || !Self.edges(at: location, width: width, height: height).isEmpty && isResizable {
                // Only the left button acts on the decorations; the others do nothing there.
                if which == .left {
                    pointerPress = press(at: location, time: event.time, width: width, height: height,
                                         isResizable: isResizable, actions: actions)
                }
                return nil
            }
            if !isPressed, let press = pointerPress {
                pointerPress = nil
                release(press, at: pointerLocation, width: width, actions: actions)
                return nil
            }
            if pointerPress != nil { return nil }
        default:
            break
        }
        return event
    }

    /// ``filter(_:width:height:isResizable:actions:)`` for a pen's events.
    private mutating func filterPen(_ event: SeatEvent, width: Int, height: Int, isResizable: Bool,
                                    actions: WindowActions) -> SeatEvent? {
        var event = event
        switch event.kind {
        case let .tablet(.proximityIn(type, location), tool):
            penLocations[tool] = location
            event.kind = .tablet(.proximityIn(type, location: Self.shifted(location)), tool: tool)
        case let .tablet(.motion(location, axes), tool):
            // A pen that came down on the decorations is theirs until it lifts, as a finger is; near them it still
            // hovers over the content.
            penLocations[tool] = location
            if let press = penPresses[tool] {
                if case let .button(button, _) = press { penPresses[tool] = .button(button, lastLocation: location) }
                return nil
            }
            event.kind = .tablet(.motion(location: Self.shifted(location), axes: axes), tool: tool)
        case let .tablet(.down, tool):
            if let location = penLocations[tool],
               let press = press(at: location, time: event.time, width: width, height: height, isResizable: isResizable,
                                 actions: actions) {
                penPresses[tool] = press
                return nil
            }
        case let .tablet(.up, tool):
            guard let press = penPresses.removeValue(forKey: tool) else { return event }
            release(press, at: nil, width: width, actions: actions)
            return nil
        case let .tablet(.proximityOut, tool):
            penLocations[tool] = nil
            penPresses[tool] = nil
        default:
            break
        }
        return event
    }

    /// A press at a window location: what it starts on the decorations, or `nil` when it is the content's.
    private mutating func press(at location: Point, time: Timestamp, width: Int, height: Int, isResizable: Bool,
                                actions: WindowActions) -> Press? {
        if isResizable {
            let edges = Self.edges(at: location, width: width, height: height)
            if !edges.isEmpty {
                actions.beginResize(edges)
                return .resize
            }
        }
        guard location.y < Double(Self.height) else { return nil }
        if let button = Button.allCases.first(where: { Self.rect(of: $0, width: width).contains(location) }) {
            return .button(button, lastLocation: location)
        }
        if let last = lastStripPress, time - last.time <= Self.doubleTapTime,
           (location - last.location).length <= Self.doubleTapDistance {
            lastStripPress = nil
            actions.toggleMaximized()
            return .move
        }
        lastStripPress = (time, location)
        actions.beginMove()
        return .move
    }

    private func release(_ press: Press, at pointer: Point?, width: Int, actions: WindowActions) {
        guard case let .button(button, lastLocation) = press,
              Self.rect(of: button, width: width).contains(pointer ?? lastLocation) else { return }
        switch button {
        case .close: actions.close()
        case .maximize: actions.toggleMaximized()
        case .minimize: actions.minimize()
        case .fullscreen: actions.toggleFullscreen()
        }
    }

    private mutating func updateCursor(at location: Point, width: Int, height: Int, isResizable: Bool,
                                       actions: WindowActions) {
        let edges = isResizable ? Self.edges(at: location, width: width, height: height) : []
        let name = edges.isEmpty ? nil : edges.cursorName
        guard name != shownCursor else { return }
        shownCursor = name
        actions.setCursor(name)
    }

    /// Draws the strip across the top of `buffer`; `isMaximized` shows the maximize button as restore. With
    /// `isRounded` (a floating window) its top corners are rounded by ``cornerRadius`` and transparent outside the
    /// rounding (in a translucent buffer); otherwise the strip is square and opaque to its corners.
    static func draw(into buffer: Buffer, title: String, isActive: Bool, isMaximized: Bool = false,
                     isRounded: Bool = false) {
        draw(into: buffer.cairoSurface, width: buffer.width, title: title, isActive: isActive, isMaximized: isMaximized,
             isRounded: isRounded)
    }

    /// Draws the strip across the top of `surface` (a Cairo surface whose device scale turns logical points into its
    /// pixels, `width` points wide): a buffer's, or a reduced frame's (``WaylandClient/ReducedImage``).
    static func draw(into surface: OpaquePointer, width: Int, title: String, isActive: Bool, isMaximized: Bool = false,
                     isRounded: Bool = false) {
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        let width = Double(width), side = Double(height)
        cairo_save(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_rectangle(cr, 0, 0, width, side)
        cairo_fill(cr)
        cairo_restore(cr)
        if isRounded {
            let radius = cornerRadius
            cairo_new_path(cr)
            cairo_arc(cr, radius, radius, radius, Double.pi, 1.5 * Double.pi)
            cairo_arc(cr, width - radius, radius, radius, 1.5 * Double.pi, 2 * Double.pi)
            cairo_line_to(cr, width, side)
            cairo_line_to(cr, 0, side)
            cairo_close_path(cr)
        } else {
            cairo_rectangle(cr, 0, 0, width, side)
        }
        if isActive { cairo_set_source_rgb(cr, 0.16, 0.18, 0.22) } else { cairo_set_source_rgb(cr, 0.30, 0.31, 0.34) }
        cairo_fill(cr)
        cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
        cairo_set_font_size(cr, 14)
        cairo_set_source_rgb(cr, 0.92, 0.93, 0.95)
        // The title stops short of the buttons (the leftmost one is fullscreen), ending in an ellipsis when cut.
        let room = rect(of: .fullscreen, width: Int(width)).minX - 12 - 8
        var shown = title
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, shown, &extents)
        while extents.x_advance > room, !shown.isEmpty {
            shown = String(shown.dropLast(shown.hasSuffix("…") ? 2 : 1)) + "…"
            if shown == "…" { break }
            cairo_text_extents(cr, shown, &extents)
        }
        cairo_move_to(cr, 12, side / 2 + 5)
        cairo_show_text(cr, shown)
        // The buttons, big enough for a finger: a cross, a square (two when maximized: restore), a bar.
        cairo_set_line_width(cr, 2)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        let inset = 11.0
        let close = rect(of: .close, width: Int(width))
        cairo_move_to(cr, close.minX + inset, close.minY + inset)
        cairo_line_to(cr, close.maxX - inset, close.maxY - inset)
        cairo_move_to(cr, close.maxX - inset, close.minY + inset)
        cairo_line_to(cr, close.minX + inset, close.maxY - inset)
        let maximize = rect(of: .maximize, width: Int(width))
        if isMaximized {
            cairo_rectangle(cr, maximize.minX + inset, maximize.minY + inset + 3, 7, 7)
            cairo_move_to(cr, maximize.minX + inset + 3, maximize.minY + inset)
            cairo_line_to(cr, maximize.maxX - inset, maximize.minY + inset)
            cairo_line_to(cr, maximize.maxX - inset, maximize.maxY - inset - 3)
        } else {
            cairo_rectangle(cr, maximize.minX + inset, maximize.minY + inset, maximize.width - 2 * inset,
                            maximize.height - 2 * inset)
        }
        let minimize = rect(of: .minimize, width: Int(width))
        cairo_move_to(cr, minimize.minX + inset, minimize.maxY - inset)
        cairo_line_to(cr, minimize.maxX - inset, minimize.maxY - inset)
        // Fullscreen: four corners pointing out.
        let full = rect(of: .fullscreen, width: Int(width)).insetBy(dx: inset - 1, dy: inset - 1)
        let arm = 3.5
        for (x, y, dx, dy) in [(full.minX, full.minY, 1.0, 1.0), (full.maxX, full.minY, -1.0, 1.0),
                               (full.minX, full.maxY, 1.0, -1.0), (full.maxX, full.maxY, -1.0, -1.0)] {
            cairo_move_to(cr, x + dx * arm, y)
            cairo_line_to(cr, x, y)
            cairo_line_to(cr, x, y + dy * arm)
        }
        cairo_stroke(cr)
    }
}
