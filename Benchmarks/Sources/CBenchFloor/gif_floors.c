// The GIF row's input and C floors over giflib; see include/cbenchgif.h.
#include <gif_lib.h>
#include <stdlib.h>
#include <string.h>
#include <turbojpeg.h>
#include "cbenchgif.h"

typedef struct {
    const uint8_t *data;
    size_t size, offset;
} memory_input;

static int read_memory(GifFileType *gif, GifByteType *buffer, int count) {
    memory_input *input = gif->UserData;
    size_t left = input->size - input->offset;
    size_t n = (size_t)count < left ? (size_t)count : left;
    memcpy(buffer, input->data + input->offset, n);
    input->offset += n;
    return (int)n;
}

typedef struct {
    uint8_t *data;
    size_t size, capacity;
} memory_output;

static int write_memory(GifFileType *gif, const GifByteType *buffer, int count) {
    memory_output *output = gif->UserData;
    if (output->size + (size_t)count > output->capacity) {
        size_t capacity = (output->capacity + (size_t)count) * 2;
        uint8_t *grown = realloc(output->data, capacity);
        if (!grown) return 0;
        output->data = grown;
        output->capacity = capacity;
    }
    memcpy(output->data + output->size, buffer, (size_t)count);
    output->size += (size_t)count;
    return count;
}

int cbf_gif_encode(const uint8_t *rgba, int width, int height, uint8_t **output, size_t *output_size) {
    size_t pixels = (size_t)width * (size_t)height;
    uint8_t *planes = malloc(pixels * 4);
    GifColorType colors[256];
    int color_count = 256, rc = 1, error = 0;
    memory_output written = {0};
    GifFileType *gif = NULL;
    ColorMapObject *map = NULL;
    if (!planes) return 1;
    uint8_t *red = planes, *green = planes + pixels, *blue = planes + 2 * pixels, *indices = planes + 3 * pixels;
    for (size_t i = 0; i < pixels; i++) {
        red[i] = rgba[4 * i];
        green[i] = rgba[4 * i + 1];
        blue[i] = rgba[4 * i + 2];
    }
    if (GifQuantizeBuffer((unsigned)width, (unsigned)height, &color_count, red, green, blue, indices, colors) != GIF_OK) goto done;
    if (!(map = GifMakeMapObject(256, colors))) goto done;
    if (!(gif = EGifOpen(&written, write_memory, &error))) goto done;
    if (EGifPutScreenDesc(gif, width, height, 8, 0, map) != GIF_OK) goto done;
    if (EGifPutImageDesc(gif, 0, 0, width, height, false, NULL) != GIF_OK) goto done;
    for (int y = 0; y < height; y++) {
        if (EGifPutLine(gif, indices + (size_t)y * (size_t)width, width) != GIF_OK) goto done;
    }
    rc = 0;
done:
    if (gif && EGifCloseFile(gif, &error) != GIF_OK) rc = 1;
    if (map) GifFreeMapObject(map);
    free(planes);
    if (rc == 0) {
        *output = written.data;
        *output_size = written.size;
    } else {
        free(written.data);
    }
    return rc;
}

/// Calls `row` with each line of the first frame (canvas coordinates, any order: sums and rows
/// placed by y do not need the interlaced order), its color table and transparent index (or -1).
/// Returns the canvas size through `width`/`height`.
typedef void (*frame_row)(void *context, int x, int y, const GifByteType *line, int count, const ColorMapObject *map, int transparent);

