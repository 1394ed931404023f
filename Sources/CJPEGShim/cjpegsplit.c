// Reduced-size baseline JPEG decoding with the scan's two halves entropy-decoded at once; see
// include/cjpegsplit.h for the contract. Names and messages follow libjpeg (jdhuff.c, jdcolor.c,
// jidctred.c) where they do the same job.
#include "cjpegsplit.h"
#include "cjpegshim.h"
#include "split/split_decoder.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

cjsp_decoder *cjsp_create(int strict) {
    cjsp_decoder *d = calloc(1, sizeof *d);
    if (d == NULL) return NULL;
    d->diagnostics.strict = strict;
    d->source.fd = -1;
    d->meeting_mcu = -1;
    d->known_checkpoints = -1;
    d->first_bad_code_after_checkpoints = -1;
    d->second_insufficient_at = -1;
    d->second_failure.local = -1;
    pthread_mutex_init(&d->lock, NULL);
    pthread_cond_init(&d->changed, NULL);
    return d;
}

void cjsp_destroy(cjsp_decoder *d) {
    if (d == NULL) return;
    if (d->thread_started) {
        atomic_store(&d->stop_second, 1);
        pthread_join(d->thread, NULL);
    }
    for (int c = 0; c < MAX_COMPONENTS; c++) {
        free(d->plans[c]);
        free(d->planes[c]);
    }
    free(d->zero_record);
    free(d->first_chunk);
    free(d->second_chunk);
    free(d->row_records);
    free(d->render_records);
    free(d->render_offsets);
    free(d->rgba_rows);
    free(d->second_records);
    free(d->checkpoints);
    pthread_mutex_destroy(&d->lock);
    pthread_cond_destroy(&d->changed);
    free(d);
}

void cjsp_set_budget(cjsp_decoder *d, const cj_budget *budget) { d->budget = *budget; }

void cjsp_set_source_memory(cjsp_decoder *d, const uint8_t *data, size_t size) {
    d->source.memory = data;
    d->source.size = (int64_t)size;
}

void cjsp_set_header(cjsp_decoder *d, const cjs_decoder *header) { d->header = header; }

int cjsp_set_source_descriptor(cjsp_decoder *d, int fd, int64_t size) {
    if (fd < 0) {
        d->diagnostics.error_parameter = EBADF;
        return diagnostics_fail(&d->diagnostics, CJDIAG_ERROR_IO, "cannot read file");
    }
    d->source.fd = fd;
    d->source.size = size > 0 ? size : 0;
    return 0;
}

