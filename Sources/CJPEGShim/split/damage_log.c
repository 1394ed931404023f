// The second thread's problems, kept until the first thread reaches the MCUs they belong to.
// Part of the split decoder; see include/cjpegsplit.h for the contract.
#include "split_decoder.h"

#include <string.h>

CJS_HIDDEN void cjsp_log_second_damage(cjsp_decoder *d, int64_t local, const mcu_damage *damage_of_mcu) {
    for (int i = 0; i < damage_of_mcu->count; i++) {
        const damage *item = &damage_of_mcu->items[i];
        if (item->fatal) {
            d->second_failure.local = local;
            d->second_failure.item = *item;
            continue;
        }
        // Only a message's first MCU matters: the first thread keeps each message once.
        int known = 0;
        for (int j = 0; j < d->second_damage_count && !known; j++) {
            known = strcmp(d->second_damage[j].item.message, item->message) == 0;
        }
        if (known || d->second_damage_count == SECOND_DAMAGE_LOG) continue;
        d->second_damage[d->second_damage_count].local = local;
        d->second_damage[d->second_damage_count].item = *item;
        d->second_damage_count += 1;
    }
}

CJS_HIDDEN int cjsp_replay_second_damage(cjsp_decoder *d, int64_t from, int64_t to) {
    for (int j = 0; j < d->second_damage_count; j++) {
        const logged_damage *logged = &d->second_damage[j];
        if (logged->local < from || logged->local >= to) continue;
        if (d->second_failure.local >= 0 && logged->local > d->second_failure.local) break;
        if (cjsp_report_damage(d, &logged->item) != 0) return -1;
    }
    if (d->second_failure.local >= from && d->second_failure.local < to) return cjsp_report_damage(d, &d->second_failure.item);
    return 0;
}
