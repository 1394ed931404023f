// Reduced-size baseline JPEG decoding with the scan's two halves entropy-decoded at once; see
// include/cjpegsplit.h for the contract. Names and messages follow libjpeg (jdhuff.c, jdcolor.c,
// jidctred.c) where they do the same job.
#include "cjpegsplit.h"
#include "cjpegshim.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum {
    CHUNK_BYTES = 64 << 10,
    MAX_COMPONENTS = 3,
    MAX_BLOCKS_IN_MCU = 10,
    MAX_KEPT_WARNINGS = 4,
    MESSAGE_BYTES = 160,
    /// Codes up to this length decode with one table look-up.
    LOOKAHEAD = 9,
    /// MCU starts the second thread records for the first thread to meet.
    CHECKPOINTS = 1024,
    /// The second thread publishes its progress every this many MCUs.
    PUBLISH_EVERY = 64,
};

#if defined(__GNUC__) || defined(__clang__)
#define LIKELY(x) __builtin_expect(!!(x), 1)
#define UNLIKELY(x) __builtin_expect(!!(x), 0)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define LIKELY(x) (x)
#define UNLIKELY(x) (x)
#define ALWAYS_INLINE inline
#endif

/// Zigzag index → natural (row-major) index, padded as libjpeg pads it for corrupt run lengths.
static const uint8_t natural_order[64] = {
    0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48,
    41, 34, 27, 20, 13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23,
    30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
};

// MARK: - Input

/// The compressed bytes: borrowed memory or a file read with `pread` (safe from both threads).
typedef struct {
    const uint8_t *memory;
    int fd;
    int64_t size;
} source_t;

/// Why a bit reader stopped taking bytes.
enum { RUNNING = 0, STOPPED_AT_MARKER = 1, STOPPED_AT_END = 2, STOPPED_BY_READ_ERROR = 3 };

/// Entropy-coded data as bits: a window of the source, a 64-bit buffer, and positions counted in
/// data bits (stuffed zero bytes excluded) from where the reader started, so that two readers
/// started at different bytes can compare positions once one knows the other's origin.
typedef struct {
    const source_t *source;
    uint8_t *chunk;
    const uint8_t *cur, *end;
    /// Source offset just past the window, and how far windows may reach for now.
    int64_t next, limit;
    /// Where the first thread learns the second thread's origin (-1 for none).
    int64_t split_offset;
    /// Data bytes loaded before `split_offset` (-1 until the reader passed it).
    int64_t data_bytes_before_split;
    uint64_t bits;
    int count;
    int64_t data_bytes;
    /// Zero bytes appended after the reader stopped.
    int fake_bytes;
    int stop;
    int read_errno;
} bit_reader;

/// Loads the next window; 0 when the limit is reached (or the file ends).
static int advance_window(bit_reader *b) {
    if (b->next >= b->limit) {
        if (b->split_offset >= 0 && b->limit == b->split_offset) {
            // Every byte before the split offset is in; the second thread's origin is now known.
            b->data_bytes_before_split = b->data_bytes;
            b->limit = b->source->size;
            return advance_window(b);
        }
        return 0;
    }
    if (b->source->memory != NULL) {
        b->cur = b->source->memory + b->next;
        b->end = b->source->memory + b->limit;
        b->next = b->limit;
        return 1;
    }
    int64_t want = b->limit - b->next;
    if (want > CHUNK_BYTES) want = CHUNK_BYTES;
    ssize_t got;
    do got = pread(b->source->fd, b->chunk, (size_t)want, (off_t)b->next);
    while (got < 0 && errno == EINTR);
    if (got <= 0) {
        if (got < 0) b->read_errno = errno != 0 ? errno : EIO;
        b->limit = b->next;
        return 0;
    }
    b->cur = b->chunk;
    b->end = b->chunk + got;
    b->next += got;
    return 1;
}

/// The next source byte, or -1 at the end of what may be read.
static int next_source_byte(bit_reader *b) {
    if (b->cur < b->end) return *b->cur++;
    if (!advance_window(b)) return -1;
    return *b->cur++;
}

/// Appends one byte to the bit buffer: a data byte (unstuffing FF 00), or a zero once the data
/// stopped at a marker or the end (libjpeg's `jpeg_fill_bit_buffer` does the same).
static void fill_one_slow(bit_reader *b) {
    if (b->stop == RUNNING) {
        int c = next_source_byte(b);
        if (c == 0xFF) {
            int after;
            do after = next_source_byte(b);
            while (after == 0xFF);
            if (after == 0) {
                b->bits = b->bits << 8 | 0xFF;
                b->count += 8;
                b->data_bytes += 1;
                return;
            }
            b->stop = after < 0 ? (b->read_errno ? STOPPED_BY_READ_ERROR : STOPPED_AT_END) : STOPPED_AT_MARKER;
        } else if (c >= 0) {
            b->bits = b->bits << 8 | (uint64_t)c;
            b->count += 8;
            b->data_bytes += 1;
            return;
        } else {
            b->stop = b->read_errno ? STOPPED_BY_READ_ERROR : STOPPED_AT_END;
        }
    }
    b->bits <<= 8;
    b->count += 8;
    b->fake_bytes += 1;
}

/// Tops the buffer up to at least 57 bits.
static ALWAYS_INLINE void fill(bit_reader *b) {
    while (b->count <= 56) {
        if (LIKELY(b->cur < b->end) && LIKELY(*b->cur != 0xFF)) {
            b->bits = b->bits << 8 | *b->cur++;
            b->count += 8;
            b->data_bytes += 1;
        } else {
            fill_one_slow(b);
        }
    }
}


/// Whether the reader handed out zero bits that were not data (the data ended early).
static inline int used_fake_bits(const bit_reader *b) {
    return b->fake_bytes * 8 > b->count;
}

/// The position of the next unread bit, in data bits from where the reader started; -1 once zero
/// bits were appended (positions past the data are never compared).
static inline int64_t bit_position(const bit_reader *b) {
    if (b->fake_bytes > 0) return -1;
    return b->data_bytes * 8 - b->count;
}