int32_t cjsp_start(cjsp_decoder *d, int32_t scale_eighths, int32_t color_space, int32_t threads,
                   int64_t min_entropy_bytes, int64_t min_split_bytes, double split_fraction, int64_t max_memory_bytes, cjsp_output *output) {
    if (d->diagnostics.error_kind != CJDIAG_OK) return d->diagnostics.error_kind;
    if (scale_eighths != 1 && scale_eighths != 2 && scale_eighths != 4) return CJDIAG_FALLBACK;
    int markers = cjsp_read_markers(d);
    if (markers == -2) return d->diagnostics.error_kind;
    if (markers != 0) return CJDIAG_FALLBACK;
    const jpeg_front_end *f = &d->front;
    if (f->component_count == 3 ? color_space != CJS_COLOR_YCBCR : color_space != CJS_COLOR_GRAY) return CJDIAG_FALLBACK;
    int n = scale_eighths;
    d->total_mcus = (int64_t)f->mcus_x * f->mcus_y;
    d->output_width = (int)(((int64_t)f->width * n + 7) / 8);
    d->output_height = (int)(((int64_t)f->height * n + 7) / 8);
    d->mcu_width = f->max_h * n;
    d->row_width = f->mcus_x * d->mcu_width;
    d->row_height = f->max_v * n;
    // Per component: samples per block across and down.
    int nh[MAX_COMPONENTS], nv[MAX_COMPONENTS];
    int blocks = 0, offset = 0;
    for (int c = 0; c < f->component_count; c++) {
        const frame_component *comp = &f->components[c];
        if (f->max_h % comp->h != 0 || f->max_v % comp->v != 0) return CJDIAG_FALLBACK;
        nh[c] = n * (f->max_h / comp->h);
        nv[c] = n * (f->max_v / comp->v);
        if (nh[c] > 8 || nv[c] > 8) return CJDIAG_FALLBACK;
        if (!f->quant_defined[comp->quant_index] || f->quant_16bit[comp->quant_index]) return CJDIAG_FALLBACK;
        for (int by = 0; by < comp->v; by++) {
            for (int bx = 0; bx < comp->h; bx++) {
                if (blocks == MAX_BLOCKS_IN_MCU) return CJDIAG_FALLBACK;
                d->block_component[blocks] = c;
                d->block_x[blocks] = bx * nh[c];
                d->block_y[blocks] = by * nv[c];
                d->block_offset[blocks] = offset;
                offset += nh[c] * nv[c];
                blocks += 1;
            }
        }
    }
    d->blocks_in_mcu = blocks;
    d->record_length = offset + blocks;

    int64_t scan_offset = source_offset(&f->reader);
    int64_t entropy_bytes = d->source.size - scan_offset;
    if (entropy_bytes < min_entropy_bytes) return CJDIAG_FALLBACK;
    int split = threads >= 2 && entropy_bytes >= min_split_bytes && entropy_bytes >= 512 && f->mcus_y >= 2;
    int64_t record_bytes = (int64_t)d->record_length * 2;
    int64_t memory = (int64_t)f->mcus_x * (record_bytes + 2 * (int64_t)sizeof(void *)) + (int64_t)d->row_width * d->row_height * f->component_count +
                     (int64_t)d->output_width * d->row_height * 4 + (int64_t)sizeof(plan) * f->component_count +
                     (d->source.memory ? 0 : CHUNK_BYTES);
    int64_t split_memory = (d->total_mcus + CHECKPOINTS) * record_bytes + (int64_t)CHECKPOINTS * (int64_t)sizeof(checkpoint) +
                           (d->source.memory ? 0 : CHUNK_BYTES);
    if (split && memory + split_memory > max_memory_bytes) split = 0;
    if (memory > max_memory_bytes) {
        d->diagnostics.error_parameter64 = memory;
        return diagnostics_fail(&d->diagnostics, CJDIAG_ERROR_MEMORY, "Insufficient memory");
    }

    for (int c = 0; c < f->component_count; c++) {
        d->plans[c] = malloc(sizeof(plan));
        d->planes[c] = malloc((size_t)d->row_width * d->row_height);
        if (d->plans[c] == NULL || d->planes[c] == NULL) return diagnostics_fail(&d->diagnostics, CJDIAG_ERROR_MEMORY, "Insufficient memory");
        cjsp_make_plan(d->plans[c], f->quant[f->components[c].quant_index], nh[c], nv[c]);
    }
    d->zero_record = calloc((size_t)d->record_length, sizeof(int16_t));
    d->row_records = malloc((size_t)f->mcus_x * (size_t)record_bytes);
    d->rgba_rows = malloc((size_t)d->output_width * d->row_height * 4);
    d->render_records = malloc(sizeof(int16_t *) * (size_t)f->mcus_x);
    d->render_offsets = malloc(sizeof(int16_t *) * (size_t)f->mcus_x);
    if (d->zero_record == NULL || d->row_records == NULL || d->rgba_rows == NULL || d->render_records == NULL ||
        d->render_offsets == NULL) {
        return diagnostics_fail(&d->diagnostics, CJDIAG_ERROR_MEMORY, "Insufficient memory");
    }

    int64_t split_offset = -1;
    int second_restart_num = 0;
    if (split) {
        double fraction = split_fraction > 0.05 && split_fraction < 0.95 ? split_fraction : 0.5;
        split_offset = scan_offset + (int64_t)((double)entropy_bytes * fraction);
    }
    if (split && f->restart_interval) {
        // With restart intervals the split is exact: the second half starts just past the first RSTn
        // marker after the middle, with the predictors at zero. The first thread's buffer is idle yet.
        bit_reader probe;
        cjsp_start_reader(&probe, &d->source, d->first_chunk, split_offset, -1);
        int64_t skipped;
        int marker = cjsp_find_marker(&probe, &skipped);
        if (marker >= 0xD0 && marker <= 0xD7) {
            split_offset = d->second_start = probe.marker_end;
            second_restart_num = (marker - 0xD0 + 1) & 7;
        } else {
            split = 0;
        }
    } else if (split) {
        // The second thread must start on a data byte: not on the 00 of a stuffed FF 00.
        // The first thread's buffer is free until its reader starts below: read 64 bytes with it.
        bit_reader probe;
        cjsp_start_reader(&probe, &d->source, d->first_chunk, split_offset - 1, -1);
        probe.limit = split_offset + 64 < d->source.size ? split_offset + 64 : d->source.size;
        int previous = cjsp_next_source_byte(&probe);
        while (previous == 0xFF) {
            previous = cjsp_next_source_byte(&probe);
            split_offset += 1;
        }
        if (previous < 0 || split_offset >= d->source.size - 64) split = 0;
    }
    if (split) {
        d->second_capacity = d->total_mcus + CHECKPOINTS;
        // Pages are touched only as the second half fills them: about half of this is used.
        d->second_records = malloc((size_t)(d->second_capacity * record_bytes));
        d->checkpoints = f->restart_interval ? NULL : malloc(sizeof(checkpoint) * CHECKPOINTS);
        d->second_chunk = d->source.memory ? NULL : malloc(CHUNK_BYTES);
        if (d->second_records == NULL || (!f->restart_interval && d->checkpoints == NULL) || (!d->source.memory && !d->second_chunk)) {
            split = 0;
        }
    }
    d->first.restarts_to_go = d->second.restarts_to_go = f->restart_interval;
    d->second.next_restart_num = second_restart_num;
    // Without restart intervals the first thread learns the second's origin when its reader passes it.
    cjsp_start_reader(&d->first.reader, &d->source, d->first_chunk, scan_offset, split && !f->restart_interval ? split_offset : -1);
    if (split) {
        cjsp_start_reader(&d->second.reader, &d->source, d->second_chunk, split_offset, -1);
        if (pthread_create(&d->thread, NULL, cjsp_decode_second_half, d) == 0) {
            d->thread_started = 1;
            d->checking = 1;
        } else {
            split = 0;
            d->first.reader.split_offset = -1;
            d->first.reader.limit = d->source.size;
        }
    }
    output->width = d->output_width;
    output->height = d->output_height;
    output->split = split;
    return CJDIAG_OK;
}

