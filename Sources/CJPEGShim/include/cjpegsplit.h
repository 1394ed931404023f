// A reduced-size (1/2, 1/4, 1/8) decoder for baseline Huffman JPEGs that entropy-decodes the one
// scan in two halves at once, independent of libjpeg.
//
// A baseline scan without restart markers is one bit stream: where its second half begins, in bits
// and in blocks, is only known by decoding the first. So a second thread starts decoding at a byte in
// the middle as if an MCU began there. Huffman codes resynchronise: after a few MCUs its MCU starts
// fall on the true ones. The first thread, decoding from the start, recognises the first MCU start
// the two share (same bit position) and from then on the second thread's blocks are the image's,
// shifted by one DC offset per component (the DC predictors it started from were unknown), which the
// first thread now knows and adds. The first thread stops at the end of that MCU row and renders the
// rest from the second thread's blocks. If no shared MCU start is found, the first thread decodes to
// the end alone: the output is the same either way, bit for bit.
//
// With restart intervals the split is exact: the second thread starts just past the first RSTn
// marker after the middle, where an MCU starts with the predictors at zero, and the halves meet when
// the first thread takes that marker as the one it expects. Restarts follow libjpeg's process_restart:
// bytes before a marker are skipped with a warning, an interval whose data ends early is mid-gray
// after that point and decoding resumes at the next RSTn; data that ends at a restart leaves the rest
// mid-gray. A marker other than the expected RSTn fails the decode as malformed (libjpeg would try to
// resynchronise; the DC-scan decoder fails the same way).
//
// Each block is reduced in the DCT domain to the average of each (8/n)×(8/n) pixel area (exact box
// filtering, the same coefficients libjpeg's reduced IDCTs read), chroma computed at the output size
// in each direction it is subsampled in (libjpeg does so for 4:2:0 but upsamples 4:2:2 and 4:4:0
// chroma from half resolution, so there its rows are softer in color). Colors follow
// libjpeg's YCbCr→RGB tables. Damage follows libjpeg: a bad Huffman code warns and decodes as 0; data
// that ends early warns, and the blocks after it are mid-gray.
//
// Files it leaves to libjpeg (`CJDIAG_FALLBACK`): anything but 8-bit baseline/extended Huffman with one
// interleaved scan of 1 (gray) or 3 (YCbCr) components, 16-bit quantizers, sampling
// factors whose chroma would need more than an 8×8 IDCT, or less entropy data than the caller's
// threshold.
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
typedef struct cjsp_decoder cjsp_decoder;

/// What `cjsp_start` set up.
typedef struct {
    /// Size of the rows `cjsp_read_rows` delivers: ⌈width·n/8⌉ × ⌈height·n/8⌉.
    int32_t width;
    int32_t height;
    /// 1 when a second thread is decoding the second half of the scan.
    int32_t split;
} cjsp_output;

/// What happened to the split, for tests and benchmarks (`cjsp_split_report`).
typedef struct {
    /// 1 once the first thread found an MCU start the second thread also reached.
    int32_t synchronized;
    /// The MCU (in scan order) where the two met, and how many MCUs the second thread decoded
    /// before it (its start was not an MCU start until then); -1 when they never met.
    int64_t meeting_mcu;
    int64_t mcus_before_meeting;
    /// The scan's MCU count.
    int64_t total_mcus;
} cjsp_split_report_t;

/// A decoder that fails on any warning when `strict`. NULL if out of memory.
cjsp_decoder *cjsp_create(int strict);
/// Stops the second thread and frees the decoder (a descriptor it was given stays open: it is
/// borrowed). NULL is ignored.
void cjsp_destroy(cjsp_decoder *decoder);
/// Keeps a copy of `budget`: markers past `max_markers` fail (CJDIAG_ERROR_MARKER_LIMIT), and
/// `interrupt` is polled at every marker and, on the caller's thread, before every row of MCUs
/// (CJDIAG_ERROR_INTERRUPTED). Its one scan needs no scan limit. Call before `cjsp_start`.
void cjsp_set_budget(cjsp_decoder *decoder, const cj_budget *budget);
/// Starts `cjsp_start` from libjpeg's parsed header instead of parsing the markers from SOI, as
/// `cjdc_set_header` does (a header whose reading warned about bytes skipped before a marker falls
/// back, as such markers do from SOI). `header` is borrowed until `cjsp_start` returns. Call before
/// `cjsp_start`; NULL: from SOI.
void cjsp_set_header(cjsp_decoder *decoder, const cjs_decoder *header);
/// Decode `size` bytes at `data`, which must stay valid until `cjsp_destroy`.
void cjsp_set_source_memory(cjsp_decoder *decoder, const uint8_t *data, size_t size);
/// Reads the open file `fd` with `pread` from both threads (never moving its file position), up to
/// `size` bytes (its size when the caller opened it). `fd` is borrowed: it must stay open until
/// `cjsp_destroy`, which does not close it. 0, or -1 with CJDIAG_ERROR_IO.
int cjsp_set_source_descriptor(cjsp_decoder *decoder, int fd, int64_t size);

/// Parses the markers up to the scan and checks that this decoder handles the file (falling back when
/// it has less than `min_entropy_bytes` of entropy data, where libjpeg alone is as fast). With
/// `threads` ≥ 2 and at least `min_split_bytes` of entropy data, starts the second thread at
/// `split_fraction` (0 < f < 1) of the entropy data; otherwise decodes on the calling thread only.
/// The rows are the same either way. `scale_eighths` is
/// 1, 2 or 4 (anything else falls back); `color_space` is the `cjs_color_t` libjpeg inferred
/// (CJS_COLOR_GRAY or CJS_COLOR_YCBCR; anything else falls back). Refuses more than
/// `max_memory_bytes`. Returns a `cjdiag_status_t`.
int32_t cjsp_start(cjsp_decoder *decoder, int32_t scale_eighths, int32_t color_space, int32_t threads,
                   int64_t min_entropy_bytes, int64_t min_split_bytes, double split_fraction, int64_t max_memory_bytes, cjsp_output *output);

/// Up to `max_rows` RGBA8 rows into `buffer`, `stride` bytes apart (each at least `width * 4` bytes).
/// Returns the rows written (0 once every row was delivered) or -1 on error.
int32_t cjsp_read_rows(cjsp_decoder *decoder, uint8_t *buffer, size_t stride, int32_t max_rows);

/// How the split went so far.
cjsp_split_report_t cjsp_split_report(const cjsp_decoder *decoder);

/// The decoder's failure and warnings (`cjdiag_*` accessors), valid until `cjsp_destroy`.
const decoder_diagnostics *cjsp_diagnostics(const cjsp_decoder *decoder);

#ifdef __cplusplus
}
#endif
