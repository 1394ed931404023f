// DC-only progressive JPEG decoding at 1/8 scale; see include/cjpegdc.h for the contract.
// Names and messages follow libjpeg (jdmarker.c, jdphuff.c, jdhuff.c) where they do the same job.
#include "cjpegdc.h"
#include "cjpegshim.h"
#include "shared/decoder_diagnostics.h"
#include "shared/huffman_derivation.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum {
    INPUT_BUFFER_BYTES = 64 << 10,
    MAX_COMPONENTS = 3,
    MESSAGE_BYTES = DIAGNOSTIC_MESSAGE_BYTES,
    /// Longest an MCU of an interleaved scan may be (JPEG's limit, libjpeg's D_MAX_BLOCKS_IN_MCU).
    MAX_BLOCKS_IN_MCU = 10,
};

/// A DC Huffman table: libjpeg's derived tables (jdhuff.c `jpeg_make_d_derived_tbl`).
typedef struct {
    int defined;
    int built;
    uint8_t bits[17];
    uint8_t values[256];
    /// Largest code of each length (-1 if none); index 17 is a sentinel.
    int32_t maxcode[18];
    /// Symbol index of a code of each length = code + valoffset.
    int32_t valoffset[18];
    /// For the 8 leading bits: (code length << 8) | symbol, or 0 when the code is longer.
    uint16_t lookup[256];
} huff_table;

typedef struct {
    int id;
    int h, v;
    int quant_index;
    /// DC Huffman table selected by the current scan.
    int dc_table;
    /// DC quantizer, latched when the component's first scan starts (libjpeg's `latch_quant_tables`); -1 before.
    int32_t quant;
    /// DC bits not yet received (the point transform Al of its last DC scan); -1 before its first DC scan.
    int missing_bits;
    int width_in_blocks, height_in_blocks;
    /// Blocks per row and rows of `dc` (one MCU row when streaming, else the whole image).
    size_t stride, rows;
    /// DC coefficients as libjpeg stores them (already shifted left by the point transform).
    int16_t *dc;
    /// Block row of the image held in the first row of `dc`.
    int row_origin;
    int32_t predictor;
    /// Expected value of the missing DC bits, in 1/65536 sample units.
    int64_t bias;
} component;

struct cjdc_decoder {
    int strict;
    int color;
    // Input: `data[pos..<size]` is what is buffered; a file refills `buffer`.
    FILE *file;
    const uint8_t *data;
    size_t size, pos;
    uint8_t *buffer;
    int read_error;
    // Bit reader over entropy-coded data.
    uint64_t bit_buffer;
    int bit_count;
    /// Zero bits appended after the data stopped (a marker or the end): consumed ones mean missing data.
    int fake_bits;
    /// Set once the entropy data stopped; `stop_marker` is the marker found, or -1 for the end of input.
    int stopped;
    int stop_marker;
    // Tables and frame.
    huff_table dc_tables[4];
    int32_t quant_dc[4];
    int quant_defined[4];
    unsigned restart_interval;
    int frame_seen;
    int width, height, component_count, max_h, max_v, mcus_x, mcus_y;
    component components[MAX_COMPONENTS];
    // Current scan.
    int scan_count;
    int scan_components[4];
    int ah, al;
    unsigned restarts_to_go;
    int next_restart;
    // Output.
    int started;
    int streaming;
    int output_width, output_height, output_row;
    int decoded_mcu_rows;
    int truncated;
    // Errors and warnings.
    decoder_diagnostics diagnostics;
};

// MARK: - Errors and warnings

/// Records a failure; returns -1 so that callers can `return fail(...)`.
static int fail(cjdc_decoder *d, int32_t kind, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    int result = diagnostics_fail(&d->diagnostics, kind, format, arguments);
    va_end(arguments);
    return result;
}

/// A recoverable problem: an error in strict mode (returns -1), otherwise kept once (returns 0).
static int warn(cjdc_decoder *d, int32_t kind, const char *message) {
    return diagnostics_warn(&d->diagnostics, kind, message);
}

static const char premature_end[] = "Premature end of JPEG file";

// MARK: - Input

/// The next input byte, or -1 at the end (or after a read error, recorded for `cjdc_start`).
static int refill(cjdc_decoder *d) {
    if (d->file == NULL || d->read_error) return -1;
    size_t count = fread(d->buffer, 1, INPUT_BUFFER_BYTES, d->file);
    if (count == 0) {
        if (ferror(d->file)) d->read_error = errno != 0 ? errno : EIO;
        return -1;
    }
    d->data = d->buffer;
    d->size = count;
    d->pos = 1;
    return d->buffer[0];
}

static inline int read_byte(cjdc_decoder *d) {
    if (d->pos < d->size) return d->data[d->pos++];
    return refill(d);
}

/// The end of input as an error: an I/O failure if reading failed, else truncation.
static int end_of_input(cjdc_decoder *d) {
    if (d->read_error) {
        d->diagnostics.error_parameter = d->read_error;
        return fail(d, CJDC_ERROR_IO, "cannot read file");
    }
    return fail(d, CJDC_ERROR_TRUNCATED, premature_end);
}