static void start_reader(bit_reader *b, const source_t *source, uint8_t *chunk, int64_t offset, int64_t split_offset) {
    memset(b, 0, sizeof *b);
    b->source = source;
    b->chunk = chunk;
    b->next = offset;
    b->split_offset = split_offset;
    b->limit = split_offset > offset ? split_offset : source->size;
    b->data_bytes_before_split = -1;
}

// MARK: - Huffman tables

typedef struct {
    int defined;
    uint8_t bits[17];
    uint8_t values[256];
    /// Largest code of each length (-1 if none); index 17 is a sentinel.
    int32_t maxcode[18];
    /// Symbol index of a code of each length = code + valoffset.
    int32_t valoffset[18];
    /// For the LOOKAHEAD leading bits: (code length << 8) | symbol, or 0 when the code is longer.
    uint16_t lookup[1 << LOOKAHEAD];
    /// For AC tables, when the code and its value bits both fit in LOOKAHEAD bits:
    /// (value << 8) | (run << 4) | bits used; 0 otherwise (as stb_image's `fast_ac`).
    int16_t fast_ac[1 << LOOKAHEAD];
} huff_table;

/// libjpeg's `jpeg_make_d_derived_tbl`; 0, or -1 for a table libjpeg refuses.
static int build_huffman_table(huff_table *t, int is_dc) {
    uint8_t sizes[257];
    uint32_t codes[257];
    int p = 0;
    for (int length = 1; length <= 16; length++) {
        for (int i = 0; i < t->bits[length]; i++) sizes[p++] = (uint8_t)length;
    }
    sizes[p] = 0;
    int symbols = p;
    uint32_t code = 0;
    int size = sizes[0];
    p = 0;
    while (sizes[p]) {
        while (sizes[p] == size) codes[p++] = code++;
        if (code >= (1u << size)) return -1;
        code <<= 1;
        size += 1;
    }
    p = 0;
    for (int length = 1; length <= 16; length++) {
        if (t->bits[length]) {
            t->valoffset[length] = p - (int32_t)codes[p];
            p += t->bits[length];
            t->maxcode[length] = (int32_t)codes[p - 1];
        } else {
            t->maxcode[length] = -1;
        }
    }
    t->maxcode[17] = 0x7FFFFFFF;
    memset(t->lookup, 0, sizeof t->lookup);
    p = 0;
    for (int length = 1; length <= LOOKAHEAD; length++) {
        for (int i = 0; i < t->bits[length]; i++, p++) {
            uint32_t first = codes[p] << (LOOKAHEAD - length);
            for (uint32_t fill = 0; fill < (1u << (LOOKAHEAD - length)); fill++) {
                t->lookup[first + fill] = (uint16_t)(length << 8 | t->values[p]);
            }
        }
    }
    if (is_dc) {
        for (int i = 0; i < symbols; i++) {
            if (t->values[i] > 15) return -1;
        }
    }
    memset(t->fast_ac, 0, sizeof t->fast_ac);
    for (unsigned i = 0; !is_dc && i < (1u << LOOKAHEAD); i++) {
        unsigned entry = t->lookup[i];
        int length = (int)(entry >> 8), run = (entry >> 4) & 15, size = entry & 15;
        if (entry == 0 || size == 0 || length + size > LOOKAHEAD) continue;
        int magnitude = (int)(i >> (LOOKAHEAD - length - size)) & ((1 << size) - 1);
        int value = magnitude < (1 << (size - 1)) ? magnitude - (1 << size) + 1 : magnitude;
        if (value >= -128 && value <= 127) t->fast_ac[i] = (int16_t)(value * 256 + (run << 4) + length + size);
    }
    return 0;
}

/// JPEG's sign extension of an `s`-bit magnitude (F.2.2.1).
static ALWAYS_INLINE int extend(int value, int s) {
    return value < (1 << (s - 1)) ? value - (1 << s) + 1 : value;
}

// MARK: - Reduced IDCT plans

/// How one component's blocks become pixels: each block gives `nv` × `nh` samples, each the mean
/// of an (8/nv)×(8/nh) area of the full IDCT. The AC part is the sum of coefficient × `ac[k]`
/// (in 1/8 sample units, quantizer folded in); the DC part, DC × `dc_quant` / 8, is added exactly
/// in integers, so that a DC offset found later changes each sample by an exact amount.
typedef struct plan plan;
typedef void (*block_decoder)(bit_reader *, const huff_table *, const huff_table *, int16_t *, const plan *,
                              int16_t *, int16_t *, int *);
struct plan {
    int nh, nv, nn;
    int32_t dc_quant;
    uint8_t needed[64];
    block_decoder decode;
    float ac[65 * 64];
};

/// Mean of cos((2x+1)uπ/16) over the `index`-th of `parts` equal runs of x in 0..<8.
static double mean_cosine(int u, int index, int parts) {
    int run = 8 / parts;
    double sum = 0;
    for (int x = index * run; x < (index + 1) * run; x++) sum += cos((2 * x + 1) * u * M_PI / 16);
    return sum / run;
}

/// Rounds to the nearest integer, halves away from zero, saturated to int16 (no libm call).
static ALWAYS_INLINE int16_t round_to_int16(float value) {
    value = value < -32768.0f ? -32768.0f : (value > 32767.0f ? 32767.0f : value);
    return (int16_t)(int32_t)(value + (value < 0 ? -0.5f : 0.5f));
}

/// The bit reader's hot state, held in locals by the block decoders and written back around calls.
#define LOAD_BITS(b) uint64_t bits = (b)->bits; int count = (b)->count; const uint8_t *cur = (b)->cur; \
    const uint8_t *end = (b)->end; int64_t data_bytes = (b)->data_bytes
#define STORE_BITS(b) ((b)->bits = bits, (b)->count = count, (b)->cur = cur, (b)->data_bytes = data_bytes)
#define RELOAD_BITS(b) (bits = (b)->bits, count = (b)->count, cur = (b)->cur, end = (b)->end, data_bytes = (b)->data_bytes)

