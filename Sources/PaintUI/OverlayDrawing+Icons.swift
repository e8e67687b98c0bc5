// The bar's icons, one function each, drawn with Cairo around a control's centre in the ink of its state.
// Contract: the calls and their order are the pixels. An icon leaves the Cairo state it set (line cap, join, width,
// source) to the controls after it, and may draw in what the ones before it left (OverlayPixelTests guards both).
import CCairo
import Geometry
import Glibc
import PaintModel

/// Undo's and redo's icon: an arc over the top, with an arrow head pointing down at the end it goes to (left for
/// undo, `toLeft`).
func drawUndoRedoIcon(toLeft: Bool, at center: Point, side: Double, ink: Double, in context: OpaquePointer) {
    let radius = side * 0.24
    let arcCenter = Point(x: center.x, y: center.y + radius * 0.3)
    cairo_set_source_rgb(context, ink, ink, ink)
    cairo_set_line_width(context, max(side * 0.08, 1.5))
    cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
    cairo_new_path(context)
    cairo_arc(context, arcCenter.x, arcCenter.y, radius, .pi, 2 * .pi)
    cairo_stroke(context)
    let tip = Point(x: arcCenter.x + (toLeft ? -radius : radius), y: arcCenter.y + radius * 0.55)
    let half = radius * 0.5
    cairo_move_to(context, tip.x - half, tip.y - half * 1.1)
    cairo_line_to(context, tip.x + half, tip.y - half * 1.1)
    cairo_line_to(context, tip.x, tip.y)
    cairo_close_path(context)
    cairo_fill(context)
}

/// Clear's icon: a bin with a lid, unlike the window's close (an ×).
func drawClearIcon(at center: Point, side: Double, ink: Double, in context: OpaquePointer) {
    let arm = side * 0.2
    setRoundInk(ink, width: max(side * 0.07, 1.5), in: context)
    cairo_move_to(context, center.x - arm * 1.1, center.y - arm * 0.8)
    cairo_line_to(context, center.x + arm * 1.1, center.y - arm * 0.8)
    cairo_move_to(context, center.x - arm * 0.35, center.y - arm * 0.8)
    cairo_line_to(context, center.x - arm * 0.35, center.y - arm * 1.15)
    cairo_line_to(context, center.x + arm * 0.35, center.y - arm * 1.15)
    cairo_line_to(context, center.x + arm * 0.35, center.y - arm * 0.8)
    cairo_move_to(context, center.x - arm * 0.8, center.y - arm * 0.55)
    cairo_line_to(context, center.x - arm * 0.65, center.y + arm * 1.1)
    cairo_line_to(context, center.x + arm * 0.65, center.y + arm * 1.1)
    cairo_line_to(context, center.x + arm * 0.8, center.y - arm * 0.55)
    for dx in [-0.3, 0.3] {
        cairo_move_to(context, center.x + arm * dx, center.y - arm * 0.25)
        cairo_line_to(context, center.x + arm * dx, center.y + arm * 0.75)
    }
    cairo_stroke(context)
}

/// Full screen's icon: four corners pointing out.
func drawFullscreenIcon(at center: Point, side: Double, ink: Double, in context: OpaquePointer) {
    let arm = side * 0.22, tick = side * 0.12
    setRoundInk(ink, width: max(side * 0.07, 1.5), in: context)
    for (sx, sy) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
        cairo_move_to(context, center.x + sx * arm - sx * tick, center.y + sy * arm)
        cairo_line_to(context, center.x + sx * arm, center.y + sy * arm)
        cairo_line_to(context, center.x + sx * arm, center.y + sy * arm - sy * tick)
    }
    cairo_stroke(context)
}

/// The navigate toggle's icon: a palm and four fingers, drawn as thick rounded lines.
func drawHandIcon(at center: Point, side: Double, ink: Double, in context: OpaquePointer) {
    let unit = side * 0.06
    cairo_set_source_rgb(context, ink, ink, ink)
    cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
    cairo_set_line_width(context, unit * 1.6)
    for (index, length) in [2.6, 3.4, 3.2, 2.6].enumerated() {
        let x = center.x + (Double(index) - 1.5) * unit * 1.9
        cairo_move_to(context, x, center.y + unit)
        cairo_line_to(context, x, center.y + unit - length * unit * 1.3)
    }
    cairo_move_to(context, center.x - unit * 3.6, center.y + unit * 0.4)
    cairo_line_to(context, center.x - unit * 2.2, center.y + unit * 2.0)
    cairo_stroke(context)
    roundedRectangle(Rect(x: center.x - unit * 3.3, y: center.y, width: unit * 6.6, height: unit * 4.2), radius: unit * 2,
                     in: context)
    cairo_fill(context)
}

