#ifndef READER_FUZZ_SUPPORT_H
#define READER_FUZZ_SUPPORT_H
#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (compiler-rt, linked by -sanitize=fuzzer). Each fuzz target's
/// top-level code calls it with its test function, so the target's own `main` runs and
/// libFuzzer's `main` is never needed (SwiftPM renames executables' entry points in debug
/// builds, which collides with a library-provided `main`).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
