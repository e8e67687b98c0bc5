// Why: libpng and libjpeg report errors by longjmp, which must not cross a Swift frame. Each function here sets the
// jump point, makes the library calls of one step and returns a status; ImageDecoding (Swift) makes every decision:
// which format, the size limits, colours, orientation. Readers read from memory only and never allocate pixels:
// the caller passes the buffer, after checking the size the header gave.
#ifndef CIMAGECODECS_H
#define CIMAGECODECS_H

#include <stddef.h>
#include <stdint.h>

/// What a step returned.
enum {
    FP_CODEC_OK = 0,
    /// The bytes ended before the picture did.
    FP_CODEC_TRUNCATED = 1,
    /// The library refused the bytes.
    FP_CODEC_DAMAGED = 2,
    /// The library could not have the memory it asked for (or more than the limit given).
    FP_CODEC_NO_MEMORY = 3,
};

// --- PNG (libpng) ---------------------------------------------------------------------------------------------------

typedef struct fp_png_reader fp_png_reader;

typedef struct {
    uint32_t width;
    uint32_t height;
    int bit_depth;
    /// libpng's colour type: 0 grey, 2 RGB, 3 palette, 4 grey and alpha, 6 RGBA.
    int color_type;
    int interlaced;
    /// Whether a tRNS chunk gives transparency.
    int has_transparency;
} fp_png_header;

/// A reader of `count` bytes at `bytes`, which must outlive it. NULL when out of memory.
fp_png_reader *fp_png_reader_create(const uint8_t *bytes, size_t count);
/// Reads the chunks before the pixels into `header`.
int fp_png_read_header(fp_png_reader *reader, fp_png_header *header);
/// Reads every pixel, after fp_png_read_header, as 8-bit R, G, B, A bytes (straight alpha; 16-bit scaled to 8,
/// palettes, grey and transparency expanded, interlacing undone): `height` rows of `stride` bytes at `pixels`.
int fp_png_read_rgba(fp_png_reader *reader, uint8_t *pixels, size_t stride);
void fp_png_reader_destroy(fp_png_reader *reader);

/// Writes `height` rows of `stride` bytes of 8-bit R, G, B, A (straight alpha) as a PNG into a buffer from malloc,
/// given in `*png` and `*count`, which the caller frees; zlib's `level` (0–9) and libpng's row `filters` (its
/// PNG_FILTER_* flags: 0x08 none, 0x10 sub, 0x20 up, 0x40 average, 0x80 Paeth).
int fp_png_encode_rgba(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride, int level, int filters,
                       uint8_t **png, size_t *count);

// --- JPEG (libjpeg-turbo) ------------------------------------------------------------------------------------------

typedef struct fp_jpeg_reader fp_jpeg_reader;

typedef struct {
    uint32_t width;
    uint32_t height;
    int components;
    /// Whether the pixels are CMYK (stored as CMYK or YCCK): fp_jpeg_read_pixels then gives C, M, Y, K bytes.
    int is_cmyk;
    /// Whether an Adobe APP14 marker was seen (Adobe's CMYK is stored inverted).
    int saw_adobe_marker;
    int progressive;
} fp_jpeg_header;

/// A reader of `count` bytes at `bytes`, which must outlive it, that may use at most `memory_limit` bytes of its own.
/// NULL when out of memory.
fp_jpeg_reader *fp_jpeg_reader_create(const uint8_t *bytes, size_t count, size_t memory_limit);
/// Reads the markers before the pixels into `header`, keeping the APP1 (EXIF) markers.
int fp_jpeg_read_header(fp_jpeg_reader *reader, fp_jpeg_header *header);
/// The first APP1 marker starting "Exif\0\0", after fp_jpeg_read_header: its bytes after the marker's length, or
/// NULL with `*count` 0.
const uint8_t *fp_jpeg_exif(fp_jpeg_reader *reader, size_t *count);
/// Reads every pixel, after fp_jpeg_read_header, 4 bytes a pixel: Cairo's ARGB32 in native byte order, opaque, or
/// for CMYK the C, M, Y, K bytes as stored. `height` rows of `stride` bytes at `pixels`. A file cut short gives
/// FP_CODEC_TRUNCATED and corrupt data FP_CODEC_DAMAGED, where libjpeg itself would only warn.
int fp_jpeg_read_pixels(fp_jpeg_reader *reader, uint8_t *pixels, size_t stride);
void fp_jpeg_reader_destroy(fp_jpeg_reader *reader);

#endif
