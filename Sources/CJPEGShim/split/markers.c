// The markers before the scan: frame, tables, scan header.
// Part of the split decoder; see include/cjpegsplit.h for the contract.
#include "split_decoder.h"

#include <stdlib.h>
#include <string.h>

/// A sequential byte cursor over the source for the markers before the scan.
typedef struct {
    bit_reader reader;
    int64_t offset;
} marker_cursor;

static int cursor_byte(marker_cursor *m) {
    int c = cjsp_next_source_byte(&m->reader);
    if (c >= 0) m->offset += 1;
    return c;
}

static int cursor_u16(marker_cursor *m) {
    int high = cursor_byte(m);
    int low = cursor_byte(m);
    return high < 0 || low < 0 ? -1 : high << 8 | low;
}

static int read_quant_tables(cjsp_decoder *d, marker_cursor *m, int length) {
    while (length > 0) {
        int info = cursor_byte(m);
        int precision = info >> 4, index = info & 15;
        if (info < 0 || precision > 1 || index > 3) return -1;
        for (int k = 0; k < 64; k++) {
            int value = precision ? cursor_u16(m) : cursor_byte(m);
            if (value < 0) return -1;
            d->quant[index][k] = (uint16_t)value;
        }
        d->quant_defined[index] = 1;
        d->quant_16bit[index] = precision;
        length -= 1 + 64 * (precision + 1);
    }
    return length == 0 ? 0 : -1;
}

static int read_huffman_tables(cjsp_decoder *d, marker_cursor *m, int length) {
    while (length > 16) {
        int info = cursor_byte(m);
        int table_class = info >> 4, index = info & 15;
        if (info < 0 || table_class > 1 || index > 3) return -1;
        huff_table *t = table_class ? &d->ac_tables[index] : &d->dc_tables[index];
        int count = 0;
        t->bits[0] = 0;
        for (int length_bits = 1; length_bits <= 16; length_bits++) {
            int c = cursor_byte(m);
            if (c < 0) return -1;
            t->bits[length_bits] = (uint8_t)c;
            count += c;
        }
        length -= 17;
        if (count > 256 || count > length) return -1;
        for (int i = 0; i < count; i++) {
            int c = cursor_byte(m);
            if (c < 0) return -1;
            t->values[i] = (uint8_t)c;
        }
        length -= count;
        t->defined = 1;
        if (cjsp_build_huffman_table(t, table_class == 0) != 0) t->defined = 0;
    }
    return length == 0 ? 0 : -1;
}

static int read_frame(cjsp_decoder *d, marker_cursor *m) {
    int precision = cursor_byte(m), height = cursor_u16(m), width = cursor_u16(m), count = cursor_byte(m);
    if (count < 0 || precision != 8 || height <= 0 || width <= 0 || (count != 1 && count != 3)) return -1;
    d->width = width;
    d->height = height;
    d->component_count = count;
    d->max_h = d->max_v = 1;
    for (int i = 0; i < count; i++) {
        component *c = &d->components[i];
        int id = cursor_byte(m), sampling = cursor_byte(m), quant = cursor_byte(m);
        if (quant < 0 || quant > 3) return -1;
        c->id = id;
        c->h = sampling >> 4;
        c->v = sampling & 15;
        c->quant_index = quant;
        if (c->h < 1 || c->h > 2 || c->v < 1 || c->v > 2) return -1;
        for (int j = 0; j < i; j++) {
            if (d->components[j].id == id) return -1;
        }
        if (c->h > d->max_h) d->max_h = c->h;
        if (c->v > d->max_v) d->max_v = c->v;
    }
    // A single-component scan is never interleaved: its MCU is one block whatever the factors.
    if (count == 1) d->components[0].h = d->components[0].v = d->max_h = d->max_v = 1;
    return 0;
}

/// The one scan's header: every component, in frame order, full spectrum, no approximation.
static int read_scan(cjsp_decoder *d, marker_cursor *m) {
    int count = cursor_byte(m);
    if (count != d->component_count) return -1;
    for (int i = 0; i < count; i++) {
        int id = cursor_byte(m), tables = cursor_byte(m);
        if (tables < 0 || d->components[i].id != id) return -1;
        d->components[i].dc_table = tables >> 4;
        d->components[i].ac_table = tables & 15;
        if ((tables >> 4) > 3 || (tables & 15) > 3) return -1;
        if (!d->dc_tables[tables >> 4].defined || !d->ac_tables[tables & 15].defined) return -1;
    }
    int ss = cursor_byte(m), se = cursor_byte(m), approximation = cursor_byte(m);
    if (ss != 0 || se != 63 || approximation != 0) return -1;
    return 0;
}

CJSP_HIDDEN int cjsp_read_markers(cjsp_decoder *d) {
    marker_cursor m;
    memset(&m, 0, sizeof m);
    uint8_t *chunk = d->source.memory ? NULL : malloc(CHUNK_BYTES);
    if (d->source.memory == NULL && chunk == NULL) return -1;
    cjsp_start_reader(&m.reader, &d->source, chunk, 0, -1);
    int result = -1, frame_seen = 0;
    if (cursor_byte(&m) != 0xFF || cursor_byte(&m) != 0xD8) goto done;
    for (;;) {
        int c = cursor_byte(&m);
        if (c != 0xFF) goto done;
        int marker;
        do marker = cursor_byte(&m);
        while (marker == 0xFF);
        if (marker < 0 || marker == 0xD9) goto done;
        if (marker == 0xD8 || (marker >= 0xD0 && marker <= 0xD7) || marker == 0x01) goto done;
        int length = cursor_u16(&m) - 2;
        if (length < 0) goto done;
        int64_t segment_end = m.offset + length;
        if (marker == 0xC0 || marker == 0xC1) {
            if (frame_seen || read_frame(d, &m) != 0) goto done;
            frame_seen = 1;
        } else if (marker >= 0xC2 && marker <= 0xCF && marker != 0xC4 && marker != 0xCC) {
            goto done;  // progressive, lossless, hierarchical or arithmetic: libjpeg's job
        } else if (marker == 0xCC) {
            goto done;
        } else if (marker == 0xC4) {
            if (read_huffman_tables(d, &m, length) != 0) goto done;
        } else if (marker == 0xDB) {
            if (read_quant_tables(d, &m, length) != 0) goto done;
        } else if (marker == 0xDD) {
            if (length != 2) goto done;
            d->restart_interval = (unsigned)cursor_u16(&m);
        } else if (marker == 0xDA) {
            if (!frame_seen || read_scan(d, &m) != 0) goto done;
            if (m.offset != segment_end) goto done;
            d->scan_offset = m.offset;
            result = 0;
            goto done;
        } else {
            while (m.offset < segment_end) {
                if (cursor_byte(&m) < 0) goto done;
            }
        }
        if (m.offset != segment_end) goto done;
    }
done:
    free(chunk);
    return result;
}

