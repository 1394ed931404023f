#ifndef CBENCHRESTARTS_H
#define CBENCHRESTARTS_H
#include <stddef.h>
#include <stdint.h>

/// Benchmark input preparation, not a floor: `jpeg` losslessly re-marked with a restart marker every
/// `rows_per_interval` MCU rows, as `jpegtran -restart N` does (libjpeg's jpeg_read_coefficients,
/// jpeg_copy_critical_parameters, restart_in_rows, jpeg_write_coefficients): the DCT coefficients are
/// unchanged, so every decoder's pixels are too. On success (0), `*out` is a malloc'd buffer of
/// `*out_size` bytes for the caller to free; -1 on any libjpeg error.
int cbf_jpeg_add_restart_markers(const uint8_t *jpeg, size_t size, int rows_per_interval, uint8_t **out, size_t *out_size);

#endif
