// Cairo: drawing strokes into wl_shm buffers (image surfaces over shared memory), and exports as PNG, SVG and PDF.
#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
