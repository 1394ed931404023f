// Failures and warnings of the shim's own decoders; see decoder_diagnostics.h.
#include "decoder_diagnostics.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

CJS_HIDDEN int diagnostics_fail(decoder_diagnostics *d, int32_t kind, const char *format, ...) {
    if (d->error_kind == 0) {
        d->error_kind = kind;
        va_list arguments;
        va_start(arguments, format);
        vsnprintf(d->message, sizeof d->message, format, arguments);
        va_end(arguments);
    }
    return -1;
}

CJS_HIDDEN int diagnostics_warn(decoder_diagnostics *d, int32_t kind, const char *message) {
    if (d->strict) return diagnostics_fail(d, kind, "%s", message);
    for (int i = 0; i < d->kept_warnings; i++) {
        if (strcmp(d->warnings[i], message) == 0) return 0;
    }
    if (d->kept_warnings < DIAGNOSTIC_MAX_WARNINGS) {
        snprintf(d->warnings[d->kept_warnings], DIAGNOSTIC_MESSAGE_BYTES, "%s", message);
        d->kept_warnings += 1;
    }
    return 0;
}

int32_t cjdiag_error_kind(const decoder_diagnostics *d) { return d->error_kind; }
const char *cjdiag_error_message(const decoder_diagnostics *d) { return d->message; }
int32_t cjdiag_error_parameter(const decoder_diagnostics *d) { return d->error_parameter; }
int64_t cjdiag_error_parameter64(const decoder_diagnostics *d) { return d->error_parameter64; }
int32_t cjdiag_warning_count(const decoder_diagnostics *d) { return d->kept_warnings; }

const char *cjdiag_warning_message(const decoder_diagnostics *d, int32_t index) {
    return index >= 0 && index < d->kept_warnings ? d->warnings[index] : "";
}