/// A big-endian 16-bit value, or -1 at the end.
static int read_u16(cjdc_decoder *d) {
    int high = read_byte(d);
    if (high < 0) return -1;
    int low = read_byte(d);
    if (low < 0) return -1;
    return high << 8 | low;
}

/// The next marker code after fill bytes (FF), counting other bytes skipped before it (as libjpeg's
/// `next_marker`); -1 at the end of input.
static int find_marker(cjdc_decoder *d, long *discarded) {
    *discarded = 0;
    if (d->stopped) {
        d->stopped = 0;
        return d->stop_marker;
    }
    for (;;) {
        int c = read_byte(d);
        if (c < 0) return -1;
        if (c != 0xFF) {
            *discarded += 1;
            continue;
        }
        do c = read_byte(d);
        while (c == 0xFF);
        if (c < 0) return -1;
        if (c != 0) return c;
        *discarded += 2;
    }
}

/// `find_marker`, warning about skipped bytes; -1 (error recorded) at the end or on a strict-mode warning.
static int next_marker(cjdc_decoder *d) {
    long discarded;
    int marker = find_marker(d, &discarded);
    if (marker < 0) return end_of_input(d);
    if (discarded > 0) {
        char message[MESSAGE_BYTES];
        snprintf(message, sizeof message, "Corrupt JPEG data: %ld extraneous bytes before marker 0x%02x", discarded, marker);
        if (warn(d, CJDC_ERROR_MALFORMED, message) != 0) return -1;
    }
    return marker;
}

/// Reads a segment's length field; returns the payload length (≥ 0) or -1.
static int segment_length(cjdc_decoder *d) {
    int length = read_u16(d);
    if (length < 0) return end_of_input(d);
    if (length < 2) return fail(d, CJDC_ERROR_MALFORMED, "Bogus marker length");
    return length - 2;
}

static int skip_bytes(cjdc_decoder *d, int count) {
    for (int i = 0; i < count; i++) {
        if (read_byte(d) < 0) return end_of_input(d);
    }
    return 0;
}

// MARK: - Table segments

static int read_quant_tables(cjdc_decoder *d) {
    int remaining = segment_length(d);
    if (remaining < 0) return -1;
    while (remaining > 0) {
        int info = read_byte(d);
        if (info < 0) return end_of_input(d);
        int precision = info >> 4, index = info & 15;
        if (precision > 1 || index > 3) return fail(d, CJDC_ERROR_MALFORMED, "Bogus DQT index %d", index);
        int entry_bytes = precision + 1;
        if (remaining < 1 + 64 * entry_bytes) return fail(d, CJDC_ERROR_MALFORMED, "Bogus marker length");
        // Entry 0 in zigzag order is the DC quantizer; the AC entries are not needed.
        int first = precision ? read_u16(d) : read_byte(d);
        if (first < 0) return end_of_input(d);
        if (skip_bytes(d, 63 * entry_bytes) != 0) return -1;
        d->quant_dc[index] = first;
        d->quant_defined[index] = 1;
        remaining -= 1 + 64 * entry_bytes;
    }
    return 0;
}

static int read_huffman_tables(cjdc_decoder *d) {
    int remaining = segment_length(d);
    if (remaining < 0) return -1;
    while (remaining > 16) {
        int info = read_byte(d);
        if (info < 0) return end_of_input(d);
        int table_class = info >> 4, index = info & 15;
        if (table_class > 1 || index > 3) return fail(d, CJDC_ERROR_MALFORMED, "Bogus DHT index %d", info);
        uint8_t bits[17] = {0};
        int count = 0;
        for (int length = 1; length <= 16; length++) {
            int c = read_byte(d);
            if (c < 0) return end_of_input(d);
            bits[length] = (uint8_t)c;
            count += c;
        }
        remaining -= 17;
        if (count > 256 || count > remaining) return fail(d, CJDC_ERROR_MALFORMED, "Bogus Huffman table definition");
        if (table_class == 0) {
            huff_table *table = &d->dc_tables[index];
            for (int i = 0; i < count; i++) {
                int c = read_byte(d);
                if (c < 0) return end_of_input(d);
                table->values[i] = (uint8_t)c;
            }
            memcpy(table->bits, bits, sizeof bits);
            table->defined = 1;
            table->built = 0;
        } else if (skip_bytes(d, count) != 0) {
            return -1;
        }
        remaining -= count;
    }
    if (remaining != 0) return fail(d, CJDC_ERROR_MALFORMED, "Bogus marker length");
    return 0;
}

/// libjpeg's `jpeg_make_d_derived_tbl` for a DC table, with its checks.
static int build_huffman_table(cjdc_decoder *d, huff_table *table) {
    int symbols = huffman_derive(table->bits, table->values, 8, table->lookup, table->maxcode, table->valoffset);
    if (symbols < 0) return fail(d, CJDC_ERROR_MALFORMED, "Bogus Huffman table definition");
    // A DC symbol is a bit count; libjpeg refuses tables whose symbols exceed 15.
    for (int i = 0; i < symbols; i++) {
        if (table->values[i] > 15) return fail(d, CJDC_ERROR_MALFORMED, "Bogus Huffman table definition");
    }
    table->built = 1;
    return 0;
}

