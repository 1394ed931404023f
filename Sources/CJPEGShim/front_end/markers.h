// The markers around the scans: SOI, tables (DQT, DHT, DRI), the frame (SOFn) and scan headers
// (SOS), read through a bit reader used as a byte cursor. Part of the front end shared by the
// DC-scan decoder (every scan of a progressive file) and the split decoder (a baseline file's one
// scan). Checks and messages follow libjpeg (jdmarker.c); problems are recorded in `diagnostics`.
#pragma once

#include "bit_reader.h"
#include "huffman.h"
#include "../include/cjpegbudget.h"
#include "../include/cjpegshim.h"

typedef struct {
    int id, h, v, quant_index;
    /// Huffman tables the current scan selects for it.
    int dc_table, ac_table;
    /// Its blocks across and down the image (ceil(image size × factor / (8 × largest factor))).
    int width_in_blocks, height_in_blocks;
} frame_component;

typedef struct {
    /// Whether the frame must be progressive (SOF2) or baseline/extended sequential (SOF0, SOF1).
    int progressive;
    decoder_diagnostics *diagnostics;
    /// The decode's budget (never NULL: a zeroed one limits nothing), and what it has counted.
    const cj_budget *budget;
    /// libjpeg's header to start from (`front_end_first_scan`), or NULL to parse from SOI.
    const cjs_decoder *header;
    int scans_seen, markers_seen;
    /// Reads the marker segments, then, after a SOS header, the scan's entropy-coded data.
    bit_reader reader;
    // Tables, as the last DQT, DHT and DRI segments left them.
    huff_table dc_tables[4], ac_tables[4];
    /// Quantizers in zigzag order; `quant_16bit` for 16-bit entries.
    uint16_t quant[4][64];
    int quant_defined[4], quant_16bit[4];
    unsigned restart_interval;
    // The frame.
    int frame_seen;
    int width, height, component_count, max_h, max_v, mcus_x, mcus_y;
    frame_component components[MAX_COMPONENTS];
    // The last scan header: its components (indices into `components`), spectral selection and
    // successive approximation.
    int scan_count;
    int scan_components[4];
    int ss, se, ah, al;
} jpeg_front_end;

/// What `front_end_next_scan` found.
enum {
    FRONT_END_FAILED = -1,
    FRONT_END_SCAN = 0,
    /// The EOI marker.
    FRONT_END_IMAGE_END = 1,
    /// A frame the decoder leaves to libjpeg (another coding process, 12-bit samples, 2 or 4
    /// components, sampling factors other than 1 and 2): nothing is recorded.
    FRONT_END_UNSUPPORTED = 2,
};

/// A front end reading `source` (through `chunk`, CHUNK_BYTES, for a file) from its start, or from
/// `header` (libjpeg's, read from the same bytes; NULL: none), within `budget` (which must outlive
/// it): it counts every marker and every scan header, and polls the budget's callback at each marker.
CJS_HIDDEN void front_end_start(jpeg_front_end *f, const source_t *source, uint8_t *chunk, int progressive,
                                decoder_diagnostics *diagnostics, const cj_budget *budget, const cjs_decoder *header);
/// The first scan: from libjpeg's header when the front end has one (`cjs_seed_front_end`), else
/// SOI and the markers up to the first SOS (`front_end_read_image_start`, `front_end_next_scan`).
/// The reader is then at the scan's entropy-coded data. A FRONT_END_* code, as `front_end_next_scan`.
CJS_HIDDEN int front_end_first_scan(jpeg_front_end *f);
/// Fills the front end from libjpeg's state after `cjs_read_header` (implemented in cjpegshim.c,
/// where that state is): the frame, the quantization tables (natural order to zigzag, 16-bit ones
/// known from libjpeg's DQT trace), the Huffman tables, the restart interval and the first scan's
/// header, with the checks and results (FRONT_END_UNSUPPORTED, failures) `front_end_next_scan`
/// gives the same markers, and libjpeg's warnings about bytes skipped before a marker as its own.
/// The budget's counts carry over from libjpeg's: the APPn and COM segments it counted, SOF and
/// SOS (DQT, DHT and DRI segments before the first scan are not counted, as libjpeg does not).
/// The reader then starts at the scan's data, where libjpeg's source stopped. FRONT_END_UNSUPPORTED
/// for a decompressor without a header read or already started.
CJS_HIDDEN int cjs_seed_front_end(const cjs_decoder *header, jpeg_front_end *f);
/// Checks frame component `index` (read from a SOFn segment, or from libjpeg's reading of it) as
/// libjpeg's and this decoder's limits require, and widens the largest sampling factors: 0,
/// FRONT_END_UNSUPPORTED, or -1 with the failure recorded.
CJS_HIDDEN int front_end_check_component(jpeg_front_end *f, int index);
/// Once every component is checked: the MCU grid and each component's blocks; marks the frame seen.
CJS_HIDDEN void front_end_finish_frame(jpeg_front_end *f);
/// Polls the budget's callback; 0, or -1 with CJDIAG_ERROR_INTERRUPTED recorded.
CJS_HIDDEN int front_end_poll(jpeg_front_end *f);
/// Reads the SOI marker; 0, or -1 with the failure recorded.
CJS_HIDDEN int front_end_read_image_start(jpeg_front_end *f);
/// Reads markers and their segments up to the next SOS and its header; the reader is then at the
/// scan's entropy-coded data. A FRONT_END_* code; FRONT_END_FAILED also when the budget is spent
/// (a marker past `max_markers`, a scan past `max_scans`) or its callback stops the decode.
CJS_HIDDEN int front_end_next_scan(jpeg_front_end *f);
/// The next marker (after fill bytes), warning about other bytes skipped before it (libjpeg's
/// `next_marker`); -1 (failure recorded) at the end of input or on a strict-mode warning.
CJS_HIDDEN int front_end_next_marker(jpeg_front_end *f);
/// The end of input as a failure: an I/O error if reading failed, else truncation. Returns -1.
CJS_HIDDEN int front_end_end_of_input(jpeg_front_end *f);
/// What `front_end_take_restart` found.
enum { RESTART_TAKEN = 0, RESTART_DATA_ENDED = 1, RESTART_WRONG_MARKER = 2 };
/// At a restart boundary (libjpeg's process_restart), for both decoders: finds the next marker and,
/// when it is RST`*next_number`, resumes after it; `*next_number` moves on either way. `problem` gets
/// libjpeg's words for the bytes skipped before the RSTn ("" when none) or for a wrong marker. The
/// end of input or EOI there is RESTART_DATA_ENDED (the reader says which).
CJS_HIDDEN int front_end_take_restart(bit_reader *b, int *next_number, char problem[DIAGNOSTIC_MESSAGE_BYTES]);
