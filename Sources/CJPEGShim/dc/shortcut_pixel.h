// The progressive DC shortcut's pixels, one conversion for both of its decoders: libjpeg's buffered
// image (cjpegshim.c) and the DC-scan decoder (dc/output.c), so that their rows are equal.
#pragma once

#include <stdint.h>

/// The expected value of `missing_bits` DC bits not yet received, in 1/65536 sample units. The
/// first DC scans usually carry each DC coefficient without its low `Al` bits (successive
/// approximation: the encoder shifts right, i.e. floors), and libjpeg reconstructs them as zeros, so
/// every sample comes out low by 0 … (2^Al − 1) DC units, and a 1/8-scale sample is DC · q / 8
/// (jidctred.c, 1×1 IDCT). Adding back the midpoint, (2^Al − 1)/2 units, i.e. (2^Al − 1) · q / 16
/// samples, halves the worst-case bias of the mean (on libjpeg-turbo's testimgp.jpg, q = 8…9, red
/// goes from 1.28 to 0.03 below the exact mean).
static inline int64_t shortcut_dc_bias(int missing_bits, int32_t quant) {
    if (missing_bits <= 0 || missing_bits > 13 || quant < 0) return 0;
    return (((int64_t)1 << missing_bits) - 1) * quant * 4096;
}

static inline uint8_t clamp_fixed(int64_t value, int64_t threshold) {
    int64_t rounded = (value + threshold) >> 16;
    return (uint8_t)(rounded < 0 ? 0 : rounded > 255 ? 255 : rounded);
}

/// Pixel (`x`, `y`) as RGBA8 from its samples `c` (1/65536 units, bias added): gray for one
/// channel, else RGB, or YCbCr with libjpeg's coefficients (jdcolor.c) unless `rgb`. Rounded by a
/// 2×2 ordered dither (thresholds 1/8, 5/8, 7/8, 3/8), which keeps the mean of the biased,
/// fractional samples instead of pushing every exact half the same way.
static inline void shortcut_pixel(uint8_t *out, const int64_t c[3], int channels, int rgb, uint32_t x, uint32_t y) {
    static const int64_t dither[4] = {8192, 40960, 57344, 24576};
    const int64_t fix_1_40200 = 91881, fix_0_34414 = 22554, fix_0_71414 = 46802, fix_1_77200 = 116130;
    int64_t threshold = dither[(y & 1) * 2 + (x & 1)];
    if (channels == 1) {
        out[0] = out[1] = out[2] = clamp_fixed(c[0], threshold);
    } else if (rgb) {
        out[0] = clamp_fixed(c[0], threshold);
        out[1] = clamp_fixed(c[1], threshold);
        out[2] = clamp_fixed(c[2], threshold);
    } else {
        int64_t cb = c[1] - ((int64_t)128 << 16), cr = c[2] - ((int64_t)128 << 16);
        out[0] = clamp_fixed(c[0] + ((fix_1_40200 * cr) >> 16), threshold);
        out[1] = clamp_fixed(c[0] - ((fix_0_34414 * cb + fix_0_71414 * cr) >> 16), threshold);
        out[2] = clamp_fixed(c[0] + ((fix_1_77200 * cb) >> 16), threshold);
    }
    out[3] = 255;
}
