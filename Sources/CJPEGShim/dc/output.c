// DC values to RGBA rows: libjpeg's 1×1 IDCT, the missing bits' expected value, color conversion
// and dither. Part of the DC-scan decoder; see include/cjpegdc.h for the contract.
#include "dc_decoder.h"
#include "shortcut_pixel.h"
#include "../include/cjpegshim.h"

/// libjpeg's 1×1 scaled IDCT (jidctred.c `jpeg_idct_1x1`): DC · Q / 8 rounded, + 128, through the
/// post-IDCT range-limit table, which clamps within ±512 and wraps beyond (RANGE_MASK).
static inline int64_t idct_1x1(int16_t coefficient, int32_t quant) {
    int32_t value = ((int32_t)coefficient * (int32_t)(int16_t)quant + 4) >> 3;
    int index = value & 1023;
    int sample = index < 128 ? index + 128 : index < 512 ? 255 : index < 896 ? 0 : index - 896;
    return (int64_t)sample << 16;
}

CJS_HIDDEN void cjdc_emit_row(const cjdc_decoder *d, uint8_t *out, int y) {
    const jpeg_front_end *f = &d->front;
    const int16_t *lines[MAX_COMPONENTS];
    int shifts[MAX_COMPONENTS];
    int32_t quants[MAX_COMPONENTS];
    int64_t biases[MAX_COMPONENTS];
    for (int ci = 0; ci < f->component_count; ci++) {
        const dc_component *c = &d->components[ci];
        int block_row = f->components[ci].v < f->max_v ? y / 2 : y;
        lines[ci] = c->dc + (size_t)(block_row - c->row_origin) * c->stride;
        shifts[ci] = f->components[ci].h < f->max_h ? 1 : 0;
        quants[ci] = c->quant < 0 ? 0 : c->quant;
        biases[ci] = c->bias;
    }
    int channels = f->component_count;
    for (int x = 0; x < d->output_width; x++) {
        int64_t samples[3] = {idct_1x1(lines[0][x >> shifts[0]], quants[0]) + biases[0], 0, 0};
        if (channels == 3) {
            samples[1] = idct_1x1(lines[1][x >> shifts[1]], quants[1]) + biases[1];
            samples[2] = idct_1x1(lines[2][x >> shifts[2]], quants[2]) + biases[2];
        }
        shortcut_pixel(out + 4 * (size_t)x, samples, channels, d->color == CJS_COLOR_RGB, (uint32_t)x, (uint32_t)y);
    }
}

CJS_HIDDEN void cjdc_set_biases(cjdc_decoder *d) {
    for (int ci = 0; ci < d->front.component_count; ci++) {
        dc_component *c = &d->components[ci];
        c->bias = shortcut_dc_bias(c->missing_bits, c->quant);
    }
}
