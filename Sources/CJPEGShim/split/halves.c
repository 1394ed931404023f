// The two halves: the second thread's decoding, and how the first thread meets it.
// Part of the split decoder; see include/cjpegsplit.h for the contract.
#include "split_decoder.h"

#include <string.h>

static void publish(cjsp_decoder *d, int64_t decoded, int done) {
    pthread_mutex_lock(&d->lock);
    atomic_store_explicit(&d->second_decoded, decoded, memory_order_release);
    if (done) d->second_done = 1;
    pthread_cond_broadcast(&d->changed);
    pthread_mutex_unlock(&d->lock);
}

static void publish_checkpoints(cjsp_decoder *d, int64_t count) {
    pthread_mutex_lock(&d->lock);
    d->checkpoint_count = count;
    d->checkpoints_ready = 1;
    pthread_cond_broadcast(&d->changed);
    pthread_mutex_unlock(&d->lock);
}

/// With restart intervals: decodes from just past the RSTn marker at `second_start`, where an MCU
/// starts with the predictors at zero, until the data ends for good, a failure, the records are
/// full or it is told to stop. Each MCU's problems are logged for the first thread.
static void *decode_second_half_with_restarts(cjsp_decoder *d) {
    worker *w = &d->second;
    int64_t local = 0;
    while (local < d->second_capacity) {
        if ((local % PUBLISH_EVERY) == 0) {
            if (atomic_load_explicit(&d->stop_second, memory_order_relaxed)) break;
            if (local > 0) publish(d, local, 0);
        }
        mcu_damage found;
        found.count = 0;
        int16_t *slot = d->second_records + local * d->record_length;
        cjsp_restart_if_due(d, w, &found);
        const int16_t *record = found.count > 0 && found.items[found.count - 1].fatal ? NULL
                                                                                    : cjsp_decode_mcu_in_interval(d, w, slot, &found);
        if (found.count > 0) cjsp_log_second_damage(d, local, &found);
        if (record == NULL || d->second_failure.local >= 0) break;
        if (record != slot) memset(slot, 0, (size_t)d->record_length * sizeof(int16_t));
        local += 1;
        // Past the end of the data, or at EOI, nothing more can follow: every later MCU is mid-gray.
        bit_reader *r = &w->reader;
        if (w->insufficient && (r->stop == STOPPED_AT_END || (r->stop == STOPPED_AT_MARKER && r->marker == 0xD9))) {
            d->second_insufficient_at = local - 1;
            break;
        }
    }
    publish(d, local, 1);
    return NULL;
}

/// Decodes from the split offset to the end of the data as if an MCU started there, recording the
/// first CHECKPOINTS MCU starts, until the data ends, the records are full or it is told to stop.
CJS_HIDDEN void *cjsp_decode_second_half(void *argument) {
    cjsp_decoder *d = argument;
    if (d->front.restart_interval) return decode_second_half_with_restarts(d);
    worker *w = &d->second;
    int64_t local = 0;
    int published_checkpoints = 0;
    while (local < d->second_capacity) {
        if ((local % PUBLISH_EVERY) == 0) {
            if (atomic_load_explicit(&d->stop_second, memory_order_relaxed)) break;
            if (local > 0) publish(d, local, 0);
        }
        if (!published_checkpoints) {
            int64_t position = bit_position(&w->reader);
            if (local < CHECKPOINTS && position >= 0) {
                d->checkpoints[local].position = position;
                memcpy(d->checkpoints[local].predictors, w->predictors, sizeof w->predictors);
            } else {
                // Enough starts recorded, or the data ends: let the first thread look.
                publish_checkpoints(d, local);
                published_checkpoints = 1;
            }
        }
        decode_mcu(d, w, d->second_records + local * d->record_length);
        if (w->bad_code) {
            if (local < CHECKPOINTS) d->bad_codes_in_checkpoints[local] = 1;
            else if (d->first_bad_code_after_checkpoints < 0) d->first_bad_code_after_checkpoints = local;
            w->bad_code = 0;
        }
        if (used_fake_bits(&w->reader)) {
            d->second_insufficient_at = local;
            d->second_stop_reason = w->reader.stop;
            local += 1;
            break;
        }
        local += 1;
    }
    if (!published_checkpoints) publish_checkpoints(d, local < CHECKPOINTS ? local : CHECKPOINTS);
    publish(d, local, 1);
    return NULL;
}

/// Waits until the checkpoints are published; returns their count.
static int64_t wait_for_checkpoints(cjsp_decoder *d) {
    pthread_mutex_lock(&d->lock);
    while (!d->checkpoints_ready) pthread_cond_wait(&d->changed, &d->lock);
    int64_t count = d->checkpoint_count;
    pthread_mutex_unlock(&d->lock);
    return count;
}

CJS_HIDDEN void cjsp_look_for_meeting(cjsp_decoder *d, int64_t mcu) {
    bit_reader *r = &d->first.reader;
    if (r->data_bytes_before_split < 0) return;
    int64_t position = bit_position(r);
    if (position < 0) {
        d->checking = 0;
        atomic_store(&d->stop_second, 1);
        return;
    }
    position -= r->data_bytes_before_split * 8;
    if (position < 0) return;
    if (d->known_checkpoints < 0) d->known_checkpoints = wait_for_checkpoints(d);
    int64_t count = d->known_checkpoints;
    while (d->checkpoint_index < count && d->checkpoints[d->checkpoint_index].position < position) d->checkpoint_index += 1;
    if (d->checkpoint_index == count) {
        // Passed every recorded start without meeting: decode the rest alone.
        d->checking = 0;
        atomic_store(&d->stop_second, 1);
        return;
    }
    const checkpoint *cp = &d->checkpoints[d->checkpoint_index];
    if (cp->position != position) return;
    d->checking = 0;
    d->synchronized = 1;
    d->meeting_mcu = mcu;
    d->meeting_local = d->checkpoint_index;
    for (int c = 0; c < d->front.component_count; c++) d->dc_offsets[c] = (int16_t)(d->first.predictors[c] - cp->predictors[c]);
    d->first_second_row = (int)((mcu + d->front.mcus_x - 1) / d->front.mcus_x);
}

CJS_HIDDEN int64_t cjsp_wait_for_second(cjsp_decoder *d, int64_t needed) {
    int64_t decoded = atomic_load_explicit(&d->second_decoded, memory_order_acquire);
    if (decoded >= needed) return decoded;
    pthread_mutex_lock(&d->lock);
    while (!d->second_done && atomic_load_explicit(&d->second_decoded, memory_order_relaxed) < needed) {
        pthread_cond_wait(&d->changed, &d->lock);
    }
    decoded = atomic_load_explicit(&d->second_decoded, memory_order_relaxed);
    pthread_mutex_unlock(&d->lock);
    return decoded;
}

