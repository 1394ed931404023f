// libjpeg compression behind setjmp recovery points; see include/cjpegencoder.h for the contract.
#include "cjpegencoder.h"

#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <jpeglib.h>
#include <jerror.h>

enum { CJPE_FIRST_CAPACITY = 64 << 10 };

/// The progressive scans: DC of all three components at full precision; luma's AC in two bands
/// (1–8, 9–63) without their lowest bit, then that bit for the whole band; each chroma's AC in one
/// scan. `jpeg_simple_progression` (libjpeg's, TurboJPEG's and Pillow's script) writes ten scans,
/// and each scan's Huffman tables and headers weigh on a thumbnail's few kilobytes: these six give the
/// same coefficients (so the same decoded pixels) in 0.3–2.5% fewer bytes on 256–1024-px photos.
static const jpeg_scan_info cjpe_progressive_scans[] = {
    {3, {0, 1, 2, 0}, 0, 0, 0, 0},
    {1, {0, 0, 0, 0}, 1, 8, 0, 1},
    {1, {0, 0, 0, 0}, 9, 63, 0, 1},
    {1, {0, 0, 0, 0}, 1, 63, 1, 0},
    {1, {1, 0, 0, 0}, 1, 63, 0, 0},
    {1, {2, 0, 0, 0}, 1, 63, 0, 0},
};

struct cjpe_encoder {
    /// First member, so that a `j_common_ptr` from libjpeg is also the encoder's address.
    struct jpeg_compress_struct cinfo;
    struct jpeg_error_mgr err;
    /// Writes into `output`, grown by doubling (libjpeg's own memory destination cannot be freed
    /// safely when compression stops early).
    struct jpeg_destination_mgr destination;
    jmp_buf recovery;
    int created;
    int started;
    int failed;
    unsigned char *output;
    size_t capacity;
    size_t output_size;
    char message[JMSG_LENGTH_MAX];
};

/// Replaces libjpeg's `error_exit` (which would `exit()`): keeps the message and unwinds to the
/// entry point's `setjmp`.
static void cjpe_error_exit(j_common_ptr cinfo) {
    cjpe_encoder *e = (cjpe_encoder *)cinfo;
    (*cinfo->err->format_message)(cinfo, e->message);
    e->failed = 1;
    longjmp(e->recovery, 1);
}

/// Replaces `output_message`, which would print warnings to stderr; a compressor's are about its
/// own parameters, which `cjpe_start` keeps valid.
static void cjpe_output_message(j_common_ptr cinfo) { (void)cinfo; }

static void destination_start(j_compress_ptr cinfo) {
    cjpe_encoder *e = (cjpe_encoder *)cinfo;
    if (e->output == NULL) {
        e->output = malloc(CJPE_FIRST_CAPACITY);
        if (e->output == NULL) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 0);
        e->capacity = CJPE_FIRST_CAPACITY;
    }
    e->destination.next_output_byte = e->output;
    e->destination.free_in_buffer = e->capacity;
}

/// libjpeg's `empty_output_buffer`: the whole buffer is full, so double it and go on past the old end.
static boolean destination_grow(j_compress_ptr cinfo) {
    cjpe_encoder *e = (cjpe_encoder *)cinfo;
    unsigned char *grown = e->capacity <= SIZE_MAX / 2 ? realloc(e->output, e->capacity * 2) : NULL;
    if (grown == NULL) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 1);
    e->output = grown;
    e->destination.next_output_byte = grown + e->capacity;
    e->destination.free_in_buffer = e->capacity;
    e->capacity *= 2;
    return TRUE;
}

static void destination_end(j_compress_ptr cinfo) {
    cjpe_encoder *e = (cjpe_encoder *)cinfo;
    e->output_size = e->capacity - e->destination.free_in_buffer;
}

static int32_t cjpe_fail(cjpe_encoder *e, const char *message) {
    snprintf(e->message, sizeof e->message, "%s", message);
    e->failed = 1;
    return -1;
}

