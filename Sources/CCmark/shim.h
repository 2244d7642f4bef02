/* cmark-gfm (Debian libcmark-gfm-dev, libcmark-gfm-extensions-dev): CommonMark with
   GitHub's table, strikethrough and autolink extensions. */
#include <stdlib.h>
#include <cmark-gfm.h>
#include <cmark-gfm-extension_api.h>
#include <cmark-gfm-core-extensions.h>

/* The options the reader parses and renders with: raw HTML kept (the walker never runs
   scripts and drops what it does not know), footnotes, smart punctuation, invalid UTF-8
   replaced by U+FFFD. */
static const int reader_cmark_options =
    CMARK_OPT_UNSAFE | CMARK_OPT_FOOTNOTES | CMARK_OPT_SMART | CMARK_OPT_VALIDATE_UTF8;

/* Markdown → HTML with the GFM extensions, or NULL when cmark fails. Free with free(). */
static inline char *reader_markdown_to_html(const char *text, size_t length) {
    cmark_gfm_core_extensions_ensure_registered();
    cmark_parser *parser = cmark_parser_new(reader_cmark_options);
    if (!parser) return NULL;
    const char *names[] = {"table", "strikethrough", "autolink", "tasklist"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        cmark_syntax_extension *extension = cmark_find_syntax_extension(names[i]);
        if (extension) cmark_parser_attach_syntax_extension(parser, extension);
    }
    cmark_parser_feed(parser, text, length);
    cmark_node *document = cmark_parser_finish(parser);
    char *html = document ? cmark_render_html(document, reader_cmark_options, cmark_parser_get_syntax_extensions(parser)) : NULL;
    if (document) cmark_node_free(document);
    cmark_parser_free(parser);
    return html;
}