static const int16_t no_offsets[MAX_COMPONENTS] = {0, 0, 0};

static int produce_row_second(cjsp_decoder *d, int row, int rows);

/// Reports the problems the first thread met in one MCU; -1 when that fails the decode.
static int report_first_damage(cjsp_decoder *d, const mcu_damage *found) {
    for (int i = 0; i < found->count; i++) {
        if (cjsp_report_damage(d, &found->items[i]) != 0) return -1;
    }
    return 0;
}

/// `produce_row_first` for files with restart intervals: the halves meet where the first thread
/// takes, as expected, the RSTn marker the second thread started after.
static int produce_row_first_with_restarts(cjsp_decoder *d, int row, int rows) {
    const int16_t **records = d->render_records;
    const int16_t **offsets = d->render_offsets;
    for (int x = 0; x < d->front.mcus_x; x++) {
        int64_t mcu = (int64_t)row * d->front.mcus_x + x;
        mcu_damage found;   // only the count is reset per MCU: zeroing the messages would cost more than the MCU
        found.count = 0;
        int64_t resumed = cjsp_restart_if_due(d, &d->first, &found);
        if (report_first_damage(d, &found) != 0) return -1;
        found.count = 0;
        if (d->checking && resumed >= 0 && resumed >= d->second_start) {
            d->checking = 0;
            if (resumed == d->second_start) {
                // Same place, same state: predictors at zero, the same RSTn expected next.
                d->synchronized = 1;
                d->meeting_mcu = mcu;
                d->meeting_local = 0;
                memset(d->dc_offsets, 0, sizeof d->dc_offsets);
                d->first_second_row = (int)((mcu + d->front.mcus_x - 1) / d->front.mcus_x);
                if (d->first_second_row == row) return produce_row_second(d, row, rows);
            } else {
                atomic_store(&d->stop_second, 1);
            }
        }
        int16_t *record = d->row_records + (size_t)x * d->record_length;
        records[x] = cjsp_decode_mcu_in_interval(d, &d->first, record, &found);
        offsets[x] = no_offsets;
        if (report_first_damage(d, &found) != 0) return -1;
    }
    cjsp_render_mcu_row(d, records, offsets, rows);
    return 0;
}

