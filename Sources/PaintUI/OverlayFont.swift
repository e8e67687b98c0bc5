// The overlay's font loaded once a process, in the background after a window's first frame or at once, and the
// font list let go from resident memory after. Contract: nothing here draws into a frame.
import CCairo
import Dispatch
import PaintRender

/// Has a background thread load the overlay's font (fontconfig reads its configuration and font list the first
/// time, 10 ms or more) once a process, so that the first text a frame draws (the zoom indicator) does not. Asked for
/// once a window's first frame is drawn.
let textWarmUp: Void = {
    DispatchQueue.global(qos: .utility).async { loadOverlayFont() }
}()

/// Has a background thread load the overlay's font once a process (``textWarmUp``): a window asks for it once its
/// first frame is drawn, so that the font's loading does not share the cores with that frame.
public func warmUpOverlayFont() {
    _ = textWarmUp
}

/// Loads the overlay's font on the calling thread (fontconfig's configuration and font list, once a process):
/// ``textWarmUp`` does it in the background; `paint-benchmark --large` does it before the two launches it compares,
/// which share one process, so that neither first frame meets the other's warm-up. The font list, read whole to
/// find the font, is then let go from resident memory (``FontCachePages``).
public func loadOverlayFont() {
    defer { FontCachePages.release() }
    let image = ImageSurface(width: 64, height: 32, fill: .white)
    let context = cairo_create(image.surface)!
    for weight in [CAIRO_FONT_WEIGHT_NORMAL, CAIRO_FONT_WEIGHT_BOLD] {
        cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, weight)
        cairo_set_font_size(context, 13)
        cairo_move_to(context, 2, 20)
        cairo_show_text(context, "100 %  0°")
    }
    cairo_destroy(context)
    withExtendedLifetime(image) {}
}
