// Cairo: drawing strokes into wl_shm buffers (image surfaces over shared memory).
#include <cairo.h>
