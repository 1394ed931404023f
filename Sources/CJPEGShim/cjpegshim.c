// libjpeg decompression behind setjmp recovery points; see include/cjpegshim.h for the contract.
#include "cjpegshim.h"
#include "dc/shortcut_pixel.h"
// Before jpeglib.h, whose MAX_COMPONENTS (10, a macro) would rename the front end's (3).
#include "front_end/markers.h"

#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jpeglib.h>
#include <jerror.h>

enum { CJS_MAX_KEPT_WARNINGS = 8, CJS_MAX_BATCH = 16 };

/// Conversion applied to libjpeg's rows. libjpeg converts to RGBA itself, except for CMYK (which it
/// does not convert) and after the progressive shortcut, where the shim adds the DC bias first.
typedef enum { POST_NONE, POST_CMYK, POST_GRAY, POST_RGB, POST_YCC } cjs_post_t;

/// libjpeg's error manager extended with the recovery point that `error_exit` jumps to.
typedef struct {
    struct jpeg_error_mgr pub;
    jmp_buf recovery;
} cjs_error_mgr;

struct cjs_decoder {
    /// First member, so that a `j_common_ptr` from libjpeg is also the decoder's address.
    struct jpeg_decompress_struct cinfo;
    cjs_error_mgr err;
    /// Its monitor enforces `budget` (see `cjs_set_budget`).
    struct jpeg_progress_mgr progress;
    cj_budget budget;
    /// The last scan whose samples `scan_samples` counts, and the samples of every scan so far.
    int counted_scan;
    int64_t scan_samples;
    /// APPn and COM segments read by `read_other_marker`.
    int32_t markers_seen;
    int created;
    int strict;
    int failed;
    int started;
    int buffered;
    /// How `cjs_read_rows` turns libjpeg's output into RGBA8 (a `cjs_post_t`).
    int post;
    /// Shortcut only: expected value of the DC bits not yet received, per component, in 1/65536 sample units.
    int64_t dc_bias[4];
    /// The `pread` source manager of `cjs_set_source_descriptor` (its descriptor is borrowed).
    struct jpeg_source_mgr descriptor_source;
    int fd;
    /// Where the next `pread` reads, and the buffer it fills.
    int64_t next_offset;
    JOCTET *read_buffer;
    /// The `errno` of a failed `pread` (0 when none failed).
    int read_error;
    int saw_end_of_file_warning;
    /// Whether the first warning was JWRN_JPEG_EOF (what a strict read would have failed with).
    int first_warning_end_of_file;
    int32_t error_kind;
    int32_t error_parameter;
    char error_message[JMSG_LENGTH_MAX];
    int32_t warning_count;
    int32_t kept_warning_count;
    char warnings[CJS_MAX_KEPT_WARNINGS][JMSG_LENGTH_MAX];
    /// libjpeg's code of each kept warning (JWRN_EXTRANEOUS_DATA is the front end's warning too).
    int warning_codes[CJS_MAX_KEPT_WARNINGS];
    /// What libjpeg's trace messages tell and its state does not keep (for `cjs_seed_front_end`):
    /// the SOFn marker, and which quantization tables were last defined with 16-bit entries.
    int sof_marker;
    int quant_16bit[NUM_QUANT_TBLS];
    /// The first APP1 `Exif` segment's TIFF payload (owned), and its length.
    uint8_t *exif;
    int32_t exif_length;
    /// The first APP2 `MPF` segment's payload from its signature on (owned), and its length.
    uint8_t *mpf;
    int32_t mpf_length;
    /// The APP2 `ICC_PROFILE` segments' payloads (after the 14-byte header), appended in file order
    /// (owned), each one's sequence number, count, offset and length; at most `icc_limit` bytes kept.
    uint8_t *icc_data;
    int64_t icc_length;
    int64_t icc_limit;
    /// Payload bytes of every ICC segment seen, kept or not (above `icc_limit` none is kept).
    int64_t icc_bytes_seen;
    int32_t icc_segment_count;
    cjs_icc_segment icc_segments[CJS_MAX_ICC_SEGMENTS];
    /// Whether `cjs_read_rows` leaves CMYK/YCCK output as libjpeg delivers it (`cjs_set_raw_cmyk`).
    int raw_cmyk;
    /// A `cjs_set_source_memory` input (NULL and 0 for a file), for `cjs_rebase_source_memory`.
    const uint8_t *memory_base;
    size_t memory_size;
};

/// Maps a libjpeg error code to a `cjs_error_kind_t`, recording its numeric detail.
static int32_t classify(cjs_decoder *d, int code) {
    switch (code) {
    case JERR_BAD_PRECISION:
        d->error_parameter = d->err.pub.msg_parm.i[0];
        return CJS_ERROR_PRECISION;
    case JERR_SOF_UNSUPPORTED:
    case JERR_NOT_COMPILED:
    case JERR_CONVERSION_NOTIMPL:
        return CJS_ERROR_UNSUPPORTED;
    case JERR_OUT_OF_MEMORY:
    case JERR_NO_BACKING_STORE:
        return CJS_ERROR_MEMORY;
    case JERR_IMAGE_TOO_BIG:
        d->error_parameter = (int32_t)JPEG_MAX_DIMENSION;
        return CJS_ERROR_DIMENSION;
    case JERR_INPUT_EMPTY:
        if (d->read_error != 0) {
            d->error_parameter = d->read_error;
            return CJS_ERROR_IO;
        }
        return CJS_ERROR_EMPTY;
    default:
        return d->saw_end_of_file_warning ? CJS_ERROR_TRUNCATED : CJS_ERROR_MALFORMED;
    }
}

