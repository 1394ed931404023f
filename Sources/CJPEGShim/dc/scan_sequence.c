// The order of scans in a progressive file: which DC scans to decode, which scans to skip, and
// when to stop. Part of the DC-scan decoder; see include/cjpegdc.h for the contract.
#include "dc_decoder.h"

#include <string.h>

/// The scan kind of the last scan header, after libjpeg's checks of a progressive scan's parameters
/// (jdinput.c `initial_setup`'s part for progressive frames); -1 for a scan libjpeg refuses.
static int scan_kind(cjdc_decoder *d) {
    jpeg_front_end *f = &d->front;
    int bad = f->ss > 63 || f->se > 63 || f->se < f->ss || f->al > 13 || (f->ah != 0 && f->al != f->ah - 1);
    if (f->ss == 0 && f->se != 0) bad = 1;
    if (f->ss != 0 && f->scan_count != 1) bad = 1;
    if (bad) {
        return diagnostics_fail(f->diagnostics, CJDIAG_ERROR_MALFORMED, "Invalid progressive parameters Ss=%d Se=%d Ah=%d Al=%d", f->ss, f->se,
                              f->ah, f->al);
    }
    if (f->ss != 0) return SCAN_AC;
    return f->ah == 0 ? SCAN_DC_FIRST : SCAN_DC_REFINE;
}

/// The kind of scan `status` (a FRONT_END_* code) found, as `cjdc_next_scan` returns it.
static int scan_found(cjdc_decoder *d, int status, int *fallback) {
    switch (status) {
    case FRONT_END_SCAN: return scan_kind(d);
    case FRONT_END_IMAGE_END: return NEXT_DONE;
    case FRONT_END_UNSUPPORTED: *fallback = 1; return -1;
    default: return -1;
    }
}

CJS_HIDDEN int cjdc_next_scan(cjdc_decoder *d, int *fallback) { return scan_found(d, front_end_next_scan(&d->front), fallback); }

CJS_HIDDEN int cjdc_first_scan(cjdc_decoder *d, int *fallback) { return scan_found(d, front_end_first_scan(&d->front), fallback); }

CJS_HIDDEN int cjdc_prepare_dc_scan(cjdc_decoder *d, int kind) {
    jpeg_front_end *f = &d->front;
    for (int i = 0; i < f->scan_count; i++) {
        int ci = f->scan_components[i];
        dc_component *c = &d->components[ci];
        int table = f->components[ci].dc_table, quant_index = f->components[ci].quant_index;
        if (kind == SCAN_DC_FIRST) {
            if (c->missing_bits >= 0) return 1;
            huff_table *huffman = &f->dc_tables[table];
            if (!huffman->defined) return diagnostics_fail(f->diagnostics, CJDIAG_ERROR_MALFORMED, "Huffman table 0x%02x was not defined", table);
            if (!huffman->built && cjsp_build_huffman_table(huffman, 1) != 0) {
                return diagnostics_fail(f->diagnostics, CJDIAG_ERROR_MALFORMED, "Bogus Huffman table definition");
            }
        } else if (c->missing_bits != f->ah) {
            return 1;
        }
        if (c->quant < 0) {
            if (!f->quant_defined[quant_index]) {
                return diagnostics_fail(f->diagnostics, CJDIAG_ERROR_MALFORMED, "Quantization table 0x%02x was not defined", quant_index);
            }
            c->quant = f->quant[quant_index][0];
        }
        c->predictor = 0;
    }
    d->restarts_to_go = f->restart_interval;
    d->next_restart = 0;
    return 0;
}

/// Skips the entropy-coded data of a scan this decoder does not need (an AC scan), up to the next
/// marker other than RSTn. 0, 1 when the input ended, or -1.
static int skip_scan_data(cjdc_decoder *d) {
    bit_reader *b = &d->front.reader;
    for (;;) {
        int64_t extraneous;
        int marker = cjsp_find_marker(b, &extraneous);
        if (marker < 0) return cjdc_data_ended(d, -1);
        if (marker < 0xD0 || marker > 0xD7) return 0;
        cjsp_resume_after_marker(b);
    }
}

static int dc_complete(const cjdc_decoder *d) {
    for (int i = 0; i < d->front.component_count; i++) {
        if (d->components[i].missing_bits < 0) return 0;
    }
    return 1;
}

/// Whether the failure recorded is the budget's (a limit, or the caller's interruption), which no
/// decoder may forget.
static int budget_failed(const cjdc_decoder *d) {
    int32_t kind = d->diagnostics.error_kind;
    return kind == CJDIAG_ERROR_SCAN_LIMIT || kind == CJDIAG_ERROR_MARKER_LIMIT || kind == CJDIAG_ERROR_INTERRUPTED;
}

/// Forgets a failure met while looking past the point where every DC was in: that part is optional
/// (but the budget's failures stand).
static int stop_quietly(cjdc_decoder *d) {
    if (budget_failed(d)) return -1;
    d->diagnostics.error_kind = CJDIAG_OK;
    d->diagnostics.message[0] = 0;
    return CJDIAG_OK;
}

/// Rows of MCUs in the current scan.
static int scan_mcu_rows(const jpeg_front_end *f) {
    return f->scan_count > 1 ? f->mcus_y : f->components[f->scan_components[0]].height_in_blocks;
}

/// Decodes DC scans, skipping AC scans of components already started, then any DC refinement
/// scans that follow before the next AC scan. Trouble past the point where the DC is complete
/// ends the decode quietly.
CJS_HIDDEN int cjdc_decode_planes(cjdc_decoder *d, int kind) {
    jpeg_front_end *f = &d->front;
    for (;;) {
        for (int row = 0, rows = scan_mcu_rows(f); row < rows; row++) {
            if (front_end_poll(f) != 0) return -1;
            int status = cjdc_decode_mcu_row(d, kind, row);
            if (status < 0) return -1;
            if (status > 0) break;
        }
        for (int i = 0; i < f->scan_count; i++) d->components[f->scan_components[i]].missing_bits = f->al;
        if (d->truncated) return CJDIAG_OK;
        int complete = dc_complete(d);
        for (;;) {
            int fallback = 0;
            kind = cjdc_next_scan(d, &fallback);
            if (complete && (kind < 0 || kind == SCAN_AC)) return stop_quietly(d);
            if (fallback) return CJDIAG_FALLBACK;
            if (kind == NEXT_DONE) return CJDIAG_OK;
            if (kind < 0) {
                // The end of input before every DC scan: deliver what arrived, with the warning.
                if (d->diagnostics.error_kind != CJDIAG_ERROR_TRUNCATED || d->diagnostics.strict) return -1;
                stop_quietly(d);
                return cjdc_data_ended(d, -1) < 0 ? -1 : CJDIAG_OK;
            }
            if (kind != SCAN_AC) break;
            int status = skip_scan_data(d);
            if (status < 0) return -1;
            if (status > 0) return CJDIAG_OK;
        }
        int status = cjdc_prepare_dc_scan(d, kind);
        if (status < 0) return complete ? stop_quietly(d) : -1;
        if (status > 0) return complete ? CJDIAG_OK : CJDIAG_FALLBACK;
    }
}