// MARK: - Frame and scan headers

static int read_frame(cjdc_decoder *d) {
    if (d->frame_seen) return fail(d, CJDC_ERROR_MALFORMED, "Invalid JPEG file structure: two SOF markers");
    int length = segment_length(d);
    if (length < 0) return -1;
    int precision = read_byte(d), height = read_u16(d), width = read_u16(d), count = read_byte(d);
    if (count < 0) return end_of_input(d);
    if (length != 6 + 3 * count) return fail(d, CJDC_ERROR_MALFORMED, "Bogus marker length");
    if (precision != 8 || height == 0 || (count != 1 && count != 3)) return CJDC_FALLBACK;
    if (width == 0) return fail(d, CJDC_ERROR_MALFORMED, "Empty JPEG image");
    d->width = width;
    d->height = height;
    d->component_count = count;
    d->max_h = d->max_v = 1;
    for (int i = 0; i < count; i++) {
        component *c = &d->components[i];
        int id = read_byte(d), sampling = read_byte(d), quant = read_byte(d);
        if (quant < 0) return end_of_input(d);
        c->id = id;
        c->h = sampling >> 4;
        c->v = sampling & 15;
        c->quant_index = quant;
        c->quant = -1;
        c->missing_bits = -1;
        if (quant > 3) return fail(d, CJDC_ERROR_MALFORMED, "Bogus DQT index %d", quant);
        if (c->h < 1 || c->h > 2 || c->v < 1 || c->v > 2) return CJDC_FALLBACK;
        for (int j = 0; j < i; j++) {
            if (d->components[j].id == id) return CJDC_FALLBACK;
        }
        if (c->h > d->max_h) d->max_h = c->h;
        if (c->v > d->max_v) d->max_v = c->v;
    }
    // A single-component scan is never interleaved: its MCU is one block whatever the factors.
    if (count == 1) d->components[0].h = d->components[0].v = d->max_h = d->max_v = 1;
    d->mcus_x = (width + 8 * d->max_h - 1) / (8 * d->max_h);
    d->mcus_y = (height + 8 * d->max_v - 1) / (8 * d->max_v);
    for (int i = 0; i < count; i++) {
        component *c = &d->components[i];
        c->width_in_blocks = (int)(((int64_t)width * c->h + 8 * d->max_h - 1) / (8 * d->max_h));
        c->height_in_blocks = (int)(((int64_t)height * c->v + 8 * d->max_v - 1) / (8 * d->max_v));
    }
    d->frame_seen = 1;
    return 0;
}

/// Kinds of scan, from its spectral selection and successive approximation.
enum { SCAN_DC_FIRST, SCAN_DC_REFINE, SCAN_AC };

/// Reads an SOS header; returns a scan kind or -1.
static int read_scan_header(cjdc_decoder *d) {
    if (!d->frame_seen) return fail(d, CJDC_ERROR_MALFORMED, "Invalid JPEG file structure: SOS before SOF");
    int length = segment_length(d);
    if (length < 0) return -1;
    int count = read_byte(d);
    if (count < 0) return end_of_input(d);
    if (count < 1 || count > 4 || length != 4 + 2 * count) return fail(d, CJDC_ERROR_MALFORMED, "Bogus marker length");
    if (count > d->component_count) return fail(d, CJDC_ERROR_MALFORMED, "Bogus SOS: %d components", count);
    int blocks = 0;
    for (int i = 0; i < count; i++) {
        int id = read_byte(d), tables = read_byte(d);
        if (tables < 0) return end_of_input(d);
        int found = -1;
        for (int ci = 0; ci < d->component_count; ci++) {
            if (d->components[ci].id == id) found = ci;
        }
        if (found < 0) return fail(d, CJDC_ERROR_MALFORMED, "Invalid component ID %d in SOS", id);
        for (int j = 0; j < i; j++) {
            if (d->scan_components[j] == found) return fail(d, CJDC_ERROR_MALFORMED, "Invalid component ID %d in SOS", id);
        }
        if ((tables >> 4) > 3) return fail(d, CJDC_ERROR_MALFORMED, "Huffman table 0x%02x was not defined", tables >> 4);
        d->scan_components[i] = found;
        d->components[found].dc_table = tables >> 4;
        blocks += d->components[found].h * d->components[found].v;
    }
    int ss = read_byte(d), se = read_byte(d), approximation = read_byte(d);
    if (approximation < 0) return end_of_input(d);
    d->scan_count = count;
    d->ah = approximation >> 4;
    d->al = approximation & 15;
    if (count > 1 && blocks > MAX_BLOCKS_IN_MCU) return fail(d, CJDC_ERROR_MALFORMED, "Sampling factors too large for interleaved scan");
    int bad = ss > 63 || se > 63 || se < ss || d->al > 13 || (d->ah != 0 && d->al != d->ah - 1);
    if (ss == 0 && se != 0) bad = 1;
    if (ss != 0 && count != 1) bad = 1;
    if (bad) return fail(d, CJDC_ERROR_MALFORMED, "Invalid progressive parameters Ss=%d Se=%d Ah=%d Al=%d", ss, se, d->ah, d->al);
    if (ss != 0) return SCAN_AC;
    return d->ah == 0 ? SCAN_DC_FIRST : SCAN_DC_REFINE;
}

