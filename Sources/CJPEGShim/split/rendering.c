// MCU records to RGBA rows: DC added exactly, libjpeg's YCbCr → RGB.
// Part of the split decoder; see include/cjpegsplit.h for the contract.
#include "split_decoder.h"

/// One block's samples plus its DC part, in 1/8 levels, as pixels. Inlined with a constant `nh` for
/// the wide blocks (the 1/2 scale's), so that each row vectorises.
static ALWAYS_INLINE void put_block(uint8_t *restrict out, int row_width, const int16_t *restrict samples, int32_t base, int nh, int nv) {
    for (int i = 0; i < nv; i++) {
        for (int j = 0; j < nh; j++) {
            int32_t value = (samples[i * nh + j] + base) >> 3;
            out[(size_t)i * row_width + j] = (uint8_t)(value < 0 ? 0 : (value > 255 ? 255 : value));
        }
    }
}

CJS_HIDDEN void cjsp_render_mcu_row(cjsp_decoder *d, const int16_t *const *records, const int16_t *const *offsets, int rows) {
    int row_width = d->row_width;
    for (int x = 0; x < d->front.mcus_x; x++) {
        const int16_t *record = records[x];
        const int16_t *dc = record + d->record_length - d->blocks_in_mcu;
        for (int block = 0; block < d->blocks_in_mcu; block++) {
            int c = d->block_component[block];
            const plan *p = d->plans[c];
            int32_t base = (int32_t)(int16_t)(dc[block] + offsets[x][c]) * p->dc_quant + 1024 + 4;
            const int16_t *samples = record + d->block_offset[block];
            uint8_t *out = d->planes[c] + (size_t)d->block_y[block] * row_width + (size_t)x * d->mcu_width + d->block_x[block];
            switch (p->nh) {
            case 8: put_block(out, row_width, samples, base, 8, p->nv); break;
            case 4: put_block(out, row_width, samples, base, 4, p->nv); break;
            default: put_block(out, row_width, samples, base, p->nh, p->nv); break;
            }
        }
    }
    // libjpeg's YCbCr → RGB (jdcolor.c, 16-bit fixed point), each pixel stored as one RGBA word
    // (little-endian: R in the lowest byte) so that the loops vectorise.
    _Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "RGBA words are stored little-endian");
    enum { SCALEBITS = 16, ONE_HALF = 1 << 15 };
#define FIX(x) ((int32_t)((x) * (1 << SCALEBITS) + 0.5))
#define CLAMP(v) ((uint32_t)((v) < 0 ? 0 : ((v) > 255 ? 255 : (v))))
    int width = d->output_width;
    for (int y = 0; y < rows; y++) {
        uint32_t *out = (uint32_t *)(void *)(d->rgba_rows + (size_t)y * width * 4);
        const uint8_t *luma = d->planes[0] + (size_t)y * row_width;
        if (d->front.component_count == 1) {
            for (int x = 0; x < width; x++) out[x] = 0xFF000000u | luma[x] * 0x010101u;
            continue;
        }
        const uint8_t *cb = d->planes[1] + (size_t)y * row_width;
        const uint8_t *cr = d->planes[2] + (size_t)y * row_width;
        for (int x = 0; x < width; x++) {
            int32_t yy = luma[x], b = cb[x] - 128, r = cr[x] - 128;
            int32_t red = yy + ((FIX(1.40200) * r + ONE_HALF) >> SCALEBITS);
            int32_t green = yy + ((-FIX(0.34414) * b + ONE_HALF - FIX(0.71414) * r) >> SCALEBITS);
            int32_t blue = yy + ((FIX(1.77200) * b + ONE_HALF) >> SCALEBITS);
            out[x] = CLAMP(red) | CLAMP(green) << 8 | CLAMP(blue) << 16 | 0xFF000000u;
        }
    }
#undef CLAMP
#undef FIX
}

