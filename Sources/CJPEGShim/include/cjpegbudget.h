// The work budget every JPEG decoder of the shim keeps (libjpeg through cjpegshim.h, and the
// shim's own DC-scan and split decoders): most scans, most marker segments, and a callback polled
// inside the decode loops that stops the decode (task cancellation, a deadline). Each decoder takes
// a copy with its `_set_budget` function before it reads anything; a zeroed budget limits nothing.
#pragma once

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Samples a typical progressive JPEG visits per pixel over all its scans (libjpeg's scan script
/// for 4:2:0 YCbCr: luma in 6 scans, each chroma component at a quarter in 4): the work of one
/// pixel in `max_scan_samples`.
#define CJ_SCAN_SAMPLES_PER_WORK_PIXEL 8

/// What an interruption callback answers.
typedef enum {
    /// Go on decoding.
    CJ_CONTINUE = 0,
    /// The caller no longer wants the image (task cancellation).
    CJ_INTERRUPT_CANCELLED = 1,
    /// The caller's deadline has passed.
    CJ_INTERRUPT_DEADLINE = 2,
} cj_interrupt_t;

/// Polled inside the decode loops (every few rows of MCUs, every scan and marker segment) on the
/// thread that called the decoder; returns a `cj_interrupt_t`. It must be cheap and must not call
/// back into the decoder.
typedef int32_t (*cj_interrupt_fn)(void *context);

/// The limits of one decode.
typedef struct {
    /// Most scans (SOS markers) the image may have; 0: no limit. Refused when scan `max_scans + 1`
    /// starts, before any of its data is decoded.
    int32_t max_scans;
    /// Most marker segments the decoder reads; 0: no limit. libjpeg counts the APPn and COM segments
    /// the shim handles itself (all but APP0 and APP14, which libjpeg interprets, and whose work, like
    /// that of DQT, DHT and DRI, grows only with their bytes); the shim's own decoders count every marker.
    int32_t max_markers;
    /// Most coefficient samples libjpeg's multi-scan decode may visit, summed over its scans (each
    /// scan: every block of its components × 64); 0: no limit. Refused when the scan that passes it
    /// starts, before any of its data is decoded: refinement scans revisit every block, so a small
    /// file of many scans costs far more than its pixels.
    int64_t max_scan_samples;
    /// NULL: never interrupted.
    cj_interrupt_fn interrupt;
    void *context;
} cj_budget;

#ifdef __cplusplus
}
#endif