/// Ensures at least 32 buffered bits: eight bytes at a time when none of them is FF, otherwise
/// byte by byte through `fill` (stuffing, markers, window ends).
#define REFILL(b)                                                                                   \
    if (count < 32) {                                                                               \
        if (LIKELY(end - cur >= 8)) {                                                               \
            uint64_t word;                                                                          \
            memcpy(&word, cur, 8);                                                                  \
            word = __builtin_bswap64(word);                                                         \
            int take = (63 - count) >> 3;                                                           \
            uint64_t inverted = ~word;                                                              \
            uint64_t has_ff = (inverted - 0x0101010101010101ULL) & ~inverted & 0x8080808080808080ULL; \
            if (LIKELY((has_ff & (~0ULL << (64 - 8 * take))) == 0)) {                               \
                bits = bits << (8 * take) | word >> (64 - 8 * take);                                \
                count += 8 * take;                                                                  \
                cur += take;                                                                        \
                data_bytes += take;                                                                 \
            }                                                                                       \
        }                                                                                           \
        if (count < 32) {                                                                           \
            STORE_BITS(b);                                                                          \
            fill(b);                                                                                \
            RELOAD_BITS(b);                                                                         \
        }                                                                                           \
    }

/// Decodes one symbol of `table` into `symbol`; needs 16 buffered bits.
#define DECODE_SYMBOL(table, symbol)                                                                \
    do {                                                                                            \
        unsigned entry_ = (table)->lookup[(unsigned)(bits >> (count - LOOKAHEAD)) & ((1u << LOOKAHEAD) - 1)]; \
        if (LIKELY(entry_ != 0)) {                                                                  \
            count -= (int)(entry_ >> 8);                                                            \
            symbol = (int)(entry_ & 0xFF);                                                          \
        } else {                                                                                    \
            symbol = decode_long_symbol(table, bits, &count, &bad_code);                            \
        }                                                                                           \
    } while (0)

/// A code longer than LOOKAHEAD bits (libjpeg's `jpeg_huff_decode`). A code the table lacks is a
/// bad code: 16 bits are dropped and 0 decoded, as libjpeg decodes 0 after its warning.
static int decode_long_symbol(const huff_table *t, uint64_t bits, int *count, int *bad) {
    int length = LOOKAHEAD + 1;
    int32_t code = (int32_t)((bits >> (*count - length)) & ((1u << length) - 1));
    while (length <= 16 && code > t->maxcode[length]) {
        length += 1;
        code = (int32_t)((bits >> (*count - length)) & ((1u << length) - 1));
    }
    if (length > 16) {
        *bad = 1;
        *count -= 16;
        return 0;
    }
    *count -= length;
    return t->values[(code + t->valoffset[length]) & 0xFF];
}

/// One block: DC difference, then AC run/size pairs until EOB, each coefficient accumulated into
/// the block's samples (row 64 of the plan is zeros, for runs past the end). `NN` is the plan's
/// sample count, fixed per instance so the accumulation vectorises.
#define DEFINE_BLOCK_DECODER(NN)                                                                        \
    static void decode_block_##NN(bit_reader *b, const huff_table *dc_table, const huff_table *ac_table, \
                                  int16_t *predictor, const plan *p, int16_t *samples, int16_t *dc,     \
                                  int *bad) {                                                           \
        LOAD_BITS(b);                                                                                   \
        int bad_code = 0;                                                                               \
        float acc[NN];                                                                                  \
        for (int i = 0; i < NN; i++) acc[i] = 0;                                                        \
        REFILL(b);                                                                                      \
        int s;                                                                                          \
        DECODE_SYMBOL(dc_table, s);                                                                     \
        int diff = 0;                                                                                   \
        if (s) {                                                                                        \
            count -= s;                                                                                 \
            diff = extend((int)(bits >> count) & ((1 << s) - 1), s);                                    \
        }                                                                                               \
        *predictor = (int16_t)(*predictor + diff);                                                      \
        *dc = *predictor;                                                                               \
        const int16_t *fast_ac = ac_table->fast_ac;                                                     \
        for (int k = 1; k < 64;) {                                                                      \
            REFILL(b);                                                                                  \
            int v;                                                                                      \
            int fast = fast_ac[(unsigned)(bits >> (count - LOOKAHEAD)) & ((1u << LOOKAHEAD) - 1)];      \
            if (fast) {                                                                                 \
                k += (fast >> 4) & 15;                                                                  \
                count -= fast & 15;                                                                     \
                v = fast >> 8;                                                                          \
            } else {                                                                                    \
                int rs;                                                                                 \
                DECODE_SYMBOL(ac_table, rs);                                                            \
                int r = rs >> 4;                                                                        \
                s = rs & 15;                                                                            \
                if (!s) {                                                                               \
                    if (r != 15) break;                                                                 \
                    k += 16;                                                                            \
                    continue;                                                                           \
                }                                                                                       \
                k += r;                                                                                 \
                count -= s;                                                                             \
                v = extend((int)(bits >> count) & ((1 << s) - 1), s);                                  \
            }                                                                                           \
            if (NN > 1) {                                                                               \
                const float *row = p->ac + (k < 64 ? k : 64) * NN;                                      \
                float fv = (float)v;                                                                    \
                for (int i = 0; i < NN; i++) acc[i] += fv * row[i];                                     \
            }                                                                                           \
            k += 1;                                                                                     \
        }                                                                                               \
        for (int i = 0; i < NN; i++) samples[i] = round_to_int16(acc[i]);                               \
        STORE_BITS(b);                                                                                  \
        if (bad_code) *bad = 1;                                                                         \
    }

DEFINE_BLOCK_DECODER(1)
DEFINE_BLOCK_DECODER(2)
DEFINE_BLOCK_DECODER(4)
DEFINE_BLOCK_DECODER(8)
DEFINE_BLOCK_DECODER(16)
DEFINE_BLOCK_DECODER(32)
DEFINE_BLOCK_DECODER(64)

