// The markers around the scans; see markers.h. Names and messages follow libjpeg's jdmarker.c.
#include "markers.h"

#include <stdio.h>
#include <string.h>

CJS_HIDDEN int front_end_end_of_input(jpeg_front_end *f) {
    if (f->reader.read_errno != 0) {
        f->diagnostics->error_parameter = f->reader.read_errno;
        return diagnostics_fail(f->diagnostics, CJDIAG_ERROR_IO, "cannot read file");
    }
    return diagnostics_fail(f->diagnostics, CJDIAG_ERROR_TRUNCATED, "Premature end of JPEG file");
}

/// libjpeg's warning for `count` bytes skipped before `marker` (JWRN_EXTRANEOUS_DATA), written to `message`.
static const char *describe_extraneous(char message[DIAGNOSTIC_MESSAGE_BYTES], int64_t count, int marker) {
    snprintf(message, DIAGNOSTIC_MESSAGE_BYTES, "Corrupt JPEG data: %lld extraneous bytes before marker 0x%02x", (long long)count, marker);
    return message;
}

CJS_HIDDEN int front_end_take_restart(bit_reader *b, int *next_number, char problem[DIAGNOSTIC_MESSAGE_BYTES]) {
    int expected = *next_number;
    *next_number = (expected + 1) & 7;
    int64_t extraneous;
    int marker = cjsp_find_marker(b, &extraneous);
    problem[0] = 0;
    if (marker < 0 || marker == 0xD9) return RESTART_DATA_ENDED;
    if (marker != 0xD0 + expected) {
        snprintf(problem, DIAGNOSTIC_MESSAGE_BYTES, "Corrupt JPEG data: found marker 0x%02x instead of RST%d", marker, expected);
        return RESTART_WRONG_MARKER;
    }
    if (extraneous > 0) describe_extraneous(problem, extraneous, marker);
    cjsp_resume_after_marker(b);
    return RESTART_TAKEN;
}

CJS_HIDDEN void front_end_start(jpeg_front_end *f, const source_t *source, uint8_t *chunk, int progressive,
                                decoder_diagnostics *diagnostics, const cj_budget *budget, const cjs_decoder *header) {
    memset(f, 0, sizeof *f);
    f->progressive = progressive;
    f->diagnostics = diagnostics;
    f->budget = budget;
    f->header = header;
    cjsp_start_reader(&f->reader, source, chunk, 0, -1);
}

CJS_HIDDEN int front_end_first_scan(jpeg_front_end *f) {
    if (f->header != NULL) return cjs_seed_front_end(f->header, f);
    if (front_end_read_image_start(f) != 0) return FRONT_END_FAILED;
    return front_end_next_scan(f);
}

CJS_HIDDEN int front_end_poll(jpeg_front_end *f) {
    if (f->budget->interrupt == NULL) return 0;
    int32_t reason = f->budget->interrupt(f->budget->context);
    if (reason == CJ_CONTINUE) return 0;
    f->diagnostics->error_parameter = reason;
    return diagnostics_fail(f->diagnostics, CJDIAG_ERROR_INTERRUPTED, "interrupted");
}

/// Counts a marker (and a scan at SOS) against the budget, and polls; 0 or -1.
static int spend(jpeg_front_end *f, int marker) {
    const cj_budget *budget = f->budget;
    f->markers_seen += 1;
    if (budget->max_markers > 0 && f->markers_seen > budget->max_markers) {
        f->diagnostics->error_parameter = f->markers_seen;
        return diagnostics_fail(f->diagnostics, CJDIAG_ERROR_MARKER_LIMIT, "marker segment %d is past the limit of %d", f->markers_seen,
                                (int)budget->max_markers);
    }
    if (marker == 0xDA) {
        f->scans_seen += 1;
        if (budget->max_scans > 0 && f->scans_seen > budget->max_scans) {
            f->diagnostics->error_parameter = f->scans_seen;
            return diagnostics_fail(f->diagnostics, CJDIAG_ERROR_SCAN_LIMIT, "scan %d is past the limit of %d scans", f->scans_seen,
                                    (int)budget->max_scans);
        }
    }
    return front_end_poll(f);
}

/// The next byte of a marker segment, or -1 at the end of input.
static int read_byte(jpeg_front_end *f) {
    return cjsp_next_source_byte(&f->reader);
}

