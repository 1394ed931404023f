// Huffman decoding tables as libjpeg derives them (jdhuff.c `jpeg_make_d_derived_tbl`), shared by
// the shim's own decoders.
#pragma once

#include "decoder_diagnostics.h"

#include <stdint.h>

/// From a table's code counts per length (`bits[1…16]`) and its symbols: per length the largest code
/// (`maxcode`, -1 when none; [17] is a sentinel) and the offset from a code to its symbol's index
/// (`valoffset`), and a `lookup_bits`-bit look-up table (`lookup[1 << lookup_bits]`: code length << 8
/// | symbol, or 0 where the code is longer). Returns the symbol count, or -1 when the codes of some
/// length do not fit in it (a table libjpeg refuses).
CJS_HIDDEN int huffman_derive(const uint8_t bits[17], const uint8_t values[256], int lookup_bits, uint16_t *lookup,
                              int32_t maxcode[18], int32_t valoffset[18]);
