// A narrow C interface to ICU's line-break iterator and bidi algorithm for the benchmark only.
// ICU's own headers are included in icu_bench.c, never here: Foundation carries a private
// copy of ICU whose types would clash with the system ones in Swift.
#ifndef ICU_BENCH_H
#define ICU_BENCH_H
#include <stdint.h>

/// Opens a line-break iterator; returns NULL on failure.
void *icu_bench_open(void);
/// Opens a word-break iterator (UBRK_WORD, root locale: UAX #29 with ICU's CJ and SA
/// dictionaries); returns NULL on failure. Count with icu_bench_count_breaks, close with
/// icu_bench_close.
void *icu_bench_word_open(void);
/// Counts the boundaries (line or word, as the iterator was opened) of `length` UTF-8 bytes (including the start and end).
int64_t icu_bench_count_breaks(void *iterator, const char *utf8, int64_t length);
/// Closes the iterator.
void icu_bench_close(void *iterator);
/// Writes ICU's version ("72.1") into `out` (at least 32 bytes).
void icu_bench_version(char *out);

/// Opens a bidi object (ubidi_open); returns NULL on failure.
void *icu_bench_bidi_open(void);
/// ubidi_setPara on `length` UTF-16 code units with UBIDI_DEFAULT_LTR (first strong
/// character, else left to right), then ubidi_getVisualMap into `map` (`length` entries).
/// Returns the paragraph level, or -1 on error.
int32_t icu_bench_bidi_visual_map(void *bidi, const uint16_t *utf16, int32_t length, int32_t *map);
/// Closes the bidi object.
void icu_bench_bidi_close(void *bidi);

#endif
