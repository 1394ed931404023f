// The markers before the scan, read by the front end (front_end/markers.c) and checked against
// what the split decoder handles. Part of the split decoder; see include/cjpegsplit.h for the contract.
#include "split_decoder.h"

#include <stdlib.h>
#include <string.h>

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

/// Takes the frame, tables and scan position the front end read.
static void adopt(cjsp_decoder *d, const jpeg_front_end *f) {
    d->width = f->width;
    d->height = f->height;
    d->component_count = f->component_count;
    d->max_h = f->max_h;
    d->max_v = f->max_v;
    for (int i = 0; i < f->component_count; i++) {
        const frame_component *from = &f->components[i];
        component *c = &d->components[i];
        c->id = from->id;
        c->h = from->h;
        c->v = from->v;
        c->quant_index = from->quant_index;
        c->dc_table = from->dc_table;
        c->ac_table = from->ac_table;
    }
    memcpy(d->dc_tables, f->dc_tables, sizeof d->dc_tables);
    memcpy(d->ac_tables, f->ac_tables, sizeof d->ac_tables);
    memcpy(d->quant, f->quant, sizeof d->quant);
    memcpy(d->quant_defined, f->quant_defined, sizeof d->quant_defined);
    memcpy(d->quant_16bit, f->quant_16bit, sizeof d->quant_16bit);
    d->restart_interval = f->restart_interval;
    d->scan_offset = source_offset(&f->reader);
}

CJSP_HIDDEN int cjsp_read_markers(cjsp_decoder *d) {
    jpeg_front_end *f = malloc(sizeof *f);
    uint8_t *chunk = d->source.memory ? NULL : malloc(CHUNK_BYTES);
    int result = -1;
    if (f == NULL || (d->source.memory == NULL && chunk == NULL)) goto done;
    // Any problem (even a warning) leaves the file to libjpeg, which reports it in its words.
    decoder_diagnostics problems = {0};
    front_end_start(f, &d->source, chunk, 0, &problems);
    if (front_end_read_image_start(f) != 0 || front_end_next_scan(f) != FRONT_END_SCAN) goto done;
    if (problems.error_kind != 0 || problems.kept_warnings != 0 || !is_single_full_scan(f)) goto done;
    adopt(d, f);
    result = 0;
done:
    free(f);
    free(chunk);
    return result;
}
