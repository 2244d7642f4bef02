/* libxml2 is built with ICU, and its encoding.h would include the system ICU headers,
   which clash with the copy of ICU inside Foundation. We never touch the ICU-dependent
   fields (xmlCharEncodingHandler internals), so hide them. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xpath.h>
#include <libxml/globals.h>

/* Error sinks for libxml2. The generic handler is variadic, which Swift cannot
   implement, so it lives here. Book text must never be echoed to the terminal. */
static void reader_xml_silent_generic(void *ctx, const char *msg, ...) { (void)ctx; (void)msg; }
static void reader_xml_silent_structured(void *ctx, xmlErrorPtr error) { (void)ctx; (void)error; }

/* Silences libxml2's error printing for the calling thread and for threads created later. */
static inline void reader_xml_silence_errors(void) {
    xmlSetGenericErrorFunc(NULL, reader_xml_silent_generic);
    xmlSetStructuredErrorFunc(NULL, reader_xml_silent_structured);
    xmlThrDefSetGenericErrorFunc(NULL, reader_xml_silent_generic);
    xmlThrDefSetStructuredErrorFunc(NULL, reader_xml_silent_structured);
}
