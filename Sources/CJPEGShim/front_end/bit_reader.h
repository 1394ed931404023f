// JPEG bytes as a byte cursor (for marker segments) and as entropy-coded bits: the source, the
// window over it, and the 64-bit buffer. Part of the front end shared by the DC-scan and split decoders.
// The functions keep the split decoder's `cjsp_` names, which its block decoders and set-up call.
#pragma once

#include "common.h"

#include <stddef.h>
#include <stdint.h>

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
    /// The window's real end while `end` is held at `cur` because the data stopped at a marker.
    const uint8_t *window_end;
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
    /// The marker it stopped at (STOPPED_AT_MARKER), and the source offset just past it.
    int marker;
    int64_t marker_end;
} bit_reader;

/// Appends one byte to the bit buffer: a data byte (unstuffing FF 00), or a zero once the data
/// stopped at a marker or the end (libjpeg's `jpeg_fill_bit_buffer` does the same).
CJS_HIDDEN void cjsp_fill_one_slow(bit_reader *b);
/// The next source byte, or -1 at the end of what may be read.
CJS_HIDDEN int cjsp_next_source_byte(bit_reader *b);
/// A reader at source `offset`; a first-thread reader also notes where `split_offset` is passed (-1: none).
CJS_HIDDEN void cjsp_start_reader(bit_reader *b, const source_t *source, uint8_t *chunk, int64_t offset, int64_t split_offset);
/// The next marker at or after the reader's byte position, at a restart boundary: the one it stopped
/// at, or the next in the data (-1: none before the end). Buffered bits are dropped; `extraneous` is
/// the number of data bytes dropped or skipped on the way (whole buffered bytes count, padding bits not).
CJS_HIDDEN int cjsp_find_marker(bit_reader *b, int64_t *extraneous);
/// Resumes reading right after the marker the reader stopped at or found (entropy-coded data or a
/// marker segment), in the same window.
CJS_HIDDEN void cjsp_resume_after_marker(bit_reader *b);
/// Empties the bit buffer (a reader stopped at a marker stays there: every later read gives zero bits).
CJS_HIDDEN void cjsp_drop_buffered_bits(bit_reader *b);

/// Tops the buffer up to at least 57 bits.
static ALWAYS_INLINE void fill(bit_reader *b) {
    while (b->count <= 56) {
        if (LIKELY(b->cur < b->end) && LIKELY(*b->cur != 0xFF)) {
            b->bits = b->bits << 8 | *b->cur++;
            b->count += 8;
            b->data_bytes += 1;
        } else {
            cjsp_fill_one_slow(b);
        }
    }
}


/// The source offset of the next byte `cjsp_next_source_byte` reads.
static inline int64_t source_offset(const bit_reader *b) {
    return b->next - (b->end - b->cur);
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

