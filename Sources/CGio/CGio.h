// GIO's D-Bus client: test support talks to mutter's org.gnome.Mutter.RemoteDesktop with it (ProcessTesting only).
#include <gio/gio.h>

// File descriptors passed over D-Bus (gio/gunixfdlist.h is in gio-unix-2.0, which the module does not include;
// the type is declared in giotypes.h and the functions are in libgio-2.0).
GUnixFDList *g_unix_fd_list_new_from_array(const gint *fds, gint n_fds);
gint g_unix_fd_list_get(GUnixFDList *list, gint index_, GError **error);