/// The eraser's icon: a block tilted up to the right, its lower (rubber) third filled, the rest outlined.
func drawEraserIcon(at center: Point, side: Double, ink: Double, in context: OpaquePointer) {
    let unit = side * 0.06
    cairo_save(context)
    cairo_translate(context, center.x, center.y)
    cairo_rotate(context, -.pi / 4)
    let block = Rect(x: -unit * 5, y: -unit * 2.4, width: unit * 10, height: unit * 4.8)
    cairo_set_source_rgb(context, ink, ink, ink)
    roundedRectangle(Rect(x: block.minX, y: block.minY, width: block.width * 0.38, height: block.height),
                     radius: unit, in: context)
    cairo_fill(context)
    roundedRectangle(block, radius: unit, in: context)
    cairo_set_line_width(context, max(unit * 1.2, 1.5))
    cairo_stroke(context)
    cairo_restore(context)
}

/// Save's icon: an arrow down into a tray.
func drawSaveIcon(at center: Point, side: Double, ink: Double, in context: OpaquePointer) {
    let arm = side * 0.22
    setRoundInk(ink, width: max(side * 0.08, 1.5), in: context)
    // An arrow down into a tray.
    cairo_move_to(context, center.x, center.y - arm * 1.2)
    cairo_line_to(context, center.x, center.y + arm * 0.4)
    cairo_move_to(context, center.x - arm * 0.6, center.y - arm * 0.2)
    cairo_line_to(context, center.x, center.y + arm * 0.4)
    cairo_line_to(context, center.x + arm * 0.6, center.y - arm * 0.2)
    cairo_move_to(context, center.x - arm, center.y + arm * 0.5)
    cairo_line_to(context, center.x - arm, center.y + arm)
    cairo_line_to(context, center.x + arm, center.y + arm)
    cairo_line_to(context, center.x + arm, center.y + arm * 0.5)
    cairo_stroke(context)
}

/// The colour well: a ring of hues around the brush's colour (ringed in the bar's paper, so that any colour shows).
func drawColorWell(_ color: Color, at center: Point, side: Double, paper: (Double, Double, Double),
                   in context: OpaquePointer) {
    let (paperR, paperG, paperB) = paper
    let radius = side * 0.4
    for step in 0..<12 {
        let hue = Color(hue: Double(step) / 12, saturation: 0.9, value: 0.95)
        cairo_move_to(context, center.x, center.y)
        cairo_arc(context, center.x, center.y, radius, Double(step) / 12 * 2 * .pi, Double(step + 1) / 12 * 2 * .pi)
        cairo_close_path(context)
        cairo_set_source_rgb(context, hue.red, hue.green, hue.blue)
        cairo_fill(context)
    }
    cairo_arc(context, center.x, center.y, radius * 0.7, 0, 2 * .pi)
    cairo_set_source_rgb(context, paperR, paperG, paperB)
    cairo_fill(context)
    cairo_arc(context, center.x, center.y, radius * 0.58, 0, 2 * .pi)
    cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
    cairo_fill(context)
}

/// The brush's icon: a handle down to the left, a ferrule, and a round tip with a dab of ink under it.
func drawBrushIcon(at center: Point, side: Double, ink: Double, in context: OpaquePointer) {
    let arm = side * 0.3
    cairo_set_source_rgb(context, ink, ink, ink)
    cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
    cairo_set_line_width(context, max(side * 0.08, 1.5))
    cairo_move_to(context, center.x + arm, center.y - arm)
    cairo_line_to(context, center.x + arm * 0.15, center.y - arm * 0.15)
    cairo_stroke(context)
    cairo_set_line_width(context, max(side * 0.16, 2.5))
    cairo_move_to(context, center.x + arm * 0.15, center.y - arm * 0.15)
    cairo_line_to(context, center.x - arm * 0.25, center.y + arm * 0.25)
    cairo_stroke(context)
    cairo_move_to(context, center.x - arm * 0.25, center.y + arm * 0.25)
    cairo_curve_to(context, center.x - arm * 0.6, center.y + arm * 0.35, center.x - arm * 0.8, center.y + arm * 0.7,
                   center.x - arm, center.y + arm)
    cairo_curve_to(context, center.x - arm * 0.7, center.y + arm * 0.8, center.x - arm * 0.35, center.y + arm * 0.6,
                   center.x - arm * 0.25, center.y + arm * 0.25)
    cairo_fill(context)
}

