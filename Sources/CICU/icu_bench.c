#include "icu_bench.h"
#include <unicode/ubrk.h>
#include <unicode/utext.h>
#include <unicode/uversion.h>
#include <unicode/ubidi.h>

typedef struct { UBreakIterator *bi; UText *ut; } Bench;
#include <stdlib.h>

void *icu_bench_open(void) {
    UErrorCode status = U_ZERO_ERROR;
    Bench *b = calloc(1, sizeof(Bench));
    if (!b) return NULL;
    b->bi = ubrk_open(UBRK_LINE, "en", NULL, 0, &status);
    if (U_FAILURE(status)) { free(b); return NULL; }
    return b;
}

void *icu_bench_word_open(void) {
    UErrorCode status = U_ZERO_ERROR;
    Bench *b = calloc(1, sizeof(Bench));
    if (!b) return NULL;
    b->bi = ubrk_open(UBRK_WORD, "", NULL, 0, &status);
    if (U_FAILURE(status)) { free(b); return NULL; }
    return b;
}

int64_t icu_bench_count_breaks(void *iterator, const char *utf8, int64_t length) {
    Bench *b = iterator;
    UErrorCode status = U_ZERO_ERROR;
    b->ut = utext_openUTF8(b->ut, utf8, length, &status);
    ubrk_setUText(b->bi, b->ut, &status);
    if (U_FAILURE(status)) return -1;
    int64_t n = 0;
    for (int32_t p = ubrk_first(b->bi); p != UBRK_DONE; p = ubrk_next(b->bi)) n++;
    return n;
}

void icu_bench_close(void *iterator) {
    Bench *b = iterator;
    if (!b) return;
    ubrk_close(b->bi);
    utext_close(b->ut);
    free(b);
}

void icu_bench_version(char *out) {
    UVersionInfo v;
    u_getVersion(v);
    u_versionToString(v, out);
}

void *icu_bench_bidi_open(void) {
    return ubidi_open();
}

int32_t icu_bench_bidi_visual_map(void *bidi, const uint16_t *utf16, int32_t length, int32_t *map) {
    UErrorCode status = U_ZERO_ERROR;
    ubidi_setPara((UBiDi *)bidi, (const UChar *)utf16, length, UBIDI_DEFAULT_LTR, NULL, &status);
    if (U_FAILURE(status)) return -1;
    ubidi_getVisualMap((UBiDi *)bidi, map, &status);
    if (U_FAILURE(status)) return -1;
    return ubidi_getParaLevel((UBiDi *)bidi);
}

void icu_bench_bidi_close(void *bidi) {
    if (bidi) ubidi_close((UBiDi *)bidi);
}
