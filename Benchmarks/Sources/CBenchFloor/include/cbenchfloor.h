#ifndef CBENCHFLOOR_H
#define CBENCHFLOOR_H
#include <stddef.h>
#include <stdint.h>

/// The "C floor" of the average-color job: the least a C program does with the same libraries.
/// Each returns 0 on success and fills sums[4] (R, G, B, A) and the decoded size.

/// tjDecompress2 at 1/8 scale into an RGBA buffer, then a plain summing loop.
int cbf_jpeg_eighth_mean(const uint8_t *data, size_t size, uint64_t sums[4], int *width, int *height);

/// libspng progressive row decode (SPNG_FMT_RGBA8, tRNS applied), summing each row.
int cbf_png_rows_mean(const uint8_t *data, size_t size, uint64_t sums[4], int *width, int *height);

#endif
