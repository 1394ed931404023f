// A small C layer over libjpeg's decompressor (jpeglib.h) for PixelKitJPEG.
//
// libjpeg reports fatal errors by calling `error_exit`, which must not return; Swift cannot
// `setjmp`, so every entry point here that calls libjpeg sets a `setjmp` recovery point, and the
// error manager `longjmp`s back to it. Callers see plain status codes and copied messages; no
// libjpeg type appears in this header.
//
// Ownership: a `cjs_decoder` owns everything it allocates (libjpeg state, its read buffer) and
// `cjs_destroy` frees it on every path. Memory and descriptors passed in (`cjs_set_source_memory`,
// `cjs_set_source_descriptor`, row buffers) stay the caller's and must outlive the calls that use them. Compression is in cjpegencoder.h.
#pragma once

#include "cjpegbudget.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Opaque decoder state: one libjpeg decompressor plus its error manager and source.
typedef struct cjs_decoder cjs_decoder;

/// Why an entry point failed (see `cjs_error_kind`).
typedef enum {
    CJS_OK = 0,
    /// libjpeg rejected the data (or, in strict mode, warned about it).
    CJS_ERROR_MALFORMED = 1,
    /// The data ended early ("Premature end of JPEG file" preceded the failure, or was the strict-mode warning).
    CJS_ERROR_TRUNCATED = 2,
    /// Sample precision this 8-bit build cannot decode; `cjs_error_parameter` is the precision in bits.
    CJS_ERROR_PRECISION = 3,
    /// A JPEG process this build does not implement (e.g. lossless); the message names it.
    CJS_ERROR_UNSUPPORTED = 4,
    /// libjpeg needed more memory than `max_memory_to_use` allows, or malloc failed.
    CJS_ERROR_MEMORY = 5,
    /// The file could not be opened or read; `cjs_error_parameter` is `errno`.
    CJS_ERROR_IO = 6,
    /// The frame is larger than libjpeg's maximum; `cjs_error_parameter` is that maximum (65500).
    /// `cjs_read_header` still reports the frame's width and height.
    CJS_ERROR_DIMENSION = 7,
    /// The input holds no bytes.
    CJS_ERROR_EMPTY = 8,
    /// Scan `cjs_error_parameter` started past the budget's `max_scans`.
    CJS_ERROR_SCAN_LIMIT = 9,
    /// Marker segment `cjs_error_parameter` came past the budget's `max_markers`.
    CJS_ERROR_MARKER_LIMIT = 10,
    /// The budget's callback stopped the decode; `cjs_error_parameter` is its `cj_interrupt_t`.
    CJS_ERROR_INTERRUPTED = 11,
    /// A scan started past the budget's `max_scan_samples`; `cjs_error_parameter` is the samples
    /// decoded by then over `CJ_SCAN_SAMPLES_PER_WORK_PIXEL` (at most `INT32_MAX`).
    CJS_ERROR_WORK_LIMIT = 12,
} cjs_error_kind_t;

/// The stored color space, as libjpeg infers it from the component count and JFIF/Adobe markers.
typedef enum {
    CJS_COLOR_UNKNOWN = 0,
    CJS_COLOR_GRAY = 1,
    CJS_COLOR_RGB = 2,
    CJS_COLOR_YCBCR = 3,
    CJS_COLOR_CMYK = 4,
    CJS_COLOR_YCCK = 5,
} cjs_color_t;

/// The most APP2 `ICC_PROFILE` segments kept (the sequence number is one byte), and their header
/// (`ICC_PROFILE\0`, sequence number, count).
#define CJS_MAX_ICC_SEGMENTS 256
#define CJS_ICC_HEADER_BYTES 14

/// One APP2 `ICC_PROFILE` segment as found (in file order): its sequence number and count as the
/// marker states them, and where its payload sits in `cjs_icc_data`.
typedef struct {
    int32_t sequence;
    int32_t count;
    int64_t offset;
    int32_t length;
} cjs_icc_segment;

