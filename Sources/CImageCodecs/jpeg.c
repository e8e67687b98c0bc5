// libjpeg-turbo behind setjmp: reading from memory into native ARGB32 or CMYK bytes (CImageCodecs.h).
#include "CImageCodecs.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jerror.h>
#include <jpeglib.h>

// More scans than any encoder writes (a progressive file has about ten): past it a file only wastes time.
#define MAXIMUM_SCANS 1000

struct fp_jpeg_reader {
    struct jpeg_decompress_struct decoder;
    struct jpeg_error_mgr errors;
    struct jpeg_progress_mgr progress;
    jmp_buf jump;
    int created;
    int truncated;
    int damaged;
    int out_of_memory;
};

static void fail(j_common_ptr common) {
    fp_jpeg_reader *reader = common->client_data;
    int code = common->err->msg_code;
    if (code == JERR_OUT_OF_MEMORY || code == JERR_NO_BACKING_STORE) reader->out_of_memory = 1;
    longjmp(reader->jump, 1);
}

// libjpeg goes on past a file cut short or corrupt data, painting the rest grey, and only warns: those warnings are
// failures here. The others (extra bytes between markers and the like) are not.
static void note(j_common_ptr common, int level) {
    fp_jpeg_reader *reader = common->client_data;
    if (level >= 0) return;
    switch (common->err->msg_code) {
    case JWRN_JPEG_EOF: reader->truncated = 1; break;
    case JWRN_HIT_MARKER:
    case JWRN_HUFF_BAD_CODE:
    case JWRN_MUST_RESYNC:
    case JWRN_NOT_SEQUENTIAL: reader->damaged = 1; break;
    default: break;
    }
}

static void print_nothing(j_common_ptr common) { (void)common; }

static void count_scans(j_common_ptr common) {
    struct jpeg_decompress_struct *decoder = (struct jpeg_decompress_struct *)common;
    if (decoder->input_scan_number > MAXIMUM_SCANS) ERREXIT(common, JERR_NOT_COMPILED);
}

static int status(const fp_jpeg_reader *reader) {
    if (reader->out_of_memory) return FP_CODEC_NO_MEMORY;
    if (reader->truncated) return FP_CODEC_TRUNCATED;
    if (reader->damaged) return FP_CODEC_DAMAGED;
    return FP_CODEC_OK;
}

fp_jpeg_reader *fp_jpeg_reader_create(const uint8_t *bytes, size_t count, size_t memory_limit) {
    fp_jpeg_reader *reader = calloc(1, sizeof *reader);
    if (!reader) return NULL;
    reader->decoder.err = jpeg_std_error(&reader->errors);
    reader->errors.error_exit = fail;
    reader->errors.emit_message = note;
    reader->errors.output_message = print_nothing;
    reader->decoder.client_data = reader;
    if (setjmp(reader->jump)) {
        fp_jpeg_reader_destroy(reader);
        return NULL;
    }
    jpeg_create_decompress(&reader->decoder);
    reader->created = 1;
    reader->decoder.mem->max_memory_to_use = (long)(memory_limit > 0x7fffffff ? 0x7fffffff : memory_limit);
    reader->progress.progress_monitor = count_scans;
    reader->decoder.progress = &reader->progress;
    jpeg_mem_src(&reader->decoder, bytes, (unsigned long)count);
    jpeg_save_markers(&reader->decoder, JPEG_APP0 + 1, 0xffff);
    return reader;
}

int fp_jpeg_read_header(fp_jpeg_reader *reader, fp_jpeg_header *header) {
    if (setjmp(reader->jump)) {
        int result = status(reader);
        return result == FP_CODEC_OK ? FP_CODEC_DAMAGED : result;
    }
    jpeg_read_header(&reader->decoder, TRUE);
    struct jpeg_decompress_struct *decoder = &reader->decoder;
    header->width = decoder->image_width;
    header->height = decoder->image_height;
    header->components = decoder->num_components;
    header->is_cmyk = decoder->jpeg_color_space == JCS_CMYK || decoder->jpeg_color_space == JCS_YCCK;
    header->saw_adobe_marker = decoder->saw_Adobe_marker;
    header->progressive = decoder->progressive_mode;
    return status(reader);
}

const uint8_t *fp_jpeg_exif(fp_jpeg_reader *reader, size_t *count) {
    for (jpeg_saved_marker_ptr marker = reader->decoder.marker_list; marker; marker = marker->next) {
        if (marker->marker == JPEG_APP0 + 1 && marker->data_length >= 6 && memcmp(marker->data, "Exif\0\0", 6) == 0) {
            *count = marker->data_length;
            return marker->data;
        }
    }
    *count = 0;
    return NULL;
}

int fp_jpeg_read_pixels(fp_jpeg_reader *reader, uint8_t *pixels, size_t stride) {
    struct jpeg_decompress_struct *decoder = &reader->decoder;
    if (setjmp(reader->jump)) {
        int result = status(reader);
        return result == FP_CODEC_OK ? FP_CODEC_DAMAGED : result;
    }
    if (decoder->jpeg_color_space == JCS_CMYK || decoder->jpeg_color_space == JCS_YCCK) {
        decoder->out_color_space = JCS_CMYK;
    } else {
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        decoder->out_color_space = JCS_EXT_BGRA;
#else
        decoder->out_color_space = JCS_EXT_ARGB;
#endif
    }
    jpeg_start_decompress(decoder);
    if (decoder->output_components != 4) ERREXIT(decoder, JERR_BAD_IN_COLORSPACE);
    // Several rows a call, as many as libjpeg makes at once (an MCU row's worth at most).
    JSAMPROW rows[16];
    while (decoder->output_scanline < decoder->output_height) {
        JDIMENSION count = decoder->output_height - decoder->output_scanline;
        if (count > 16) count = 16;
        for (JDIMENSION row = 0; row < count; row++) {
            rows[row] = pixels + (size_t)(decoder->output_scanline + row) * stride;
        }
        if (jpeg_read_scanlines(decoder, rows, count) == 0) break;
    }
    jpeg_finish_decompress(decoder);
    return status(reader);
}

void fp_jpeg_reader_destroy(fp_jpeg_reader *reader) {
    if (!reader) return;
    if (reader->created) jpeg_destroy_decompress(&reader->decoder);
    free(reader);
}
