// MCU records to RGBA rows: DC added exactly, libjpeg's YCbCr → RGB.
// Part of the split decoder; see include/cjpegsplit.h for the contract.
#include "split_decoder.h"

CJSP_HIDDEN void cjsp_render_mcu_row(cjsp_decoder *d, const int16_t *const *records, const int16_t *const *offsets, int rows) {
    int row_width = d->row_width;
    for (int x = 0; x < d->mcus_x; x++) {
        const int16_t *record = records[x];
        const int16_t *dc = record + d->record_length - d->blocks_in_mcu;
        for (int block = 0; block < d->blocks_in_mcu; block++) {
            int c = d->block_component[block];
            const plan *p = d->plans[c];
            int32_t base = (int32_t)(int16_t)(dc[block] + offsets[x][c]) * p->dc_quant + 1024 + 4;
            const int16_t *samples = record + d->block_offset[block];
            uint8_t *out = d->planes[c] + (size_t)d->block_y[block] * row_width + (size_t)x * d->mcu_width + d->block_x[block];
            for (int i = 0; i < p->nv; i++) {
                for (int j = 0; j < p->nh; j++) {
                    int32_t value = (samples[i * p->nh + j] + base) >> 3;
                    out[(size_t)i * row_width + j] = (uint8_t)(value < 0 ? 0 : (value > 255 ? 255 : value));
                }
            }
        }
    }
    // libjpeg's YCbCr → RGB (jdcolor.c, 16-bit fixed point).
    enum { SCALEBITS = 16, ONE_HALF = 1 << 15 };
#define FIX(x) ((int32_t)((x) * (1 << SCALEBITS) + 0.5))
    for (int y = 0; y < rows; y++) {
        uint8_t *out = d->rgba_rows + (size_t)y * d->output_width * 4;
        const uint8_t *luma = d->planes[0] + (size_t)y * row_width;
        if (d->component_count == 1) {
            for (int x = 0; x < d->output_width; x++) {
                out[4 * x] = out[4 * x + 1] = out[4 * x + 2] = luma[x];
                out[4 * x + 3] = 255;
            }
            continue;
        }
        const uint8_t *cb = d->planes[1] + (size_t)y * row_width;
        const uint8_t *cr = d->planes[2] + (size_t)y * row_width;
        for (int x = 0; x < d->output_width; x++) {
            int32_t yy = luma[x], b = cb[x] - 128, r = cr[x] - 128;
            int32_t red = yy + ((FIX(1.40200) * r + ONE_HALF) >> SCALEBITS);
            int32_t green = yy + ((-FIX(0.34414) * b + ONE_HALF - FIX(0.71414) * r) >> SCALEBITS);
            int32_t blue = yy + ((FIX(1.77200) * b + ONE_HALF) >> SCALEBITS);
            out[4 * x] = (uint8_t)(red < 0 ? 0 : (red > 255 ? 255 : red));
            out[4 * x + 1] = (uint8_t)(green < 0 ? 0 : (green > 255 ? 255 : green));
            out[4 * x + 2] = (uint8_t)(blue < 0 ? 0 : (blue > 255 ? 255 : blue));
            out[4 * x + 3] = 255;
        }
    }
#undef FIX
}

