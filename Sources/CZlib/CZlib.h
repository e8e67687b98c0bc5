// zlib: raw deflate and inflate (no zlib or gzip wrapper) for the zip container of OpenRaster files.
#include <zlib.h>
