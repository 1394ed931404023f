// Limits and compiler helpers shared by the split decoder's files.
// Part of the split decoder; see include/cjpegsplit.h for the contract.
#pragma once

#include <stdint.h>

enum {
    CHUNK_BYTES = 64 << 10,
    MAX_COMPONENTS = 3,
    MAX_BLOCKS_IN_MCU = 10,
    /// Codes up to this length decode with one table look-up.
    LOOKAHEAD = 9,
    /// MCU starts the second thread records for the first thread to meet.
    CHECKPOINTS = 1024,
    /// The second thread publishes its progress every this many MCUs.
    PUBLISH_EVERY = 64,
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

#include "../shared/decoder_diagnostics.h"

/// Internal to CJPEGShim: not exported from the library.
#define CJSP_HIDDEN CJS_HIDDEN
