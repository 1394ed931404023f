// Building Huffman tables and decoding long codes.
// Part of the split decoder; see include/cjpegsplit.h for the contract.
#include "huffman.h"
#include "../shared/huffman_derivation.h"

#include <string.h>

CJSP_HIDDEN int cjsp_build_huffman_table(huff_table *t, int is_dc) {
    int symbols = huffman_derive(t->bits, t->values, LOOKAHEAD, t->lookup, t->maxcode, t->valoffset);
    if (symbols < 0) return -1;
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
        int value = magnitude < (1 << (size - 1)) ? magnitude - (1 << size) + 1 : magnitude;
        if (value >= -128 && value <= 127) t->fast_ac[i] = (int16_t)(value * 256 + (run << 4) + length + size);
    }
    return 0;
}

CJSP_HIDDEN int cjsp_decode_long_symbol(const huff_table *t, uint64_t bits, int *count, int *bad) {
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

