#include "icu_word_break.h"
#include <pthread.h>
#include <stdlib.h>
#include <unicode/ubrk.h>
#include <unicode/utext.h>

// One thread's word iterator (opened on first use) and the UText it reads.
typedef struct {
    UBreakIterator *iterator;
    char failed;
    UText *text;
} WordBreaker;

static pthread_key_t key;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static int keyCreated = 0;

static void destroy(void *value) {
    WordBreaker *b = value;
    if (!b) return;
    if (b->iterator) ubrk_close(b->iterator);
    if (b->text) utext_close(b->text);
    free(b);
}

static void makeKey(void) {
    keyCreated = pthread_key_create(&key, destroy) == 0;
}

// This thread's breaker with its iterator open; NULL if out of memory or ICU failed.
static WordBreaker *threadBreaker(void) {
    pthread_once(&once, makeKey);
    if (!keyCreated) return NULL;
    WordBreaker *b = pthread_getspecific(key);
    if (!b) {
        b = calloc(1, sizeof *b);
        if (!b) return NULL;
        if (pthread_setspecific(key, b) != 0) { free(b); return NULL; }
    }
    if (!b->iterator && !b->failed) {
        UErrorCode status = U_ZERO_ERROR;
        UBreakIterator *it = ubrk_open(UBRK_WORD, "", NULL, 0, &status);
        if (U_FAILURE(status)) {
            if (it) ubrk_close(it);
            b->failed = 1;
        } else {
            b->iterator = it;
        }
    }
    return b->iterator ? b : NULL;
}

int32_t reader_icu_word_breaks(const uint8_t *utf8, int32_t length, int32_t *out, int32_t capacity) {
    if (length <= 0 || !utf8) return 0;
    WordBreaker *b = threadBreaker();
    if (!b) return -1;
    UErrorCode status = U_ZERO_ERROR;
    // Native indexes of a UTF-8 UText are byte offsets.
    b->text = utext_openUTF8(b->text, (const char *)utf8, length, &status);
    ubrk_setUText(b->iterator, b->text, &status);
    if (U_FAILURE(status)) return -1;
    int32_t count = 0;
    for (int32_t p = ubrk_next(b->iterator); p != UBRK_DONE && p < length; p = ubrk_next(b->iterator)) {
        if (p <= 0) continue;
        if (count < capacity) out[count] = p;
        count++;
    }
    return count;
}