static void make_plan(plan *p, const uint16_t quant[64], int nh, int nv) {
    p->nh = nh;
    p->nv = nv;
    p->nn = nh * nv;
    p->dc_quant = quant[0];
    memset(p->needed, 0, sizeof p->needed);
    memset(p->ac, 0, sizeof p->ac);
    for (int k = 1; k < 64; k++) {
        int row = natural_order[k] / 8, column = natural_order[k] % 8;
        double scale = 0.25 * (row == 0 ? M_SQRT1_2 : 1) * (column == 0 ? M_SQRT1_2 : 1) * quant[k] * 8;
        for (int i = 0; i < nv; i++) {
            for (int j = 0; j < nh; j++) {
                double value = scale * mean_cosine(row, i, nv) * mean_cosine(column, j, nh);
                if (fabs(value) < 1e-9) value = 0;
                if (value != 0) p->needed[k] = 1;
                p->ac[k * p->nn + i * nh + j] = (float)value;
            }
        }
    }
    switch (p->nn) {
    case 1: p->decode = decode_block_1; break;
    case 2: p->decode = decode_block_2; break;
    case 4: p->decode = decode_block_4; break;
    case 8: p->decode = decode_block_8; break;
    case 16: p->decode = decode_block_16; break;
    case 32: p->decode = decode_block_32; break;
    default: p->decode = decode_block_64; break;
    }
}

// MARK: - Decoder state

typedef struct {
    int id, h, v, quant_index, dc_table, ac_table;
    /// Samples per block across and down, and where its blocks sit in an MCU record.
    int nh, nv;
} component;

/// One thread's entropy decoding: its reader, DC predictors and damage flags.
typedef struct {
    bit_reader reader;
    int16_t predictors[MAX_COMPONENTS];
    int bad_code;
} worker;

/// An MCU start the second thread reached: its position (data bits from its origin) and predictors.
typedef struct {
    int64_t position;
    int16_t predictors[MAX_COMPONENTS];
} checkpoint;

struct cjsp_decoder {
    int strict;
    source_t source;
    // Frame and scan.
    int width, height, component_count, max_h, max_v, mcus_x, mcus_y;
    int64_t total_mcus;
    component components[MAX_COMPONENTS];
    huff_table dc_tables[4], ac_tables[4];
    uint16_t quant[4][64];
    int quant_defined[4], quant_16bit[4];
    unsigned restart_interval;
    int64_t scan_offset;
    // Output geometry: an MCU row is `row_width` × `row_height` samples per component.
    int scale, output_width, output_height, row_width, row_height, mcu_width;
    int blocks_in_mcu;
    int block_component[MAX_BLOCKS_IN_MCU], block_x[MAX_BLOCKS_IN_MCU], block_y[MAX_BLOCKS_IN_MCU];
    int block_offset[MAX_BLOCKS_IN_MCU];
    /// int16 values per MCU record: every block's samples, then every block's DC.
    int record_length;
    plan *plans[MAX_COMPONENTS];
    int16_t *zero_record;
    // The first thread (the caller's).
    worker first;
    uint8_t *first_chunk;
    int16_t *row_records;
    /// Per MCU of the row being rendered: its record and its DC offsets.
    const int16_t **render_records;
    const int16_t **render_offsets;
    uint8_t *planes[MAX_COMPONENTS];
    uint8_t *rgba_rows;
    int next_mcu_row, rows_in_buffer, next_buffered_row, output_row;
    int first_insufficient;
    // The split.
    int split;
    pthread_t thread;
    int thread_started;
    worker second;
    uint8_t *second_chunk;
    int16_t *second_records;
    int64_t second_capacity;
    checkpoint *checkpoints;
    pthread_mutex_t lock;
    pthread_cond_t changed;
    // Guarded by `lock` (the counters are also read without it, atomically, on the fast path).
    int checkpoints_ready;
    int64_t checkpoint_count;
    _Atomic int64_t second_decoded;
    int second_done;
    _Atomic int stop_second;
    // Written by the second thread before `second_done`.
    int64_t second_insufficient_at;
    int second_stop_reason;
    int64_t bad_code_last, bad_code_previous;
    // The first thread's view of the meeting.
    int checking;
    int64_t known_checkpoints;
    int64_t checkpoint_index;
    int synchronized;
    int64_t meeting_mcu, meeting_local;
    int16_t dc_offsets[MAX_COMPONENTS];
    int first_second_row;
    // Errors and warnings.
    int32_t error_kind;
    int32_t error_parameter;
    int64_t error_parameter64;
    char message[MESSAGE_BYTES];
    int kept_warnings;
    char warnings[MAX_KEPT_WARNINGS][MESSAGE_BYTES];
};

static int fail(cjsp_decoder *d, int32_t kind, const char *format, ...) {
    if (d->error_kind == CJSP_OK) {
        d->error_kind = kind;
        va_list arguments;
        va_start(arguments, format);
        vsnprintf(d->message, sizeof d->message, format, arguments);
        va_end(arguments);
    }
    return -1;
}

/// A recoverable problem: an error in strict mode (returns -1), otherwise kept once (returns 0).
static int warn(cjsp_decoder *d, int32_t kind, const char *message) {
    if (d->strict) return fail(d, kind, "%s", message);
    for (int i = 0; i < d->kept_warnings; i++) {
        if (strcmp(d->warnings[i], message) == 0) return 0;
    }
    if (d->kept_warnings < MAX_KEPT_WARNINGS) {
        snprintf(d->warnings[d->kept_warnings], MESSAGE_BYTES, "%s", message);
        d->kept_warnings += 1;
    }
    return 0;
}

static const char bad_huffman_code[] = "Corrupt JPEG data: bad Huffman code";

/// The warning for data that ended inside the scan, by how it ended.
static int warn_insufficient(cjsp_decoder *d, int stop_reason) {
    switch (stop_reason) {
    case STOPPED_AT_MARKER: return warn(d, CJSP_ERROR_MALFORMED, "Corrupt JPEG data: premature end of data segment");
    case STOPPED_BY_READ_ERROR: return fail(d, CJSP_ERROR_IO, "cannot read file");
    default: return warn(d, CJSP_ERROR_TRUNCATED, "Premature end of JPEG file");
    }
}

// MARK: - Public lifecycle

