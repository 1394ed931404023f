// C floors for the HEIF and WebP codec plugins: the same libraries' full decode, then a sum.
#include <stdlib.h>
#include <libheif/heif.h>
#include <webp/decode.h>
#include "cbenchplugins.h"

static void sum_rows(const uint8_t *pixels, int width, int height, int stride, int channels, uint64_t sums[4]) {
    for (int y = 0; y < height; y++) {
        const uint8_t *row = pixels + (size_t)y * (size_t)stride;
        for (int x = 0; x < width; x++) {
            sums[0] += row[x * channels];
            sums[1] += row[x * channels + 1];
            sums[2] += row[x * channels + 2];
            sums[3] += channels == 4 ? row[x * channels + 3] : 255;
        }
    }
}

int cbf_heif_full_mean(const uint8_t *data, size_t size, uint64_t sums[4], int *width, int *height) {
    struct heif_context *context = heif_context_alloc();
    if (!context) return 1;
    int rc = 1;
    struct heif_image_handle *handle = NULL;
    struct heif_image *image = NULL;
    heif_context_set_max_decoding_threads(context, 0);
    if (heif_context_read_from_memory_without_copy(context, data, size, NULL).code != heif_error_Ok) goto done;
    if (heif_context_get_primary_image_handle(context, &handle).code != heif_error_Ok) goto done;
    if (heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGB, NULL).code != heif_error_Ok) goto done;
    int stride = 0;
    const uint8_t *plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride);
    if (!plane) goto done;
    *width = heif_image_get_width(image, heif_channel_interleaved);
    *height = heif_image_get_height(image, heif_channel_interleaved);
    sum_rows(plane, *width, *height, stride, 3, sums);
    rc = 0;
done:
    if (image) heif_image_release(image);
    if (handle) heif_image_handle_release(handle);
    heif_context_free(context);
    return rc;
}

int cbf_webp_full_mean(const uint8_t *data, size_t size, uint64_t sums[4], int *width, int *height) {
    uint8_t *pixels = WebPDecodeRGBA(data, size, width, height);
    if (!pixels) return 1;
    sum_rows(pixels, *width, *height, *width * 4, 4, sums);
    WebPFree(pixels);
    return 0;
}
