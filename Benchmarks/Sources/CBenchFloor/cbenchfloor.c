#include "cbenchfloor.h"
#include <stdlib.h>
#include <stdio.h>
#include <turbojpeg.h>
#include <spng.h>

int cbf_jpeg_eighth_mean(const uint8_t *data, size_t size, uint64_t sums[4], int *width, int *height) {
    tjhandle handle = tjInitDecompress();
    if (!handle) return -1;
    int w, h, subsampling, colorspace;
    if (tjDecompressHeader3(handle, data, (unsigned long)size, &w, &h, &subsampling, &colorspace) != 0) {
        tjDestroy(handle);
        return -1;
    }
    int sw = (w + 7) / 8, sh = (h + 7) / 8;
    unsigned char *buffer = malloc((size_t)sw * sh * 4);
    if (!buffer) { tjDestroy(handle); return -1; }
    int rc = tjDecompress2(handle, data, (unsigned long)size, buffer, sw, 0, sh, TJPF_RGBA, 0);
    if (rc == 0 || tjGetErrorCode(handle) == TJERR_WARNING) {
        uint64_t s[4] = {0, 0, 0, 0};
        size_t n = (size_t)sw * sh;
        for (size_t i = 0; i < n; i++) {
            s[0] += buffer[i * 4]; s[1] += buffer[i * 4 + 1]; s[2] += buffer[i * 4 + 2]; s[3] += buffer[i * 4 + 3];
        }
        for (int c = 0; c < 4; c++) sums[c] = s[c];
        *width = sw; *height = sh;
        rc = 0;
    }
    free(buffer);
    tjDestroy(handle);
    return rc == 0 ? 0 : -1;
}

int cbf_png_rows_mean(const uint8_t *data, size_t size, uint64_t sums[4], int *width, int *height) {
    spng_ctx *ctx = spng_ctx_new(0);
    if (!ctx) return -1;
    int rc = spng_set_png_buffer(ctx, data, size);
    struct spng_ihdr ihdr;
    if (!rc) rc = spng_get_ihdr(ctx, &ihdr);
    size_t out_size = 0;
    if (!rc) rc = spng_decoded_image_size(ctx, SPNG_FMT_RGBA8, &out_size);
    if (!rc) rc = spng_decode_image(ctx, NULL, 0, SPNG_FMT_RGBA8, SPNG_DECODE_PROGRESSIVE | SPNG_DECODE_TRNS);
    if (rc) { spng_ctx_free(ctx); return -1; }
    size_t row_size = out_size / ihdr.height;
    unsigned char *row = malloc(row_size);
    uint64_t s[4] = {0, 0, 0, 0};
    struct spng_row_info info;
    do {
        rc = spng_get_row_info(ctx, &info);
        if (rc) break;
        rc = spng_decode_row(ctx, row, row_size);
        if (rc == 0 || rc == SPNG_EOI) {
            for (size_t i = 0; i < row_size; i += 4) { s[0] += row[i]; s[1] += row[i + 1]; s[2] += row[i + 2]; s[3] += row[i + 3]; }
        }
    } while (rc == 0);
    free(row);
    spng_ctx_free(ctx);
    if (rc != SPNG_EOI) return -1;
    for (int c = 0; c < 4; c++) sums[c] = s[c];
    *width = (int)ihdr.width; *height = (int)ihdr.height;
    return 0;
}

int cbf_jpeg_scaled_recompress(const uint8_t *data, size_t size, int target_width, int target_height, int quality,
                               size_t *jpeg_size, int *width, int *height) {
    tjhandle decompressor = tjInitDecompress();
    if (!decompressor) return -1;
    int w, h, subsampling, colorspace;
    if (tjDecompressHeader3(decompressor, data, (unsigned long)size, &w, &h, &subsampling, &colorspace) != 0) {
        tjDestroy(decompressor);
        return -1;
    }
    // The smallest scaling factor ≤ 1 whose output covers the thumbnail.
    int count = 0;
    tjscalingfactor *factors = tjGetScalingFactors(&count);
    int sw = w, sh = h;
    for (int i = 0; factors && i < count; i++) {
        tjscalingfactor f = factors[i];
        if (f.num > f.denom) continue;
        int fw = TJSCALED(w, f), fh = TJSCALED(h, f);
        if (fw >= target_width && fh >= target_height && (long)fw * fh < (long)sw * sh) { sw = fw; sh = fh; }
    }
    unsigned char *pixels = malloc((size_t)sw * sh * 3);
    if (!pixels) { tjDestroy(decompressor); return -1; }
    int rc = tjDecompress2(decompressor, data, (unsigned long)size, pixels, sw, 0, sh, TJPF_RGB, 0);
    if (rc != 0 && tjGetErrorCode(decompressor) != TJERR_WARNING) {
        free(pixels);
        tjDestroy(decompressor);
        return -1;
    }
    tjDestroy(decompressor);
    tjhandle compressor = tjInitCompress();
    if (!compressor) { free(pixels); return -1; }
    unsigned char *jpeg = NULL;
    unsigned long jpeg_bytes = 0;
    rc = tjCompress2(compressor, pixels, sw, 0, sh, TJPF_RGB, &jpeg, &jpeg_bytes, TJSAMP_420, quality, 0);
    free(pixels);
    tjDestroy(compressor);
    if (rc != 0) { tjFree(jpeg); return -1; }
    tjFree(jpeg);
    *jpeg_size = (size_t)jpeg_bytes;
    *width = sw;
    *height = sh;
    return 0;
}