cjsp_decoder *cjsp_create(int strict) {
    cjsp_decoder *d = calloc(1, sizeof *d);
    if (d == NULL) return NULL;
    d->strict = strict;
    d->source.fd = -1;
    d->meeting_mcu = -1;
    d->known_checkpoints = -1;
    d->bad_code_last = d->bad_code_previous = -1;
    d->second_insufficient_at = -1;
    pthread_mutex_init(&d->lock, NULL);
    pthread_cond_init(&d->changed, NULL);
    return d;
}

void cjsp_destroy(cjsp_decoder *d) {
    if (d == NULL) return;
    if (d->thread_started) {
        atomic_store(&d->stop_second, 1);
        pthread_join(d->thread, NULL);
    }
    if (d->source.fd >= 0) close(d->source.fd);
    for (int c = 0; c < MAX_COMPONENTS; c++) {
        free(d->plans[c]);
        free(d->planes[c]);
    }
    free(d->zero_record);
    free(d->first_chunk);
    free(d->second_chunk);
    free(d->row_records);
    free(d->render_records);
    free(d->render_offsets);
    free(d->rgba_rows);
    free(d->second_records);
    free(d->checkpoints);
    pthread_mutex_destroy(&d->lock);
    pthread_cond_destroy(&d->changed);
    free(d);
}

void cjsp_set_source_memory(cjsp_decoder *d, const uint8_t *data, size_t size) {
    d->source.memory = data;
    d->source.size = (int64_t)size;
}

int cjsp_set_source_file(cjsp_decoder *d, const char *path) {
    int fd;
    do fd = open(path, O_RDONLY | O_CLOEXEC);
    while (fd < 0 && errno == EINTR);
    if (fd < 0) {
        d->error_parameter = errno;
        return fail(d, CJSP_ERROR_IO, "cannot open file");
    }
    struct stat status;
    if (fstat(fd, &status) != 0) {
        d->error_parameter = errno;
        close(fd);
        return fail(d, CJSP_ERROR_IO, "cannot read file");
    }
    d->source.fd = fd;
    d->source.size = (int64_t)status.st_size;
    return 0;
}

// MARK: - Markers

/// A sequential byte cursor over the source for the markers before the scan.
typedef struct {
    bit_reader reader;
    int64_t offset;
} marker_cursor;

