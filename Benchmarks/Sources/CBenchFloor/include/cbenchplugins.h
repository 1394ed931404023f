#ifndef CBENCHPLUGINS_H
#define CBENCHPLUGINS_H
#include <stddef.h>
#include <stdint.h>

/// Average-color C floors for the codec plugins: each fills sums[4] (R, G, B, A) and the decoded size; 0 on success.

/// libheif: the primary image decoded at full size to interleaved RGB (tiles on the calling thread), summed.
int cbf_heif_full_mean(const uint8_t *data, size_t size, uint64_t sums[4], int *width, int *height);

/// libwebp: WebPDecodeRGBA at full size, summed.
int cbf_webp_full_mean(const uint8_t *data, size_t size, uint64_t sums[4], int *width, int *height);

#endif
