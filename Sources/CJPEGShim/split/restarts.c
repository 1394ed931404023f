// Restart intervals: RSTn markers between intervals, predictors reset at each.
// Part of the split decoder; see include/cjpegsplit.h for the contract.
#include "split_decoder.h"

#include <stdio.h>
#include <string.h>

static damage *add_damage(mcu_damage *out, int32_t kind, int fatal) {
    damage *item = &out->items[out->count++];
    item->kind = kind;
    item->fatal = fatal;
    return item;
}

CJSP_HIDDEN int64_t cjsp_restart_if_due(cjsp_decoder *d, worker *w, mcu_damage *out) {
    if (w->restarts_to_go != 0) return -1;
    bit_reader *b = &w->reader;
    int64_t extraneous;
    int marker = cjsp_find_marker(b, &extraneous);
    int64_t resumed = -1;
    if (marker == 0xD0 + w->next_restart_num) {
        if (extraneous > 0) {
            damage *item = add_damage(out, CJSP_ERROR_MALFORMED, 0);
            snprintf(item->message, sizeof item->message, "Corrupt JPEG data: %lld extraneous bytes before marker 0x%02x",
                     (long long)extraneous, marker);
        }
        cjsp_resume_after_marker(b);
        resumed = b->marker_end;
        w->insufficient = 0;
    } else if (marker < 0 || marker == 0xD9) {
        // The data ended: like data that ends inside an interval, the rest of the image is mid-gray.
        cjsp_stay_at_marker(b);
        if (!w->insufficient) cjsp_insufficient_damage(out, b->stop);
        w->insufficient = 1;
    } else {
        damage *item = add_damage(out, CJSP_ERROR_MALFORMED, 1);
        snprintf(item->message, sizeof item->message, "Corrupt JPEG data: found marker 0x%02x instead of RST%d", marker,
                 w->next_restart_num);
        cjsp_stay_at_marker(b);
        w->insufficient = 1;
    }
    w->next_restart_num = (w->next_restart_num + 1) & 7;
    w->restarts_to_go = d->front.restart_interval;
    memset(w->predictors, 0, sizeof w->predictors);
    return resumed;
}

CJSP_HIDDEN const int16_t *cjsp_decode_mcu_in_interval(cjsp_decoder *d, worker *w, int16_t *record, mcu_damage *out) {
    w->restarts_to_go -= 1;
    if (w->insufficient) return d->zero_record;
    decode_mcu(d, w, record);
    if (w->bad_code) {
        w->bad_code = 0;
        damage *item = add_damage(out, CJSP_ERROR_MALFORMED, 0);
        snprintf(item->message, sizeof item->message, "%s", cjsp_bad_huffman_code);
    }
    if (used_fake_bits(&w->reader)) {
        w->insufficient = 1;
        cjsp_insufficient_damage(out, w->reader.stop);
    }
    return record;
}
