#include "icu_line_break.h"
#include <pthread.h>
#include <stdlib.h>
#include <unicode/ubrk.h>
#include <unicode/utext.h>
#include <unicode/uversion.h>
#include <stdio.h>

static const char *const locales[READER_ICU_SCRIPTS] = { "th", "lo", "km", "my" };

// One thread's iterators (opened on first use) and the UText they read.
typedef struct {
    UBreakIterator *iterators[READER_ICU_SCRIPTS];
    char failed[READER_ICU_SCRIPTS];
    UText *text;
} Breakers;

static pthread_key_t key;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static int keyCreated = 0;

static void destroy(void *value) {
    Breakers *b = value;
    if (!b) return;
    for (int i = 0; i < READER_ICU_SCRIPTS; i++) {
        if (b->iterators[i]) ubrk_close(b->iterators[i]);
    }
    if (b->text) utext_close(b->text);
    free(b);
}

static void makeKey(void) {
    keyCreated = pthread_key_create(&key, destroy) == 0;
}

// This thread's breakers, created on first use; NULL if out of memory.
static Breakers *threadBreakers(void) {
    pthread_once(&once, makeKey);
    if (!keyCreated) return NULL;
    Breakers *b = pthread_getspecific(key);
    if (b) return b;
    b = calloc(1, sizeof *b);
    if (!b) return NULL;
    if (pthread_setspecific(key, b) != 0) { free(b); return NULL; }
    return b;
}

static UBreakIterator *iterator(Breakers *b, int32_t script) {
    if (b->iterators[script] || b->failed[script]) return b->iterators[script];
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *it = ubrk_open(UBRK_LINE, locales[script], NULL, 0, &status);
    if (U_FAILURE(status)) {
        if (it) ubrk_close(it);
        b->failed[script] = 1;
        return NULL;
    }
    b->iterators[script] = it;
    return it;
}

int32_t reader_icu_line_breaks(int32_t script, const uint8_t *utf8, int32_t length,
                               int32_t *out, int32_t capacity) {
    if (script < 0 || script >= READER_ICU_SCRIPTS || length <= 0 || !utf8) return 0;
    Breakers *b = threadBreakers();
    if (!b) return -1;
    UBreakIterator *it = iterator(b, script);
    if (!it) return -1;
    UErrorCode status = U_ZERO_ERROR;
    // Native indexes of a UTF-8 UText are byte offsets.
    b->text = utext_openUTF8(b->text, (const char *)utf8, length, &status);
    ubrk_setUText(it, b->text, &status);
    if (U_FAILURE(status)) return -1;
    int32_t count = 0;
    for (int32_t p = ubrk_next(it); p != UBRK_DONE && p < length; p = ubrk_next(it)) {
        if (p <= 0) continue;
        if (count < capacity) out[count] = p;
        count++;
    }
    return count;
}

void reader_icu_version(char *out) {
    /* The headers' version, not u_getVersion(): asking the library would load it (and its
       30 MB of data) for every layout cache key, though most books have no SA text. The
       wrappers open exactly this major version's soname (icu_lazy.c), and a Debian release
       keeps the minor one; DictionaryBreakTests checks that the two agree. */
    snprintf(out, 32, "%s", U_ICU_VERSION);
}

void reader_icu_runtime_version(char *out) {
    UVersionInfo v;
    u_getVersion(v);
    u_versionToString(v, out);
}

const char *reader_icu_locale(int32_t script) {
    return script >= 0 && script < READER_ICU_SCRIPTS ? locales[script] : NULL;
}
