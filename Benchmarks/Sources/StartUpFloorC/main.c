// The start-up job's C floor: what `pixelkit average FILE` does, as a C program over TurboJPEG —
// read the file, decode it, print the mean RGBA as one JSON line.
#include <stdio.h>
#include <stdlib.h>
#include <turbojpeg.h>

int main(int argc, char **argv) {
    if (argc != 2) return 2;
    FILE *file = fopen(argv[1], "rb");
    if (file == NULL) return 1;
    unsigned char *bytes = NULL;
    size_t size = 0, capacity = 0, got;
    do {
        if (size == capacity) {
            capacity = capacity ? capacity * 2 : 65536;
            unsigned char *grown = realloc(bytes, capacity);
            if (grown == NULL) return 1;
            bytes = grown;
        }
        got = fread(bytes + size, 1, capacity - size, file);
        size += got;
    } while (got > 0);
    fclose(file);
    tjhandle decoder = tjInitDecompress();
    int width, height, subsampling, colorspace;
    if (decoder == NULL || tjDecompressHeader3(decoder, bytes, size, &width, &height, &subsampling, &colorspace) != 0) return 1;
    unsigned char *pixels = malloc((size_t)width * height * 4);
    if (pixels == NULL || tjDecompress2(decoder, bytes, size, pixels, width, 0, height, TJPF_RGBA, 0) != 0) return 1;
    double sums[4] = {0, 0, 0, 0};
    size_t count = (size_t)width * height;
    for (size_t i = 0; i < count; i++) {
        for (int c = 0; c < 4; c++) sums[c] += pixels[i * 4 + c];
    }
    printf("{\"file\":\"%s\",\"width\":%d,\"height\":%d,\"rgba\":[%.2f,%.2f,%.2f,%.2f]}\n", argv[1], width, height,
           sums[0] / count, sums[1] / count, sums[2] / count, sums[3] / count);
    tjDestroy(decoder);
    free(pixels);
    free(bytes);
    return 0;
}
