#include "cbenchrestarts.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <jpeglib.h>

/// Both libjpeg objects and what must be released, on the heap so that it survives a longjmp intact.
typedef struct {
    struct jpeg_error_mgr errors;  // first: libjpeg hands `errors` back to on_error
    jmp_buf jump;
    struct jpeg_decompress_struct source;
    struct jpeg_compress_struct target;
    int source_created, target_created;
    unsigned char *buffer;
    unsigned long buffer_size;
} transcoding;

static void on_error(j_common_ptr info) { longjmp(((transcoding *)info->err)->jump, 1); }

int cbf_jpeg_add_restart_markers(const uint8_t *jpeg, size_t size, int rows_per_interval, uint8_t **out, size_t *out_size) {
    transcoding *t = calloc(1, sizeof *t);
    if (t == NULL) return -1;
    t->source.err = t->target.err = jpeg_std_error(&t->errors);
    t->errors.error_exit = on_error;
    volatile int status = -1;
    if (setjmp(t->jump) == 0) {
        jpeg_create_decompress(&t->source);
        t->source_created = 1;
        jpeg_mem_src(&t->source, jpeg, (unsigned long)size);
        jpeg_read_header(&t->source, TRUE);
        jvirt_barray_ptr *coefficients = jpeg_read_coefficients(&t->source);
        jpeg_create_compress(&t->target);
        t->target_created = 1;
        jpeg_copy_critical_parameters(&t->source, &t->target);
        t->target.restart_interval = 0;
        t->target.restart_in_rows = rows_per_interval;
        jpeg_mem_dest(&t->target, &t->buffer, &t->buffer_size);
        jpeg_write_coefficients(&t->target, coefficients);
        jpeg_finish_compress(&t->target);
        jpeg_finish_decompress(&t->source);
        *out = t->buffer;
        *out_size = t->buffer_size;
        t->buffer = NULL;
        status = 0;
    }
    if (t->target_created) jpeg_destroy_compress(&t->target);
    if (t->source_created) jpeg_destroy_decompress(&t->source);
    free(t->buffer);
    free(t);
    return status;
}