/// Replaces libjpeg's `error_exit` (which would `exit()`): records the message and unwinds to the
/// entry point's `setjmp`.
static void cjs_error_exit(j_common_ptr cinfo) {
    cjs_decoder *d = (cjs_decoder *)cinfo;
    (*cinfo->err->format_message)(cinfo, d->error_message);
    d->error_kind = classify(d, cinfo->err->msg_code);
    d->failed = 1;
    longjmp(d->err.recovery, 1);
}

/// Replaces `emit_message`: keeps warnings (level -1) for the report, or fails on them in strict mode;
/// ignores trace messages (levels 0 and up).
static void cjs_emit_message(j_common_ptr cinfo, int level) {
    cjs_decoder *d = (cjs_decoder *)cinfo;
    if (level >= 0) {
        // Trace messages are emitted whatever the trace level: keep the two facts the front end needs.
        int code = cinfo->err->msg_code;
        const int *parameters = cinfo->err->msg_parm.i;
        if (code == JTRC_SOF) d->sof_marker = parameters[0];
        if (code == JTRC_DQT && parameters[0] >= 0 && parameters[0] < NUM_QUANT_TBLS) d->quant_16bit[parameters[0]] = parameters[1] != 0;
        return;
    }
    char message[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, message);
    int end_of_file = cinfo->err->msg_code == JWRN_JPEG_EOF;
    if (end_of_file) d->saw_end_of_file_warning = 1;
    if (d->warning_count == 0) d->first_warning_end_of_file = end_of_file;
    d->warning_count += 1;
    cinfo->err->num_warnings += 1;
    if (d->strict) {
        memcpy(d->error_message, message, sizeof message);
        d->error_kind = end_of_file ? CJS_ERROR_TRUNCATED : CJS_ERROR_MALFORMED;
        d->failed = 1;
        longjmp(d->err.recovery, 1);
    }
    for (int32_t i = 0; i < d->kept_warning_count; i++) {
        if (strcmp(d->warnings[i], message) == 0) return;
    }
    if (d->kept_warning_count < CJS_MAX_KEPT_WARNINGS) {
        memcpy(d->warnings[d->kept_warning_count], message, sizeof message);
        d->warning_codes[d->kept_warning_count] = cinfo->err->msg_code;
        d->kept_warning_count += 1;
    }
}

/// Replaces `output_message`, which would print to stderr.
static void cjs_output_message(j_common_ptr cinfo) { (void)cinfo; }

/// Fails the decode with `kind` and `message` (no libjpeg error code), unwinding to the entry point.
static void stop(cjs_decoder *d, int32_t kind, int32_t parameter, const char *message) {
    snprintf(d->error_message, sizeof d->error_message, "%s", message);
    d->error_kind = kind;
    d->error_parameter = parameter;
    d->failed = 1;
    longjmp(d->err.recovery, 1);
}

/// Stops the decode if the budget's callback says so.
static void poll_interrupt(cjs_decoder *d) {
    if (d->budget.interrupt == NULL) return;
    int32_t reason = d->budget.interrupt(d->budget.context);
    if (reason != CJ_CONTINUE) stop(d, CJS_ERROR_INTERRUPTED, reason, "interrupted");
}

/// Adds the scan that starts to the samples decoded so far (every block of its components, each
/// scan revisiting them) and refuses it, before any of its data is decoded, when that passes the
/// budget's `max_scan_samples`.
static void charge_scan(cjs_decoder *d) {
    if (d->budget.max_scan_samples <= 0) return;
    int64_t samples = 0;
    for (int i = 0; i < d->cinfo.comps_in_scan; i++) {
        const jpeg_component_info *component = d->cinfo.cur_comp_info[i];
        samples += (int64_t)component->width_in_blocks * (int64_t)component->height_in_blocks * DCTSIZE2;
    }
    d->scan_samples += samples;
    if (d->scan_samples > d->budget.max_scan_samples) {
        char message[JMSG_LENGTH_MAX];
        snprintf(message, sizeof message, "scan %d brings the samples decoded to %lld, past the limit of %lld",
                 d->cinfo.input_scan_number, (long long)d->scan_samples, (long long)d->budget.max_scan_samples);
        int64_t samples_per_pixel = CJ_SCAN_SAMPLES_PER_WORK_PIXEL;
        int64_t pixels = d->scan_samples / samples_per_pixel;
        stop(d, CJS_ERROR_WORK_LIMIT, pixels > INT32_MAX ? INT32_MAX : (int32_t)pixels, message);
    }
}

/// Refuses a scan past `max_scans` before any of its rows is consumed, then polls.
static void check_budget(cjs_decoder *d) {
    int scans = d->cinfo.input_scan_number;
    if (d->budget.max_scans > 0 && scans > d->budget.max_scans) {
        char message[JMSG_LENGTH_MAX];
        snprintf(message, sizeof message, "scan %d is past the limit of %d scans", scans, (int)d->budget.max_scans);
        stop(d, CJS_ERROR_SCAN_LIMIT, scans, message);
    }
    if (scans != d->counted_scan) {
        d->counted_scan = scans;
        charge_scan(d);
    }
    poll_interrupt(d);
}

