// A narrow C interface to ICU's line-break iterator for the benchmark only.
// ICU's own headers are included in icu_bench.c, never here: Foundation carries a private
// copy of ICU whose types would clash with the system ones in Swift.
#ifndef ICU_BENCH_H
#define ICU_BENCH_H
#include <stdint.h>

/// Opens a line-break iterator; returns NULL on failure.
void *icu_bench_open(void);
/// Counts the line-break boundaries of `length` UTF-8 bytes (including the start and end).
int64_t icu_bench_count_breaks(void *iterator, const char *utf8, int64_t length);
/// Closes the iterator.
void icu_bench_close(void *iterator);
/// Writes ICU's version ("72.1") into `out` (at least 32 bytes).
void icu_bench_version(char *out);

#endif
