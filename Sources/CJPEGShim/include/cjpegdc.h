// A DC-only decoder for progressive (SOF2, Huffman) JPEGs at 1/8 scale, independent of libjpeg.
//
// It parses the markers itself (with the front end it shares with the split decoder) and
// entropy-decodes only the DC scans, keeping one 16-bit DC value per 8×8 block: for one MCU row when
// the first scan carries every component (then rows stream out as each MCU row is decoded),
// otherwise for the whole image (DC planes, 2 bytes per block). It stops
// reading as soon as every component's DC is in. Every read is bounds-checked; failures are status
// codes, never `longjmp`. Pixels equal libjpeg's 1/8 output after its buffered-image DC shortcut
// (1×1 IDCT, ISLOW rounding, chroma replicated as libjpeg's 2×2 scaled IDCT does), plus the same
// expected-value correction for DC bits not yet received and the same 2×2 ordered dither.
//
// Ownership: a `cjdc_decoder` owns its buffers; the descriptor and memory passed in stay the
// caller's and must outlive the decoder.
#pragma once

#include "cjpegbudget.h"
#include "cjpegdiagnostics.h"
#include "cjpegshim.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Opaque decoder state.
typedef struct cjdc_decoder cjdc_decoder;

/// What `cjdc_start` set up.
typedef struct {
    /// Size of the rows `cjdc_read_rows` delivers: ⌈width/8⌉ × ⌈height/8⌉.
    int32_t width;
    int32_t height;
    /// 1 when rows stream out per MCU row, 0 when whole-image DC planes are kept.
    int32_t streaming;
    /// Bytes the decoder allocated (DC buffers and file input buffer).
    int64_t memory_bytes;
} cjdc_output;

/// A decoder that fails on any warning when `strict`. NULL if out of memory.
cjdc_decoder *cjdc_create(int strict);
/// Frees the decoder (a descriptor it was given stays open: it is borrowed). NULL is ignored.
void cjdc_destroy(cjdc_decoder *decoder);
/// Keeps a copy of `budget`: scans past `max_scans` and markers past `max_markers` fail
/// (CJDIAG_ERROR_SCAN_LIMIT, CJDIAG_ERROR_MARKER_LIMIT), and `interrupt` is polled at every marker and
/// before every row of MCUs (CJDIAG_ERROR_INTERRUPTED). Call before `cjdc_start`.
void cjdc_set_budget(cjdc_decoder *decoder, const cj_budget *budget);
/// Starts `cjdc_start` from libjpeg's parsed header instead of parsing the markers from SOI:
/// `header` has read the same input's header (`cjs_read_header`) and not started (`cjs_start`); its
/// frame, tables and first scan header are taken over (with the front end's checks) and the
/// decoder begins at that scan's entropy-coded data, where libjpeg stopped. The rows are the same.
/// `header` is borrowed until `cjdc_start` returns. Call before `cjdc_start`; NULL: from SOI.
void cjdc_set_header(cjdc_decoder *decoder, const cjs_decoder *header);
/// Decode `size` bytes at `data`, which must stay valid until `cjdc_destroy`.
void cjdc_set_source_memory(cjdc_decoder *decoder, const uint8_t *data, size_t size);
/// Reads the open file `fd` from its start with `pread` (never moving its file position), 64 KiB at a
/// time, up to `size` bytes (its size when the caller opened it). `fd` is borrowed: it must stay open
/// until `cjdc_destroy`, which does not close it, so other readers may share it. 0, or -1 with
/// CJDIAG_ERROR_IO.
int cjdc_set_source_descriptor(cjdc_decoder *decoder, int fd, int64_t size);

/// Parses the markers up to the first scan, checks the frame, allocates the DC buffers (refusing
/// more than `max_memory_bytes`) and, without streaming, decodes the DC scans. `color_space` is the
/// color model libjpeg's header reading inferred (JFIF/Adobe markers, component IDs), as a
/// `cjs_color_t`: CJS_COLOR_GRAY, CJS_COLOR_RGB or CJS_COLOR_YCBCR (anything else falls back).
/// Returns a `cjdiag_status_t`: CJDIAG_OK, CJDIAG_FALLBACK, or an error.
int32_t cjdc_start(cjdc_decoder *decoder, int32_t color_space, int64_t max_memory_bytes, cjdc_output *output);

/// Up to `max_rows` RGBA8 rows into `buffer`, `stride` bytes apart (each at least `width * 4` bytes).
/// Returns the rows written (0 once every row was delivered) or -1 on error.
int32_t cjdc_read_rows(cjdc_decoder *decoder, uint8_t *buffer, size_t stride, int32_t max_rows);

/// The decoder's failure and warnings (`cjdiag_*` accessors), valid until `cjdc_destroy`.
const decoder_diagnostics *cjdc_diagnostics(const cjdc_decoder *decoder);

#ifdef __cplusplus
}
#endif