static int cursor_byte(marker_cursor *m) {
    int c = next_source_byte(&m->reader);
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
        if (build_huffman_table(t, table_class == 0) != 0) t->defined = 0;
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

/// Reads the markers up to the scan; -1 for anything this decoder leaves to libjpeg.
static int read_markers(cjsp_decoder *d) {
    marker_cursor m;
    memset(&m, 0, sizeof m);
    uint8_t *chunk = d->source.memory ? NULL : malloc(CHUNK_BYTES);
    if (d->source.memory == NULL && chunk == NULL) return -1;
    start_reader(&m.reader, &d->source, chunk, 0, -1);
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
            if (d->restart_interval != 0) goto done;
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

// MARK: - MCUs

/// Decodes one MCU into `record`; sets `w->bad_code` on a bad Huffman code.
static ALWAYS_INLINE void decode_mcu(cjsp_decoder *d, worker *w, int16_t *record) {
    int16_t *dc = record + d->record_length - d->blocks_in_mcu;
    for (int block = 0; block < d->blocks_in_mcu; block++) {
        int c = d->block_component[block];
        const component *comp = &d->components[c];
        const plan *p = d->plans[c];
        p->decode(&w->reader, &d->dc_tables[comp->dc_table], &d->ac_tables[comp->ac_table], &w->predictors[c], p,
                  record + d->block_offset[block], dc + block, &w->bad_code);
    }
}

/// Turns the MCU records of one MCU row into RGBA rows in `rgba_rows`. `records[x]` is MCU x's
/// record, whose DC values are moved by `offsets[x]` (per component, modulo 2¹⁶ like libjpeg's DC).
static void render_mcu_row(cjsp_decoder *d, const int16_t *const *records, const int16_t *const *offsets, int rows) {
    int row_width = d->row_width;
    for (int x = 0; x < d->mcus_x; x++) {
        const int16_t *record = records[x];
        const int16_t *dc = record + d->record_length - d->blocks_in_mcu;
        for (int block = 0; block < d->blocks_in_mcu; block++) {
            int c = d->block_component[block];
            const plan *p = d->plans[c];
            int32_t base = (int32_t)(int16_t)(dc[block] + offsets[x][c]) * p->dc_quant + 1024 + 4;
            const int16_t *samples = record + d->block_offset[block];
            uint8_t *out = d->planes[c] + (size_t)d->block_y[block] * row_width + (size_t)x * d->mcu_width + d->block_x[block];
            for (int i = 0; i < p->nv; i++) {
                for (int j = 0; j < p->nh; j++) {
                    int32_t value = (samples[i * p->nh + j] + base) >> 3;
                    out[(size_t)i * row_width + j] = (uint8_t)(value < 0 ? 0 : (value > 255 ? 255 : value));
                }
            }
        }
    }
    // libjpeg's YCbCr → RGB (jdcolor.c, 16-bit fixed point).
    enum { SCALEBITS = 16, ONE_HALF = 1 << 15 };
#define FIX(x) ((int32_t)((x) * (1 << SCALEBITS) + 0.5))
    for (int y = 0; y < rows; y++) {
        uint8_t *out = d->rgba_rows + (size_t)y * d->output_width * 4;
        const uint8_t *luma = d->planes[0] + (size_t)y * row_width;
        if (d->component_count == 1) {
            for (int x = 0; x < d->output_width; x++) {
                out[4 * x] = out[4 * x + 1] = out[4 * x + 2] = luma[x];
                out[4 * x + 3] = 255;
            }
            continue;
        }
        const uint8_t *cb = d->planes[1] + (size_t)y * row_width;
        const uint8_t *cr = d->planes[2] + (size_t)y * row_width;
        for (int x = 0; x < d->output_width; x++) {
            int32_t yy = luma[x], b = cb[x] - 128, r = cr[x] - 128;
            int32_t red = yy + ((FIX(1.40200) * r + ONE_HALF) >> SCALEBITS);
            int32_t green = yy + ((-FIX(0.34414) * b + ONE_HALF - FIX(0.71414) * r) >> SCALEBITS);
            int32_t blue = yy + ((FIX(1.77200) * b + ONE_HALF) >> SCALEBITS);
            out[4 * x] = (uint8_t)(red < 0 ? 0 : (red > 255 ? 255 : red));
            out[4 * x + 1] = (uint8_t)(green < 0 ? 0 : (green > 255 ? 255 : green));
            out[4 * x + 2] = (uint8_t)(blue < 0 ? 0 : (blue > 255 ? 255 : blue));
            out[4 * x + 3] = 255;
        }
    }
#undef FIX
}

// MARK: - The second thread

static void publish(cjsp_decoder *d, int64_t decoded, int done) {
    pthread_mutex_lock(&d->lock);
    atomic_store_explicit(&d->second_decoded, decoded, memory_order_release);
    if (done) d->second_done = 1;
    pthread_cond_broadcast(&d->changed);
    pthread_mutex_unlock(&d->lock);
}

static void publish_checkpoints(cjsp_decoder *d, int64_t count) {
    pthread_mutex_lock(&d->lock);
    d->checkpoint_count = count;
    d->checkpoints_ready = 1;
    pthread_cond_broadcast(&d->changed);
    pthread_mutex_unlock(&d->lock);
}

/// Decodes from the split offset to the end of the data as if an MCU started there, recording the
/// first CHECKPOINTS MCU starts, until the data ends, the records are full or it is told to stop.
static void *decode_second_half(void *argument) {
    cjsp_decoder *d = argument;
    worker *w = &d->second;
    int64_t local = 0;
    int published_checkpoints = 0;
    while (local < d->second_capacity) {
        if ((local % PUBLISH_EVERY) == 0) {
            if (atomic_load_explicit(&d->stop_second, memory_order_relaxed)) break;
            if (local > 0) publish(d, local, 0);
        }
        if (!published_checkpoints) {
            int64_t position = bit_position(&w->reader);
            if (local < CHECKPOINTS && position >= 0) {
                d->checkpoints[local].position = position;
                memcpy(d->checkpoints[local].predictors, w->predictors, sizeof w->predictors);
            } else {
                // Enough starts recorded, or the data ends: let the first thread look.
                publish_checkpoints(d, local);
                published_checkpoints = 1;
            }
        }
        decode_mcu(d, w, d->second_records + local * d->record_length);
        if (w->bad_code) {
            d->bad_code_previous = d->bad_code_last;
            d->bad_code_last = local;
            w->bad_code = 0;
        }
        if (used_fake_bits(&w->reader)) {
            d->second_insufficient_at = local;
            d->second_stop_reason = w->reader.stop;
            local += 1;
            break;
        }
        local += 1;
    }
    if (!published_checkpoints) publish_checkpoints(d, local < CHECKPOINTS ? local : CHECKPOINTS);
    publish(d, local, 1);
    return NULL;
}

// MARK: - Start

int32_t cjsp_start(cjsp_decoder *d, int32_t scale_eighths, int32_t color_space, int32_t threads,
                   int64_t min_entropy_bytes, double split_fraction, int64_t max_memory_bytes, cjsp_output *output) {
    if (d->error_kind != CJSP_OK) return d->error_kind;
    if (scale_eighths != 1 && scale_eighths != 2 && scale_eighths != 4) return CJSP_FALLBACK;
    if (read_markers(d) != 0) return CJSP_FALLBACK;
    if (d->component_count == 3 ? color_space != CJS_COLOR_YCBCR : color_space != CJS_COLOR_GRAY) return CJSP_FALLBACK;
    int n = scale_eighths;
    d->scale = n;
    d->mcus_x = (d->width + 8 * d->max_h - 1) / (8 * d->max_h);
    d->mcus_y = (d->height + 8 * d->max_v - 1) / (8 * d->max_v);
    d->total_mcus = (int64_t)d->mcus_x * d->mcus_y;
    d->output_width = (int)(((int64_t)d->width * n + 7) / 8);
    d->output_height = (int)(((int64_t)d->height * n + 7) / 8);
    d->mcu_width = d->max_h * n;
    d->row_width = d->mcus_x * d->mcu_width;
    d->row_height = d->max_v * n;
    int blocks = 0, offset = 0;
    for (int c = 0; c < d->component_count; c++) {
        component *comp = &d->components[c];
        if (d->max_h % comp->h != 0 || d->max_v % comp->v != 0) return CJSP_FALLBACK;
        comp->nh = n * (d->max_h / comp->h);
        comp->nv = n * (d->max_v / comp->v);
        if (comp->nh > 8 || comp->nv > 8) return CJSP_FALLBACK;
        if (!d->quant_defined[comp->quant_index] || d->quant_16bit[comp->quant_index]) return CJSP_FALLBACK;
        for (int by = 0; by < comp->v; by++) {
            for (int bx = 0; bx < comp->h; bx++) {
                if (blocks == MAX_BLOCKS_IN_MCU) return CJSP_FALLBACK;
                d->block_component[blocks] = c;
                d->block_x[blocks] = bx * comp->nh;
                d->block_y[blocks] = by * comp->nv;
                d->block_offset[blocks] = offset;
                offset += comp->nh * comp->nv;
                blocks += 1;
            }
        }
    }
    d->blocks_in_mcu = blocks;
    d->record_length = offset + blocks;

    int64_t entropy_bytes = d->source.size - d->scan_offset;
    if (entropy_bytes < min_entropy_bytes) return CJSP_FALLBACK;
    int split = threads >= 2 && entropy_bytes >= 4096 && d->mcus_y >= 4;
    int64_t record_bytes = (int64_t)d->record_length * 2;
    int64_t memory = (int64_t)d->mcus_x * (record_bytes + 2 * (int64_t)sizeof(void *)) + (int64_t)d->row_width * d->row_height * d->component_count +
                     (int64_t)d->output_width * d->row_height * 4 + (int64_t)sizeof(plan) * d->component_count +
                     (d->source.memory ? 0 : CHUNK_BYTES);
    int64_t split_memory = (d->total_mcus + CHECKPOINTS) * record_bytes + (int64_t)CHECKPOINTS * (int64_t)sizeof(checkpoint) +
                           (d->source.memory ? 0 : CHUNK_BYTES);
    if (split && memory + split_memory > max_memory_bytes) split = 0;
    if (memory > max_memory_bytes) {
        d->error_parameter64 = memory;
        return fail(d, CJSP_ERROR_MEMORY, "Insufficient memory");
    }

    for (int c = 0; c < d->component_count; c++) {
        component *comp = &d->components[c];
        d->plans[c] = malloc(sizeof(plan));
        d->planes[c] = malloc((size_t)d->row_width * d->row_height);
        if (d->plans[c] == NULL || d->planes[c] == NULL) return fail(d, CJSP_ERROR_MEMORY, "Insufficient memory");
        make_plan(d->plans[c], d->quant[comp->quant_index], comp->nh, comp->nv);
    }
    d->zero_record = calloc((size_t)d->record_length, sizeof(int16_t));
    d->row_records = malloc((size_t)d->mcus_x * (size_t)record_bytes);
    d->rgba_rows = malloc((size_t)d->output_width * d->row_height * 4);
    d->render_records = malloc(sizeof(int16_t *) * (size_t)d->mcus_x);
    d->render_offsets = malloc(sizeof(int16_t *) * (size_t)d->mcus_x);
    d->first_chunk = d->source.memory ? NULL : malloc(CHUNK_BYTES);
    if (d->zero_record == NULL || d->row_records == NULL || d->rgba_rows == NULL || d->render_records == NULL ||
        d->render_offsets == NULL || (!d->source.memory && !d->first_chunk)) {
        return fail(d, CJSP_ERROR_MEMORY, "Insufficient memory");
    }

    int64_t split_offset = -1;
    if (split) {
        double fraction = split_fraction > 0.05 && split_fraction < 0.95 ? split_fraction : 0.5;
        split_offset = d->scan_offset + (int64_t)((double)entropy_bytes * fraction);
        // The second thread must start on a data byte: not on the 00 of a stuffed FF 00.
        bit_reader probe;
        uint8_t *probe_chunk = d->source.memory ? NULL : malloc(CHUNK_BYTES);
        start_reader(&probe, &d->source, probe_chunk, split_offset - 1, -1);
        probe.limit = split_offset + 64 < d->source.size ? split_offset + 64 : d->source.size;
        int previous = next_source_byte(&probe);
        while (previous == 0xFF) {
            previous = next_source_byte(&probe);
            split_offset += 1;
        }
        free(probe_chunk);
        if (previous < 0 || split_offset >= d->source.size - 64) split = 0;
    }
    if (split) {
        d->second_capacity = d->total_mcus + CHECKPOINTS;
        // Pages are touched only as the second half fills them: about half of this is used.
        d->second_records = malloc((size_t)(d->second_capacity * record_bytes));
        d->checkpoints = malloc(sizeof(checkpoint) * CHECKPOINTS);
        d->second_chunk = d->source.memory ? NULL : malloc(CHUNK_BYTES);
        if (d->second_records == NULL || d->checkpoints == NULL || (!d->source.memory && !d->second_chunk)) split = 0;
    }
    start_reader(&d->first.reader, &d->source, d->first_chunk, d->scan_offset, split ? split_offset : -1);
    if (split) {
        start_reader(&d->second.reader, &d->source, d->second_chunk, split_offset, -1);
        if (pthread_create(&d->thread, NULL, decode_second_half, d) == 0) {
            d->thread_started = 1;
            d->checking = 1;
        } else {
            split = 0;
            d->first.reader.split_offset = -1;
            d->first.reader.limit = d->source.size;
        }
    }
    d->split = split;
    output->width = d->output_width;
    output->height = d->output_height;
    output->split = split;
    output->memory_bytes = memory + (split ? split_memory / 2 : 0);
    return CJSP_OK;
}

// MARK: - Rows

/// Waits until the checkpoints are published; returns their count.
static int64_t wait_for_checkpoints(cjsp_decoder *d) {
    pthread_mutex_lock(&d->lock);
    while (!d->checkpoints_ready) pthread_cond_wait(&d->changed, &d->lock);
    int64_t count = d->checkpoint_count;
    pthread_mutex_unlock(&d->lock);
    return count;
}

/// At the first thread's MCU start `mcu`: whether the second thread's MCU starts include this one.
static void look_for_meeting(cjsp_decoder *d, int64_t mcu) {
    bit_reader *r = &d->first.reader;
    if (r->data_bytes_before_split < 0) return;
    int64_t position = bit_position(r);
    if (position < 0) {
        d->checking = 0;
        atomic_store(&d->stop_second, 1);
        return;
    }
    position -= r->data_bytes_before_split * 8;
    if (position < 0) return;
    if (d->known_checkpoints < 0) d->known_checkpoints = wait_for_checkpoints(d);
    int64_t count = d->known_checkpoints;
    while (d->checkpoint_index < count && d->checkpoints[d->checkpoint_index].position < position) d->checkpoint_index += 1;
    if (d->checkpoint_index == count) {
        // Passed every recorded start without meeting: decode the rest alone.
        d->checking = 0;
        atomic_store(&d->stop_second, 1);
        return;
    }
    const checkpoint *cp = &d->checkpoints[d->checkpoint_index];
    if (cp->position != position) return;
    d->checking = 0;
    d->synchronized = 1;
    d->meeting_mcu = mcu;
    d->meeting_local = d->checkpoint_index;
    for (int c = 0; c < d->component_count; c++) d->dc_offsets[c] = (int16_t)(d->first.predictors[c] - cp->predictors[c]);
    d->first_second_row = (int)((mcu + d->mcus_x - 1) / d->mcus_x);
}

/// Waits until the second thread decoded `needed` MCUs or finished; returns how many it decoded.
static int64_t wait_for_second(cjsp_decoder *d, int64_t needed) {
    int64_t decoded = atomic_load_explicit(&d->second_decoded, memory_order_acquire);
    if (decoded >= needed) return decoded;
    pthread_mutex_lock(&d->lock);
    while (!d->second_done && atomic_load_explicit(&d->second_decoded, memory_order_relaxed) < needed) {
        pthread_cond_wait(&d->changed, &d->lock);
    }
    decoded = atomic_load_explicit(&d->second_decoded, memory_order_relaxed);
    pthread_mutex_unlock(&d->lock);
    return decoded;
}

static const int16_t no_offsets[MAX_COMPONENTS] = {0, 0, 0};

static int produce_row_second(cjsp_decoder *d, int row, int rows);

/// Decodes MCU row `row` on this thread (handing over at a meeting) and renders it; -1 on error.
static int produce_row_first(cjsp_decoder *d, int row, int rows) {
    const int16_t **records = d->render_records;
    const int16_t **offsets = d->render_offsets;
    for (int x = 0; x < d->mcus_x; x++) {
        int64_t mcu = (int64_t)row * d->mcus_x + x;
        if (d->checking) {
            look_for_meeting(d, mcu);
            // Met at the start of this row: the second thread has all of it.
            if (d->synchronized && d->first_second_row == row) return produce_row_second(d, row, rows);
        }
        int16_t *record = d->row_records + (size_t)x * d->record_length;
        offsets[x] = no_offsets;
        if (d->first_insufficient) {
            records[x] = d->zero_record;
            continue;
        }
        decode_mcu(d, &d->first, record);
        records[x] = record;
        if (d->first.bad_code) {
            d->first.bad_code = 0;
            if (warn(d, CJSP_ERROR_MALFORMED, bad_huffman_code) != 0) return -1;
        }
        if (used_fake_bits(&d->first.reader)) {
            d->first_insufficient = 1;
            if (warn_insufficient(d, d->first.reader.stop) != 0) return -1;
        }
    }
    render_mcu_row(d, records, offsets, rows);
    return 0;
}

/// Renders MCU row `row` from the second thread's records, moved by the DC offsets; -1 on error.
static int produce_row_second(cjsp_decoder *d, int row, int rows) {
    const int16_t **records = d->render_records;
    const int16_t **offsets = d->render_offsets;
    int64_t shift = d->meeting_local - d->meeting_mcu;
    int last_row = row == d->mcus_y - 1;
    // The last row waits for the second thread to finish, so that its damage reports are final.
    int64_t decoded = wait_for_second(d, last_row ? INT64_MAX : (int64_t)(row + 1) * d->mcus_x + shift);
    for (int x = 0; x < d->mcus_x; x++) {
        int64_t local = (int64_t)row * d->mcus_x + x + shift;
        if (local < decoded) {
            records[x] = d->second_records + local * d->record_length;
            offsets[x] = d->dc_offsets;
        } else if (d->second_insufficient_at >= 0 && local > d->second_insufficient_at) {
            // The second thread has finished (it published fewer MCUs than were asked for).
            records[x] = d->zero_record;
            offsets[x] = no_offsets;
        } else {
            return fail(d, CJSP_ERROR_MALFORMED, "Corrupt JPEG data: the second half ended early");
        }
    }
    if (last_row) {
        // Damage counts only between the meeting and the image's last MCU: before, the second
        // thread was not yet in step; after, it decoded the padding at the end of the data.
        int64_t end_local = d->total_mcus + shift;
        int64_t bad = d->bad_code_last < end_local ? d->bad_code_last : d->bad_code_previous;
        if (bad >= d->meeting_local && warn(d, CJSP_ERROR_MALFORMED, bad_huffman_code) != 0) return -1;
        if (d->second_insufficient_at >= d->meeting_local && d->second_insufficient_at < end_local &&
            warn_insufficient(d, d->second_stop_reason) != 0) return -1;
    }
    render_mcu_row(d, records, offsets, rows);
    return 0;
}

int32_t cjsp_read_rows(cjsp_decoder *d, uint8_t *buffer, size_t stride, int32_t max_rows) {
    if (d->error_kind != CJSP_OK) return -1;
    int32_t written = 0;
    while (written < max_rows && d->output_row < d->output_height) {
        if (d->next_buffered_row == d->rows_in_buffer) {
            int row = d->next_mcu_row;
            int rows = d->output_height - row * d->row_height;
            if (rows > d->row_height) rows = d->row_height;
            int from_second = d->synchronized && row >= d->first_second_row;
            if ((from_second ? produce_row_second(d, row, rows) : produce_row_first(d, row, rows)) != 0) return -1;
            d->next_mcu_row += 1;
            d->rows_in_buffer = rows;
            d->next_buffered_row = 0;
        }
        memcpy(buffer + (size_t)written * stride, d->rgba_rows + (size_t)d->next_buffered_row * d->output_width * 4,
               (size_t)d->output_width * 4);
        d->next_buffered_row += 1;
        d->output_row += 1;
        written += 1;
    }
    if (d->output_row == d->output_height && d->thread_started) {
        atomic_store(&d->stop_second, 1);
    }
    return written;
}

// MARK: - Reports

cjsp_split_report_t cjsp_split_report(const cjsp_decoder *d) {
    cjsp_split_report_t report;
    report.synchronized = d->synchronized;
    report.meeting_mcu = d->synchronized ? d->meeting_mcu : -1;
    report.mcus_before_meeting = d->synchronized ? d->meeting_local : -1;
    report.total_mcus = d->total_mcus;
    return report;
}

int32_t cjsp_error_kind(const cjsp_decoder *d) { return d->error_kind; }
const char *cjsp_error_message(const cjsp_decoder *d) { return d->message; }
int32_t cjsp_error_parameter(const cjsp_decoder *d) { return d->error_parameter; }
int64_t cjsp_error_parameter64(const cjsp_decoder *d) { return d->error_parameter64; }
int32_t cjsp_warning_count(const cjsp_decoder *d) { return d->kept_warnings; }
const char *cjsp_warning_message(const cjsp_decoder *d, int32_t index) {
    return index >= 0 && index < d->kept_warnings ? d->warnings[index] : "";
}
