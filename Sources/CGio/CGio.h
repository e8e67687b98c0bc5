// GIO's D-Bus client: test support talks to mutter's org.gnome.Mutter.RemoteDesktop with it (ProcessTesting only).
#include <gio/gio.h>
