// Reduced IDCT plans and the block decoders that apply them while entropy-decoding.
// Part of the split decoder; see include/cjpegsplit.h for the contract.
#pragma once

#include "../front_end/bit_reader.h"
#include "../front_end/huffman.h"

#include <stdint.h>

/// How one component's blocks become pixels: each block gives `nv` × `nh` samples, each the mean
/// of an (8/nv)×(8/nh) area of the full IDCT. The AC part is the sum of coefficient × `ac[k]`
/// (in 1/8 sample units, quantizer folded in); the DC part, DC × `dc_quant` / 8, is added exactly
/// in integers, so that a DC offset found later changes each sample by an exact amount.
typedef struct plan plan;
typedef void (*block_decoder)(bit_reader *, const huff_table *, const huff_table *, int16_t *, const plan *,
                              int16_t *, int16_t *, int *);
struct plan {
    int nh, nv, nn;
    int32_t dc_quant;
    uint8_t needed[64];
    block_decoder decode;
    float ac[65 * 64];
};

/// A plan for blocks of `quant` (zigzag order) giving `nv` × `nh` samples each.
CJS_HIDDEN void cjsp_make_plan(plan *p, const uint16_t quant[64], int nh, int nv);
