// Loads libheif on first use; see include/cheif.h.
#include "cheif.h"

#include <dlfcn.h>
#include <stdio.h>

int cheif_load(const char *const *names, int count, cheif_functions *table, char *error, size_t error_size) {
    void *library = NULL;
    for (int i = 0; i < count && library == NULL; i++) library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(error, error_size, "libheif could not be loaded: %s", reason ? reason : "no library name to try");
        return -1;
    }
    // POSIX's way to store dlsym's object pointer into a function pointer.
#define CHEIF_RESOLVE(name)                                                                            \
    if ((*(void **)&table->name = dlsym(library, "heif_" #name)) == NULL) {                           \
        snprintf(error, error_size, "libheif is too old: it has no heif_%s (PixelKitHEIF needs 1.15 or later)", #name); \
        goto fail;                                                                                    \
    }
    CHEIF_FUNCTIONS(CHEIF_RESOLVE)
    CHEIF_RESOLVE(decoding_options_alloc)
#undef CHEIF_RESOLVE
    struct heif_error status = table->init(NULL);
    if (status.code != heif_error_Ok) {
        snprintf(error, error_size, "libheif could not be initialised: %s", status.message ? status.message : "heif_init failed");
        goto fail;
    }
    return 0;
fail:
    dlclose(library);
    return -1;
}
