// The DC-scan decoder's state, shared by its files.
// Part of the DC-scan decoder; see include/cjpegdc.h for the contract.
#pragma once

#include "../include/cjpegdc.h"
#include "../front_end/markers.h"

#include <stdint.h>

/// What the DC-scan decoder keeps per frame component (the frame's facts are in the front end's).
typedef struct {
    /// DC quantizer, latched when the component's first scan starts (libjpeg's `latch_quant_tables`); -1 before.
    int32_t quant;
    /// DC bits not yet received (the point transform Al of its last DC scan); -1 before its first DC scan.
    int missing_bits;
    /// Blocks per row and rows of `dc` (one MCU row when streaming, else the whole image).
    size_t stride, rows;
    /// DC coefficients as libjpeg stores them (already shifted left by the point transform).
    int16_t *dc;
    /// Block row of the image held in the first row of `dc`.
    int row_origin;
    int32_t predictor;
    /// Expected value of the missing DC bits, in 1/65536 sample units.
    int64_t bias;
} dc_component;

/// Kinds of scan, from its spectral selection and successive approximation.
enum { SCAN_DC_FIRST, SCAN_DC_REFINE, SCAN_AC };

struct cjdc_decoder {
    int color;
    /// Scans, markers and interruption (cjdc_set_budget); zeroed: no limits.
    cj_budget budget;
    source_t source;
    uint8_t *chunk;
    /// libjpeg's header to start from (`cjdc_set_header`; borrowed, used by `cjdc_start` only), or NULL.
    const cjs_decoder *header;
    /// Markers, tables, frame and scan headers, and the bit reader over the current scan's data.
    jpeg_front_end front;
    dc_component components[MAX_COMPONENTS];
    // Current scan.
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

/// Reads markers up to the next scan header. Returns its kind, CJDIAG_FALLBACK-worthy frames as -1
/// with `*fallback` set, NEXT_DONE at EOI, or -1 on error.
CJS_HIDDEN int cjdc_next_scan(cjdc_decoder *d, int *fallback);
/// `cjdc_next_scan` for the first scan: from SOI, or from libjpeg's header (`cjdc_set_header`).
CJS_HIDDEN int cjdc_first_scan(cjdc_decoder *d, int *fallback);
enum { NEXT_DONE = -2 };
/// Checks a DC scan against what came before, latches quantizers and builds its tables.
/// Returns 0, or 1 when the scan does not fit the progression (left to libjpeg before any row; after, stop).
CJS_HIDDEN int cjdc_prepare_dc_scan(cjdc_decoder *d, int kind);
/// Decodes MCU row `row` of the current scan into the components' DC buffers. 0, 1 when the data
/// ended (the MCU it ended in reads as DC 0), or -1.
CJS_HIDDEN int cjdc_decode_mcu_row(cjdc_decoder *d, int kind, int row);
/// The entropy data stopped at `marker` (-1: the end of input) before the scan did: a warning
/// (returns 1), or a failure (-1).
CJS_HIDDEN int cjdc_data_ended(cjdc_decoder *d, int marker);
/// Without streaming: decodes DC scans into the whole-image planes until every component's DC is
/// in. Returns CJDIAG_OK, CJDIAG_FALLBACK or -1.
CJS_HIDDEN int cjdc_decode_planes(cjdc_decoder *d, int kind);
/// The expected value of each component's missing DC bits (cjpegshim.c's `set_dc_bias`).
CJS_HIDDEN void cjdc_set_biases(cjdc_decoder *d);
/// Output row `y` as RGBA8, converted exactly as cjpegshim.c converts libjpeg's shortcut rows.
CJS_HIDDEN void cjdc_emit_row(const cjdc_decoder *d, uint8_t *out, int y);