/// The More menu's icon: three dots in a row.
func drawMoreIcon(at center: Point, side: Double, ink: Double, in context: OpaquePointer) {
    cairo_set_source_rgb(context, ink, ink, ink)
    let gap = side * 0.2, radius = max(side * 0.06, 1.5)
    for step in -1...1 {
        cairo_new_sub_path(context)
        cairo_arc(context, center.x + Double(step) * gap, center.y, radius, 0, 2 * .pi)
    }
    cairo_fill(context)
}

/// A setting's switch: a rounded track, blue with its knob at the right when on, grey with it at the left when off.
func drawSwitch(isOn: Bool, at center: Point, side: Double, ink: Double, in context: OpaquePointer) {
    let width = side * 0.8, height = side * 0.44
    let track = Rect(x: center.x - width / 2, y: center.y - height / 2, width: width, height: height)
    roundedRectangle(track, radius: height / 2, in: context)
    if isOn {
        cairo_set_source_rgb(context, 0.2, 0.45, 0.9)
    } else {
        cairo_set_source_rgba(context, ink, ink, ink, 0.45)
    }
    cairo_fill(context)
    let knob = height / 2 - 2
    cairo_arc(context, isOn ? track.maxX - knob - 2 : track.minX + knob + 2, center.y, knob, 0, 2 * .pi)
    cairo_set_source_rgb(context, 1, 1, 1)
    cairo_fill(context)
}

/// The eyedropper's icon: a pipette, a bulb at the top right, a glass tube down to a tip at the bottom left.
func drawEyedropperIcon(at center: Point, side: Double, ink: Double, in context: OpaquePointer) {
    let arm = side * 0.22
    cairo_set_source_rgb(context, ink, ink, ink)
    cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
    cairo_set_line_width(context, max(side * 0.12, 2))
    cairo_move_to(context, center.x + arm * 0.5, center.y - arm * 0.5)
    cairo_line_to(context, center.x + arm * 1.0, center.y - arm * 1.0)
    cairo_stroke(context)
    cairo_set_line_width(context, max(side * 0.07, 1.5))
    cairo_move_to(context, center.x + arm * 0.5, center.y - arm * 0.5)
    cairo_line_to(context, center.x - arm * 0.9, center.y + arm * 0.9)
    cairo_stroke(context)
    cairo_move_to(context, center.x + arm * 0.1, center.y - arm * 0.9)
    cairo_line_to(context, center.x + arm * 0.9, center.y - arm * 0.1)
    cairo_stroke(context)
}

/// The gallery's icon: four small tiles in a square.
func drawGalleryIcon(at center: Point, side: Double, ink: Double, in context: OpaquePointer) {
    let arm = side * 0.2, gap = side * 0.05
    cairo_set_source_rgb(context, ink, ink, ink)
    for (dx, dy) in [(-1.0, -1.0), (0, -1), (-1, 0), (0, 0)] {
        roundedRectangle(Rect(x: center.x + dx * arm + (dx < 0 ? -gap : gap), y: center.y + dy * arm + (dy < 0 ? -gap : gap),
                              width: arm, height: arm), radius: arm * 0.2, in: context)
        cairo_fill(context)
    }
}

/// Copy's icon: two sheets, the front one (filled with the bar's colour, `paper`) over the back one's lower right.
func drawCopyIcon(at center: Point, side: Double, ink: Double, paper: (Double, Double, Double),
                  in context: OpaquePointer) {
    let arm = side * 0.2
    drawSheets(back: Rect(x: center.x - arm * 1.1, y: center.y - arm * 1.1, width: arm * 1.5, height: arm * 1.5),
               front: Rect(x: center.x - arm * 0.4, y: center.y - arm * 0.4, width: arm * 1.5, height: arm * 1.5),
               radius: arm * 0.2, side: side, ink: ink, paper: paper, in: context)
}

