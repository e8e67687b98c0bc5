// libpng (Debian: libpng-dev), for the image codecs' C shim (CImageCodecs) alone: Swift never calls it directly,
// since libpng reports errors by longjmp.
#include <png.h>
