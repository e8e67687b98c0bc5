// Draws the gesture demo with Cairo: fingers, the shape, the recognizers' panel and the last events.
import CCairo
import Foundation
import Localization
import PaintRender
import SeatInput
import TouchUI

/// Draws a ``GestureDemoScene`` into a Cairo context: big enough to read at a glance on a laptop touchscreen.
public enum GestureDemoRenderer {
    /// How long a row stays lit after a change.
    static let highlightTime = 0.6

    /// Draws the whole scene, in logical points (scale the context first for HiDPI).
    public static func draw(_ scene: GestureDemoScene, in cr: OpaquePointer, size: Size) {
        let now = scene.window.timers.now
        // Background.
        cairo_set_source_rgb(cr, 0.10, 0.11, 0.14)
        cairo_paint(cr)
        drawGrid(cr, size: size)
        drawShape(scene.shape, in: cr)
        drawFingers(scene.window.activeTouches, trails: scene.canvas.trails, in: cr)
        drawHoveringPens(Array(scene.hoveringPens.values), in: cr)
        if let location = scene.hoverLocation { drawHover(at: location, zOffset: scene.hover.zOffset, in: cr) }
        let layout = scene.layout(size: size)
        drawPanel(scene.rows, layout: layout, now: now, in: cr)
        drawRecentEvents(scene.recentEvents, layout: layout, in: cr)
        drawArenaDecisions(scene.recentArenaDecisions, layout: layout, in: cr)
    }

    /// Renders the scene to a PNG file.
    public static func writePNG(_ scene: GestureDemoScene, size: Size, to path: String) throws(RenderError) {
        let image = ImageSurface(width: Int(size.width.rounded()), height: Int(size.height.rounded()))
        let cr = cairo_create(image.surface)!
        draw(scene, in: cr, size: size)
        cairo_destroy(cr)
        try image.writePNG(to: path)
    }

    private static func drawGrid(_ cr: OpaquePointer, size: Size) {
        cairo_set_source_rgb(cr, 0.15, 0.16, 0.20)
        cairo_set_line_width(cr, 1)
        var x = 0.5
        while x < size.width { cairo_move_to(cr, x, 0); cairo_line_to(cr, x, size.height); x += 40 }
        var y = 0.5
        while y < size.height { cairo_move_to(cr, 0, y); cairo_line_to(cr, size.width, y); y += 40 }
        cairo_stroke(cr)
    }