/// libjpeg's progress monitor: before each row of MCUs a multi-scan image consumes, and at each
/// `jpeg_read_scanlines`.
static void cjs_progress_monitor(j_common_ptr cinfo) { check_budget((cjs_decoder *)cinfo); }

/// The next byte of the source (our sources never suspend: at the end they supply a fake EOI).
static int next_byte(j_decompress_ptr cinfo) {
    struct jpeg_source_mgr *src = cinfo->src;
    if (src->bytes_in_buffer == 0 && !(*src->fill_input_buffer)(cinfo)) ERREXIT(cinfo, JERR_CANT_SUSPEND);
    src->bytes_in_buffer -= 1;
    return *src->next_input_byte++;
}

/// Reads the rest of a segment of `length` payload bytes and keeps it in `*kept` (`*kept_length`
/// bytes from `skip` on) when it starts with the `signature_length` bytes of `signature` and nothing
/// was kept before; otherwise drops it. The payload is at most 65533 bytes (the length field's 16 bits).
static void keep_segment(j_decompress_ptr cinfo, int length, const uint8_t *signature, int signature_length, int skip,
                         uint8_t **kept, int32_t *kept_length) {
    uint8_t *payload = malloc((size_t)length);
    if (payload == NULL) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 0);
    for (int i = 0; i < length; i++) payload[i] = (uint8_t)next_byte(cinfo);
    if (memcmp(payload, signature, (size_t)signature_length) == 0) {
        *kept_length = length - (int32_t)skip;
        memmove(payload, payload + skip, (size_t)*kept_length);
        *kept = payload;
    } else {
        free(payload);
    }
}

/// Keeps an APP2 `ICC_PROFILE` segment's payload (`length` bytes, its 14-byte header included) while
/// the kept bytes stay within `icc_limit` and fewer than CJS_MAX_ICC_SEGMENTS were kept; counts it always.
static void keep_icc_segment(j_decompress_ptr cinfo, const uint8_t *payload, int length) {
    cjs_decoder *d = (cjs_decoder *)cinfo;
    int32_t data_length = length - CJS_ICC_HEADER_BYTES;
    d->icc_bytes_seen += data_length;
    if (d->icc_bytes_seen > d->icc_limit || d->icc_segment_count >= CJS_MAX_ICC_SEGMENTS) return;
    uint8_t *grown = realloc(d->icc_data, (size_t)(d->icc_length + data_length) + 1);
    if (grown == NULL) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 0);
    d->icc_data = grown;
    memcpy(d->icc_data + d->icc_length, payload + CJS_ICC_HEADER_BYTES, (size_t)data_length);
    cjs_icc_segment *segment = &d->icc_segments[d->icc_segment_count++];
    segment->sequence = payload[12];
    segment->count = payload[13];
    segment->offset = d->icc_length;
    segment->length = data_length;
    d->icc_length += data_length;
}

/// Reads an APP2 segment of `length` payload bytes: an `ICC_PROFILE` piece (kept by
/// `keep_icc_segment`) or the first `MPF` segment (an MPO's MP Index, kept from its signature on).
static void read_app2(j_decompress_ptr cinfo, int length) {
    static const uint8_t icc[12] = {'I', 'C', 'C', '_', 'P', 'R', 'O', 'F', 'I', 'L', 'E', 0};
    static const uint8_t mpf[4] = {'M', 'P', 'F', 0};
    cjs_decoder *d = (cjs_decoder *)cinfo;
    uint8_t *payload = malloc((size_t)length);
    if (payload == NULL) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 0);
    for (int i = 0; i < length; i++) payload[i] = (uint8_t)next_byte(cinfo);
    if (length >= CJS_ICC_HEADER_BYTES && memcmp(payload, icc, sizeof icc) == 0) {
        keep_icc_segment(cinfo, payload, length);
    } else if (d->mpf == NULL && length >= (int)sizeof mpf && memcmp(payload, mpf, sizeof mpf) == 0) {
        d->mpf = payload;
        d->mpf_length = length;
        return;
    }
    free(payload);
}

/// Reads an APPn (other than APP0 and APP14, which libjpeg interprets) or COM segment: counts it
/// against `max_markers`, polls the budget's callback, keeps the payload of the first APP1 `Exif`
/// segment, the APP2 `ICC_PROFILE` pieces and the first APP2 `MPF` segment (an MPO's MP Index),
/// and skips the rest (libjpeg's `skip_variable`).
static boolean read_other_marker(j_decompress_ptr cinfo) {
    static const uint8_t exif[6] = {'E', 'x', 'i', 'f', 0, 0};
    cjs_decoder *d = (cjs_decoder *)cinfo;
    d->markers_seen += 1;
    if (d->budget.max_markers > 0 && d->markers_seen > d->budget.max_markers) {
        char message[JMSG_LENGTH_MAX];
        snprintf(message, sizeof message, "marker segment %d is past the limit of %d", (int)d->markers_seen, (int)d->budget.max_markers);
        stop(d, CJS_ERROR_MARKER_LIMIT, d->markers_seen, message);
    }
    poll_interrupt(d);
    int high = next_byte(cinfo);
    int length = (high << 8 | next_byte(cinfo)) - 2;
    // A bogus length (below 2) skips nothing, as libjpeg's own readers do.
    if (cinfo->unread_marker == JPEG_APP0 + 1 && d->exif == NULL && length >= (int)sizeof exif) {
        keep_segment(cinfo, length, exif, (int)sizeof exif, (int)sizeof exif, &d->exif, &d->exif_length);
        return TRUE;
    }
    if (cinfo->unread_marker == JPEG_APP0 + 2 && length > 0) {
        read_app2(cinfo, length);
        return TRUE;
    }
    if (length > 0) (*cinfo->src->skip_input_data)(cinfo, (long)length);
    return TRUE;
}

