// Failures and warnings, worded as libjpeg words them.
// Part of the split decoder; see include/cjpegsplit.h for the contract.
#include "split_decoder.h"

#include <stdio.h>

CJS_HIDDEN const char cjsp_bad_huffman_code[] = "Corrupt JPEG data: bad Huffman code";

CJS_HIDDEN void cjsp_add_damage(mcu_damage *out, int32_t kind, int fatal, const char *message) {
    // At most three per MCU (a restart problem, a bad code, data that ends); the bound keeps it so.
    if (out->count >= (int)(sizeof out->items / sizeof out->items[0])) return;
    damage *item = &out->items[out->count++];
    item->kind = kind;
    item->fatal = fatal;
    snprintf(item->message, sizeof item->message, "%s", message);
}

CJS_HIDDEN void cjsp_insufficient_damage(mcu_damage *out, int stop_reason) {
    switch (stop_reason) {
    case STOPPED_AT_MARKER: cjsp_add_damage(out, CJDIAG_ERROR_MALFORMED, 0, "Corrupt JPEG data: premature end of data segment"); break;
    case STOPPED_BY_READ_ERROR: cjsp_add_damage(out, CJDIAG_ERROR_IO, 1, "cannot read file"); break;
    default: cjsp_add_damage(out, CJDIAG_ERROR_TRUNCATED, 0, "Premature end of JPEG file"); break;
    }
}

CJS_HIDDEN int cjsp_report_damage(cjsp_decoder *d, const damage *item) {
    return item->fatal ? diagnostics_fail(&d->diagnostics, item->kind, "%s", item->message) : diagnostics_warn(&d->diagnostics, item->kind, item->message);
}

CJS_HIDDEN int cjsp_warn_insufficient(cjsp_decoder *d, int stop_reason) {
    mcu_damage found = {0};
    cjsp_insufficient_damage(&found, stop_reason);
    return cjsp_report_damage(d, &found.items[0]);
}