    private static func drawShape(_ shape: GestureDemoScene.Shape, in cr: OpaquePointer) {
        cairo_save(cr)
        cairo_translate(cr, shape.center.x, shape.center.y)
        cairo_rotate(cr, shape.rotation)
        cairo_scale(cr, shape.scale, shape.scale)
        let half = GestureDemoScene.Shape.halfSide
        roundedRect(cr, Rect(x: -half, y: -half, width: 2 * half, height: 2 * half), radius: 24)
        cairo_set_source_rgb(cr, 0.20, 0.55, 0.95)
        cairo_fill_preserve(cr)
        cairo_set_source_rgb(cr, 0.75, 0.88, 1)
        cairo_set_line_width(cr, 4 / shape.scale)
        cairo_stroke(cr)
        // A mark on top, so turning shows.
        cairo_arc(cr, 0, -56, 10, 0, 2 * .pi)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// Each finger: a disc with its tap count where it is, then over it the finger's recent samples as small dots and
    /// its predicted tail as a dashed line to a hollow dot.
    private static func drawFingers(_ touches: [Touch], trails: [Int: TouchTrailView.Trail], in cr: OpaquePointer) {
        for touch in touches {
            let p = touch.location(in: nil)
            if let pen = touch.pen {
                drawPen(pen, kind: touch.kind, at: p, in: cr)
                continue
            }
            let radius = max(28, touch.majorRadius)
            cairo_arc(cr, p.x, p.y, radius, 0, 2 * .pi)
            cairo_set_source_rgba(cr, 1, 0.75, 0.2, 0.35)
            cairo_fill_preserve(cr)
            cairo_set_source_rgb(cr, 1, 0.75, 0.2)
            cairo_set_line_width(cr, 3)
            cairo_stroke(cr)
            text(cr, "\(touch.tapCount)", at: Point(x: p.x, y: p.y), size: 22, bold: true, centered: true,
                 color: (1, 1, 1))
            guard let trail = trails[touch.identifier] else { continue }
            cairo_set_source_rgba(cr, 0.55, 0.85, 1, 0.9)
            for sample in trail.samples {
                cairo_arc(cr, sample.locationInWindow.x, sample.locationInWindow.y, 3, 0, 2 * .pi)
                cairo_fill(cr)
            }
            guard let end = trail.predicted.last else { continue }
            cairo_save(cr)
            cairo_set_source_rgb(cr, 0.3, 1, 0.45)
            cairo_set_line_width(cr, 3)
            var dashes = [6.0, 4.0]
            cairo_set_dash(cr, &dashes, 2, 0)
            cairo_move_to(cr, p.x, p.y)
            for sample in trail.predicted { cairo_line_to(cr, sample.locationInWindow.x, sample.locationInWindow.y) }
            cairo_stroke(cr)
            cairo_set_dash(cr, nil, 0, 0)
            cairo_arc(cr, end.locationInWindow.x, end.locationInWindow.y, 6, 0, 2 * .pi)
            cairo_stroke(cr)
            cairo_restore(cr)
        }
    }

    /// A pen on the screen: a disc whose size is its force (a thin ring at none), a line from it the way the barrel
    /// leans (longer the flatter it lies), and the force written beside it. Pencils are violet, erasers pink.
    private static func drawPen(_ pen: PenAttributes, kind: Touch.Kind, at p: Point, in cr: OpaquePointer) {
        let color = kind == .eraser ? (1.0, 0.45, 0.6) : (0.7, 0.55, 1.0)
        let radius = 6 + 26 * pen.force
        cairo_arc(cr, p.x, p.y, radius, 0, 2 * .pi)
        cairo_set_source_rgba(cr, color.0, color.1, color.2, 0.45)
        cairo_fill_preserve(cr)
        cairo_set_source_rgb(cr, color.0, color.1, color.2)
        cairo_set_line_width(cr, 2)
        cairo_stroke(cr)
        drawTilt(pen, at: p, color: color, in: cr)
        text(cr, String(format: "%.2f", pen.force), at: Point(x: p.x + radius + 8, y: p.y - radius - 4), size: 16,
             bold: true, centered: false, color: (1, 1, 1))
    }

    /// Each pen near the screen and not touching it: a dashed ring, fainter the farther it is, with its tilt.
    private static func drawHoveringPens(_ hovers: [SeatEventTranslator.PenHover], in cr: OpaquePointer) {
        for hover in hovers.sorted(by: { $0.pen < $1.pen }) {
            guard let p = hover.location else { continue }
            let color = hover.type == .eraser ? (1.0, 0.45, 0.6) : (0.7, 0.55, 1.0)
            cairo_save(cr)
            var dashes = [4.0, 4.0]
            cairo_set_dash(cr, &dashes, 2, 0)
            cairo_arc(cr, p.x, p.y, 14, 0, 2 * .pi)
            cairo_set_source_rgba(cr, color.0, color.1, color.2, 1 - 0.7 * (hover.distance ?? 0))
            cairo_set_line_width(cr, 2)
            cairo_stroke(cr)
            cairo_restore(cr)
            drawTilt(hover.attributes, at: p, color: color, in: cr)
        }
    }

    /// The hover recognizer's pen: a solid green ring, wider the farther the pen is (22 pt near, 40 pt at the far
    /// end of the tablet's range).
    private static func drawHover(at p: Point, zOffset: Double, in cr: OpaquePointer) {
        cairo_arc(cr, p.x, p.y, 22 + 18 * zOffset, 0, 2 * .pi)
        cairo_set_source_rgb(cr, 0.35, 0.9, 0.55)
        cairo_set_line_width(cr, 3)
        cairo_stroke(cr)
    }

    /// A line from the pen's tip along its azimuth, as long as the barrel's shadow on the screen would be.
    private static func drawTilt(_ pen: PenAttributes, at p: Point, color: (Double, Double, Double), in cr: OpaquePointer) {
        let length = 60 * cos(pen.altitudeAngle)
        guard length > 1 else { return }
        cairo_move_to(cr, p.x, p.y)
        cairo_line_to(cr, p.x + length * cos(pen.azimuthAngle), p.y + length * sin(pen.azimuthAngle))
        cairo_set_source_rgb(cr, color.0, color.1, color.2)
        cairo_set_line_width(cr, 3)
        cairo_stroke(cr)
    }

    private static func drawPanel(_ rows: [GestureDemoScene.Row], layout: GestureDemoLayout, now: Timestamp,
                                  in cr: OpaquePointer) {
        let frame = layout.panel
        roundedRect(cr, frame, radius: 12)
        cairo_set_source_rgba(cr, 0.05, 0.05, 0.07, 0.88)
        cairo_fill(cr)
        // Translators: the heading of the gesture demo's panel, which lists the gesture recognizers.
        text(cr, localized("Recognizers"), in: Rect(x: frame.minX + 16, y: frame.minY + 10, width: frame.width - 32, height: 24),
             size: 18, bold: true, color: (0.85, 0.85, 0.9))
        let nameSize = layout.isNarrow ? 14.0 : 16.0, stateSize = layout.isNarrow ? 12.0 : 15.0
        for (row, place) in zip(rows, layout.rows) {
            let age = row.changedAt.map { (now - $0).seconds } ?? .infinity
            if age < highlightTime {
                let glow = 1 - age / highlightTime
                roundedRect(cr, place.frame, radius: 8)
                let (r, g, b) = color(of: row.lastState)
                cairo_set_source_rgba(cr, r, g, b, 0.35 * glow)
                cairo_fill(cr)
            }
            let (r, g, b) = color(of: row.lastState)
            cairo_arc(cr, place.dot.x, place.dot.y, 7, 0, 2 * .pi)
            cairo_set_source_rgb(cr, r, g, b)
            cairo_fill(cr)
            text(cr, row.name, in: place.name, size: nameSize, bold: true, color: (1, 1, 1))
            text(cr, row.changedAt == nil ? "—" : GestureDemoEventList.text(of: row.lastState), in: place.state, size: stateSize, bold: false,
                 color: (r, g, b))
            text(cr, row.values, in: place.values, size: 12, bold: false, color: (0.7, 0.72, 0.78))
        }
    }

    private static func drawRecentEvents(_ events: [String], layout: GestureDemoLayout, in cr: OpaquePointer) {
        // The newest at the bottom line.
        for (index, line) in events.suffix(layout.recentEvents.count).enumerated() {
            let place = layout.recentEvents[layout.recentEvents.count - min(events.count, layout.recentEvents.count) + index]
            let fade = 0.45 + 0.55 * Double(index + 1) / Double(events.count)
            text(cr, line, in: place, size: 15, bold: false, color: (fade, fade, fade))
        }
    }

    /// The arena's last decisions (`--arena`), the newest at the bottom line, in a pale violet apart from the events'
    /// grey, each cut to its line.
    private static func drawArenaDecisions(_ decisions: [String], layout: GestureDemoLayout, in cr: OpaquePointer) {
        let places = layout.arenaDecisions
        let shown = decisions.suffix(places.count)
        for (index, line) in shown.enumerated() {
            let place = places[places.count - shown.count + index]
            let fade = 0.5 + 0.5 * Double(index + 1) / Double(shown.count)
            text(cr, line, in: place, size: 13, bold: false, color: (0.8 * fade, 0.7 * fade, fade))
        }
    }

    /// The part of `string` that fits `width` at a font size, cut with an ellipsis when it must be.
    static func fitted(_ string: String, width: Double, size: Double, bold: Bool, in cr: OpaquePointer) -> String {
        cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, size)
        var shown = string
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, shown, &extents)
        while extents.x_advance > width, !shown.isEmpty {
            shown = String(shown.dropLast(shown.hasSuffix("…") ? 2 : 1)) + "…"
            if shown == "…" { break }
            cairo_text_extents(cr, shown, &extents)
        }
        return extents.x_advance > width ? "" : shown
    }

    private static func color(of state: GestureRecognizer.State) -> (Double, Double, Double) {
        switch state {
        case .possible: (0.55, 0.55, 0.6)
        case .began, .changed: (0.3, 0.8, 1)
        case .ended: (0.35, 0.9, 0.45)
        case .cancelled: (1, 0.65, 0.2)
        case .failed: (0.95, 0.35, 0.35)
        }
    }

    private static func roundedRect(_ cr: OpaquePointer, _ rect: Rect, radius: Double) {
        let r = min(radius, rect.width / 2, rect.height / 2)
        cairo_new_sub_path(cr)
        cairo_arc(cr, rect.maxX - r, rect.minY + r, r, -.pi / 2, 0)
        cairo_arc(cr, rect.maxX - r, rect.maxY - r, r, 0, .pi / 2)
        cairo_arc(cr, rect.minX + r, rect.maxY - r, r, .pi / 2, .pi)
        cairo_arc(cr, rect.minX + r, rect.minY + r, r, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }

    /// Writes text in a rectangle: on its baseline near the bottom, cut to its width.
    private static func text(_ cr: OpaquePointer, _ string: String, in rect: Rect, size: Double, bold: Bool,
                             color: (Double, Double, Double)) {
        let shown = fitted(string, width: rect.width, size: size, bold: bold, in: cr)
        text(cr, shown, at: Point(x: rect.minX, y: rect.minY + rect.height / 2 + size * 0.36), size: size, bold: bold,
             color: color)
    }

    private static func text(_ cr: OpaquePointer, _ string: String, at point: Point, size: Double, bold: Bool,
                             centered: Bool = false, color: (Double, Double, Double)) {
        cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                               bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, size)
        var x = point.x, y = point.y
        if centered {
            var extents = cairo_text_extents_t()
            cairo_text_extents(cr, string, &extents)
            x -= extents.width / 2 + extents.x_bearing
            y -= extents.height / 2 + extents.y_bearing
        }
        cairo_set_source_rgb(cr, color.0, color.1, color.2)
        cairo_move_to(cr, x, y)
        cairo_show_text(cr, string)
    }
}