/// What `jpeg_read_header` learned.
typedef struct {
    int32_t width;
    int32_t height;
    /// A `cjs_color_t` value.
    int32_t color_space;
    /// Bits per sample (8 for every image this build decodes).
    int32_t precision;
    int32_t progressive;
    /// Bytes of the TIFF payload of the first APP1 `Exif\0\0` segment (after those 6 bytes); 0 if none.
    int32_t exif_length;
    /// Bytes of the payload of the first APP2 `MPF\0` segment (an MPO's MP Index, from `MPF\0` on); 0 if none.
    int32_t mpf_length;
    /// APP2 `ICC_PROFILE` segments kept (see `cjs_icc_segment_at`), and the payload bytes of all of
    /// them (kept or not: none is kept past `cjs_set_icc_limit`).
    int32_t icc_segment_count;
    int64_t icc_bytes_seen;
    /// Whether an Adobe APP14 marker was seen (its CMYK/YCCK samples are inverted: 255 = no ink).
    int32_t adobe_marker;
    /// Bytes libjpeg will allocate for whole-image coefficient buffers (progressive, multi-scan
    /// or buffered-image decoding); 0 for a single-scan image decoded in one pass.
    int64_t coefficient_bytes;
} cjs_header;

/// What `cjs_start` set up.
typedef struct {
    /// Size of the rows `cjs_read_rows` will deliver (after scaling).
    int32_t width;
    int32_t height;
} cjs_output;

/// Allocates a decoder and calls `jpeg_CreateDecompress`. `max_memory_bytes` becomes
/// `mem->max_memory_to_use`; `strict` turns every libjpeg warning into an error. NULL if out of memory.
cjs_decoder *cjs_create(int64_t max_memory_bytes, int strict);

/// Keeps a copy of `budget` and enforces it from here on: libjpeg's progress monitor (called before
/// each row of MCUs a multi-scan image consumes, and at each `jpeg_read_scanlines`) refuses a scan
/// past `max_scans` (libjpeg counts SOS markers in `input_scan_number`) and polls `interrupt`; the
/// shim's own reader of APPn/COM segments counts them against `max_markers` and polls too. Call before
/// `cjs_read_header`; call again after it to decode under another budget (a decode continuing from
/// a header read for other options): the segments the header read counted stay counted, and fail
/// at once (CJS_ERROR_MARKER_LIMIT, as a read under this budget would have) when they exceed its
/// `max_markers`. 0 or -1.
int cjs_set_budget(cjs_decoder *decoder, const cj_budget *budget);

/// Turns strict mode (every libjpeg warning an error) on or off from here on, for a decode
/// continuing from a header read in the other mode. Turning it on after a header that warned fails
/// with the first warning (CJS_ERROR_TRUNCATED or CJS_ERROR_MALFORMED), as a strict read of that
/// header would have. 0 or -1.
int cjs_set_strict(cjs_decoder *decoder, int strict);

/// Sets `mem->max_memory_to_use` (as `cjs_create` does) before `cjs_start`, for a decode continuing
/// from a header read under another memory limit. 0, or -1 once started.
int cjs_set_max_memory(cjs_decoder *decoder, int64_t max_memory_bytes);

/// `jpeg_destroy_decompress`, frees the decoder (a descriptor it was given stays open). NULL is ignored.
void cjs_destroy(cjs_decoder *decoder);

/// `jpeg_mem_src`: decode `size` bytes at `data`, which must stay valid until `cjs_destroy`.
int cjs_set_source_memory(cjs_decoder *decoder, const uint8_t *data, size_t size);

/// Points the `cjs_set_source_memory` source at `data`, a copy of the same `size` bytes at another
/// address (the caller's borrow of its bytes ended and a new one began), at the same position:
/// libjpeg's memory source has no other pointer into the input. -1 for a file source or another size.
int cjs_rebase_source_memory(cjs_decoder *decoder, const uint8_t *data, size_t size);

/// A libjpeg source manager reading the open file `fd` from its start with `pread` at the decoder's
/// own offset, 16 KiB at a time (never the file position, so other readers may share `fd`; skipped
/// segments are not read). `fd` is borrowed: it must stay open until `cjs_destroy`, which does not
/// close it. An empty file fails as libjpeg's stdio source does; a failed read as CJS_ERROR_IO.
int cjs_set_source_descriptor(cjs_decoder *decoder, int fd);

