// Limits and compiler helpers shared by the shim's own decoders (the DC-scan and split decoders).
#pragma once

#include "decoder_diagnostics.h"

#include <stdint.h>

enum {
    /// Bytes a file source reads at a time.
    CHUNK_BYTES = 64 << 10,
    MAX_COMPONENTS = 3,
    /// Longest an MCU of an interleaved scan may be (JPEG's limit, libjpeg's D_MAX_BLOCKS_IN_MCU).
    MAX_BLOCKS_IN_MCU = 10,
    /// Huffman codes up to this length decode with one table look-up.
    LOOKAHEAD = 9,
};

#if defined(__GNUC__) || defined(__clang__)
#define LIKELY(x) __builtin_expect(!!(x), 1)
#define UNLIKELY(x) __builtin_expect(!!(x), 0)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define LIKELY(x) (x)
#define UNLIKELY(x) (x)
#define ALWAYS_INLINE inline
#endif