int cjs_set_budget(cjs_decoder *d, const cj_budget *budget) {
    if (d->failed) return -1;
    d->budget = *budget;
    d->progress.progress_monitor = cjs_progress_monitor;
    d->cinfo.progress = &d->progress;
    // A budget set after the header: what the header spent counts, as if it had been read under it.
    if (setjmp(d->err.recovery)) return -1;
    if (budget->max_markers > 0 && d->markers_seen > budget->max_markers) {
        char message[JMSG_LENGTH_MAX];
        int32_t refused = budget->max_markers + 1;
        snprintf(message, sizeof message, "marker segment %d is past the limit of %d", (int)refused, (int)budget->max_markers);
        stop(d, CJS_ERROR_MARKER_LIMIT, refused, message);
    }
    return 0;
}

int cjs_set_strict(cjs_decoder *d, int strict) {
    if (d->failed) return -1;
    if (strict && !d->strict && d->warning_count > 0) {
        // The first warning would have failed a strict read: fail with it now.
        snprintf(d->error_message, sizeof d->error_message, "%s", d->warnings[0]);
        d->error_kind = d->first_warning_end_of_file ? CJS_ERROR_TRUNCATED : CJS_ERROR_MALFORMED;
        d->failed = 1;
        return -1;
    }
    d->strict = strict;
    return 0;
}

int cjs_set_max_memory(cjs_decoder *d, int64_t max_memory_bytes) {
    if (d->failed || d->started) return -1;
    d->cinfo.mem->max_memory_to_use = max_memory_bytes > 0 ? (long)max_memory_bytes : 1;
    return 0;
}

cjs_decoder *cjs_create(int64_t max_memory_bytes, int strict) {
    // volatile: read again after a longjmp back into this frame.
    cjs_decoder *volatile d = calloc(1, sizeof *d);
    if (d == NULL) return NULL;
    d->cinfo.err = jpeg_std_error(&d->err.pub);
    d->err.pub.error_exit = cjs_error_exit;
    d->err.pub.emit_message = cjs_emit_message;
    d->err.pub.output_message = cjs_output_message;
    d->strict = strict;
    if (setjmp(d->err.recovery)) {
        if (d->created) jpeg_destroy_decompress(&d->cinfo);
        free(d);
        return NULL;
    }
    jpeg_CreateDecompress(&d->cinfo, JPEG_LIB_VERSION, sizeof d->cinfo);
    d->created = 1;
    d->cinfo.mem->max_memory_to_use = max_memory_bytes > 0 ? (long)max_memory_bytes : 1;
    jpeg_set_marker_processor(&d->cinfo, JPEG_COM, read_other_marker);
    for (int n = 1; n < 16; n++) {
        if (n != 14) jpeg_set_marker_processor(&d->cinfo, JPEG_APP0 + n, read_other_marker);
    }
    return d;
}

void cjs_destroy(cjs_decoder *d) {
    if (d == NULL) return;
    if (d->created) jpeg_destroy_decompress(&d->cinfo);
    free(d->read_buffer);
    free(d->exif);
    free(d->mpf);
    free(d->icc_data);
    free(d);
}

int cjs_set_source_memory(cjs_decoder *d, const uint8_t *data, size_t size) {
    if (d->failed) return -1;
    if (setjmp(d->err.recovery)) return -1;
    jpeg_mem_src(&d->cinfo, data, (unsigned long)size);
    d->memory_base = data;
    d->memory_size = size;
    return 0;
}

int cjs_rebase_source_memory(cjs_decoder *d, const uint8_t *data, size_t size) {
    if (d->failed) return -1;
    struct jpeg_source_mgr *source = d->cinfo.src;
    if (source == NULL || d->memory_base == NULL || size != d->memory_size || source->bytes_in_buffer > size) return -1;
    // jpeg_mem_src's buffer is the whole input: what is left of it ends where the input ends (unless
    // the input ended and libjpeg reads its own fake EOI marker, which stays where it is).
    uintptr_t next = (uintptr_t)source->next_input_byte, base = (uintptr_t)d->memory_base;
    if (next >= base && next <= base + size) {
        source->next_input_byte = data + (size - source->bytes_in_buffer);
    }
    d->memory_base = data;
    return 0;
}

enum { CJS_READ_BUFFER_BYTES = 16384 };

static void descriptor_init_source(j_decompress_ptr cinfo) {
    cjs_decoder *d = (cjs_decoder *)cinfo;
    d->next_offset = 0;
}