/// `jpeg_read_header` (keeping the first APP1 `Exif` and APP2 `MPF` segments, each at most 65533
/// bytes, and the APP2 `ICC_PROFILE` segments within `cjs_set_icc_limit`; other APPn and COM
/// segments are skipped); fills `header`. libjpeg stops after the first
/// SOS header: the decode continues from there. 0 or -1.
int cjs_read_header(cjs_decoder *decoder, cjs_header *header);

/// Copies up to `capacity` bytes of the EXIF TIFF payload found by `cjs_read_header`; returns the count copied.
int32_t cjs_copy_exif(const cjs_decoder *decoder, uint8_t *buffer, int32_t capacity);

/// The most bytes of APP2 `ICC_PROFILE` payload `cjs_read_header` keeps (0 until set: none). 0 or -1.
int cjs_set_icc_limit(cjs_decoder *decoder, int64_t max_bytes);

/// The `index`th `ICC_PROFILE` segment kept by `cjs_read_header`, in file order. 0, or -1 out of range.
int cjs_icc_segment_at(const cjs_decoder *decoder, int32_t index, cjs_icc_segment *segment);

/// The kept `ICC_PROFILE` payloads, one after another (see `cjs_icc_segment`); NULL when none.
const uint8_t *cjs_icc_data(const cjs_decoder *decoder);

/// With `raw` set before `cjs_start`, `cjs_read_rows` delivers a CMYK/YCCK image's C, M, Y, K bytes
/// as libjpeg outputs them (Adobe's inverted convention) instead of the naive RGB. 0, or -1 once started.
int cjs_set_raw_cmyk(cjs_decoder *decoder, int raw);

/// Copies up to `capacity` bytes of the APP2 `MPF` payload found by `cjs_read_header` (from `MPF\0`
/// on); returns the count copied.
int32_t cjs_copy_mpf(const cjs_decoder *decoder, uint8_t *buffer, int32_t capacity);

/// Sets the output parameters (RGBA output, scale `scale_eighths`/8, libjpeg's default ISLOW DCT and
/// fancy upsampling), then `jpeg_start_decompress`. With `progressive_shortcut` on a progressive image,
/// uses buffered-image mode without block smoothing: `jpeg_consume_input` until the scans that carry
/// every component's DC are complete, then `jpeg_start_output` on the last of them; the rows then add
/// back the expected value of the DC bits those scans leave out (successive approximation) and are
/// rounded with a 2×2 ordered dither, so that their mean is unbiased. 0 or -1.
int cjs_start(cjs_decoder *decoder, int32_t scale_eighths, int progressive_shortcut, cjs_output *output);

/// `jpeg_read_scanlines` into `max_rows` rows of `buffer` spaced `stride` bytes apart (each at least
/// `width * 4` bytes), as RGBA8 (CMYK/YCCK converted, alpha 255; or its stored CMYK after `cjs_set_raw_cmyk`). Returns the rows read (0 at the end) or -1.
int32_t cjs_read_rows(cjs_decoder *decoder, uint8_t *buffer, size_t stride, int32_t max_rows);

/// `jpeg_finish_decompress` (or `jpeg_finish_output` after the shortcut): reads to the end of the
/// data so that trailing damage is reported. Call only after every row was read. 0 or -1.
int cjs_finish(cjs_decoder *decoder);

/// A `cjs_error_kind_t` for the last failure (CJS_OK if none).
int32_t cjs_error_kind(const cjs_decoder *decoder);
/// libjpeg's text for the last failure ("cannot open file" for CJS_ERROR_IO); "" if none.
const char *cjs_error_message(const cjs_decoder *decoder);
/// The failure's numeric detail: precision bits for CJS_ERROR_PRECISION, `errno` for CJS_ERROR_IO,
/// the maximum dimension for CJS_ERROR_DIMENSION, the count for the limits, the `cj_interrupt_t` for CJS_ERROR_INTERRUPTED.
int32_t cjs_error_parameter(const cjs_decoder *decoder);

/// Number of libjpeg warnings so far (all of them, also beyond those kept).
int32_t cjs_warning_count(const cjs_decoder *decoder);
/// Number of distinct warning messages kept (at most 8).
int32_t cjs_kept_warning_count(const cjs_decoder *decoder);
/// Kept warning message `index` (0-based), or "" when out of range.
const char *cjs_warning_message(const cjs_decoder *decoder, int32_t index);

#ifdef __cplusplus
}
#endif
