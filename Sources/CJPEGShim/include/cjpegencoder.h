// A JPEG encoder over libjpeg's compressor (jpeglib.h) that takes RGBA8 rows a few at a time, so a
// thumbnail is compressed while its later rows are still being decoded and resampled.
//
// Its baseline settings are TurboJPEG's `tjCompress2` for `TJPF_RGBA` with `TJFLAG_ACCURATEDCT`
// (turbojpeg.c `setCompDefaults`: `jpeg_set_quality`, the accurate integer DCT, YCbCr), so its
// baseline bytes equal `tjCompress2`'s for the same pixels, except that it can also optimize the
// Huffman tables (`optimize_coding`: `tjCompress2` does so only under TJ_OPTIMIZE=1). Progressive
// output has the same coefficients in six scans instead of `jpeg_simple_progression`'s ten (see
// `cjpe_progressive_scans`): the same decoded pixels in fewer bytes. Alpha is ignored: composite
// before. Failures are libjpeg's `error_exit`, caught at each entry point's `setjmp`; the message is
// copied for `cjpe_error_message`. The encoder owns its output buffer until `cjpe_destroy`.
#pragma once

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Opaque encoder state: one libjpeg compressor, its error manager and its growing output buffer.
typedef struct cjpe_encoder cjpe_encoder;

/// A new encoder, or NULL if out of memory.
cjpe_encoder *cjpe_create(void);
/// Frees the encoder and its output. NULL is ignored.
void cjpe_destroy(cjpe_encoder *encoder);

/// Starts a `width`×`height` image (`jpeg_start_compress`): `quality` 1…100, luma sampling
/// factors `luma_h`×`luma_v` over chroma's 1×1 (2×2 is 4:2:0, 1×1 is 4:4:4), baseline or progressive,
/// with Huffman tables optimized for the image (`optimize_coding` non-zero) or libjpeg's standard ones.
/// 0, or -1 with the message.
int32_t cjpe_start(cjpe_encoder *encoder, int32_t width, int32_t height, int32_t quality, int32_t luma_h, int32_t luma_v,
                   int32_t progressive, int32_t optimize_coding);
/// Compresses the next `count` rows of `width * 4` bytes, `stride` bytes apart (`jpeg_write_scanlines`).
/// 0, or -1 with the message (also for rows beyond the height).
int32_t cjpe_write_rows(cjpe_encoder *encoder, const uint8_t *rows, size_t stride, int32_t count);
/// Ends the image (`jpeg_finish_compress`) once every row was written, and lends its bytes, valid
/// until `cjpe_destroy`. 0, or -1 with the message.
int32_t cjpe_finish(cjpe_encoder *encoder, const uint8_t **bytes, size_t *size);
/// The last failure's message ("" if none).
const char *cjpe_error_message(const cjpe_encoder *encoder);

#ifdef __cplusplus
}
#endif
