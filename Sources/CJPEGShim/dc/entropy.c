// Entropy decoding of DC scans (jdphuff.c `decode_mcu_DC_first` / `decode_mcu_DC_refine`), with
// restart markers (`process_restart`). Part of the DC-scan decoder; see include/cjpegdc.h for the contract.
#include "dc_decoder.h"

#include <string.h>

/// The marker the data stopped at, or -1 for the end of input.
static int stop_marker(const bit_reader *b) {
    return b->stop == STOPPED_AT_MARKER ? b->marker : -1;
}

/// The end of input or an EOI is truncation; any other marker is corrupt data. Both are warnings in
/// lenient mode (returns 1; the rest of the image stays as decoded so far), as libjpeg makes them
/// (JWRN_HIT_MARKER), so that fast and exact decodes of the same damage agree; errors when strict.
CJS_HIDDEN int cjdc_data_ended(cjdc_decoder *d, int marker) {
    if (marker < 0 && d->front.reader.read_errno != 0) return front_end_end_of_input(&d->front);
    d->truncated = 1;
    if (marker < 0 || marker == 0xD9) return diagnostics_warn(&d->diagnostics, CJDIAG_ERROR_TRUNCATED, "Premature end of JPEG file") == 0 ? 1 : -1;
    return diagnostics_warn(&d->diagnostics, CJDIAG_ERROR_MALFORMED, "Corrupt JPEG data: premature end of data segment") == 0 ? 1 : -1;
}

/// Between MCUs at a restart boundary: realign to a byte, expect RSTn, reset the predictors.
/// 0, 1 when the data ended there, or -1.
static int process_restart(cjdc_decoder *d) {
    char problem[DIAGNOSTIC_MESSAGE_BYTES];
    switch (front_end_take_restart(&d->front.reader, &d->next_restart, problem)) {
    case RESTART_DATA_ENDED: return cjdc_data_ended(d, stop_marker(&d->front.reader));
    case RESTART_WRONG_MARKER: return diagnostics_fail(&d->diagnostics, CJDIAG_ERROR_MALFORMED, "%s", problem);
    }
    if (problem[0] && diagnostics_warn(&d->diagnostics, CJDIAG_ERROR_MALFORMED, problem) != 0) return -1;
    d->restarts_to_go = d->front.restart_interval;
    for (int i = 0; i < d->front.scan_count; i++) d->components[d->front.scan_components[i]].predictor = 0;
    return 0;
}

/// One block of a DC scan. 0, 1 when the data stopped inside a code, or -1.
static inline int decode_block(cjdc_decoder *d, int kind, int component, int16_t *block) {
    bit_reader *b = &d->front.reader;
    dc_component *c = &d->components[component];
    int al = d->front.al;
    if (kind == SCAN_DC_REFINE) {
        if (b->count < 1) fill(b);
        if ((b->bits >> (b->count - 1)) & 1) *block = (int16_t)(uint16_t)((uint16_t)*block | (1u << al));
        b->count -= 1;
        return 0;
    }
    const huff_table *table = &d->front.dc_tables[d->front.components[component].dc_table];
    if (b->count < 16) fill(b);
    int bits;
    unsigned entry = table->lookup[(b->bits >> (b->count - LOOKAHEAD)) & ((1u << LOOKAHEAD) - 1)];
    if (entry != 0) {
        b->count -= (int)(entry >> 8);
        bits = entry & 0xFF;
    } else {
        int bad = 0;
        bits = cjsp_decode_long_symbol(table, b->bits, &b->count, &bad);
        if (bad && b->stop != RUNNING) return cjdc_data_ended(d, stop_marker(b));
        if (bad) return diagnostics_fail(&d->diagnostics, CJDIAG_ERROR_MALFORMED, "Corrupt JPEG data: bad Huffman code");
    }
    int32_t difference = 0;
    if (bits > 0) {
        if (b->count < bits) fill(b);
        difference = extend((int)((b->bits >> (b->count - bits)) & ((1u << bits) - 1)), bits);
        b->count -= bits;
    }
    // Unsigned arithmetic: corrupt data may push the predictor anywhere without undefined behaviour.
    c->predictor = (int32_t)((uint32_t)c->predictor + (uint32_t)difference);
    *block = (int16_t)(uint16_t)((uint32_t)c->predictor << al);
    return 0;
}

CJS_HIDDEN int cjdc_decode_mcu_row(cjdc_decoder *d, int kind, int row) {
    const jpeg_front_end *f = &d->front;
    int interleaved = f->scan_count > 1;
    int mcus = interleaved ? f->mcus_x : f->components[f->scan_components[0]].width_in_blocks;
    for (int mx = 0; mx < mcus; mx++) {
        if (f->restart_interval) {
            if (d->restarts_to_go == 0) {
                int status = process_restart(d);
                if (status != 0) return status;
            }
            d->restarts_to_go -= 1;
        }
        int16_t *blocks[MAX_BLOCKS_IN_MCU];
        int count = 0;
        for (int i = 0; i < f->scan_count; i++) {
            int ci = f->scan_components[i];
            dc_component *c = &d->components[ci];
            int h = interleaved ? f->components[ci].h : 1, v = interleaved ? f->components[ci].v : 1;
            for (int by = 0; by < v; by++) {
                int16_t *line = c->dc + (size_t)(row * v + by - c->row_origin) * c->stride;
                for (int bx = 0; bx < h; bx++) {
                    int16_t *block = line + (size_t)mx * (size_t)h + (size_t)bx;
                    int status = decode_block(d, kind, ci, block);
                    if (status < 0) return -1;
                    if (status > 0) {
                        if (kind == SCAN_DC_FIRST) *block = 0;
                        for (int j = 0; kind == SCAN_DC_FIRST && j < count; j++) *blocks[j] = 0;
                        return 1;
                    }
                    blocks[count++] = block;
                }
            }
        }
        if (used_fake_bits(&f->reader)) {
            for (int j = 0; kind == SCAN_DC_FIRST && j < count; j++) *blocks[j] = 0;
            return cjdc_data_ended(d, stop_marker(&f->reader));
        }
    }
    return 0;
}
