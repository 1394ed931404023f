// The bit reader's slow paths: windows, stuffed bytes, markers; see bit_reader.h.
#include "bit_reader.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

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
CJS_HIDDEN int cjsp_next_source_byte(bit_reader *b) {
    if (b->cur < b->end) return *b->cur++;
    if (!advance_window(b)) return -1;
    return *b->cur++;
}

/// Stops the reader at `marker`, just read, or at the end of input (-1). Nothing after it is data:
/// the window is emptied, so that no fast path reads on.
static void stop_reading(bit_reader *b, int marker) {
    if (marker >= 0) {
        b->stop = STOPPED_AT_MARKER;
        b->marker = marker;
        b->marker_end = source_offset(b);
    } else {
        b->stop = b->read_errno ? STOPPED_BY_READ_ERROR : STOPPED_AT_END;
    }
    b->window_end = b->end;
    b->end = b->cur;
}

/// Appends one byte to the bit buffer: a data byte (unstuffing FF 00), or a zero once the data
/// stopped at a marker or the end (libjpeg's `jpeg_fill_bit_buffer` does the same).
CJS_HIDDEN void cjsp_fill_one_slow(bit_reader *b) {
    if (b->stop == RUNNING) {
        int c = cjsp_next_source_byte(b);
        if (c == 0xFF) {
            int after;
            do after = cjsp_next_source_byte(b);
            while (after == 0xFF);
            if (after == 0) {
                b->bits = b->bits << 8 | 0xFF;
                b->count += 8;
                b->data_bytes += 1;
                return;
            }
            stop_reading(b, after);
        } else if (c >= 0) {
            b->bits = b->bits << 8 | (uint64_t)c;
            b->count += 8;
            b->data_bytes += 1;
            return;
        } else {
            stop_reading(b, -1);
        }
    }
    b->bits <<= 8;
    b->count += 8;
    b->fake_bytes += 1;
}

CJS_HIDDEN void cjsp_start_reader(bit_reader *b, const source_t *source, uint8_t *chunk, int64_t offset, int64_t split_offset) {
    memset(b, 0, sizeof *b);
    b->source = source;
    b->chunk = chunk;
    b->next = offset;
    b->split_offset = split_offset;
    b->limit = split_offset > offset ? split_offset : source->size;
    b->data_bytes_before_split = -1;
}


CJS_HIDDEN int cjsp_find_marker(bit_reader *b, int64_t *extraneous) {
    int64_t data_bits = b->count - 8 * (int64_t)b->fake_bytes;
    *extraneous = data_bits > 0 ? data_bits / 8 : 0;
    cjsp_drop_buffered_bits(b);
    if (b->stop == STOPPED_AT_MARKER) return b->marker;
    if (b->stop != RUNNING) return -1;
    // libjpeg's next_marker: skip to an FF, past fill FFs; FF 00 is stuffed data, skipped too.
    for (;;) {
        int c = cjsp_next_source_byte(b);
        if (c < 0) break;
        if (c != 0xFF) {
            *extraneous += 1;
            continue;
        }
        int after;
        do after = cjsp_next_source_byte(b);
        while (after == 0xFF);
        if (after < 0) break;
        if (after == 0) {
            *extraneous += 2;
            continue;
        }
        stop_reading(b, after);
        return after;
    }
    stop_reading(b, -1);
    return -1;
}

CJS_HIDDEN void cjsp_resume_after_marker(bit_reader *b) {
    cjsp_drop_buffered_bits(b);
    b->stop = RUNNING;
    // Nothing was read since the marker: `cur` is just past it, and the window's rest follows.
    b->end = b->window_end;
}

CJS_HIDDEN void cjsp_drop_buffered_bits(bit_reader *b) {
    b->bits = 0;
    b->count = 0;
    b->fake_bytes = 0;
}
