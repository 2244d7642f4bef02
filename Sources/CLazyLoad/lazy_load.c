#include "lazy_load.h"
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* dlerror(3)'s message for the calling thread, or a fallback. */
static const char *last_error(void) {
    const char *e = dlerror();
    return e ? e : "unknown error";
}

void *lazy_load_try(lazy_library *library, const char *symbol, char *error, size_t size) {
    void *handle = __atomic_load_n(&library->handle, __ATOMIC_ACQUIRE);
    if (!handle) {
        handle = dlopen(library->soname, RTLD_NOW | RTLD_LOCAL);
        if (!handle) {
            snprintf(error, size, "%s", last_error());
            return NULL;
        }
        __atomic_store_n(&library->handle, handle, __ATOMIC_RELEASE);   /* a second open is harmless */
    }
    dlerror();
    void *address = dlsym(handle, symbol);
    if (!address) snprintf(error, size, "%s has no %s: %s", library->soname, symbol, last_error());
    return address;
}

void *lazy_load_symbol(lazy_library *library, const char *symbol) {
    char error[512];
    void *address = lazy_load_try(library, symbol, error, sizeof error);
    if (address) return address;
    /* dlerror's text names files, never book text; strip control bytes all the same. */
    for (char *c = error; *c; c++) if ((unsigned char)*c < 0x20 || *c == 0x7f) *c = '?';
    fprintf(stderr, "reader: cannot load %s, needed for %s (install the Debian package %s): %s\n",
            library->soname, library->purpose, library->package, error);
    exit(LAZY_LOAD_EXIT_STATUS);
}

/* The libraries above are still named on the link line: SwiftPM passes pkg-config's -l
   flags for the modules whose headers the reader compiles against, and the wrappers make
   them unneeded. The link must be told so before those flags, and only an autolink entry
   lands there (linker settings come after them): this one asks for --as-needed, so a
   library none of whose symbols the program uses gets no DT_NEEDED entry and is not
   loaded at start-up. ReaderEndToEndTests' LazyLibrariesTests checks the result. */
__attribute__((used, section(".swift1_autolink_entries"), aligned(1)))
static const char lazy_load_as_needed[] = "-Wl,--as-needed";