/// A big-endian 16-bit value, or -1 at the end.
static int read_u16(jpeg_front_end *f) {
    int high = read_byte(f);
    if (high < 0) return -1;
    int low = read_byte(f);
    if (low < 0) return -1;
    return high << 8 | low;
}

CJS_HIDDEN int front_end_read_image_start(jpeg_front_end *f) {
    int first = read_byte(f), second = read_byte(f);
    if (first == 0xFF && second == 0xD8) return 0;
    return diagnostics_fail(f->diagnostics, CJDIAG_ERROR_MALFORMED, "Not a JPEG file: starts with 0x%02x 0x%02x", first & 0xFF, second & 0xFF);
}

CJS_HIDDEN int front_end_next_marker(jpeg_front_end *f) {
    // Bytes a scan's bit buffer holds past its last code are dropped uncounted: libjpeg's next_marker
    // counts only the bytes it reads from the source after the scan (unlike at a restart marker).
    cjsp_drop_buffered_bits(&f->reader);
    int64_t extraneous;
    int marker = cjsp_find_marker(&f->reader, &extraneous);
    if (marker < 0) return front_end_end_of_input(f);
    char message[DIAGNOSTIC_MESSAGE_BYTES];
    if (extraneous > 0 && diagnostics_warn(f->diagnostics, CJDIAG_ERROR_MALFORMED, describe_extraneous(message, extraneous, marker)) != 0) return -1;
    cjsp_resume_after_marker(&f->reader);
    return marker;
}

/// Reads a segment's length field; returns the payload length (≥ 0) or -1.
static int segment_length(jpeg_front_end *f) {
    int length = read_u16(f);
    if (length < 0) return front_end_end_of_input(f);
    if (length < 2) return diagnostics_fail(f->diagnostics, CJDIAG_ERROR_MALFORMED, "Bogus marker length");
    return length - 2;
}

static int skip_bytes(jpeg_front_end *f, int count) {
    for (int i = 0; i < count; i++) {
        if (read_byte(f) < 0) return front_end_end_of_input(f);
    }
    return 0;
}

static int read_quant_tables(jpeg_front_end *f) {
    int remaining = segment_length(f);
    if (remaining < 0) return -1;
    while (remaining > 0) {
        int info = read_byte(f);
        if (info < 0) return front_end_end_of_input(f);
        int precision = info >> 4, index = info & 15;
        if (precision > 1 || index > 3) return diagnostics_fail(f->diagnostics, CJDIAG_ERROR_MALFORMED, "Bogus DQT index %d", index);
        if (remaining < 1 + 64 * (precision + 1)) return diagnostics_fail(f->diagnostics, CJDIAG_ERROR_MALFORMED, "Bogus marker length");
        for (int k = 0; k < 64; k++) {
            int value = precision ? read_u16(f) : read_byte(f);
            if (value < 0) return front_end_end_of_input(f);
            f->quant[index][k] = (uint16_t)value;
        }
        f->quant_defined[index] = 1;
        f->quant_16bit[index] = precision;
        remaining -= 1 + 64 * (precision + 1);
    }
    return 0;
}

/// Keeps a DHT segment's tables as defined; each is derived when a scan first needs it.
static int read_huffman_tables(jpeg_front_end *f) {
    int remaining = segment_length(f);
    if (remaining < 0) return -1;
    while (remaining > 16) {
        int info = read_byte(f);
        if (info < 0) return front_end_end_of_input(f);
        int table_class = info >> 4, index = info & 15;
        if (table_class > 1 || index > 3) return diagnostics_fail(f->diagnostics, CJDIAG_ERROR_MALFORMED, "Bogus DHT index %d", info);
        huff_table *table = table_class ? &f->ac_tables[index] : &f->dc_tables[index];
        int count = 0;
        table->bits[0] = 0;
        for (int length = 1; length <= 16; length++) {
            int c = read_byte(f);
            if (c < 0) return front_end_end_of_input(f);
            table->bits[length] = (uint8_t)c;
            count += c;
        }
        remaining -= 17;
        table->defined = table->built = 0;
        if (count > 256 || count > remaining) return diagnostics_fail(f->diagnostics, CJDIAG_ERROR_MALFORMED, "Bogus Huffman table definition");
        for (int i = 0; i < count; i++) {
            int c = read_byte(f);
            if (c < 0) return front_end_end_of_input(f);
            table->values[i] = (uint8_t)c;
        }
        table->defined = 1;
        remaining -= count;
    }
    if (remaining != 0) return diagnostics_fail(f->diagnostics, CJDIAG_ERROR_MALFORMED, "Bogus marker length");
    return 0;
}

