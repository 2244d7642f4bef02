// ICU's dictionary-based word breaking for TextLayout's word boundaries: the runs of Han,
// Hiragana, Katakana and SA-class scripts (Thai, Lao, Khmer, Myanmar) that UAX #29 alone
// cannot split into words. ICU's headers are included in icu_word_break.c only (see
// icu_line_break.h).
#ifndef ICU_WORD_BREAK_H
#define ICU_WORD_BREAK_H
#include <stdint.h>

/// The word boundaries ICU's UBRK_WORD iterator (root locale: the CJ and SA dictionaries)
/// finds strictly inside the `length` bytes of UTF-8 at `utf8` (0 and `length` excluded),
/// as byte offsets from `utf8`, in increasing order, written to `out` (at most `capacity`).
/// Returns how many were found (possibly more than `capacity`: only `capacity` are
/// written), or -1 if ICU failed.
///
/// Thread-safe: each thread opens its own iterator on first use (ICU's iterators are not
/// thread-safe) and closes it when the thread exits.
int32_t reader_icu_word_breaks(const uint8_t *utf8, int32_t length, int32_t *out, int32_t capacity);

#endif
