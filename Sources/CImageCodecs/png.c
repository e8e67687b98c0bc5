// libpng behind setjmp: reading from memory into 8-bit RGBA, and writing 8-bit RGBA into memory (CImageCodecs.h).
#include "CImageCodecs.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

struct fp_png_reader {
    png_structp png;
    png_infop info;
    const uint8_t *bytes;
    size_t count;
    size_t offset;
    int ran_out;
    png_bytep *rows;
};

static void read_from_memory(png_structp png, png_bytep out, size_t length) {
    fp_png_reader *reader = png_get_io_ptr(png);
    if (length > reader->count - reader->offset) {
        reader->ran_out = 1;
        png_error(png, "unexpected end of file");
    }
    memcpy(out, reader->bytes + reader->offset, length);
    reader->offset += length;
}

static void ignore_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static void fail(png_structp png, png_const_charp message) {
    (void)message;
    png_longjmp(png, 1);
}

static int failure(const fp_png_reader *reader) {
    return reader->ran_out ? FP_CODEC_TRUNCATED : FP_CODEC_DAMAGED;
}

fp_png_reader *fp_png_reader_create(const uint8_t *bytes, size_t count) {
    fp_png_reader *reader = calloc(1, sizeof *reader);
    if (!reader) return NULL;
    reader->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, fail, ignore_warning);
    if (reader->png) reader->info = png_create_info_struct(reader->png);
    if (!reader->info) {
        fp_png_reader_destroy(reader);
        return NULL;
    }
    reader->bytes = bytes;
    reader->count = count;
    png_set_read_fn(reader->png, reader, read_from_memory);
    // The caller checks the size against its own limits, so libpng's must not refuse first; ancillary chunks stay
    // small (libpng's defaults, said here).
    png_set_user_limits(reader->png, 0x7fffffff, 0x7fffffff);
    png_set_chunk_cache_max(reader->png, 1000);
    png_set_chunk_malloc_max(reader->png, 8 * 1024 * 1024);
    return reader;
}

int fp_png_read_header(fp_png_reader *reader, fp_png_header *header) {
    if (setjmp(png_jmpbuf(reader->png))) return failure(reader);
    png_read_info(reader->png, reader->info);
    png_uint_32 width = 0, height = 0;
    int bit_depth = 0, color_type = 0, interlace = 0;
    png_get_IHDR(reader->png, reader->info, &width, &height, &bit_depth, &color_type, &interlace, NULL, NULL);
    header->width = width;
    header->height = height;
    header->bit_depth = bit_depth;
    header->color_type = color_type;
    header->interlaced = interlace != PNG_INTERLACE_NONE;
    header->has_transparency = png_get_valid(reader->png, reader->info, PNG_INFO_tRNS) != 0;
    return FP_CODEC_OK;
}

int fp_png_read_rgba(fp_png_reader *reader, uint8_t *pixels, size_t stride) {
    png_structp png = reader->png;
    png_infop info = reader->info;
    if (setjmp(png_jmpbuf(png))) return failure(reader);
    int color_type = png_get_color_type(png, info);
    png_set_expand(png);
    png_set_scale_16(png);
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    png_uint_32 height = png_get_image_height(png, info);
    if (png_get_rowbytes(png, info) > stride) png_error(png, "rows wider than the buffer");
    reader->rows = malloc(sizeof(png_bytep) * (height ? height : 1));
    if (!reader->rows) return FP_CODEC_NO_MEMORY;
    for (png_uint_32 y = 0; y < height; y++) reader->rows[y] = pixels + (size_t)y * stride;
    png_read_image(png, reader->rows);
    return FP_CODEC_OK;
}

void fp_png_reader_destroy(fp_png_reader *reader) {
    if (!reader) return;
    png_destroy_read_struct(&reader->png, reader->info ? &reader->info : NULL, NULL);
    free(reader->rows);
    free(reader);
}

// --- Writing ---------------------------------------------------------------------------------------------------------

typedef struct {
    uint8_t *bytes;
    size_t count;
    size_t capacity;
} growing_buffer;

static void write_to_memory(png_structp png, png_bytep data, size_t length) {
    growing_buffer *buffer = png_get_io_ptr(png);
    if (length > SIZE_MAX / 2 - buffer->count) png_error(png, "too large");
    if (buffer->count + length > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 4096;
        while (capacity < buffer->count + length) capacity *= 2;
        uint8_t *grown = realloc(buffer->bytes, capacity);
        if (!grown) png_error(png, "out of memory");
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->count, data, length);
    buffer->count += length;
}

static void flush_nothing(png_structp png) { (void)png; }

int fp_png_encode_rgba(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride, int level, int filters,
                       uint8_t **png_bytes, size_t *count) {
    *png_bytes = NULL;
    *count = 0;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, fail, ignore_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    // Volatile: changed after setjmp and read after the jump back.
    growing_buffer *volatile buffer = calloc(1, sizeof(growing_buffer));
    if (!info || !buffer) {
        png_destroy_write_struct(&png, info ? &info : NULL);
        free(buffer);
        return FP_CODEC_NO_MEMORY;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(buffer->bytes);
        free(buffer);
        return FP_CODEC_NO_MEMORY;
    }
    png_set_write_fn(png, buffer, write_to_memory, flush_nothing);
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
    png_set_compression_level(png, level);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGBA, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (uint32_t y = 0; y < height; y++) png_write_row(png, pixels + (size_t)y * stride);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    *png_bytes = buffer->bytes;
    *count = buffer->count;
    free(buffer);
    return FP_CODEC_OK;
}
