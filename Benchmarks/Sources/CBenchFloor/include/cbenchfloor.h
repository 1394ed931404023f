#ifndef CBENCHFLOOR_H
#define CBENCHFLOOR_H
#include <stddef.h>
#include <stdint.h>

/// The "C floors": the least a C program does with the same libraries, for the benchmark's ×floor column.
/// Each returns 0 on success.

/// Average-color job: each fills sums[4] (R, G, B, A) and the decoded size.

/// tjDecompress2 at 1/8 scale into an RGBA buffer, then a plain summing loop.
int cbf_jpeg_eighth_mean(const uint8_t *data, size_t size, uint64_t sums[4], int *width, int *height);

/// libspng progressive row decode (SPNG_FMT_RGBA8, tRNS applied), summing each row.
int cbf_png_rows_mean(const uint8_t *data, size_t size, uint64_t sums[4], int *width, int *height);

/// Thumbnail job (JPEG): the "C turbojpeg pipeline". tjDecompress2 to RGB at the smallest
/// TurboJPEG scaling factor (≤ 1) whose output covers the thumbnail's target size (the scale
/// PixelKit's JPEGCodec picks for it), then tjCompress2 of that decoded image at
/// `quality` (1…100), 4:2:0. TurboJPEG has no resize, so the output is the decoded size, not the
/// thumbnail's. Fills the JPEG's byte count and the decoded (= encoded) size.
int cbf_jpeg_scaled_recompress(const uint8_t *data, size_t size, int target_width, int target_height, int quality,
                               size_t *jpeg_size, int *width, int *height);

#endif
