// Building Huffman tables and decoding long codes; see huffman.h.
#include "huffman.h"

#include <string.h>

CJS_HIDDEN int cjsp_build_huffman_table(huff_table *t, int is_dc) {
    const uint8_t *bits = t->bits;
    int32_t *maxcode = t->maxcode, *valoffset = t->valoffset;
    uint8_t sizes[257];
    uint32_t codes[257];
    int p = 0;
    for (int length = 1; length <= 16; length++) {
        for (int i = 0; i < bits[length]; i++) sizes[p++] = (uint8_t)length;
    }
    sizes[p] = 0;
    int symbols = p;
    // Canonical codes (JPEG Annex C): consecutive within a length, doubled at each longer one.
    uint32_t code = 0;
    int code_length = sizes[0];
    p = 0;
    while (sizes[p]) {
        while (sizes[p] == code_length) codes[p++] = code++;
        if (code >= (1u << code_length)) return -1;
        code <<= 1;
        code_length += 1;
    }
    p = 0;
    for (int length = 1; length <= 16; length++) {
        if (bits[length]) {
            valoffset[length] = p - (int32_t)codes[p];
            p += bits[length];
            maxcode[length] = (int32_t)codes[p - 1];
        } else {
            maxcode[length] = -1;
        }
    }
    maxcode[17] = 0x7FFFFFFF;
    memset(t->lookup, 0, sizeof t->lookup);
    p = 0;
    for (int length = 1; length <= LOOKAHEAD; length++) {
        for (int i = 0; i < bits[length]; i++, p++) {
            uint32_t first = codes[p] << (LOOKAHEAD - length);
            for (uint32_t fill = 0; fill < (1u << (LOOKAHEAD - length)); fill++) {
                t->lookup[first + fill] = (uint16_t)(length << 8 | t->values[p]);
            }
        }
    }
    if (is_dc) {
        for (int i = 0; i < symbols; i++) {
            if (t->values[i] > 15) return -1;
        }
    }
    memset(t->fast_ac, 0, sizeof t->fast_ac);
    for (unsigned i = 0; !is_dc && i < (1u << LOOKAHEAD); i++) {
        unsigned entry = t->lookup[i];
        int length = (int)(entry >> 8), run = (entry >> 4) & 15, size = entry & 15;
        if (entry == 0 || size == 0 || length + size > LOOKAHEAD) continue;
        int magnitude = (int)(i >> (LOOKAHEAD - length - size)) & ((1 << size) - 1);
        int value = extend(magnitude, size);
        if (value >= -128 && value <= 127) t->fast_ac[i] = (int16_t)(value * 256 + (run << 4) + length + size);
    }
    t->built = 1;
    return 0;
}

CJS_HIDDEN int cjsp_decode_long_symbol(const huff_table *t, uint64_t bits, int *count, int *bad) {
    int length = LOOKAHEAD + 1;
    int32_t code = (int32_t)((bits >> (*count - length)) & ((1u << length) - 1));
    while (length <= 16 && code > t->maxcode[length]) {
        length += 1;
        code = (int32_t)((bits >> (*count - length)) & ((1u << length) - 1));
    }
    if (length > 16) {
        *bad = 1;
        *count -= 16;
        return 0;
    }
    *count -= length;
    return t->values[(code + t->valoffset[length]) & 0xFF];
}

