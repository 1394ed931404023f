// Failures and warnings, worded as libjpeg words them.
// Part of the split decoder; see include/cjpegsplit.h for the contract.
#include "split_decoder.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

CJSP_HIDDEN int cjsp_fail(cjsp_decoder *d, int32_t kind, const char *format, ...) {
    if (d->error_kind == CJSP_OK) {
        d->error_kind = kind;
        va_list arguments;
        va_start(arguments, format);
        vsnprintf(d->message, sizeof d->message, format, arguments);
        va_end(arguments);
    }
    return -1;
}

CJSP_HIDDEN int cjsp_warn(cjsp_decoder *d, int32_t kind, const char *message) {
    if (d->strict) return cjsp_fail(d, kind, "%s", message);
    for (int i = 0; i < d->kept_warnings; i++) {
        if (strcmp(d->warnings[i], message) == 0) return 0;
    }
    if (d->kept_warnings < MAX_KEPT_WARNINGS) {
        snprintf(d->warnings[d->kept_warnings], MESSAGE_BYTES, "%s", message);
        d->kept_warnings += 1;
    }
    return 0;
}

CJSP_HIDDEN const char cjsp_bad_huffman_code[] = "Corrupt JPEG data: bad Huffman code";

CJSP_HIDDEN int cjsp_warn_insufficient(cjsp_decoder *d, int stop_reason) {
    switch (stop_reason) {
    case STOPPED_AT_MARKER: return cjsp_warn(d, CJSP_ERROR_MALFORMED, "Corrupt JPEG data: premature end of data segment");
    case STOPPED_BY_READ_ERROR: return cjsp_fail(d, CJSP_ERROR_IO, "cannot read file");
    default: return cjsp_warn(d, CJSP_ERROR_TRUNCATED, "Premature end of JPEG file");
    }
}