/// As libjpeg's stdio source (jdatasrc.c) but with `pread` at the decoder's own offset: an empty
/// file fails (JERR_INPUT_EMPTY), data that ends early warns JWRN_JPEG_EOF and is completed with a
/// fake EOI marker, and a failed read (`EIO`) fails the decode as CJS_ERROR_IO with its `errno`.
static boolean descriptor_fill_input_buffer(j_decompress_ptr cinfo) {
    cjs_decoder *d = (cjs_decoder *)cinfo;
    ssize_t got;
    do got = pread(d->fd, d->read_buffer, CJS_READ_BUFFER_BYTES, (off_t)d->next_offset);
    while (got < 0 && errno == EINTR);
    if (got < 0) {
        d->read_error = errno;
        stop(d, CJS_ERROR_IO, d->read_error, "cannot read file");
    }
    if (got == 0) {
        if (d->next_offset == 0) ERREXIT(cinfo, JERR_INPUT_EMPTY);
        WARNMS(cinfo, JWRN_JPEG_EOF);
        d->read_buffer[0] = (JOCTET)0xFF;
        d->read_buffer[1] = (JOCTET)JPEG_EOI;
        got = 2;
    } else {
        d->next_offset += got;
    }
    d->descriptor_source.next_input_byte = d->read_buffer;
    d->descriptor_source.bytes_in_buffer = (size_t)got;
    return TRUE;
}

/// As jdatasrc.c: skips within the buffer, else moves the offset (no read of the skipped bytes).
static void descriptor_skip_input_data(j_decompress_ptr cinfo, long count) {
    cjs_decoder *d = (cjs_decoder *)cinfo;
    if (count <= 0) return;
    struct jpeg_source_mgr *source = &d->descriptor_source;
    if ((size_t)count <= source->bytes_in_buffer) {
        source->next_input_byte += count;
        source->bytes_in_buffer -= (size_t)count;
        return;
    }
    d->next_offset += (int64_t)count - (int64_t)source->bytes_in_buffer;
    source->next_input_byte = NULL;
    source->bytes_in_buffer = 0;
}

static void descriptor_term_source(j_decompress_ptr cinfo) { (void)cinfo; }

int cjs_set_source_descriptor(cjs_decoder *d, int fd) {
    if (d->failed) return -1;
    d->read_buffer = malloc(CJS_READ_BUFFER_BYTES);
    if (fd < 0 || d->read_buffer == NULL) {
        d->error_parameter = fd < 0 ? EBADF : ENOMEM;
        d->error_kind = CJS_ERROR_IO;
        snprintf(d->error_message, sizeof d->error_message, "cannot open file");
        d->failed = 1;
        return -1;
    }
    d->fd = fd;
    d->descriptor_source.init_source = descriptor_init_source;
    d->descriptor_source.fill_input_buffer = descriptor_fill_input_buffer;
    d->descriptor_source.skip_input_data = descriptor_skip_input_data;
    d->descriptor_source.resync_to_restart = jpeg_resync_to_restart;
    d->descriptor_source.term_source = descriptor_term_source;
    d->descriptor_source.next_input_byte = NULL;
    d->descriptor_source.bytes_in_buffer = 0;
    d->cinfo.src = &d->descriptor_source;
    return 0;
}

static int32_t color_of(J_COLOR_SPACE space) {
    switch (space) {
    case JCS_GRAYSCALE: return CJS_COLOR_GRAY;
    case JCS_RGB: return CJS_COLOR_RGB;
    case JCS_YCbCr: return CJS_COLOR_YCBCR;
    case JCS_CMYK: return CJS_COLOR_CMYK;
    case JCS_YCCK: return CJS_COLOR_YCCK;
    default: return CJS_COLOR_UNKNOWN;
    }
}

/// Bytes of libjpeg's whole-image coefficient arrays (jdcoefct.c `request_virt_barray` sizes), or 0
/// when the image is decoded in a single interleaved pass.
static int64_t coefficient_bytes(const struct jpeg_decompress_struct *cinfo, int buffered) {
    if (!buffered && !cinfo->progressive_mode && cinfo->comps_in_scan >= cinfo->num_components) return 0;
    int64_t total = 0;
    for (int ci = 0; ci < cinfo->num_components; ci++) {
        const jpeg_component_info *c = &cinfo->comp_info[ci];
        int64_t h = c->h_samp_factor, v = c->v_samp_factor;
        int64_t columns = ((int64_t)c->width_in_blocks + h - 1) / h * h;
        int64_t rows = ((int64_t)c->height_in_blocks + v - 1) / v * v;
        total += columns * rows * (int64_t)sizeof(JBLOCK);
    }
    return total;
}

int cjs_read_header(cjs_decoder *d, cjs_header *header) {
    memset(header, 0, sizeof *header);
    if (d->failed) return -1;
    if (setjmp(d->err.recovery)) {
        // The SOF was read before libjpeg refused its size: hand the size on for the limit check.
        header->width = (int32_t)d->cinfo.image_width;
        header->height = (int32_t)d->cinfo.image_height;
        header->precision = d->cinfo.data_precision;
        return -1;
    }
    jpeg_read_header(&d->cinfo, TRUE);
    header->width = (int32_t)d->cinfo.image_width;
    header->height = (int32_t)d->cinfo.image_height;
    header->color_space = color_of(d->cinfo.jpeg_color_space);
    header->precision = d->cinfo.data_precision;
    header->progressive = d->cinfo.progressive_mode ? 1 : 0;
    header->exif_length = d->exif_length;
    header->mpf_length = d->mpf_length;
    header->icc_segment_count = d->icc_segment_count;
    header->icc_bytes_seen = d->icc_bytes_seen;
    header->adobe_marker = d->cinfo.saw_Adobe_marker ? 1 : 0;
    header->coefficient_bytes = coefficient_bytes(&d->cinfo, 0);
    return 0;
}

