// Huffman tables as libjpeg derives them (jdhuff.c `jpeg_make_d_derived_tbl`), with one-look-up
// decoding of short codes. Part of the front end shared by the DC-scan and split decoders.
// The functions keep the split decoder's `cjsp_` names, which its block decoders and set-up call.
#pragma once

#include "common.h"

#include <stdint.h>

typedef struct {
    /// Whether a DHT segment defined it, and whether it was derived (`cjsp_build_huffman_table`) since.
    int defined, built;
    uint8_t bits[17];
    uint8_t values[256];
    /// Largest code of each length (-1 if none); index 17 is a sentinel.
    int32_t maxcode[18];
    /// Symbol index of a code of each length = code + valoffset.
    int32_t valoffset[18];
    /// For the LOOKAHEAD leading bits: (code length << 8) | symbol, or 0 when the code is longer.
    uint16_t lookup[1 << LOOKAHEAD];
    /// For AC tables, when the code and its value bits both fit in LOOKAHEAD bits:
    /// (value << 8) | (run << 4) | bits used; 0 otherwise (as stb_image's `fast_ac`).
    int16_t fast_ac[1 << LOOKAHEAD];
} huff_table;

/// libjpeg's `jpeg_make_d_derived_tbl` (plus `fast_ac` for AC tables): per code length the largest
/// code and the offset from a code to its symbol's index, and the LOOKAHEAD-bit look-up table.
/// 0, or -1 for a table libjpeg refuses (codes that do not fit their length, DC symbols over 15).
CJS_HIDDEN int cjsp_build_huffman_table(huff_table *t, int is_dc);
/// A code longer than LOOKAHEAD bits (libjpeg's `jpeg_huff_decode`). A code the table lacks is a
/// bad code: 16 bits are dropped and 0 decoded, as libjpeg decodes 0 after its warning.
CJS_HIDDEN int cjsp_decode_long_symbol(const huff_table *t, uint64_t bits, int *count, int *bad);

/// JPEG's sign extension of an `s`-bit magnitude (F.2.2.1).
static ALWAYS_INLINE int extend(int value, int s) {
    return value < (1 << (s - 1)) ? value - (1 << s) + 1 : value;
}