/// Checks a DC scan against what came before, latches quantizers and builds its tables.
/// Returns 0, or 1 when the scan does not fit the progression (left to libjpeg before any row; after, stop).
static int prepare_dc_scan(cjdc_decoder *d, int kind) {
    for (int i = 0; i < d->scan_count; i++) {
        component *c = &d->components[d->scan_components[i]];
        int table = c->dc_table;
        if (kind == SCAN_DC_FIRST) {
            if (c->missing_bits >= 0) return 1;
            huff_table *huffman = &d->dc_tables[table];
            if (!huffman->defined) return fail(d, CJDC_ERROR_MALFORMED, "Huffman table 0x%02x was not defined", table);
            if (!huffman->built && build_huffman_table(d, huffman) != 0) return -1;
        } else if (c->missing_bits != d->ah) {
            return 1;
        }
        if (c->quant < 0) {
            if (!d->quant_defined[c->quant_index]) {
                return fail(d, CJDC_ERROR_MALFORMED, "Quantization table 0x%02x was not defined", c->quant_index);
            }
            c->quant = d->quant_dc[c->quant_index];
        }
        c->predictor = 0;
    }
    d->restarts_to_go = d->restart_interval;
    d->next_restart = 0;
    d->bit_buffer = 0;
    d->bit_count = 0;
    d->fake_bits = 0;
    d->stopped = 0;
    return 0;
}

// MARK: - Entropy decoding

/// Tops the bit buffer up to at least 57 bits; after the data stops (a marker, the end), zeros.
static inline void fill_bits(cjdc_decoder *d) {
    while (d->bit_count <= 56) {
        int c = 0;
        if (!d->stopped) {
            c = read_byte(d);
            if (c == 0xFF) {
                int next;
                do next = read_byte(d);
                while (next == 0xFF);
                if (next != 0) {
                    d->stopped = 1;
                    d->stop_marker = next;
                    c = -1;
                }
            } else if (c < 0) {
                d->stopped = 1;
                d->stop_marker = -1;
            }
        }
        if (c < 0) c = 0;
        if (d->stopped) d->fake_bits += 8;
        d->bit_buffer = d->bit_buffer << 8 | (uint64_t)c;
        d->bit_count += 8;
    }
}

static inline uint32_t peek_bits(const cjdc_decoder *d, int count) {
    return (uint32_t)(d->bit_buffer >> (d->bit_count - count)) & ((1u << count) - 1);
}

/// One Huffman symbol, or -1 for a code no table entry matches.
static inline int decode_symbol(cjdc_decoder *d, const huff_table *table) {
    if (d->bit_count < 16) fill_bits(d);
    uint16_t entry = table->lookup[peek_bits(d, 8)];
    if (entry != 0) {
        d->bit_count -= entry >> 8;
        return entry & 0xFF;
    }
    int length = 9;
    int32_t code = (int32_t)peek_bits(d, 9);
    while (code > table->maxcode[length]) {
        length += 1;
        if (length > 16) return -1;
        code = (int32_t)peek_bits(d, length);
    }
    d->bit_count -= length;
    return table->values[(code + table->valoffset[length]) & 0xFF];
}

/// Whether the last MCU used bits beyond the data (zeros standing in for a missing end).
static inline int used_missing_bits(const cjdc_decoder *d) { return d->fake_bits > d->bit_count; }


/// The entropy data stopped at `marker` (-1: the end of input) before the scan did. The end of
/// input or an EOI is truncation; any other marker is corrupt data. Both are warnings in lenient
/// mode (returns 1; the rest of the image stays as decoded so far), as libjpeg makes them
/// (JWRN_HIT_MARKER), so that fast and exact decodes of the same damage agree; errors when strict.
static int data_ended(cjdc_decoder *d, int marker) {
    if (marker < 0 && d->read_error) return end_of_input(d);
    d->truncated = 1;
    if (marker < 0 || marker == 0xD9) return warn(d, CJDC_ERROR_TRUNCATED, premature_end) == 0 ? 1 : -1;
    return warn(d, CJDC_ERROR_MALFORMED, "Corrupt JPEG data: premature end of data segment") == 0 ? 1 : -1;
}

