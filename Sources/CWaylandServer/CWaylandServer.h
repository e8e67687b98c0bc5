// libwayland-server (core wl_* protocol, display, event loop, globals, resources), as installed by libwayland-dev.
#include <wayland-server.h>

// Why: wl_resource_post_error is printf-style variadic, which Swift cannot call; this passes a ready-made message.
static inline void CShims_wl_resource_post_error(struct wl_resource *resource, uint32_t code, const char *message) {
    wl_resource_post_error(resource, code, "%s", message);
}
