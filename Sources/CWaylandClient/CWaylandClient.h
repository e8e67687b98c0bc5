// libwayland-client (core wl_* protocol and display API) and libwayland-cursor, as installed by libwayland-dev.
#include <wayland-client.h>
#include <wayland-cursor.h>