/// Between MCUs at a restart boundary (libjpeg's `process_restart`): realign to a byte, expect RSTn,
/// reset the predictors. 0, 1 when the data ended there, or -1.
static int process_restart(cjdc_decoder *d) {
    long discarded;
    int marker = find_marker(d, &discarded);
    d->bit_buffer = 0;
    d->bit_count = 0;
    d->fake_bits = 0;
    if (marker != 0xD0 + d->next_restart) {
        if (marker < 0 || marker == 0xD9) return data_ended(d, marker);
        return fail(d, CJDC_ERROR_MALFORMED, "Corrupt JPEG data: found marker 0x%02x instead of RST%d", marker, d->next_restart);
    }
    if (discarded > 0) {
        char message[MESSAGE_BYTES];
        snprintf(message, sizeof message, "Corrupt JPEG data: %ld extraneous bytes before marker 0x%02x", discarded, marker);
        if (warn(d, CJDC_ERROR_MALFORMED, message) != 0) return -1;
    }
    d->next_restart = (d->next_restart + 1) & 7;
    d->restarts_to_go = d->restart_interval;
    for (int i = 0; i < d->scan_count; i++) d->components[d->scan_components[i]].predictor = 0;
    return 0;
}

/// One block of a DC scan (jdphuff.c `decode_mcu_DC_first` / `decode_mcu_DC_refine`). 0, 1 when
/// the data stopped inside a code, or -1.
static inline int decode_block(cjdc_decoder *d, int kind, component *c, int16_t *block) {
    if (kind == SCAN_DC_FIRST) {
        int bits = decode_symbol(d, &d->dc_tables[c->dc_table]);
        if (bits < 0) {
            if (d->stopped) return data_ended(d, d->stop_marker);
            return fail(d, CJDC_ERROR_MALFORMED, "Corrupt JPEG data: bad Huffman code");
        }
        int32_t difference = 0;
        if (bits > 0) {
            if (d->bit_count < bits) fill_bits(d);
            uint32_t raw = peek_bits(d, bits);
            d->bit_count -= bits;
            // HUFF_EXTEND: a leading 0 bit means a negative difference.
            difference = raw < (1u << (bits - 1)) ? (int32_t)raw - (int32_t)((1u << bits) - 1) : (int32_t)raw;
        }
        // Unsigned arithmetic: corrupt data may push the predictor anywhere without undefined behaviour.
        c->predictor = (int32_t)((uint32_t)c->predictor + (uint32_t)difference);
        *block = (int16_t)(uint16_t)((uint32_t)c->predictor << d->al);
    } else {
        if (d->bit_count < 1) fill_bits(d);
        if (peek_bits(d, 1)) *block = (int16_t)(uint16_t)((uint16_t)*block | (1u << d->al));
        d->bit_count -= 1;
    }
    return 0;
}

