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
// Ownership: a `cjdc_decoder` owns its buffers and the descriptor it was given; memory passed in
// stays the caller's and must outlive the decoder.
#pragma once

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Opaque decoder state.
typedef struct cjdc_decoder cjdc_decoder;

/// What `cjdc_start` and `cjdc_read_rows` report.
typedef enum {
    CJDC_OK = 0,
    /// Not an error: the file uses something this decoder leaves to libjpeg (arithmetic coding,
    /// 12-bit samples, 2 or 4 components, sampling factors other than 1 and 2, a DNL height). No
    /// row was produced; decode with libjpeg instead.
    CJDC_FALLBACK = 1,
    /// Invalid data (bad marker, bad Huffman code or table, bad scan parameters); see the message.
    CJDC_ERROR_MALFORMED = 2,
    /// The data ends before the DC scans do (strict mode; lenient mode warns and continues).
    CJDC_ERROR_TRUNCATED = 3,
    /// The file could not be opened or read; `cjdc_error_parameter` is `errno`.
    CJDC_ERROR_IO = 4,
    /// The DC buffers would exceed the memory limit; `cjdc_error_parameter64` is the bytes needed.
    CJDC_ERROR_MEMORY = 5,
} cjdc_status_t;

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
/// Frees the decoder and closes its file. NULL is ignored.
void cjdc_destroy(cjdc_decoder *decoder);
/// Decode `size` bytes at `data`, which must stay valid until `cjdc_destroy`.
void cjdc_set_source_memory(cjdc_decoder *decoder, const uint8_t *data, size_t size);
/// Reads the open file `fd` from its start with `pread`, 64 KiB at a time, up to the size it has now;
/// the decoder owns `fd` from here on (closed by `cjdc_destroy`, or at once on failure). 0, or -1
/// with CJDC_ERROR_IO.
int cjdc_set_source_descriptor(cjdc_decoder *decoder, int fd);

/// Parses the markers up to the first scan, checks the frame, allocates the DC buffers (refusing
/// more than `max_memory_bytes`) and, without streaming, decodes the DC scans. `color_space` is the
/// color model libjpeg's header reading inferred (JFIF/Adobe markers, component IDs), as a
/// `cjs_color_t`: CJS_COLOR_GRAY, CJS_COLOR_RGB or CJS_COLOR_YCBCR (anything else falls back).
/// Returns a `cjdc_status_t`: CJDC_OK, CJDC_FALLBACK, or an error.
int32_t cjdc_start(cjdc_decoder *decoder, int32_t color_space, int64_t max_memory_bytes, cjdc_output *output);

/// Up to `max_rows` RGBA8 rows into `buffer`, `stride` bytes apart (each at least `width * 4` bytes).
/// Returns the rows written (0 once every row was delivered) or -1 on error.
int32_t cjdc_read_rows(cjdc_decoder *decoder, uint8_t *buffer, size_t stride, int32_t max_rows);

/// The `cjdc_status_t` of the last failure (CJDC_OK if none).
int32_t cjdc_error_kind(const cjdc_decoder *decoder);
/// A message for the last failure, worded as libjpeg words the same problem; "" if none.
const char *cjdc_error_message(const cjdc_decoder *decoder);
/// `errno` for CJDC_ERROR_IO.
int32_t cjdc_error_parameter(const cjdc_decoder *decoder);
/// Bytes needed for CJDC_ERROR_MEMORY.
int64_t cjdc_error_parameter64(const cjdc_decoder *decoder);

/// Number of distinct warning messages kept (at most 4), in lenient mode.
int32_t cjdc_warning_count(const cjdc_decoder *decoder);
/// Kept warning `index`, or "" when out of range.
const char *cjdc_warning_message(const cjdc_decoder *decoder, int32_t index);

#ifdef __cplusplus
}
#endif