static int read_first_frame(const uint8_t *data, size_t size, int *width, int *height, frame_row row, void *context) {
    memory_input input = {data, size, 0};
    int error = 0, rc = 1, transparent = -1;
    GifFileType *gif = DGifOpen(&input, read_memory, &error);
    GifByteType *line = NULL;
    if (!gif) return 1;
    *width = gif->SWidth;
    *height = gif->SHeight;
    GifRecordType type;
    do {
        if (DGifGetRecordType(gif, &type) != GIF_OK) goto done;
        if (type == EXTENSION_RECORD_TYPE) {
            int code;
            GifByteType *extension;
            if (DGifGetExtension(gif, &code, &extension) != GIF_OK) goto done;
            if (code == GRAPHICS_EXT_FUNC_CODE && extension && extension[0] >= 4 && (extension[1] & 1)) transparent = extension[4];
            while (extension) {
                if (DGifGetExtensionNext(gif, &extension) != GIF_OK) goto done;
            }
        } else if (type == IMAGE_DESC_RECORD_TYPE) {
            if (DGifGetImageDesc(gif) != GIF_OK) goto done;
            GifImageDesc *frame = &gif->Image;
            const ColorMapObject *map = frame->ColorMap ? frame->ColorMap : gif->SColorMap;
            if (!map || frame->Width <= 0 || frame->Left + frame->Width > *width || frame->Top + frame->Height > *height) goto done;
            if (!(line = malloc((size_t)frame->Width))) goto done;
            // Interlaced frames arrive in pass order; placing each line by its pass row is all a sum needs to skip.
            static const int starts[] = {0, 4, 2, 1}, steps[] = {8, 8, 4, 2};
            int passes = frame->Interlace ? 4 : 1;
            for (int pass = 0; pass < passes; pass++) {
                int start = frame->Interlace ? starts[pass] : 0, step = frame->Interlace ? steps[pass] : 1;
                for (int y = start; y < frame->Height; y += step) {
                    if (DGifGetLine(gif, line, frame->Width) != GIF_OK) goto done;
                    row(context, frame->Left, frame->Top + y, line, frame->Width, map, transparent);
                }
            }
            rc = 0;
            goto done;
        }
    } while (type != TERMINATE_RECORD_TYPE);
done:
    free(line);
    DGifCloseFile(gif, &error);
    return rc;
}

static void sum_row(void *context, int x, int y, const GifByteType *line, int count, const ColorMapObject *map, int transparent) {
    (void)x;
    (void)y;
    uint64_t *sums = context;
    for (int i = 0; i < count; i++) {
        int index = line[i];
        if (index == transparent || index >= map->ColorCount) continue;
        sums[0] += map->Colors[index].Red;
        sums[1] += map->Colors[index].Green;
        sums[2] += map->Colors[index].Blue;
        sums[3] += 255;
    }
}

int cbf_gif_first_frame_mean(const uint8_t *data, size_t size, uint64_t sums[4], int *width, int *height) {
    return read_first_frame(data, size, width, height, sum_row, sums);
}

typedef struct {
    uint8_t *rgb;
    int width;
} canvas;

static void place_row(void *context, int x, int y, const GifByteType *line, int count, const ColorMapObject *map, int transparent) {
    canvas *target = context;
    uint8_t *out = target->rgb + ((size_t)y * (size_t)target->width + (size_t)x) * 3;
    for (int i = 0; i < count; i++, out += 3) {
        int index = line[i];
        if (index == transparent || index >= map->ColorCount) continue;
        out[0] = map->Colors[index].Red;
        out[1] = map->Colors[index].Green;
        out[2] = map->Colors[index].Blue;
    }
}

int cbf_gif_recompress(const uint8_t *data, size_t size, int quality, size_t *jpeg_size, int *width, int *height) {
    memory_input probe = {data, size, 0};
    int error = 0;
    GifFileType *gif = DGifOpen(&probe, read_memory, &error);
    if (!gif) return 1;
    int canvas_width = gif->SWidth, canvas_height = gif->SHeight;
    DGifCloseFile(gif, &error);
    if (canvas_width <= 0 || canvas_height <= 0) return 1;
    canvas target = {calloc((size_t)canvas_width * (size_t)canvas_height, 3), canvas_width};
    if (!target.rgb) return 1;
    int rc = read_first_frame(data, size, width, height, place_row, &target);
    if (rc == 0) {
        tjhandle compressor = tjInitCompress();
        unsigned char *jpeg = NULL;
        unsigned long jpeg_bytes = 0;
        rc = !compressor || tjCompress2(compressor, target.rgb, *width, 0, *height, TJPF_RGB, &jpeg, &jpeg_bytes, TJSAMP_420, quality, 0) != 0;
        *jpeg_size = jpeg_bytes;
        if (jpeg) tjFree(jpeg);
        if (compressor) tjDestroy(compressor);
    }
    free(target.rgb);
    return rc;
}
