#ifndef CBENCHGIF_H
#define CBENCHGIF_H
#include <stddef.h>
#include <stdint.h>

/// The GIF row's input and C floors, over giflib (and TurboJPEG for the thumbnail floor). Each returns 0 on success.

/// Makes the benchmark's GIF: `rgba` (width × height, alpha ignored) quantized to 256 colors by
/// giflib's median cut (`GifQuantizeBuffer`) and written as one non-interlaced frame with a global
/// color table. `*output` is malloc'd; free it.
int cbf_gif_encode(const uint8_t *rgba, int width, int height, uint8_t **output, size_t *output_size);

/// Average-color floor: the first frame's rows read with `DGifGetLine` and summed through its color
/// table (transparent index alpha 0); pixels of the canvas outside the frame count as transparent black.
int cbf_gif_first_frame_mean(const uint8_t *data, size_t size, uint64_t sums[4], int *width, int *height);

/// Thumbnail floor: the first frame decoded to RGB on the canvas (as above), then `tjCompress2` at
/// `quality`, 4:2:0. No resize: meant for a GIF no larger than the thumbnail, which PixelKit then
/// does not resize either. Fills the JPEG's byte count and the canvas size.
int cbf_gif_recompress(const uint8_t *data, size_t size, int quality, size_t *jpeg_size, int *width, int *height);

#endif
