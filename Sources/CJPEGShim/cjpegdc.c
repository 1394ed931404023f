// DC-only progressive JPEG decoding at 1/8 scale; see include/cjpegdc.h for the contract. The
// markers, tables and bit reader are the front end's (front_end/), shared with the split decoder;
// the scans' order, their entropy decoding and the output are in dc/. Names and messages follow
// libjpeg (jdmarker.c, jdphuff.c, jdhuff.c) where they do the same job.
#include "cjpegdc.h"
#include "cjpegshim.h"
#include "dc/dc_decoder.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

cjdc_decoder *cjdc_create(int strict) {
    cjdc_decoder *d = calloc(1, sizeof *d);
    if (d == NULL) return NULL;
    d->diagnostics.strict = strict;
    d->source.fd = -1;
    d->front.diagnostics = &d->diagnostics;
    for (int i = 0; i < MAX_COMPONENTS; i++) d->components[i].quant = d->components[i].missing_bits = -1;
    return d;
}

void cjdc_destroy(cjdc_decoder *d) {
    if (d == NULL) return;
    for (int i = 0; i < MAX_COMPONENTS; i++) free(d->components[i].dc);
    free(d->chunk);
    free(d);
}

void cjdc_set_budget(cjdc_decoder *d, const cj_budget *budget) { d->budget = *budget; }

void cjdc_set_header(cjdc_decoder *d, const cjs_decoder *header) { d->header = header; }

void cjdc_set_source_memory(cjdc_decoder *d, const uint8_t *data, size_t size) {
    d->source.memory = data;
    d->source.size = (int64_t)size;
}

int cjdc_set_source_descriptor(cjdc_decoder *d, int fd, int64_t size) {
    d->source.fd = fd;
    d->source.size = fd >= 0 && size > 0 ? size : 0;
    d->chunk = fd >= 0 ? malloc(CHUNK_BYTES) : NULL;
    if (d->chunk == NULL) {
        d->diagnostics.error_parameter = fd >= 0 ? ENOMEM : EBADF;
        return diagnostics_fail(&d->diagnostics, CJDIAG_ERROR_IO, "cannot open file");
    }
    return 0;
}

/// `cjdc_start` after the memory limit check: allocates the DC buffers.
static int allocate(cjdc_decoder *d, int64_t max_memory_bytes, cjdc_output *output) {
    const jpeg_front_end *f = &d->front;
    int64_t total = d->source.memory == NULL ? CHUNK_BYTES : 0;
    for (int ci = 0; ci < f->component_count; ci++) {
        dc_component *c = &d->components[ci];
        c->stride = (size_t)f->mcus_x * (size_t)f->components[ci].h;
        c->rows = (size_t)f->components[ci].v * (d->streaming ? 1 : (size_t)f->mcus_y);
        total += (int64_t)(c->stride * c->rows * sizeof(int16_t));
    }
    output->memory_bytes = total;
    if (total > max_memory_bytes) {
        d->diagnostics.error_parameter64 = total;
        return diagnostics_fail(&d->diagnostics, CJDIAG_ERROR_MEMORY, "DC buffers need %lld bytes", (long long)total);
    }
    for (int ci = 0; ci < f->component_count; ci++) {
        dc_component *c = &d->components[ci];
        c->dc = calloc(c->stride * c->rows, sizeof(int16_t));
        if (c->dc == NULL) {
            d->diagnostics.error_parameter64 = total;
            return diagnostics_fail(&d->diagnostics, CJDIAG_ERROR_MEMORY, "out of memory");
        }
    }
    return 0;
}

int32_t cjdc_start(cjdc_decoder *d, int32_t color_space, int64_t max_memory_bytes, cjdc_output *output) {
    memset(output, 0, sizeof *output);
    if (d->diagnostics.error_kind != CJDIAG_OK) return d->diagnostics.error_kind;
    if (d->started) return CJDIAG_ERROR_MALFORMED;
    d->color = color_space;
    front_end_start(&d->front, &d->source, d->chunk, 1, &d->diagnostics, &d->budget, d->header);
    int fallback = 0;
    int kind = cjdc_first_scan(d, &fallback);
    d->header = NULL;
    if (fallback) return CJDIAG_FALLBACK;
    if (kind == NEXT_DONE) diagnostics_fail(&d->diagnostics, CJDIAG_ERROR_MALFORMED, "JPEG datastream contains no image");
    if (kind < 0) return d->diagnostics.error_kind;
    int supported_color = d->front.component_count == 1 ? color_space == CJS_COLOR_GRAY
                                                       : (color_space == CJS_COLOR_RGB || color_space == CJS_COLOR_YCBCR);
    // Only a DC-first scan may open a progression; libjpeg tolerates stranger orders with warnings.
    if (!supported_color || kind != SCAN_DC_FIRST) return CJDIAG_FALLBACK;
    int status = cjdc_prepare_dc_scan(d, kind);
    if (status != 0) return status > 0 ? CJDIAG_FALLBACK : d->diagnostics.error_kind;
    d->streaming = d->front.scan_count == d->front.component_count;
    if (allocate(d, max_memory_bytes, output) != 0) return d->diagnostics.error_kind;
    d->output_width = (d->front.width + 7) / 8;
    d->output_height = (d->front.height + 7) / 8;
    if (d->streaming) {
        for (int i = 0; i < d->front.scan_count; i++) d->components[d->front.scan_components[i]].missing_bits = d->front.al;
    } else {
        status = cjdc_decode_planes(d, kind);
        if (status < 0) return d->diagnostics.error_kind;
        if (status == CJDIAG_FALLBACK) return CJDIAG_FALLBACK;
    }
    cjdc_set_biases(d);
    d->started = 1;
    output->width = d->output_width;
    output->height = d->output_height;
    output->streaming = d->streaming;
    return CJDIAG_OK;
}

int32_t cjdc_read_rows(cjdc_decoder *d, uint8_t *buffer, size_t stride, int32_t max_rows) {
    if (d->diagnostics.error_kind != CJDIAG_OK || !d->started) return -1;
    int32_t rows = 0;
    while (rows < max_rows && d->output_row < d->output_height) {
        int y = d->output_row;
        if (d->streaming && y / d->front.max_v >= d->decoded_mcu_rows) {
            int mcu_row = y / d->front.max_v;
            for (int ci = 0; ci < d->front.component_count; ci++) {
                dc_component *c = &d->components[ci];
                memset(c->dc, 0, c->stride * c->rows * sizeof(int16_t));
                c->row_origin = mcu_row * d->front.components[ci].v;
            }
            if (front_end_poll(&d->front) != 0) return -1;
            if (!d->truncated && cjdc_decode_mcu_row(d, SCAN_DC_FIRST, mcu_row) < 0) return -1;
            d->decoded_mcu_rows = mcu_row + 1;
        }
        cjdc_emit_row(d, buffer + (size_t)rows * stride, y);
        d->output_row += 1;
        rows += 1;
    }
    return rows;
}

const decoder_diagnostics *cjdc_diagnostics(const cjdc_decoder *d) { return &d->diagnostics; }
