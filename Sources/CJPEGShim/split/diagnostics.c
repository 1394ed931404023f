// Failures and warnings, worded as libjpeg words them.
// Part of the split decoder; see include/cjpegsplit.h for the contract.
#include "split_decoder.h"

CJSP_HIDDEN int cjsp_fail(cjsp_decoder *d, int32_t kind, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    int result = diagnostics_fail(&d->diagnostics, kind, format, arguments);
    va_end(arguments);
    return result;
}

CJSP_HIDDEN int cjsp_warn(cjsp_decoder *d, int32_t kind, const char *message) {
    return diagnostics_warn(&d->diagnostics, kind, message);
}

CJSP_HIDDEN const char cjsp_bad_huffman_code[] = "Corrupt JPEG data: bad Huffman code";

CJSP_HIDDEN int cjsp_warn_insufficient(cjsp_decoder *d, int stop_reason) {
    switch (stop_reason) {
    case STOPPED_AT_MARKER: return cjsp_warn(d, CJSP_ERROR_MALFORMED, "Corrupt JPEG data: premature end of data segment");
    case STOPPED_BY_READ_ERROR: return cjsp_fail(d, CJSP_ERROR_IO, "cannot read file");
    default: return cjsp_warn(d, CJSP_ERROR_TRUNCATED, "Premature end of JPEG file");
    }
}
