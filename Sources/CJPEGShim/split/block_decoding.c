// Block decoding: DC and AC coefficients straight into reduced-IDCT samples.
// Part of the split decoder; see include/cjpegsplit.h for the contract.
#include "block_decoding.h"

#include <math.h>
#include <string.h>

/// Zigzag index → natural (row-major) index, padded as libjpeg pads it for corrupt run lengths.
static const uint8_t natural_order[64] = {
    0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48,
    41, 34, 27, 20, 13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23,
    30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
};

/// Mean of cos((2x+1)uπ/16) over the `index`-th of `parts` equal runs of x in 0..<8.
static double mean_cosine(int u, int index, int parts) {
    int run = 8 / parts;
    double sum = 0;
    for (int x = index * run; x < (index + 1) * run; x++) sum += cos((2 * x + 1) * u * M_PI / 16);
    return sum / run;
}

/// Rounds to the nearest integer, halves away from zero, saturated to int16 (no libm call).
static ALWAYS_INLINE int16_t round_to_int16(float value) {
    value = value < -32768.0f ? -32768.0f : (value > 32767.0f ? 32767.0f : value);
    return (int16_t)(int32_t)(value + (value < 0 ? -0.5f : 0.5f));
}

/// The bit reader's hot state, held in locals by the block decoders and written back around calls.
#define LOAD_BITS(b) uint64_t bits = (b)->bits; int count = (b)->count; const uint8_t *cur = (b)->cur; \
    const uint8_t *end = (b)->end; int64_t data_bytes = (b)->data_bytes
#define STORE_BITS(b) ((b)->bits = bits, (b)->count = count, (b)->cur = cur, (b)->data_bytes = data_bytes)
#define RELOAD_BITS(b) (bits = (b)->bits, count = (b)->count, cur = (b)->cur, end = (b)->end, data_bytes = (b)->data_bytes)

/// Ensures at least 32 buffered bits: eight bytes at a time when none of them is FF, otherwise
/// byte by byte through `fill` (stuffing, markers, window ends).
#define REFILL(b)                                                                                   \
    if (count < 32) {                                                                               \
        if (LIKELY(end - cur >= 8)) {                                                               \
            uint64_t word;                                                                          \
            memcpy(&word, cur, 8);                                                                  \
            word = __builtin_bswap64(word);                                                         \
            int take = (63 - count) >> 3;                                                           \
            uint64_t inverted = ~word;                                                              \
            uint64_t has_ff = (inverted - 0x0101010101010101ULL) & ~inverted & 0x8080808080808080ULL; \
            if (LIKELY((has_ff & (~0ULL << (64 - 8 * take))) == 0)) {                               \
                bits = bits << (8 * take) | word >> (64 - 8 * take);                                \
                count += 8 * take;                                                                  \
                cur += take;                                                                        \
                data_bytes += take;                                                                 \
            }                                                                                       \
        }                                                                                           \
        if (count < 32) {                                                                           \
            STORE_BITS(b);                                                                          \
            fill(b);                                                                                \
            RELOAD_BITS(b);                                                                         \
        }                                                                                           \
    }

/// Decodes one symbol of `table` into `symbol`; needs 16 buffered bits.
#define DECODE_SYMBOL(table, symbol)                                                                \
    do {                                                                                            \
        unsigned entry_ = (table)->lookup[(unsigned)(bits >> (count - LOOKAHEAD)) & ((1u << LOOKAHEAD) - 1)]; \
        if (LIKELY(entry_ != 0)) {                                                                  \
            count -= (int)(entry_ >> 8);                                                            \
            symbol = (int)(entry_ & 0xFF);                                                          \
        } else {                                                                                    \
            symbol = cjsp_decode_long_symbol(table, bits, &count, &bad_code);                       \
        }                                                                                           \
    } while (0)