/// The paste icon: a clipboard's board with two lines on it, its clip over the top edge filled with the bar's
/// colour (`paper`).
func drawPasteIcon(at center: Point, side: Double, ink: Double, paper: (Double, Double, Double),
                   in context: OpaquePointer) {
    let arm = side * 0.2
    drawSheets(back: Rect(x: center.x - arm * 0.9, y: center.y - arm * 0.95, width: arm * 1.8, height: arm * 2.1),
               front: Rect(x: center.x - arm * 0.45, y: center.y - arm * 1.2, width: arm * 0.9, height: arm * 0.5),
               radius: arm * 0.2, side: side, ink: ink, paper: paper, in: context)
    for row in 0..<2 {
        let y = center.y + arm * (0.1 + 0.45 * Double(row))
        cairo_move_to(context, center.x - arm * 0.5, y)
        cairo_line_to(context, center.x + arm * 0.5, y)
    }
    cairo_stroke(context)
}

/// Two rounded boxes in the icons' line of grey `ink`: `back` outlined, then `front` filled with the bar's colour
/// (`paper`) over it and outlined. The ink stays the source.
private func drawSheets(back: Rect, front: Rect, radius: Double, side: Double, ink: Double,
                        paper: (Double, Double, Double), in context: OpaquePointer) {
    cairo_set_source_rgb(context, ink, ink, ink)
    cairo_set_line_width(context, max(side * 0.07, 1.5))
    cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
    roundedRectangle(back, radius: radius, in: context)
    cairo_stroke(context)
    roundedRectangle(front, radius: radius, in: context)
    cairo_set_source_rgb(context, paper.0, paper.1, paper.2)
    cairo_fill_preserve(context)
    cairo_set_source_rgb(context, ink, ink, ink)
    cairo_stroke(context)
}

/// Sets a grey `ink` of a line `width` with round caps and joins: how the line icons start.
private func setRoundInk(_ ink: Double, width: Double, in context: OpaquePointer) {
    cairo_set_source_rgb(context, ink, ink, ink)
    cairo_set_line_width(context, width)
    cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
    cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
}

/// The layers' icon: three sheets seen at a slant, stacked, each filled with the bar's colour (`paper`) over the
/// one below.
func drawLayersIcon(at center: Point, side: Double, ink: Double, paper: (Double, Double, Double),
                    in context: OpaquePointer) {
    let half = side * 0.26, depth = side * 0.12, step = side * 0.11
    cairo_set_line_width(context, max(side * 0.06, 1.5))
    cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
    for level in [1.0, 0, -1] {
        let y = center.y + level * step
        cairo_move_to(context, center.x - half, y)
        cairo_line_to(context, center.x, y - depth)
        cairo_line_to(context, center.x + half, y)
        cairo_line_to(context, center.x, y + depth)
        cairo_close_path(context)
        cairo_set_source_rgb(context, paper.0, paper.1, paper.2)
        cairo_fill_preserve(context)
        cairo_set_source_rgb(context, ink, ink, ink)
        cairo_stroke(context)
    }
}

/// A layer's visibility: an eye, its outline two arcs and its pupil a dot.
func drawEyeIcon(at center: Point, side: Double, ink: Double, in context: OpaquePointer) {
    let half = side * 0.28, lid = side * 0.16
    cairo_set_source_rgb(context, ink, ink, ink)
    cairo_set_line_width(context, max(side * 0.06, 1.5))
    cairo_move_to(context, center.x - half, center.y)
    cairo_curve_to(context, center.x - half / 2, center.y - lid * 1.6, center.x + half / 2, center.y - lid * 1.6,
                   center.x + half, center.y)
    cairo_curve_to(context, center.x + half / 2, center.y + lid * 1.6, center.x - half / 2, center.y + lid * 1.6,
                   center.x - half, center.y)
    cairo_stroke(context)
    cairo_new_sub_path(context)
    cairo_arc(context, center.x, center.y, side * 0.08, 0, 2 * .pi)
    cairo_fill(context)
}

/// A layer's lock: a padlock's body and its shackle, closed (`isClosed`) or swung open.
func drawLockIcon(isClosed: Bool, at center: Point, side: Double, ink: Double, in context: OpaquePointer) {
    let width = side * 0.36, height = side * 0.26, radius = side * 0.11
    cairo_set_source_rgb(context, ink, ink, ink)
    roundedRectangle(Rect(x: center.x - width / 2, y: center.y - height * 0.1, width: width, height: height),
                     radius: side * 0.04, in: context)
    cairo_fill(context)
    cairo_set_line_width(context, max(side * 0.06, 1.5))
    let shackle = isClosed ? center.x : center.x + radius * 1.2
    cairo_new_sub_path(context)
    cairo_arc(context, shackle, center.y - height * 0.1 - radius * 0.4, radius, .pi, 2 * .pi)
    cairo_stroke(context)
    cairo_move_to(context, shackle - radius, center.y - height * 0.1 - radius * 0.4)
    cairo_line_to(context, shackle - radius, center.y - height * 0.1)
    if isClosed {
        cairo_move_to(context, shackle + radius, center.y - height * 0.1 - radius * 0.4)
        cairo_line_to(context, shackle + radius, center.y - height * 0.1)
    }
    cairo_stroke(context)
}