/// Decodes MCU row `row` of the current scan into the components' DC buffers. 0, 1 when the data
/// ended (the MCU it ended in reads as DC 0), or -1.
static int decode_mcu_row(cjdc_decoder *d, int kind, int row) {
    component *first = &d->components[d->scan_components[0]];
    int interleaved = d->scan_count > 1;
    int mcus = interleaved ? d->mcus_x : first->width_in_blocks;
    for (int mx = 0; mx < mcus; mx++) {
        if (d->restart_interval) {
            if (d->restarts_to_go == 0) {
                int status = process_restart(d);
                if (status != 0) return status;
            }
            d->restarts_to_go -= 1;
        }
        int16_t *blocks[MAX_BLOCKS_IN_MCU];
        int count = 0;
        for (int i = 0; i < d->scan_count; i++) {
            component *c = &d->components[d->scan_components[i]];
            int h = interleaved ? c->h : 1, v = interleaved ? c->v : 1;
            for (int by = 0; by < v; by++) {
                int16_t *line = c->dc + (size_t)(row * v + by - c->row_origin) * c->stride;
                for (int bx = 0; bx < h; bx++) {
                    int16_t *block = line + (size_t)mx * (size_t)h + (size_t)bx;
                    int status = decode_block(d, kind, c, block);
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
        if (used_missing_bits(d)) {
            for (int j = 0; kind == SCAN_DC_FIRST && j < count; j++) *blocks[j] = 0;
            return data_ended(d, d->stop_marker);
        }
    }
    return 0;
}

/// MCU rows of the current scan.
static int scan_mcu_rows(const cjdc_decoder *d) {
    return d->scan_count > 1 ? d->mcus_y : d->components[d->scan_components[0]].height_in_blocks;
}

// MARK: - Scan sequence

enum { NEXT_DONE = -2 };

/// Skips the entropy-coded data of a scan this decoder does not need (an AC scan), up to the next
/// marker other than RSTn. 0, 1 when the input ended, or -1.
static int skip_scan_data(cjdc_decoder *d) {
    for (;;) {
        int c = read_byte(d);
        if (c < 0) return data_ended(d, -1);
        if (c != 0xFF) continue;
        do c = read_byte(d);
        while (c == 0xFF);
        if (c < 0) return data_ended(d, -1);
        if (c == 0 || (c >= 0xD0 && c <= 0xD7)) continue;
        d->stopped = 1;
        d->stop_marker = c;
        return 0;
    }
}

/// Reads markers and table segments up to the next SOS and its header. Returns the scan kind,
/// NEXT_DONE at EOI, CJDC_FALLBACK-worthy frames as -1 with `*fallback` set, or -1 on error.
static int next_scan(cjdc_decoder *d, int *fallback) {
    for (;;) {
        int marker = next_marker(d);
        if (marker < 0) return -1;
        int status = 0;
        switch (marker) {
        case 0xC2:
            status = read_frame(d);
            if (status == CJDC_FALLBACK) {
                *fallback = 1;
                return -1;
            }
            break;
        case 0xC0: case 0xC1: case 0xC3: case 0xC5: case 0xC6: case 0xC7:
        case 0xC9: case 0xCA: case 0xCB: case 0xCD: case 0xCE: case 0xCF:
            // Baseline, lossless, hierarchical or arithmetic-coded frames: libjpeg's business.
            if (d->frame_seen) return fail(d, CJDC_ERROR_MALFORMED, "Invalid JPEG file structure: two SOF markers");
            *fallback = 1;
            return -1;
        case 0xC4: status = read_huffman_tables(d); break;
        case 0xDB: status = read_quant_tables(d); break;
        case 0xDD: {
            int length = segment_length(d);
            if (length < 0) return -1;
            if (length != 2) return fail(d, CJDC_ERROR_MALFORMED, "Bogus marker length");
            int interval = read_u16(d);
            if (interval < 0) return end_of_input(d);
            d->restart_interval = (unsigned)interval;
            break;
        }
        case 0xD8: return fail(d, CJDC_ERROR_MALFORMED, "Invalid JPEG file structure: two SOI markers");
        case 0xD9: return NEXT_DONE;
        case 0xDA: return read_scan_header(d);
        case 0x01: case 0xD0: case 0xD1: case 0xD2: case 0xD3: case 0xD4: case 0xD5: case 0xD6: case 0xD7:
            break; // No parameters; nothing to do (libjpeg traces and ignores them too).
        default: {
            // APPn, COM, DAC, DNL, EXP…: skipped by length.
            int length = segment_length(d);
            if (length < 0) return -1;
            status = skip_bytes(d, length);
            break;
        }
        }
        if (status != 0) return -1;
    }
}

static int dc_complete(const cjdc_decoder *d) {
    for (int i = 0; i < d->component_count; i++) {
        if (d->components[i].missing_bits < 0) return 0;
    }
    return 1;
}

/// Forgets a failure met while looking past the point where every DC was in: that part is optional.
static int stop_quietly(cjdc_decoder *d) {
    d->diagnostics.error_kind = CJDC_OK;
    d->diagnostics.message[0] = 0;
    return CJDC_OK;
}

/// Without streaming: decodes DC scans into the whole-image planes until every component's DC is
/// in (skipping AC scans of components already started), then any DC refinement scans that follow
/// before the next AC scan. Trouble past the point where the DC is complete ends the decode
/// quietly. Returns CJDC_OK, CJDC_FALLBACK or -1.
static int decode_planes(cjdc_decoder *d, int kind) {
    for (;;) {
        for (int row = 0, rows = scan_mcu_rows(d); row < rows; row++) {
            int status = decode_mcu_row(d, kind, row);
            if (status < 0) return -1;
            if (status > 0) break;
        }
        for (int i = 0; i < d->scan_count; i++) d->components[d->scan_components[i]].missing_bits = d->al;
        if (d->truncated) return CJDC_OK;
        int complete = dc_complete(d);
        for (;;) {
            int fallback = 0;
            kind = next_scan(d, &fallback);
            if (complete && (kind < 0 || kind == SCAN_AC)) return stop_quietly(d);
            if (fallback) return CJDC_FALLBACK;
            if (kind == NEXT_DONE) return CJDC_OK;
            if (kind < 0) {
                // The end of input before every DC scan: deliver what arrived, with the warning.
                if (d->diagnostics.error_kind != CJDC_ERROR_TRUNCATED || d->diagnostics.strict) return -1;
                stop_quietly(d);
                return data_ended(d, -1) < 0 ? -1 : CJDC_OK;
            }
            if (kind != SCAN_AC) break;
            int status = skip_scan_data(d);
            if (status < 0) return -1;
            if (status > 0) return CJDC_OK;
        }
        int status = prepare_dc_scan(d, kind);
        if (status < 0) return complete ? stop_quietly(d) : -1;
        if (status > 0) return complete ? CJDC_OK : CJDC_FALLBACK;
    }
}

// MARK: - Output

/// libjpeg's 1×1 scaled IDCT (jidctred.c `jpeg_idct_1x1`): DC · Q / 8 rounded, + 128, through the
/// post-IDCT range-limit table, which clamps within ±512 and wraps beyond (RANGE_MASK).
static inline int64_t idct_1x1(int16_t coefficient, int32_t quant) {
    int32_t value = ((int32_t)coefficient * (int32_t)(int16_t)quant + 4) >> 3;
    int index = value & 1023;
    int sample = index < 128 ? index + 128 : index < 512 ? 255 : index < 896 ? 0 : index - 896;
    return (int64_t)sample << 16;
}

/// The 2×2 ordered dither of cjpegshim.c's shortcut rows (thresholds 1/8, 5/8, 7/8, 3/8).
static const int64_t dither[4] = {8192, 40960, 57344, 24576};

static inline uint8_t clamp_fixed(int64_t value, int64_t threshold) {
    int64_t rounded = (value + threshold) >> 16;
    return (uint8_t)(rounded < 0 ? 0 : rounded > 255 ? 255 : rounded);
}

/// Output row `y` as RGBA8, converted exactly as cjpegshim.c converts libjpeg's shortcut rows.
static void emit_row(const cjdc_decoder *d, uint8_t *out, int y) {
    const int64_t fix_1_40200 = 91881, fix_0_34414 = 22554, fix_0_71414 = 46802, fix_1_77200 = 116130;
    const int16_t *lines[MAX_COMPONENTS];
    int shifts[MAX_COMPONENTS];
    int32_t quants[MAX_COMPONENTS];
    int64_t biases[MAX_COMPONENTS];
    for (int ci = 0; ci < d->component_count; ci++) {
        const component *c = &d->components[ci];
        int block_row = c->v < d->max_v ? y / 2 : y;
        lines[ci] = c->dc + (size_t)(block_row - c->row_origin) * c->stride;
        shifts[ci] = c->h < d->max_h ? 1 : 0;
        quants[ci] = c->quant < 0 ? 0 : c->quant;
        biases[ci] = c->bias;
    }
    for (int x = 0; x < d->output_width; x++) {
        uint8_t *p = out + 4 * (size_t)x;
        int64_t threshold = dither[(y & 1) * 2 + (x & 1)];
        int64_t c0 = idct_1x1(lines[0][x >> shifts[0]], quants[0]) + biases[0];
        if (d->component_count == 1) {
            p[0] = p[1] = p[2] = clamp_fixed(c0, threshold);
        } else {
            int64_t c1 = idct_1x1(lines[1][x >> shifts[1]], quants[1]) + biases[1];
            int64_t c2 = idct_1x1(lines[2][x >> shifts[2]], quants[2]) + biases[2];
            if (d->color == CJS_COLOR_RGB) {
                p[0] = clamp_fixed(c0, threshold);
                p[1] = clamp_fixed(c1, threshold);
                p[2] = clamp_fixed(c2, threshold);
            } else {
                int64_t cb = c1 - ((int64_t)128 << 16), cr = c2 - ((int64_t)128 << 16);
                p[0] = clamp_fixed(c0 + ((fix_1_40200 * cr) >> 16), threshold);
                p[1] = clamp_fixed(c0 - ((fix_0_34414 * cb + fix_0_71414 * cr) >> 16), threshold);
                p[2] = clamp_fixed(c0 + ((fix_1_77200 * cb) >> 16), threshold);
            }
        }
        p[3] = 255;
    }
}

/// cjpegshim.c's `set_dc_bias`: half the range of the missing DC bits, (2^Al − 1) · Q / 16 samples.
static void set_biases(cjdc_decoder *d) {
    for (int ci = 0; ci < d->component_count; ci++) {
        component *c = &d->components[ci];
        c->bias = 0;
        if (c->missing_bits <= 0 || c->missing_bits > 13 || c->quant < 0) continue;
        c->bias = (((int64_t)1 << c->missing_bits) - 1) * c->quant * 4096;
    }
}

// MARK: - API

cjdc_decoder *cjdc_create(int strict) {
    cjdc_decoder *d = calloc(1, sizeof *d);
    if (d != NULL) d->diagnostics.strict = strict;
    return d;
}

void cjdc_destroy(cjdc_decoder *d) {
    if (d == NULL) return;
    for (int i = 0; i < MAX_COMPONENTS; i++) free(d->components[i].dc);
    if (d->file != NULL) fclose(d->file);
    free(d->buffer);
    free(d);
}

void cjdc_set_source_memory(cjdc_decoder *d, const uint8_t *data, size_t size) {
    d->data = data;
    d->size = size;
    d->pos = 0;
}

int cjdc_set_source_descriptor(cjdc_decoder *d, int fd) {
    d->file = fdopen(fd, "rb");
    int open_error = errno;
    if (d->file == NULL) close(fd);
    d->buffer = d->file != NULL ? malloc(INPUT_BUFFER_BYTES) : NULL;
    if (d->buffer == NULL) {
        d->diagnostics.error_parameter = d->file == NULL ? open_error : ENOMEM;
        return fail(d, CJDC_ERROR_IO, "cannot open file");
    }
    return 0;
}

/// `cjdc_start` after the memory limit check: allocates the DC buffers.
static int allocate(cjdc_decoder *d, int64_t max_memory_bytes, cjdc_output *output) {
    int64_t total = d->file != NULL ? INPUT_BUFFER_BYTES : 0;
    for (int ci = 0; ci < d->component_count; ci++) {
        component *c = &d->components[ci];
        c->stride = (size_t)d->mcus_x * (size_t)c->h;
        c->rows = d->streaming ? (size_t)c->v : (size_t)d->mcus_y * (size_t)c->v;
        total += (int64_t)(c->stride * c->rows * sizeof(int16_t));
    }
    output->memory_bytes = total;
    if (total > max_memory_bytes) {
        d->diagnostics.error_parameter64 = total;
        return fail(d, CJDC_ERROR_MEMORY, "DC buffers need %lld bytes", (long long)total);
    }
    for (int ci = 0; ci < d->component_count; ci++) {
        component *c = &d->components[ci];
        c->dc = calloc(c->stride * c->rows, sizeof(int16_t));
        if (c->dc == NULL) {
            d->diagnostics.error_parameter64 = total;
            return fail(d, CJDC_ERROR_MEMORY, "out of memory");
        }
    }
    return 0;
}

int32_t cjdc_start(cjdc_decoder *d, int32_t color_space, int64_t max_memory_bytes, cjdc_output *output) {
    memset(output, 0, sizeof *output);
    if (d->diagnostics.error_kind != CJDC_OK || d->started) return d->diagnostics.error_kind != CJDC_OK ? d->diagnostics.error_kind : CJDC_ERROR_MALFORMED;
    d->color = color_space;
    int first = read_byte(d), second = read_byte(d);
    if (first != 0xFF || second != 0xD8) {
        fail(d, CJDC_ERROR_MALFORMED, "Not a JPEG file: starts with 0x%02x 0x%02x", first & 0xFF, second & 0xFF);
        return d->diagnostics.error_kind;
    }
    int fallback = 0;
    int kind = next_scan(d, &fallback);
    if (fallback) return CJDC_FALLBACK;
    if (kind == NEXT_DONE) fail(d, CJDC_ERROR_MALFORMED, "JPEG datastream contains no image");
    if (kind < 0) return d->diagnostics.error_kind;
    int supported_color = d->component_count == 1 ? color_space == CJS_COLOR_GRAY
                                                 : (color_space == CJS_COLOR_RGB || color_space == CJS_COLOR_YCBCR);
    // Only a DC-first scan may open a progression; libjpeg tolerates stranger orders with warnings.
    if (!supported_color || kind != SCAN_DC_FIRST) return CJDC_FALLBACK;
    int status = prepare_dc_scan(d, kind);
    if (status != 0) return status > 0 ? CJDC_FALLBACK : d->diagnostics.error_kind;
    d->streaming = d->scan_count == d->component_count;
    if (allocate(d, max_memory_bytes, output) != 0) return d->diagnostics.error_kind;
    d->output_width = (d->width + 7) / 8;
    d->output_height = (d->height + 7) / 8;
    if (d->streaming) {
        for (int i = 0; i < d->scan_count; i++) d->components[d->scan_components[i]].missing_bits = d->al;
    } else {
        status = decode_planes(d, kind);
        if (status < 0) return d->diagnostics.error_kind;
        if (status == CJDC_FALLBACK) return CJDC_FALLBACK;
    }
    set_biases(d);
    d->started = 1;
    output->width = d->output_width;
    output->height = d->output_height;
    output->streaming = d->streaming;
    return CJDC_OK;
}

int32_t cjdc_read_rows(cjdc_decoder *d, uint8_t *buffer, size_t stride, int32_t max_rows) {
    if (d->diagnostics.error_kind != CJDC_OK || !d->started) return -1;
    int32_t rows = 0;
    while (rows < max_rows && d->output_row < d->output_height) {
        int y = d->output_row;
        if (d->streaming && y / d->max_v >= d->decoded_mcu_rows) {
            int mcu_row = y / d->max_v;
            for (int ci = 0; ci < d->component_count; ci++) {
                component *c = &d->components[ci];
                memset(c->dc, 0, c->stride * c->rows * sizeof(int16_t));
                c->row_origin = mcu_row * c->v;
            }
            if (!d->truncated && decode_mcu_row(d, SCAN_DC_FIRST, mcu_row) < 0) return -1;
            d->decoded_mcu_rows = mcu_row + 1;
        }
        emit_row(d, buffer + (size_t)rows * stride, y);
        d->output_row += 1;
        rows += 1;
    }
    return rows;
}

int32_t cjdc_error_kind(const cjdc_decoder *d) { return d->diagnostics.error_kind; }
const char *cjdc_error_message(const cjdc_decoder *d) { return d->diagnostics.message; }
int32_t cjdc_error_parameter(const cjdc_decoder *d) { return d->diagnostics.error_parameter; }
int64_t cjdc_error_parameter64(const cjdc_decoder *d) { return d->diagnostics.error_parameter64; }
int32_t cjdc_warning_count(const cjdc_decoder *d) { return d->diagnostics.kept_warnings; }

const char *cjdc_warning_message(const cjdc_decoder *d, int32_t index) { return diagnostics_warning(&d->diagnostics, index); }