/// One block: DC difference, then AC run/size pairs until EOB, each coefficient accumulated into
/// the block's samples (row 64 of the plan is zeros, for runs past the end). `NN` is the plan's
/// sample count, fixed per instance so the accumulation vectorises.
#define DEFINE_BLOCK_DECODER(NN)                                                                        \
    static void decode_block_##NN(bit_reader *b, const huff_table *dc_table, const huff_table *ac_table, \
                                  int16_t *predictor, const plan *p, int16_t *samples, int16_t *dc,     \
                                  int *bad) {                                                           \
        LOAD_BITS(b);                                                                                   \
        int bad_code = 0;                                                                               \
        float acc[NN];                                                                                  \
        for (int i = 0; i < NN; i++) acc[i] = 0;                                                        \
        REFILL(b);                                                                                      \
        int s;                                                                                          \
        DECODE_SYMBOL(dc_table, s);                                                                     \
        int diff = 0;                                                                                   \
        if (s) {                                                                                        \
            count -= s;                                                                                 \
            diff = extend((int)(bits >> count) & ((1 << s) - 1), s);                                    \
        }                                                                                               \
        *predictor = (int16_t)(*predictor + diff);                                                      \
        *dc = *predictor;                                                                               \
        const int16_t *fast_ac = ac_table->fast_ac;                                                     \
        for (int k = 1; k < 64;) {                                                                      \
            REFILL(b);                                                                                  \
            int v;                                                                                      \
            int fast = fast_ac[(unsigned)(bits >> (count - LOOKAHEAD)) & ((1u << LOOKAHEAD) - 1)];      \
            if (fast) {                                                                                 \
                k += (fast >> 4) & 15;                                                                  \
                count -= fast & 15;                                                                     \
                v = fast >> 8;                                                                          \
            } else {                                                                                    \
                int rs;                                                                                 \
                DECODE_SYMBOL(ac_table, rs);                                                            \
                int r = rs >> 4;                                                                        \
                s = rs & 15;                                                                            \
                if (!s) {                                                                               \
                    if (r != 15) break;                                                                 \
                    k += 16;                                                                            \
                    continue;                                                                           \
                }                                                                                       \
                k += r;                                                                                 \
                count -= s;                                                                             \
                v = extend((int)(bits >> count) & ((1 << s) - 1), s);                                  \
            }                                                                                           \
            if (NN > 1) {                                                                               \
                const float *row = p->ac + (k < 64 ? k : 64) * NN;                                      \
                float fv = (float)v;                                                                    \
                for (int i = 0; i < NN; i++) acc[i] += fv * row[i];                                     \
            }                                                                                           \
            k += 1;                                                                                     \
        }                                                                                               \
        for (int i = 0; i < NN; i++) samples[i] = round_to_int16(acc[i]);                               \
        STORE_BITS(b);                                                                                  \
        if (bad_code) *bad = 1;                                                                         \
    }

DEFINE_BLOCK_DECODER(1)
DEFINE_BLOCK_DECODER(2)
DEFINE_BLOCK_DECODER(4)
DEFINE_BLOCK_DECODER(8)
DEFINE_BLOCK_DECODER(16)
DEFINE_BLOCK_DECODER(32)
DEFINE_BLOCK_DECODER(64)

CJS_HIDDEN void cjsp_make_plan(plan *p, const uint16_t quant[64], int nh, int nv) {
    p->nh = nh;
    p->nv = nv;
    p->nn = nh * nv;
    p->dc_quant = quant[0];
    memset(p->needed, 0, sizeof p->needed);
    memset(p->ac, 0, sizeof p->ac);
    for (int k = 1; k < 64; k++) {
        int row = natural_order[k] / 8, column = natural_order[k] % 8;
        double scale = 0.25 * (row == 0 ? M_SQRT1_2 : 1) * (column == 0 ? M_SQRT1_2 : 1) * quant[k] * 8;
        for (int i = 0; i < nv; i++) {
            for (int j = 0; j < nh; j++) {
                double value = scale * mean_cosine(row, i, nv) * mean_cosine(column, j, nh);
                if (fabs(value) < 1e-9) value = 0;
                if (value != 0) p->needed[k] = 1;
                p->ac[k * p->nn + i * nh + j] = (float)value;
            }
        }
    }
    switch (p->nn) {
    case 1: p->decode = decode_block_1; break;
    case 2: p->decode = decode_block_2; break;
    case 4: p->decode = decode_block_4; break;
    case 8: p->decode = decode_block_8; break;
    case 16: p->decode = decode_block_16; break;
    case 32: p->decode = decode_block_32; break;
    default: p->decode = decode_block_64; break;
    }
}

