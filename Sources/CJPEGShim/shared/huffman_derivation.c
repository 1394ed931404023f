// Huffman decoding tables as libjpeg derives them; see huffman_derivation.h.
#include "huffman_derivation.h"

#include <string.h>

CJS_HIDDEN int huffman_derive(const uint8_t bits[17], const uint8_t values[256], int lookup_bits, uint16_t *lookup,
                              int32_t maxcode[18], int32_t valoffset[18]) {
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
    int size = sizes[0];
    p = 0;
    while (sizes[p]) {
        while (sizes[p] == size) codes[p++] = code++;
        if (code >= (1u << size)) return -1;
        code <<= 1;
        size += 1;
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
    memset(lookup, 0, sizeof(uint16_t) << lookup_bits);
    p = 0;
    for (int length = 1; length <= lookup_bits; length++) {
        for (int i = 0; i < bits[length]; i++, p++) {
            uint32_t first = codes[p] << (lookup_bits - length);
            for (uint32_t fill = 0; fill < (1u << (lookup_bits - length)); fill++) {
                lookup[first + fill] = (uint16_t)(length << 8 | values[p]);
            }
        }
    }
    return symbols;
}
