// DC values to RGBA rows: libjpeg's 1×1 IDCT, the missing bits' expected value, color conversion
// and dither. Part of the DC-scan decoder; see include/cjpegdc.h for the contract.
#include "dc_decoder.h"
#include "../include/cjpegshim.h"

/// libjpeg's 1×1 scaled IDCT (jidctred.c `jpeg_idct_1x1`): DC · Q / 8 rounded, + 128, through the
/// post-IDCT range-limit table, which clamps within ±512 and wraps beyond (RANGE_MASK).
static inline int64_t idct_1x1(int16_t coefficient, int32_t quant) {
    int32_t value = ((int32_t)coefficient * (int32_t)(int16_t)quant + 4) >> 3;
    int index = value & 1023;
    int sample = index < 128 ? index + 128 : index < 512 ? 255 : index < 896 ? 0 : index - 896;
    return (int64_t)sample << 16;
}

/// The 2×2 ordered dither of cjpegshim.c's shortcut rows (thresholds 1/8, 5/8, 7/8, 3/8).
static const int64_t dither[4] = {8192, 40960, 57344, 24576};

static inline uint8_t clamp_fixed(int64_t value, int64_t threshold) {
    int64_t rounded = (value + threshold) >> 16;
    return (uint8_t)(rounded < 0 ? 0 : rounded > 255 ? 255 : rounded);
}

CJS_HIDDEN void cjdc_emit_row(const cjdc_decoder *d, uint8_t *out, int y) {
    const jpeg_front_end *f = &d->front;
    const int64_t fix_1_40200 = 91881, fix_0_34414 = 22554, fix_0_71414 = 46802, fix_1_77200 = 116130;
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
    for (int x = 0; x < d->output_width; x++) {
        uint8_t *p = out + 4 * (size_t)x;
        int64_t threshold = dither[(y & 1) * 2 + (x & 1)];
        int64_t c0 = idct_1x1(lines[0][x >> shifts[0]], quants[0]) + biases[0];
        if (f->component_count == 1) {
            p[0] = p[1] = p[2] = clamp_fixed(c0, threshold);
        } else {
            int64_t c1 = idct_1x1(lines[1][x >> shifts[1]], quants[1]) + biases[1];
            int64_t c2 = idct_1x1(lines[2][x >> shifts[2]], quants[2]) + biases[2];
            if (d->color == CJS_COLOR_RGB) {
                p[0] = clamp_fixed(c0, threshold);
                p[1] = clamp_fixed(c1, threshold);
                p[2] = clamp_fixed(c2, threshold);
            } else {
                int64_t cb = c1 - ((int64_t)128 << 16), cr = c2 - ((int64_t)128 << 16);
                p[0] = clamp_fixed(c0 + ((fix_1_40200 * cr) >> 16), threshold);
                p[1] = clamp_fixed(c0 - ((fix_0_34414 * cb + fix_0_71414 * cr) >> 16), threshold);
                p[2] = clamp_fixed(c0 + ((fix_1_77200 * cb) >> 16), threshold);
            }
        }
        p[3] = 255;
    }
}

/// Half the range of the missing DC bits, (2^Al − 1) · Q / 16 samples.
CJS_HIDDEN void cjdc_set_biases(cjdc_decoder *d) {
    for (int ci = 0; ci < d->front.component_count; ci++) {
        dc_component *c = &d->components[ci];
        c->bias = 0;
        if (c->missing_bits <= 0 || c->missing_bits > 13 || c->quant < 0) continue;
        c->bias = (((int64_t)1 << c->missing_bits) - 1) * c->quant * 4096;
    }
}
