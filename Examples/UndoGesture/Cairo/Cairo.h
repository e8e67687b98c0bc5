// The system's Cairo, for drawing the picture into the window's buffers (a DrawTarget's cairoSurface).
#include <cairo.h>
