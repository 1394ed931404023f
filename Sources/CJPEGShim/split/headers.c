// The markers before the scan, read by the front end (front_end/markers.c) and checked against
// what the split decoder handles. Part of the split decoder; see include/cjpegsplit.h for the contract.
#include "split_decoder.h"

#include <stdlib.h>

/// Whether the front end's scan is the one scan of a frame this decoder handles: every component,
/// in frame order, full spectrum, no approximation, with tables libjpeg accepts.
static int is_single_full_scan(jpeg_front_end *f) {
    if (f->scan_count != f->component_count || f->ss != 0 || f->se != 63 || f->ah != 0 || f->al != 0) return 0;
    for (int i = 0; i < f->scan_count; i++) {
        const frame_component *c = &f->components[i];
        if (f->scan_components[i] != i || c->ac_table > 3) return 0;
        huff_table *dc = &f->dc_tables[c->dc_table], *ac = &f->ac_tables[c->ac_table];
        if (!dc->defined || !ac->defined) return 0;
        if (!dc->built && cjsp_build_huffman_table(dc, 1) != 0) return 0;
        if (!ac->built && cjsp_build_huffman_table(ac, 0) != 0) return 0;
    }
    return 1;
}

CJS_HIDDEN int cjsp_read_markers(cjsp_decoder *d) {
    // The first thread's buffer reads the markers; its reader starts afresh at the scan.
    d->first_chunk = d->source.memory ? NULL : malloc(CHUNK_BYTES);
    if (d->source.memory == NULL && d->first_chunk == NULL) return -1;
    // Any problem (even a warning) leaves the file to libjpeg, which reports it in its words.
    decoder_diagnostics problems = {0};
    jpeg_front_end *f = &d->front;
    front_end_start(f, &d->source, d->first_chunk, 0, &problems, &d->budget, d->header);
    int read = front_end_first_scan(f) == FRONT_END_SCAN;
    d->header = NULL;
    f->diagnostics = NULL;   // `problems` ends here: nothing after the markers reports through the front end
    // The budget's failures are the decode's, not libjpeg's to report.
    int32_t kind = problems.error_kind;
    if (kind == CJDIAG_ERROR_MARKER_LIMIT || kind == CJDIAG_ERROR_SCAN_LIMIT || kind == CJDIAG_ERROR_INTERRUPTED) {
        d->diagnostics.error_parameter = problems.error_parameter;
        diagnostics_fail(&d->diagnostics, kind, "%s", problems.message);
        return -2;
    }
    if (!read || kind != 0 || problems.kept_warnings != 0 || !is_single_full_scan(f)) return -1;
    return 0;
}
