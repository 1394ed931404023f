// The split decoder's state, shared by its files.
// Part of the split decoder; see include/cjpegsplit.h for the contract.
#pragma once

#include "../include/cjpegsplit.h"
#include "block_decoding.h"
#include "../front_end/markers.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

enum {
    /// MCU starts the second thread records for the first thread to meet.
    CHECKPOINTS = 1024,
    /// The second thread publishes its progress every this many MCUs.
    PUBLISH_EVERY = 64,
};

/// One thread's entropy decoding: its reader, DC predictors and damage flags.
typedef struct {
    bit_reader reader;
    int16_t predictors[MAX_COMPONENTS];
    int bad_code;
    /// Files with restart intervals: MCUs left before the next restart marker, the RSTn expected
    /// there, and whether this interval's data ended early (its remaining MCUs are mid-gray).
    unsigned restarts_to_go;
    int next_restart_num;
    int insufficient;
} worker;

/// A problem met while decoding: a warning, or a failure when `fatal`, as the first thread would report it.
typedef struct {
    int32_t kind;
    int fatal;
    char message[DIAGNOSTIC_MESSAGE_BYTES];
} damage;

/// The problems met in one MCU (and the restart before it), in order.
typedef struct {
    int count;
    damage items[4];
} mcu_damage;

/// A problem the second thread met at one of its MCUs.
typedef struct {
    int64_t local;
    damage item;
} logged_damage;

enum {
    /// Distinct problems the second thread keeps: enough for the first thread to keep as many
    /// warnings as it would on its own, whichever of them it met itself.
    SECOND_DAMAGE_LOG = 2 * DIAGNOSTIC_MAX_WARNINGS,
};

/// An MCU start the second thread reached: its position (data bits from its origin) and predictors.
typedef struct {
    int64_t position;
    int16_t predictors[MAX_COMPONENTS];
} checkpoint;

struct cjsp_decoder {
    source_t source;
    /// libjpeg's header to start from (`cjsp_set_header`; borrowed, used by `cjsp_start` only), or NULL.
    const cjs_decoder *header;
    /// Markers and interruption (cjsp_set_budget); zeroed: no limits.
    cj_budget budget;
    /// The frame, tables and scan header as the front end read them; its reader stopped at the scan's data.
    jpeg_front_end front;
    int64_t total_mcus;
    // Output geometry: an MCU row is `row_width` × `row_height` samples per component.
    int output_width, output_height, row_width, row_height, mcu_width;
    int blocks_in_mcu;
    int block_component[MAX_BLOCKS_IN_MCU], block_x[MAX_BLOCKS_IN_MCU], block_y[MAX_BLOCKS_IN_MCU];
    int block_offset[MAX_BLOCKS_IN_MCU];
    /// int16 values per MCU record: every block's samples, then every block's DC.
    int record_length;
    plan *plans[MAX_COMPONENTS];
    int16_t *zero_record;
    // The first thread (the caller's).
    worker first;
    uint8_t *first_chunk;
    int16_t *row_records;
    /// Per MCU of the row being rendered: its record and its DC offsets.
    const int16_t **render_records;
    const int16_t **render_offsets;
    uint8_t *planes[MAX_COMPONENTS];
    uint8_t *rgba_rows;
    int next_mcu_row, rows_in_buffer, next_buffered_row, output_row;
    int first_insufficient;
    // The split.
    pthread_t thread;
    int thread_started;
    /// Keeps the second thread's worker, written at every block, off the cache lines of the first
    /// thread's fields above (one of which it reads at every MCU): whatever the fields before it.
    char keep_apart[64];
    worker second;
    uint8_t *second_chunk;
    int16_t *second_records;
    int64_t second_capacity;
    checkpoint *checkpoints;
    pthread_mutex_t lock;
    pthread_cond_t changed;
    // Guarded by `lock` (the counters are also read without it, atomically, on the fast path).
    int checkpoints_ready;
    int64_t checkpoint_count;
    _Atomic int64_t second_decoded;
    int second_done;
    _Atomic int stop_second;
    // Written by the second thread before `second_done`.
    int64_t second_insufficient_at;
    int second_stop_reason;
    /// Which of the first CHECKPOINTS MCUs had a bad Huffman code, and the first one after them
    /// that had one (-1: none): the meeting is among the first, so this tells exactly whether any
    /// MCU between the meeting and the image's end had one.
    uint8_t bad_codes_in_checkpoints[CHECKPOINTS];
    int64_t first_bad_code_after_checkpoints;
    /// Files with restart intervals: where the second thread starts (just past an RSTn marker), and
    /// its problems: the first of each distinct message, and the failure that stopped it (-1: none).
    int64_t second_start;
    logged_damage second_damage[SECOND_DAMAGE_LOG];
    int second_damage_count;
    logged_damage second_failure;
    // The first thread's view of the meeting.
    int checking;
    int64_t known_checkpoints;
    int64_t checkpoint_index;
    int synchronized;
    int64_t meeting_mcu, meeting_local;
    int16_t dc_offsets[MAX_COMPONENTS];
    int first_second_row;
    // Errors and warnings.
    decoder_diagnostics diagnostics;
};

