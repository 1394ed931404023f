// Failures and warnings of the shim's own decoders (the DC-scan and split decoders), kept as
// libjpeg words them so that Swift can hand them on unchanged. The status codes and accessors are
// public: include/cjpegdiagnostics.h.
#pragma once

#include "../include/cjpegdiagnostics.h"

#include <stdint.h>

/// Internal to CJPEGShim: not exported from the library.
#if defined(__GNUC__) || defined(__clang__)
#define CJS_HIDDEN __attribute__((visibility("hidden")))
#else
#define CJS_HIDDEN
#endif

enum {
    DIAGNOSTIC_MESSAGE_BYTES = 160,
    /// Distinct warnings kept; later ones are dropped.
    DIAGNOSTIC_MAX_WARNINGS = 4,
};

struct decoder_diagnostics {
    /// Whether a warning fails the decode.
    int strict;
    /// The first failure's status code (0: none), its message and parameters (errno, bytes needed).
    int32_t error_kind;
    int32_t error_parameter;
    int64_t error_parameter64;
    char message[DIAGNOSTIC_MESSAGE_BYTES];
    int kept_warnings;
    char warnings[DIAGNOSTIC_MAX_WARNINGS][DIAGNOSTIC_MESSAGE_BYTES];
};

/// Records a failure (a status code and a message worded as libjpeg's) unless one is recorded
/// already; returns -1 so that callers can `return` it.
CJS_HIDDEN int diagnostics_fail(decoder_diagnostics *d, int32_t kind, const char *format, ...)
    __attribute__((format(printf, 3, 4)));
/// A recoverable problem: a failure of `kind` in strict mode (returns -1), otherwise kept once (returns 0).
CJS_HIDDEN int diagnostics_warn(decoder_diagnostics *d, int32_t kind, const char *message);
