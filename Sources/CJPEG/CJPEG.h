// libjpeg-turbo (Debian: libjpeg-dev, libjpeg62-turbo), for the image codecs' C shim (CImageCodecs) and for the
// tests, which write JPEG files with it. jpeglib.h needs stdio.h (FILE) and stddef.h before it.
#include <stddef.h>
#include <stdio.h>
#include <jpeglib.h>