int32_t cjs_copy_exif(const cjs_decoder *d, uint8_t *buffer, int32_t capacity) {
    int32_t count = d->exif_length < capacity ? d->exif_length : capacity;
    if (count > 0) memcpy(buffer, d->exif, (size_t)count);
    return count > 0 ? count : 0;
}

int cjs_set_icc_limit(cjs_decoder *d, int64_t max_bytes) {
    if (d->failed) return -1;
    d->icc_limit = max_bytes;
    return 0;
}

int cjs_icc_segment_at(const cjs_decoder *d, int32_t index, cjs_icc_segment *segment) {
    if (index < 0 || index >= d->icc_segment_count) return -1;
    *segment = d->icc_segments[index];
    return 0;
}

const uint8_t *cjs_icc_data(const cjs_decoder *d) { return d->icc_data; }

int cjs_set_raw_cmyk(cjs_decoder *d, int raw) {
    if (d->failed || d->started) return -1;
    d->raw_cmyk = raw;
    return 0;
}

int32_t cjs_copy_mpf(const cjs_decoder *d, uint8_t *buffer, int32_t capacity) {
    int32_t count = d->mpf_length < capacity ? d->mpf_length : capacity;
    if (count > 0) memcpy(buffer, d->mpf, (size_t)count);
    return count > 0 ? count : 0;
}

/// The zigzag position of each coefficient (libjpeg's `jpeg_natural_order`): libjpeg keeps
/// quantizers in natural order, the front end in zigzag order, as DQT sends them.
static const uint8_t natural_order[64] = {
    0,  1,  8,  16, 9,  2,  3,  10, 17, 24, 32, 25, 18, 11, 4,  5,  12, 19, 26, 33, 40, 48,
    41, 34, 27, 20, 13, 6,  7,  14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23,
    30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
};