/// Decodes MCU row `row` on this thread (handing over at a meeting) and renders it; -1 on error.
static int produce_row_first(cjsp_decoder *d, int row, int rows) {
    if (d->front.restart_interval) return produce_row_first_with_restarts(d, row, rows);
    const int16_t **records = d->render_records;
    const int16_t **offsets = d->render_offsets;
    for (int x = 0; x < d->front.mcus_x; x++) {
        int64_t mcu = (int64_t)row * d->front.mcus_x + x;
        if (d->checking) {
            cjsp_look_for_meeting(d, mcu);
            // Met at the start of this row: the second thread has all of it.
            if (d->synchronized && d->first_second_row == row) return produce_row_second(d, row, rows);
        }
        int16_t *record = d->row_records + (size_t)x * d->record_length;
        offsets[x] = no_offsets;
        if (d->first_insufficient) {
            records[x] = d->zero_record;
            continue;
        }
        decode_mcu(d, &d->first, record);
        records[x] = record;
        if (d->first.bad_code) {
            d->first.bad_code = 0;
            if (diagnostics_warn(&d->diagnostics, CJDIAG_ERROR_MALFORMED, cjsp_bad_huffman_code) != 0) return -1;
        }
        if (used_fake_bits(&d->first.reader)) {
            d->first_insufficient = 1;
            if (cjsp_warn_insufficient(d, d->first.reader.stop) != 0) return -1;
        }
    }
    cjsp_render_mcu_row(d, records, offsets, rows);
    return 0;
}