/// Reads a SOFn segment; 0, FRONT_END_UNSUPPORTED, or -1.
static int read_frame(jpeg_front_end *f) {
    if (f->frame_seen) return diagnostics_fail(f->diagnostics, CJDIAG_ERROR_MALFORMED, "Invalid JPEG file structure: two SOF markers");
    int length = segment_length(f);
    if (length < 0) return -1;
    int precision = read_byte(f), height = read_u16(f), width = read_u16(f), count = read_byte(f);
    if (count < 0) return front_end_end_of_input(f);
    if (length != 6 + 3 * count) return diagnostics_fail(f->diagnostics, CJDIAG_ERROR_MALFORMED, "Bogus marker length");
    if (precision != 8 || height == 0 || (count != 1 && count != 3)) return FRONT_END_UNSUPPORTED;
    if (width == 0) return diagnostics_fail(f->diagnostics, CJDIAG_ERROR_MALFORMED, "Empty JPEG image");
    f->width = width;
    f->height = height;
    f->component_count = count;
    f->max_h = f->max_v = 1;
    for (int i = 0; i < count; i++) {
        frame_component *c = &f->components[i];
        int id = read_byte(f), sampling = read_byte(f), quant = read_byte(f);
        if (quant < 0) return front_end_end_of_input(f);
        c->id = id;
        c->h = sampling >> 4;
        c->v = sampling & 15;
        c->quant_index = quant;
        int checked = front_end_check_component(f, i);
        if (checked != 0) return checked;
    }
    front_end_finish_frame(f);
    return 0;
}

int front_end_check_component(jpeg_front_end *f, int index) {
    frame_component *c = &f->components[index];
    if (c->quant_index > 3) return diagnostics_fail(f->diagnostics, CJDIAG_ERROR_MALFORMED, "Bogus DQT index %d", c->quant_index);
    if (c->h < 1 || c->h > 2 || c->v < 1 || c->v > 2) return FRONT_END_UNSUPPORTED;
    for (int j = 0; j < index; j++) {
        if (f->components[j].id == c->id) return FRONT_END_UNSUPPORTED;
    }
    if (c->h > f->max_h) f->max_h = c->h;
    if (c->v > f->max_v) f->max_v = c->v;
    return 0;
}

void front_end_finish_frame(jpeg_front_end *f) {
    // A single-component scan is never interleaved: its MCU is one block whatever the factors.
    if (f->component_count == 1) f->components[0].h = f->components[0].v = f->max_h = f->max_v = 1;
    f->mcus_x = (f->width + 8 * f->max_h - 1) / (8 * f->max_h);
    f->mcus_y = (f->height + 8 * f->max_v - 1) / (8 * f->max_v);
    for (int i = 0; i < f->component_count; i++) {
        frame_component *c = &f->components[i];
        c->width_in_blocks = (int)(((int64_t)f->width * c->h + 8 * f->max_h - 1) / (8 * f->max_h));
        c->height_in_blocks = (int)(((int64_t)f->height * c->v + 8 * f->max_v - 1) / (8 * f->max_v));
    }
    f->frame_seen = 1;
}