/// `front_end_first_scan` from libjpeg's header (see markers.h): the frame, tables and first scan
/// header as `jpeg_read_header` left them, checked as the front end's readers check them, in the
/// same order, with the same results.
CJS_HIDDEN int cjs_seed_front_end(const cjs_decoder *d, jpeg_front_end *f) {
    const struct jpeg_decompress_struct *cinfo = &d->cinfo;
    // Only a header read to its first scan, and not yet decoded from.
    if (d->failed || d->started || cinfo->global_state == 0 || cinfo->comps_in_scan < 1 || d->sof_marker == 0) {
        return FRONT_END_UNSUPPORTED;
    }
    // The warnings the front end gives while reading markers: bytes skipped before one.
    for (int32_t i = 0; i < d->kept_warning_count; i++) {
        if (d->warning_codes[i] == JWRN_EXTRANEOUS_DATA && diagnostics_warn(f->diagnostics, CJDIAG_ERROR_MALFORMED, d->warnings[i]) != 0) {
            return FRONT_END_FAILED;
        }
    }
    // The data ended within the markers (libjpeg read its fake EOI): the front end's truncation.
    if (d->saw_end_of_file_warning) return front_end_end_of_input(f);
    // The budget's counts carry over: the segments libjpeg counted (APPn, COM), then SOF and SOS.
    f->markers_seen = d->markers_seen + 2;
    f->scans_seen = 1;
    if (front_end_poll(f) != 0) return FRONT_END_FAILED;
    for (int i = 0; i < 4; i++) {
        const JQUANT_TBL *quant = cinfo->quant_tbl_ptrs[i];
        f->quant_defined[i] = quant != NULL;
        f->quant_16bit[i] = quant != NULL && d->quant_16bit[i];
        for (int k = 0; k < 64 && quant != NULL; k++) f->quant[i][k] = (uint16_t)quant->quantval[natural_order[k]];
        const JHUFF_TBL *tables[2] = {cinfo->dc_huff_tbl_ptrs[i], cinfo->ac_huff_tbl_ptrs[i]};
        huff_table *seeded[2] = {&f->dc_tables[i], &f->ac_tables[i]};
        for (int t = 0; t < 2; t++) {
            memset(seeded[t], 0, sizeof *seeded[t]);
            if (tables[t] == NULL) continue;
            memcpy(seeded[t]->bits, tables[t]->bits, sizeof seeded[t]->bits);
            seeded[t]->bits[0] = 0;
            memcpy(seeded[t]->values, tables[t]->huffval, sizeof seeded[t]->values);
            seeded[t]->defined = 1;
        }
    }
    f->restart_interval = cinfo->restart_interval;

    // The frame, as markers.c `read_frame` reads it.
    int marker = d->sof_marker;
    if (f->progressive ? marker != 0xC2 : marker > 0xC1) return FRONT_END_UNSUPPORTED;
    int count = cinfo->num_components, width = (int)cinfo->image_width, height = (int)cinfo->image_height;
    if (cinfo->data_precision != 8 || height == 0 || (count != 1 && count != 3)) return FRONT_END_UNSUPPORTED;
    if (width == 0) return diagnostics_fail(f->diagnostics, CJDIAG_ERROR_MALFORMED, "Empty JPEG image");
    f->width = width;
    f->height = height;
    f->component_count = count;
    f->max_h = f->max_v = 1;
    for (int i = 0; i < count; i++) {
        const jpeg_component_info *info = &cinfo->comp_info[i];
        frame_component *c = &f->components[i];
        c->id = info->component_id;
        c->h = info->h_samp_factor;
        c->v = info->v_samp_factor;
        c->quant_index = info->quant_tbl_no;
        int checked = front_end_check_component(f, i);
        if (checked != 0) return checked;
    }
    front_end_finish_frame(f);

    // The first scan header, as markers.c `read_scan_header` reads it.
    int in_scan = cinfo->comps_in_scan;
    if (in_scan > count) return diagnostics_fail(f->diagnostics, CJDIAG_ERROR_MALFORMED, "Bogus SOS: %d components", in_scan);
    int blocks = 0;
    for (int i = 0; i < in_scan; i++) {
        const jpeg_component_info *info = cinfo->cur_comp_info[i];
        int found = info->component_index;
        for (int j = 0; j < i; j++) {
            if (f->scan_components[j] == found) {
                return diagnostics_fail(f->diagnostics, CJDIAG_ERROR_MALFORMED, "Invalid component ID %d in SOS", info->component_id);
            }
        }
        if (info->dc_tbl_no > 3) return diagnostics_fail(f->diagnostics, CJDIAG_ERROR_MALFORMED, "Huffman table 0x%02x was not defined", info->dc_tbl_no);
        f->scan_components[i] = found;
        f->components[found].dc_table = info->dc_tbl_no;
        f->components[found].ac_table = info->ac_tbl_no;
        blocks += f->components[found].h * f->components[found].v;
    }
    f->ss = cinfo->Ss;
    f->se = cinfo->Se;
    f->scan_count = in_scan;
    f->ah = cinfo->Ah;
    f->al = cinfo->Al;
    if (in_scan > 1 && blocks > MAX_BLOCKS_IN_MCU) {
        return diagnostics_fail(f->diagnostics, CJDIAG_ERROR_MALFORMED, "Sampling factors too large for interleaved scan");
    }

    // The scan's entropy-coded data starts where libjpeg stopped reading: what its source manager
    // has left unread is the rest of the current buffer.
    const struct jpeg_source_mgr *source = cinfo->src;
    int64_t offset = source == &d->descriptor_source ? d->next_offset - (int64_t)source->bytes_in_buffer
                                                     : (int64_t)d->memory_size - (int64_t)source->bytes_in_buffer;
    if (offset < 0 || offset > f->reader.source->size) return FRONT_END_UNSUPPORTED;
    cjsp_start_reader(&f->reader, f->reader.source, f->reader.chunk, offset, -1);
    return FRONT_END_SCAN;
}

/// Whether every component's DC coefficient has been coded by the scans consumed so far
/// (`coef_bits[c][0]` stays -1 until a scan carrying that DC starts).
static int dc_complete(const struct jpeg_decompress_struct *cinfo) {
    if (cinfo->coef_bits == NULL) return 0;
    for (int ci = 0; ci < cinfo->num_components; ci++) {
        if (cinfo->coef_bits[ci][0] < 0) return 0;
    }
    return 1;
}

/// The expected value of the DC bits not yet received (see `shortcut_dc_bias`).
static void set_dc_bias(cjs_decoder *d) {
    const struct jpeg_decompress_struct *cinfo = &d->cinfo;
    for (int ci = 0; ci < cinfo->num_components && ci < 4; ci++) {
        int missing_bits = cinfo->coef_bits != NULL ? cinfo->coef_bits[ci][0] : 0;
        const JQUANT_TBL *table = cinfo->comp_info[ci].quant_table;
        if (table != NULL) d->dc_bias[ci] = shortcut_dc_bias(missing_bits, table->quantval[0]);
    }
}

