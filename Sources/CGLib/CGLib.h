// GLib's utilities without GIO: the renderer names thumbnails and tile files by GChecksum's MD5.
#include <glib.h>