/// The warning for data that ended inside the scan, by how it ended.
CJS_HIDDEN int cjsp_warn_insufficient(cjsp_decoder *d, int stop_reason);
/// libjpeg's message for a bad Huffman code.
CJS_HIDDEN extern const char cjsp_bad_huffman_code[];

/// Reads the markers up to the scan; -1 for anything this decoder leaves to libjpeg, -2 when the
/// budget stopped it (recorded in `diagnostics`).
CJS_HIDDEN int cjsp_read_markers(cjsp_decoder *d);
/// Turns the MCU records of one MCU row into RGBA rows in `rgba_rows`. `records[x]` is MCU x's
/// record, whose DC values are moved by `offsets[x]` (per component, modulo 2¹⁶ like libjpeg's DC).
CJS_HIDDEN void cjsp_render_mcu_row(cjsp_decoder *d, const int16_t *const *records, const int16_t *const *offsets, int rows);
/// The second thread's body (pthread start routine).
CJS_HIDDEN void *cjsp_decode_second_half(void *argument);
/// At the first thread's MCU start `mcu`: whether the second thread's MCU starts include this one.
CJS_HIDDEN void cjsp_look_for_meeting(cjsp_decoder *d, int64_t mcu);
/// Waits until the second thread decoded `needed` MCUs or finished; returns how many it decoded.
CJS_HIDDEN int64_t cjsp_wait_for_second(cjsp_decoder *d, int64_t needed);

/// Adds a problem to the MCU's list: a warning, or a failure when `fatal`.
CJS_HIDDEN void cjsp_add_damage(mcu_damage *out, int32_t kind, int fatal, const char *message);
/// The damage for a reader that stopped at `stop_reason` before the data it needed (libjpeg's words).
CJS_HIDDEN void cjsp_insufficient_damage(mcu_damage *out, int stop_reason);
/// At a restart boundary when one is due: takes the expected RSTn (`front_end_take_restart`, shared
/// with the DC-scan decoder), resets the predictors. The data ending there leaves the rest mid-gray;
/// another marker is a failure. Returns the source offset decoding resumed at after the RSTn, or -1.
CJS_HIDDEN int64_t cjsp_restart_if_due(cjsp_decoder *d, worker *w, mcu_damage *out);
/// One MCU of a file with restart intervals, after `cjsp_restart_if_due`: decoded into `record`, or
/// the zero record once this interval's data ended. Returns the record to render.
CJS_HIDDEN const int16_t *cjsp_decode_mcu_in_interval(cjsp_decoder *d, worker *w, int16_t *record, mcu_damage *out);
/// Keeps the problems of the second thread's MCU `local` (its failure, and each message's first MCU).
CJS_HIDDEN void cjsp_log_second_damage(cjsp_decoder *d, int64_t local, const mcu_damage *damage_of_mcu);
/// Reports `item` through the diagnostics: a failure when fatal, else a warning; -1 when that fails the decode.
CJS_HIDDEN int cjsp_report_damage(cjsp_decoder *d, const damage *item);
/// Reports the second thread's logged problems at its MCUs [from, to) as the first thread would have,
/// then its failure if that falls in the range; -1 when that fails the decode.
CJS_HIDDEN int cjsp_replay_second_damage(cjsp_decoder *d, int64_t from, int64_t to);

/// Decodes one MCU into `record`; sets `w->bad_code` on a bad Huffman code.
static ALWAYS_INLINE void decode_mcu(cjsp_decoder *d, worker *w, int16_t *record) {
    int16_t *dc = record + d->record_length - d->blocks_in_mcu;
    for (int block = 0; block < d->blocks_in_mcu; block++) {
        int c = d->block_component[block];
        const frame_component *comp = &d->front.components[c];
        const plan *p = d->plans[c];
        p->decode(&w->reader, &d->front.dc_tables[comp->dc_table], &d->front.ac_tables[comp->ac_table], &w->predictors[c], p,
                  record + d->block_offset[block], dc + block, &w->bad_code);
    }
}