/// Renders MCU row `row` from the second thread's records, moved by the DC offsets; -1 on error.
static int produce_row_second(cjsp_decoder *d, int row, int rows) {
    const int16_t **records = d->render_records;
    const int16_t **offsets = d->render_offsets;
    int64_t shift = d->meeting_local - d->meeting_mcu;
    int last_row = row == d->front.mcus_y - 1;
    // The last row waits for the second thread to finish, so that its damage reports are final.
    int64_t decoded = cjsp_wait_for_second(d, last_row ? INT64_MAX : (int64_t)(row + 1) * d->front.mcus_x + shift);
    for (int x = 0; x < d->front.mcus_x; x++) {
        int64_t local = (int64_t)row * d->front.mcus_x + x + shift;
        if (local < decoded) {
            records[x] = d->second_records + local * d->record_length;
            offsets[x] = d->dc_offsets;
        } else if (d->second_failure.local >= 0 && local >= d->second_failure.local) {
            // It stopped at a failure: report what the first thread would have met up to there.
            if (cjsp_replay_second_damage(d, d->meeting_local, local + 1) != 0) return -1;
            return diagnostics_fail(&d->diagnostics, CJDIAG_ERROR_MALFORMED, "Corrupt JPEG data: the second half ended early");
        } else if (d->second_insufficient_at >= 0 && local > d->second_insufficient_at) {
            // The second thread has finished (it published fewer MCUs than were asked for).
            records[x] = d->zero_record;
            offsets[x] = no_offsets;
        } else {
            return diagnostics_fail(&d->diagnostics, CJDIAG_ERROR_MALFORMED, "Corrupt JPEG data: the second half ended early");
        }
    }
    if (last_row && d->front.restart_interval) {
        // Its problems count up to the image's last MCU: after it, it decoded what follows the data.
        if (cjsp_replay_second_damage(d, 0, d->total_mcus + shift) != 0) return -1;
    } else if (last_row) {
        // Damage counts only between the meeting and the image's last MCU: before, the second
        // thread was not yet in step; after, it decoded what follows the image's data.
        int64_t end_local = d->total_mcus + shift;
        int bad = d->first_bad_code_after_checkpoints >= 0 && d->first_bad_code_after_checkpoints < end_local;
        for (int64_t local = d->meeting_local; local < end_local && local < CHECKPOINTS; local++) {
            bad |= d->bad_codes_in_checkpoints[local];
        }
        if (bad && diagnostics_warn(&d->diagnostics, CJDIAG_ERROR_MALFORMED, cjsp_bad_huffman_code) != 0) return -1;
        if (d->second_insufficient_at >= d->meeting_local && d->second_insufficient_at < end_local &&
            cjsp_warn_insufficient(d, d->second_stop_reason) != 0) return -1;
    }
    cjsp_render_mcu_row(d, records, offsets, rows);
    return 0;
}

int32_t cjsp_read_rows(cjsp_decoder *d, uint8_t *buffer, size_t stride, int32_t max_rows) {
    if (d->diagnostics.error_kind != CJDIAG_OK) return -1;
    int32_t written = 0;
    while (written < max_rows && d->output_row < d->output_height) {
        if (d->next_buffered_row == d->rows_in_buffer) {
            int row = d->next_mcu_row;
            int rows = d->output_height - row * d->row_height;
            if (rows > d->row_height) rows = d->row_height;
            // The caller's thread polls; the second thread stops when the decoder is destroyed.
            if (d->budget.interrupt != NULL) {
                int32_t reason = d->budget.interrupt(d->budget.context);
                if (reason != CJ_CONTINUE) {
                    d->diagnostics.error_parameter = reason;
                    return diagnostics_fail(&d->diagnostics, CJDIAG_ERROR_INTERRUPTED, "interrupted");
                }
            }
            int from_second = d->synchronized && row >= d->first_second_row;
            if ((from_second ? produce_row_second(d, row, rows) : produce_row_first(d, row, rows)) != 0) return -1;
            d->next_mcu_row += 1;
            d->rows_in_buffer = rows;
            d->next_buffered_row = 0;
        }
        memcpy(buffer + (size_t)written * stride, d->rgba_rows + (size_t)d->next_buffered_row * d->output_width * 4,
               (size_t)d->output_width * 4);
        d->next_buffered_row += 1;
        d->output_row += 1;
        written += 1;
    }
    if (d->output_row == d->output_height && d->thread_started) {
        atomic_store(&d->stop_second, 1);
    }
    return written;
}

cjsp_split_report_t cjsp_split_report(const cjsp_decoder *d) {
    cjsp_split_report_t report;
    report.synchronized = d->synchronized;
    report.meeting_mcu = d->synchronized ? d->meeting_mcu : -1;
    report.mcus_before_meeting = d->synchronized ? d->meeting_local : -1;
    report.total_mcus = d->total_mcus;
    return report;
}

const decoder_diagnostics *cjsp_diagnostics(const cjsp_decoder *d) { return &d->diagnostics; }