/// Reads an SOS header; 0 or -1. Whether the scan fits the frame's process is the decoder's to check.
static int read_scan_header(jpeg_front_end *f) {
    if (!f->frame_seen) return diagnostics_fail(f->diagnostics, CJDIAG_ERROR_MALFORMED, "Invalid JPEG file structure: SOS before SOF");
    int length = segment_length(f);
    if (length < 0) return -1;
    int count = read_byte(f);
    if (count < 0) return front_end_end_of_input(f);
    if (count < 1 || count > 4 || length != 4 + 2 * count) return diagnostics_fail(f->diagnostics, CJDIAG_ERROR_MALFORMED, "Bogus marker length");
    if (count > f->component_count) return diagnostics_fail(f->diagnostics, CJDIAG_ERROR_MALFORMED, "Bogus SOS: %d components", count);
    int blocks = 0;
    for (int i = 0; i < count; i++) {
        int id = read_byte(f), tables = read_byte(f);
        if (tables < 0) return front_end_end_of_input(f);
        int found = -1;
        for (int ci = 0; ci < f->component_count; ci++) {
            if (f->components[ci].id == id) found = ci;
        }
        if (found < 0) return diagnostics_fail(f->diagnostics, CJDIAG_ERROR_MALFORMED, "Invalid component ID %d in SOS", id);
        for (int j = 0; j < i; j++) {
            if (f->scan_components[j] == found) return diagnostics_fail(f->diagnostics, CJDIAG_ERROR_MALFORMED, "Invalid component ID %d in SOS", id);
        }
        // Only the DC table is checked here: libjpeg checks an AC table only in scans that use it.
        if ((tables >> 4) > 3) return diagnostics_fail(f->diagnostics, CJDIAG_ERROR_MALFORMED, "Huffman table 0x%02x was not defined", tables >> 4);
        f->scan_components[i] = found;
        f->components[found].dc_table = tables >> 4;
        f->components[found].ac_table = tables & 15;
        blocks += f->components[found].h * f->components[found].v;
    }
    f->ss = read_byte(f);
    f->se = read_byte(f);
    int approximation = read_byte(f);
    if (approximation < 0) return front_end_end_of_input(f);
    f->scan_count = count;
    f->ah = approximation >> 4;
    f->al = approximation & 15;
    if (count > 1 && blocks > MAX_BLOCKS_IN_MCU) {
        return diagnostics_fail(f->diagnostics, CJDIAG_ERROR_MALFORMED, "Sampling factors too large for interleaved scan");
    }
    return 0;
}

CJS_HIDDEN int front_end_next_scan(jpeg_front_end *f) {
    for (;;) {
        int marker = front_end_next_marker(f);
        if (marker < 0 || spend(f, marker) != 0) return FRONT_END_FAILED;
        int status = 0;
        switch (marker) {
        case 0xC0: case 0xC1: case 0xC2: case 0xC3: case 0xC5: case 0xC6: case 0xC7:
        case 0xC9: case 0xCA: case 0xCB: case 0xCD: case 0xCE: case 0xCF:
            if (f->frame_seen) return diagnostics_fail(f->diagnostics, CJDIAG_ERROR_MALFORMED, "Invalid JPEG file structure: two SOF markers");
            // Other coding processes (lossless, hierarchical, arithmetic-coded) are libjpeg's business.
            if (f->progressive ? marker != 0xC2 : marker > 0xC1) return FRONT_END_UNSUPPORTED;
            status = read_frame(f);
            if (status == FRONT_END_UNSUPPORTED) return status;
            break;
        case 0xC4: status = read_huffman_tables(f); break;
        case 0xDB: status = read_quant_tables(f); break;
        case 0xDD: {
            int length = segment_length(f);
            if (length < 0) return FRONT_END_FAILED;
            if (length != 2) return diagnostics_fail(f->diagnostics, CJDIAG_ERROR_MALFORMED, "Bogus marker length");
            int interval = read_u16(f);
            if (interval < 0) return front_end_end_of_input(f);
            f->restart_interval = (unsigned)interval;
            break;
        }
        case 0xD8: return diagnostics_fail(f->diagnostics, CJDIAG_ERROR_MALFORMED, "Invalid JPEG file structure: two SOI markers");
        case 0xD9: return FRONT_END_IMAGE_END;
        case 0xDA: return read_scan_header(f) == 0 ? FRONT_END_SCAN : FRONT_END_FAILED;
        case 0x01: case 0xD0: case 0xD1: case 0xD2: case 0xD3: case 0xD4: case 0xD5: case 0xD6: case 0xD7:
            break; // No parameters; nothing to do (libjpeg traces and ignores them too).
        default: {
            // APPn, COM, DAC, DNL, EXP…: skipped by length.
            int length = segment_length(f);
            if (length < 0) return FRONT_END_FAILED;
            status = skip_bytes(f, length);
            break;
        }
        }
        if (status != 0) return FRONT_END_FAILED;
    }
}
