// The status codes, failure and warnings of the shim's own decoders (the DC-scan decoder,
// cjpegdc.h, and the split decoder, cjpegsplit.h), which share one front end. Each decoder hands
// out its record (`cjdc_diagnostics`, `cjsp_diagnostics`); it lives as long as the decoder.
#pragma once

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What the decoders' `_start` functions return, and the kind of a recorded failure.
typedef enum {
    CJDIAG_OK = 0,
    /// Not an error: the file uses something the decoder leaves to libjpeg. No row was produced;
    /// decode with libjpeg instead. The DC-scan decoder leaves arithmetic coding, 12-bit samples, 2
    /// or 4 components, sampling factors other than 1 and 2 and a DNL height; the split decoder what
    /// cjpegsplit.h's header comment lists.
    CJDIAG_FALLBACK = 1,
    /// Invalid data (bad marker, bad Huffman code or table, bad scan parameters); see the message.
    CJDIAG_ERROR_MALFORMED = 2,
    /// The data ends early, for the DC-scan decoder before the DC scans do (strict mode; lenient
    /// mode warns and continues).
    CJDIAG_ERROR_TRUNCATED = 3,
    /// The file could not be opened or read; `cjdiag_error_parameter` is `errno`.
    CJDIAG_ERROR_IO = 4,
    /// The decoder's buffers would exceed the memory limit; `cjdiag_error_parameter64` is the bytes needed.
    CJDIAG_ERROR_MEMORY = 5,
    /// Scan `cjdiag_error_parameter` started past the budget's `max_scans` (cjpegbudget.h).
    CJDIAG_ERROR_SCAN_LIMIT = 6,
    /// Marker segment `cjdiag_error_parameter` came past the budget's `max_markers`.
    CJDIAG_ERROR_MARKER_LIMIT = 7,
    /// The budget's callback stopped the decode; `cjdiag_error_parameter` is its `cj_interrupt_t`.
    CJDIAG_ERROR_INTERRUPTED = 8,
} cjdiag_status_t;

/// A decoder's failure and warnings (opaque).
typedef struct decoder_diagnostics decoder_diagnostics;

/// The `cjdiag_status_t` of the last failure (CJDIAG_OK if none).
int32_t cjdiag_error_kind(const decoder_diagnostics *diagnostics);
/// A message for the last failure, worded as libjpeg words the same problem; "" if none.
const char *cjdiag_error_message(const decoder_diagnostics *diagnostics);
/// `errno` for CJDIAG_ERROR_IO; the count for the limits; the `cj_interrupt_t` for CJDIAG_ERROR_INTERRUPTED.
int32_t cjdiag_error_parameter(const decoder_diagnostics *diagnostics);
/// Bytes needed for CJDIAG_ERROR_MEMORY.
int64_t cjdiag_error_parameter64(const decoder_diagnostics *diagnostics);

/// Number of distinct warning messages kept (at most 4), in lenient mode.
int32_t cjdiag_warning_count(const decoder_diagnostics *diagnostics);
/// Kept warning `index`, or "" when out of range.
const char *cjdiag_warning_message(const decoder_diagnostics *diagnostics, int32_t index);

#ifdef __cplusplus
}
#endif
