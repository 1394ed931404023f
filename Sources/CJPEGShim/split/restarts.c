// Restart intervals: RSTn markers between intervals, predictors reset at each.
// Part of the split decoder; see include/cjpegsplit.h for the contract.
#include "split_decoder.h"

#include <string.h>

CJS_HIDDEN int64_t cjsp_restart_if_due(cjsp_decoder *d, worker *w, mcu_damage *out) {
    if (w->restarts_to_go != 0) return -1;
    w->restarts_to_go = d->front.restart_interval;
    memset(w->predictors, 0, sizeof w->predictors);
    char problem[DIAGNOSTIC_MESSAGE_BYTES];
    switch (front_end_take_restart(&w->reader, &w->next_restart_num, problem)) {
    case RESTART_TAKEN:
        if (problem[0]) cjsp_add_damage(out, CJDIAG_ERROR_MALFORMED, 0, problem);
        w->insufficient = 0;
        return w->reader.marker_end;
    case RESTART_DATA_ENDED:
        // The data ended: like data that ends inside an interval, the rest of the image is mid-gray.
        if (!w->insufficient) cjsp_insufficient_damage(out, w->reader.stop);
        w->insufficient = 1;
        return -1;
    default:
        cjsp_add_damage(out, CJDIAG_ERROR_MALFORMED, 1, problem);
        w->insufficient = 1;
        return -1;
    }
}

CJS_HIDDEN const int16_t *cjsp_decode_mcu_in_interval(cjsp_decoder *d, worker *w, int16_t *record, mcu_damage *out) {
    w->restarts_to_go -= 1;
    if (w->insufficient) return d->zero_record;
    decode_mcu(d, w, record);
    if (w->bad_code) {
        w->bad_code = 0;
        cjsp_add_damage(out, CJDIAG_ERROR_MALFORMED, 0, cjsp_bad_huffman_code);
    }
    if (used_fake_bits(&w->reader)) {
        w->insufficient = 1;
        cjsp_insufficient_damage(out, w->reader.stop);
    }
    return record;
}