int cjs_start(cjs_decoder *d, int32_t scale_eighths, int progressive_shortcut, cjs_output *output) {
    memset(output, 0, sizeof *output);
    if (d->failed || d->started) return -1;
    if (setjmp(d->err.recovery)) return -1;
    struct jpeg_decompress_struct *cinfo = &d->cinfo;
    // jpeg_read_header already set libjpeg's defaults (JDCT_ISLOW, fancy upsampling, block
    // smoothing); only the scale and the output color space change here.
    cinfo->scale_num = (unsigned int)scale_eighths;
    cinfo->scale_denom = 8;
    d->buffered = progressive_shortcut && cinfo->progressive_mode;
    if (cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK) {
        cinfo->out_color_space = JCS_CMYK;
        d->post = d->raw_cmyk ? POST_NONE : POST_CMYK;
    } else if (d->buffered && cinfo->jpeg_color_space == JCS_YCbCr) {
        cinfo->out_color_space = JCS_YCbCr;
        d->post = POST_YCC;
    } else if (d->buffered && cinfo->jpeg_color_space == JCS_GRAYSCALE) {
        cinfo->out_color_space = JCS_GRAYSCALE;
        d->post = POST_GRAY;
    } else if (d->buffered && cinfo->jpeg_color_space == JCS_RGB) {
        cinfo->out_color_space = JCS_RGB;
        d->post = POST_RGB;
    } else {
        cinfo->out_color_space = JCS_EXT_RGBA;
        d->post = POST_NONE;
    }
    if (d->buffered) {
        cinfo->buffered_image = TRUE;
        // Smoothing would invent AC terms from neighbouring DCs; the shortcut wants plain DC blocks.
        cinfo->do_block_smoothing = FALSE;
    }
    jpeg_start_decompress(cinfo);
    d->started = 1;
    if (d->buffered) {
        // A scan's coef_bits are set when the scan starts, so test them once a scan has completed.
        for (;;) {
            check_budget(d);
            int status = jpeg_consume_input(cinfo);
            if (status == JPEG_SCAN_COMPLETED && dc_complete(cinfo)) break;
            if (status == JPEG_REACHED_EOI || status == JPEG_SUSPENDED) break;
        }
        set_dc_bias(d);
        jpeg_start_output(cinfo, cinfo->input_scan_number);
    }
    output->width = (int32_t)cinfo->output_width;
    output->height = (int32_t)cinfo->output_height;
    return 0;
}

/// Adobe CMYK as libjpeg delivers it (inverted: 255 = no ink) to RGB, in place: R = C·K/255 rounded
/// to nearest, etc. The naive conversion without a color profile, rounded as Pillow's (ImageMagick
/// truncates, up to 1 lower per sample; C·K/255 is never halfway, as 255 is odd).
static void convert_cmyk_row(uint8_t *row, JDIMENSION width) {
    for (JDIMENSION x = 0; x < width; x++) {
        uint8_t *p = row + 4 * (size_t)x;
        unsigned k = p[3];
        p[0] = (uint8_t)((p[0] * k + 127) / 255);
        p[1] = (uint8_t)((p[1] * k + 127) / 255);
        p[2] = (uint8_t)((p[2] * k + 127) / 255);
        p[3] = 255;
    }
}

/// Shortcut rows: adds the DC bias to libjpeg's unconverted samples, converts to RGBA in place
/// (back to front, as the RGBA row is wider).
static void convert_biased_row(const cjs_decoder *d, uint8_t *row, JDIMENSION width, JDIMENSION y) {
    int channels = d->post == POST_GRAY ? 1 : 3;
    for (JDIMENSION i = width; i-- > 0;) {
        const uint8_t *in = row + (size_t)i * (size_t)channels;
        int64_t samples[3] = {((int64_t)in[0] << 16) + d->dc_bias[0], 0, 0};
        if (channels == 3) {
            samples[1] = ((int64_t)in[1] << 16) + d->dc_bias[1];
            samples[2] = ((int64_t)in[2] << 16) + d->dc_bias[2];
        }
        shortcut_pixel(row + 4 * (size_t)i, samples, channels, d->post == POST_RGB, i, y);
    }
}

int32_t cjs_read_rows(cjs_decoder *d, uint8_t *buffer, size_t stride, int32_t max_rows) {
    if (d->failed || !d->started) return -1;
    if (setjmp(d->err.recovery)) return -1;
    struct jpeg_decompress_struct *cinfo = &d->cinfo;
    int32_t rows = 0;
    while (rows < max_rows && cinfo->output_scanline < cinfo->output_height) {
        JSAMPROW pointers[CJS_MAX_BATCH];
        int32_t wanted = max_rows - rows < CJS_MAX_BATCH ? max_rows - rows : CJS_MAX_BATCH;
        for (int32_t i = 0; i < wanted; i++) pointers[i] = buffer + (size_t)(rows + i) * stride;
        JDIMENSION first = cinfo->output_scanline;
        JDIMENSION got = jpeg_read_scanlines(cinfo, pointers, (JDIMENSION)wanted);
        if (got == 0) break;
        for (JDIMENSION i = 0; i < got; i++) {
            if (d->post == POST_CMYK) {
                convert_cmyk_row(pointers[i], cinfo->output_width);
            } else if (d->post != POST_NONE) {
                convert_biased_row(d, pointers[i], cinfo->output_width, first + i);
            }
        }
        rows += (int32_t)got;
    }
    return rows;
}

int cjs_finish(cjs_decoder *d) {
    if (d->failed || !d->started) return -1;
    // After the shortcut the remaining scans are deliberately left unread.
    if (d->buffered) return 0;
    if (setjmp(d->err.recovery)) return -1;
    jpeg_finish_decompress(&d->cinfo);
    return 0;
}

int32_t cjs_error_kind(const cjs_decoder *d) { return d->error_kind; }
const char *cjs_error_message(const cjs_decoder *d) { return d->error_message; }
int32_t cjs_error_parameter(const cjs_decoder *d) { return d->error_parameter; }
int32_t cjs_warning_count(const cjs_decoder *d) { return d->warning_count; }
int32_t cjs_kept_warning_count(const cjs_decoder *d) { return d->kept_warning_count; }

const char *cjs_warning_message(const cjs_decoder *d, int32_t index) {
    if (index < 0 || index >= d->kept_warning_count) return "";
    return d->warnings[index];
}
