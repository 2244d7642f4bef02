// ICU's dictionary-based line breaking for TextLayout (UAX #14 class SA: Thai, Lao, Khmer,
// Myanmar), behind a narrow C interface. ICU's own headers are included in
// icu_line_break.c, never here: Foundation carries a private copy of ICU whose types would
// clash with the system ones in Swift. The word breaker beside it (Han, kana and SA runs
// for TextLayout's word boundaries) is icu_word_break.h.
#ifndef ICU_LINE_BREAK_H
#define ICU_LINE_BREAK_H
#include <stdint.h>

/// The scripts with an ICU line-break locale, in the order of `reader_icu_locale`.
enum {
    READER_ICU_THAI = 0,     // "th"
    READER_ICU_LAO = 1,      // "lo"
    READER_ICU_KHMER = 2,    // "km"
    READER_ICU_MYANMAR = 3,  // "my"
    READER_ICU_SCRIPTS = 4
};

/// The line-break opportunities ICU's UBRK_LINE iterator for `script`'s language finds
/// strictly inside the `length` bytes of UTF-8 at `utf8` (0 and `length` excluded), as byte
/// offsets from `utf8`, in increasing order, written to `out` (at most `capacity`).
/// Returns how many were found (possibly more than `capacity`: only `capacity` are written),
/// or -1 if ICU failed (no iterator for the language, or an error on this text).
///
/// Thread-safe: each thread opens its own iterators on first use (ICU's iterators are not
/// thread-safe) and closes them when it exits.
int32_t reader_icu_line_breaks(int32_t script, const uint8_t *utf8, int32_t length,
                               int32_t *out, int32_t capacity);

/// Writes the version of the ICU the reader was built against ("72.1") into `out` (at
/// least 32 bytes), without loading ICU: the layout cache keys carry it.
void reader_icu_version(char *out);

/// Writes the loaded ICU's own version (u_getVersion: loads ICU) into `out` (at least 32 bytes).
void reader_icu_runtime_version(char *out);

/// The locale of a script's iterator ("th", "lo", "km", "my"), or NULL.
const char *reader_icu_locale(int32_t script);

#endif
