// Failures and warnings, worded as libjpeg words them.
// Part of the split decoder; see include/cjpegsplit.h for the contract.
#include "split_decoder.h"

#include <stdio.h>

CJSP_HIDDEN const char cjsp_bad_huffman_code[] = "Corrupt JPEG data: bad Huffman code";

CJSP_HIDDEN void cjsp_insufficient_damage(mcu_damage *out, int stop_reason) {
    damage *item = &out->items[out->count++];
    item->fatal = 0;
    const char *message;
    switch (stop_reason) {
    case STOPPED_AT_MARKER:
        item->kind = CJSP_ERROR_MALFORMED;
        message = "Corrupt JPEG data: premature end of data segment";
        break;
    case STOPPED_BY_READ_ERROR:
        item->kind = CJSP_ERROR_IO;
        item->fatal = 1;
        message = "cannot read file";
        break;
    default:
        item->kind = CJSP_ERROR_TRUNCATED;
        message = "Premature end of JPEG file";
        break;
    }
    snprintf(item->message, sizeof item->message, "%s", message);
}

CJSP_HIDDEN int cjsp_report_damage(cjsp_decoder *d, const damage *item) {
    return item->fatal ? cjsp_fail(d, item->kind, "%s", item->message) : cjsp_warn(d, item->kind, item->message);
}

CJSP_HIDDEN int cjsp_warn_insufficient(cjsp_decoder *d, int stop_reason) {
    mcu_damage found = {0};
    cjsp_insufficient_damage(&found, stop_reason);
    return cjsp_report_damage(d, &found.items[0]);
}
