// The pointer's cursor over our windows: a crosshair from the XCursor theme, through libwayland-cursor.
import CWaylandClient
import CWaylandProtocols
import Glibc
import Localization

/// Owns a cursor surface and the cursor theme loaded at the current scale.
final class Cursor {
    /// Cursor names to try, best first: not every theme (nor libwayland-cursor's built-in one) has a crosshair.
    static let names = ["crosshair", "cross", "tcross", "left_ptr", "default"]
    /// The logical cursor size when `XCURSOR_SIZE` does not say.
    static let defaultSize: Int32 = 24

    private unowned let display: Display
    private let surface: OpaquePointer
    private let shm: OpaquePointer
    private var theme: OpaquePointer?
    private var themeScale: Int32 = 0
    private var didLogMissingCursor = false

    init?(display: Display) {
        guard let compositor = display.registry.compositor, let shm = display.registry.shm else { return nil }
        self.display = display
        self.shm = shm.pointer
        surface = wl_compositor_create_surface(compositor.pointer)!
    }

    deinit {
        wl_surface_destroy(surface)
        if let theme { wl_cursor_theme_destroy(theme) }
    }

    /// Sets the cursor for `pointer` (after `wl_pointer.enter` with `serial`), drawn for `scale`: the one `name`
    /// names when the theme has it (a resize edge's), else the crosshair.
    func show(on pointer: OpaquePointer, serial: UInt32, scale: Int32, name: String? = nil) {
        guard let theme = theme(scale: scale) else { return }
        let names = (name.map { [$0] } ?? []) + Self.names
        guard let cursor = names.lazy.compactMap({ wl_cursor_theme_get_cursor(theme, $0) }).first,
              cursor.pointee.image_count > 0, let image = cursor.pointee.images[0],
              let buffer = wl_cursor_image_get_buffer(image)
        else {
            if !didLogMissingCursor {
                didLogMissingCursor = true
                // Translators: %s names the cursors looked for (their names, separated by commas).
                display.log(localized("the cursor theme has none of %s", Self.names.joined(separator: ", ")))
            }
            return
        }
        // The buffer belongs to the theme: attached, never destroyed here.
        wl_surface_set_buffer_scale(surface, scale)
        wl_surface_attach(surface, buffer, 0, 0)
        wl_surface_damage_buffer(surface, 0, 0, Int32(image.pointee.width), Int32(image.pointee.height))
        wl_surface_commit(surface)
        wl_pointer_set_cursor(
            pointer, serial, surface, Int32(image.pointee.hotspot_x) / scale, Int32(image.pointee.hotspot_y) / scale
        )
    }

    private func theme(scale: Int32) -> OpaquePointer? {
        if let theme, themeScale == scale { return theme }
        if let theme { wl_cursor_theme_destroy(theme) }
        let name = getenv("XCURSOR_THEME").map { String(cString: $0) }
        let size = getenv("XCURSOR_SIZE").flatMap { Int32(String(cString: $0)) }.flatMap { $0 > 0 ? $0 : nil }
            ?? Self.defaultSize
        theme = wl_cursor_theme_load(name, size * scale, shm)
        themeScale = scale
        // Translators: %s is the cursor theme's name (XCURSOR_THEME, else "default", libwayland-cursor's theme).
        if theme == nil { display.log(localized("cannot load the cursor theme %s", name ?? "default")) }
        return theme
    }
}