/// A new layer: a plus.
func drawPlusIcon(at center: Point, side: Double, ink: Double, in context: OpaquePointer) {
    let arm = side * 0.24
    cairo_set_source_rgb(context, ink, ink, ink)
    cairo_set_line_width(context, max(side * 0.07, 1.5))
    cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
    cairo_move_to(context, center.x - arm, center.y)
    cairo_line_to(context, center.x + arm, center.y)
    cairo_move_to(context, center.x, center.y - arm)
    cairo_line_to(context, center.x, center.y + arm)
    cairo_stroke(context)
}

/// A move up or down the stack: an arrow.
func drawArrowIcon(up: Bool, at center: Point, side: Double, ink: Double, in context: OpaquePointer) {
    let arm = side * 0.24, head = side * 0.14, sign = up ? -1.0 : 1.0
    cairo_set_source_rgb(context, ink, ink, ink)
    cairo_set_line_width(context, max(side * 0.07, 1.5))
    cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
    cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
    cairo_move_to(context, center.x, center.y - sign * arm)
    cairo_line_to(context, center.x, center.y + sign * arm)
    cairo_move_to(context, center.x - head, center.y + sign * (arm - head))
    cairo_line_to(context, center.x, center.y + sign * arm)
    cairo_line_to(context, center.x + head, center.y + sign * (arm - head))
    cairo_stroke(context)
}

/// The selection tool's icon: a lasso's loop, dashed, with its tail.
func drawLassoIcon(at center: Point, side: Double, ink: Double, in context: OpaquePointer) {
    let unit = side * 0.06
    cairo_save(context)
    cairo_set_source_rgb(context, ink, ink, ink)
    cairo_set_line_width(context, max(unit * 1.1, 1.5))
    cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
    var dashes = [unit * 1.6, unit * 1.3]
    cairo_set_dash(context, &dashes, 2, 0)
    cairo_new_path(context)
    cairo_save(context)
    cairo_translate(context, center.x, center.y - unit * 1.2)
    cairo_scale(context, 1, 0.72)
    cairo_arc(context, 0, 0, unit * 5, 0, 2 * .pi)
    cairo_restore(context)
    cairo_stroke(context)
    cairo_set_dash(context, nil, 0, 0)
    cairo_move_to(context, center.x - unit * 2.4, center.y + unit * 2.2)
    cairo_curve_to(context, center.x - unit * 1.6, center.y + unit * 4.4, center.x - unit * 3.6, center.y + unit * 5,
                   center.x - unit * 2.6, center.y + unit * 6.4)
    cairo_stroke(context)
    cairo_restore(context)
}

/// The fill tool's icon: a bucket tipped to the right, its rim a line, and a drop falling from its lip.
func drawBucketIcon(at center: Point, side: Double, ink: Double, in context: OpaquePointer) {
    let unit = side * 0.06
    cairo_save(context)
    setRoundInk(ink, width: max(unit * 1.1, 1.5), in: context)
    cairo_save(context)
    cairo_translate(context, center.x - unit * 1.2, center.y)
    cairo_rotate(context, -.pi / 5)
    // The bucket: narrower at its foot, its open top to the right once tipped.
    cairo_move_to(context, -unit * 4, -unit * 3.5)
    cairo_line_to(context, unit * 4, -unit * 3.5)
    cairo_line_to(context, unit * 3, unit * 4)
    cairo_line_to(context, -unit * 3, unit * 4)
    cairo_close_path(context)
    cairo_restore(context)
    cairo_stroke(context)
    // The drop, under the lip.
    let drop = Point(x: center.x + unit * 5, y: center.y + unit * 3)
    cairo_move_to(context, drop.x, drop.y - unit * 2.6)
    cairo_curve_to(context, drop.x + unit * 1.8, drop.y, drop.x + unit * 1.4, drop.y + unit * 1.6, drop.x, drop.y + unit * 1.6)
    cairo_curve_to(context, drop.x - unit * 1.4, drop.y + unit * 1.6, drop.x - unit * 1.8, drop.y, drop.x, drop.y - unit * 2.6)
    cairo_fill(context)
    cairo_restore(context)
}
