// libheif, loaded on first use. PixelKitHEIF calls libheif only through the table `cheif_load`
// fills with dlopen/dlsym, so a program that links PixelKitHEIF but never meets a HEIF file never
// loads libheif and the codec libraries it needs (libde265, x265, aom, dav1d, libstdc++): linked
// directly, they were most of the `pixelkit` command line's start-up.
#pragma once

#include <libheif/heif.h>
#include <stddef.h>

/// The libheif functions PixelKitHEIF uses, each `heif_<name>`.
#define CHEIF_FUNCTIONS(X)                                                                            \
    X(init) X(have_decoder_for_format)                                                                \
    X(context_alloc) X(context_free) X(context_set_maximum_image_size_limit)                          \
    X(context_set_max_decoding_threads) X(context_read_from_memory_without_copy)                      \
    X(context_get_primary_image_handle)                                                               \
    X(image_handle_release) X(image_handle_get_width) X(image_handle_get_height)                      \
    X(image_handle_get_ispe_width) X(image_handle_get_ispe_height) X(image_handle_has_alpha_channel)  \
    X(image_handle_get_luma_bits_per_pixel) X(image_handle_get_number_of_thumbnails)                  \
    X(image_handle_get_list_of_thumbnail_IDs) X(image_handle_get_thumbnail)                           \
    X(image_handle_get_list_of_auxiliary_image_IDs) X(image_handle_get_auxiliary_image_handle)        \
    X(image_get_nclx_color_profile) X(nclx_color_profile_free)                                        \
    X(image_handle_get_color_profile_type) X(image_handle_get_raw_color_profile_size)                 \
    X(image_handle_get_raw_color_profile) X(image_handle_get_nclx_color_profile)                      \
    X(decoding_options_free) X(decode_image)                                                          \
    X(image_release) X(image_get_width) X(image_get_height) X(image_get_bits_per_pixel_range)         \
    X(image_get_plane_readonly) X(image_get_decoding_warnings)

/// Pointers to libheif's functions, typed by its own header's declarations.
typedef struct {
#define CHEIF_POINTER(name) __typeof__(heif_##name) *_Nonnull name;
    CHEIF_FUNCTIONS(CHEIF_POINTER)
#undef CHEIF_POINTER
    /// `heif_decoding_options_alloc`, declared here with its `(void)` that libheif 1.15's header omits.
    struct heif_decoding_options *_Nullable (*_Nonnull decoding_options_alloc)(void);
} cheif_functions;

/// Opens the first of `names` that `dlopen` finds, resolves every function into `*functions` with
/// `dlsym` and calls `heif_init` (registering libheif's decoder plugins); the library stays loaded
/// for the rest of the process. Returns 0, or -1 with the reason written to `error` (what was tried
/// and `dlerror`'s words, or the missing function) when libheif is not installed, too old, or fails
/// to initialise; `*functions` is unspecified then.
int cheif_load(const char *_Nonnull const *_Nonnull names, int count, cheif_functions *_Nonnull functions,
               char *_Nonnull error, size_t error_size);