cjpe_encoder *cjpe_create(void) {
    // volatile: read again after a longjmp back into this frame.
    cjpe_encoder *volatile e = calloc(1, sizeof *e);
    if (e == NULL) return NULL;
    e->cinfo.err = jpeg_std_error(&e->err);
    e->err.error_exit = cjpe_error_exit;
    e->err.output_message = cjpe_output_message;
    if (setjmp(e->recovery)) {
        free(e);
        return NULL;
    }
    jpeg_CreateCompress(&e->cinfo, JPEG_LIB_VERSION, sizeof e->cinfo);
    e->created = 1;
    return e;
}

void cjpe_destroy(cjpe_encoder *e) {
    if (e == NULL) return;
    if (e->created) jpeg_destroy_compress(&e->cinfo);
    free(e->output);
    free(e);
}

int32_t cjpe_start(cjpe_encoder *e, int32_t width, int32_t height, int32_t quality, int32_t luma_h, int32_t luma_v,
                   int32_t progressive, int32_t optimize_coding) {
    if (e->failed) return -1;
    if (e->started) return cjpe_fail(e, "the encoder was already started");
    if (quality < 1 || quality > 100 || luma_h < 1 || luma_h > 2 || luma_v < 1 || luma_v > 2)
        return cjpe_fail(e, "invalid quality or sampling factors");
    if (setjmp(e->recovery)) return -1;
    e->started = 1;
    struct jpeg_compress_struct *cinfo = &e->cinfo;
    cinfo->image_width = (JDIMENSION)width;
    cinfo->image_height = (JDIMENSION)height;
    cinfo->in_color_space = JCS_EXT_RGBA;
    cinfo->input_components = 4;
    e->destination.init_destination = destination_start;
    e->destination.empty_output_buffer = destination_grow;
    e->destination.term_destination = destination_end;
    cinfo->dest = &e->destination;
    jpeg_set_defaults(cinfo);
    jpeg_set_quality(cinfo, quality, TRUE);
    // The accurate integer DCT at every quality (`tjCompress2` uses the fast one below 96; Pillow and
    // cjpeg the accurate one): about 0.02 dB more PSNR for the same bytes, at no measurable cost
    // with libjpeg-turbo's SIMD.
    cinfo->dct_method = JDCT_ISLOW;
    jpeg_set_colorspace(cinfo, JCS_YCbCr);
    if (progressive) {
        cinfo->scan_info = cjpe_progressive_scans;
        cinfo->num_scans = (int)(sizeof cjpe_progressive_scans / sizeof cjpe_progressive_scans[0]);
    }
    // Huffman tables fitted to this image's symbols (an extra pass over the buffered coefficients):
    // the same pixels in fewer bytes. libjpeg always does so for progressive output.
    cinfo->optimize_coding = optimize_coding ? TRUE : FALSE;
    cinfo->comp_info[0].h_samp_factor = luma_h;
    cinfo->comp_info[0].v_samp_factor = luma_v;
    for (int c = 1; c < 3; c++) cinfo->comp_info[c].h_samp_factor = cinfo->comp_info[c].v_samp_factor = 1;
    jpeg_start_compress(cinfo, TRUE);
    return 0;
}

int32_t cjpe_write_rows(cjpe_encoder *e, const uint8_t *rows, size_t stride, int32_t count) {
    if (e->failed) return -1;
    if (!e->started) return cjpe_fail(e, "the encoder was not started");
    if (count < 0 || (JDIMENSION)count > e->cinfo.image_height - e->cinfo.next_scanline)
        return cjpe_fail(e, "more rows than the image's height");
    if (setjmp(e->recovery)) return -1;
    for (int32_t written = 0; written < count; written++) {
        JSAMPROW row = (JSAMPROW)(rows + (size_t)written * stride);
        // A memory destination never suspends, so each call takes its row.
        if (jpeg_write_scanlines(&e->cinfo, &row, 1) != 1) return cjpe_fail(e, "libjpeg did not take a row");
    }
    return 0;
}

int32_t cjpe_finish(cjpe_encoder *e, const uint8_t **bytes, size_t *size) {
    if (e->failed) return -1;
    if (!e->started || e->cinfo.next_scanline < e->cinfo.image_height)
        return cjpe_fail(e, "the image's rows were not all written");
    if (setjmp(e->recovery)) return -1;
    jpeg_finish_compress(&e->cinfo);
    *bytes = e->output;
    *size = e->output_size;
    return 0;
}

const char *cjpe_error_message(const cjpe_encoder *e) { return e->message; }
