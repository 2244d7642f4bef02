import TextContent

/// Decides the chapters and the table of contents of a book that is one document (an
/// HTML or Markdown file) from its headings.
///
/// With `m` the smallest heading level in the book, headings of levels `m` and `m + 1`
/// start chapters (a file with one `<h1>` title and `<h2>` chapters gets both; the
/// levels are renumbered from 1), and headings down to `m + 2` are listed in the
/// contents. Text before the first heading belongs to the first chapter (a Project
/// Gutenberg header, a dedication). A file without headings is one chapter, titled by
/// the book.
enum HeadingChapters {
    /// The most chapters taken from headings (the rest are still in the contents).
    static let maxChapters = 10_000
    /// The most contents entries.
    static let maxTOCEntries = 20_000

    /// Adds the chapters and TOC entries of `headings` (in text order) to `book`.
    static func assign(to book: inout TextContentBuilder, headings: [WalkedHeading], source: String) {
        guard let top = headings.map(\.level).min() else { return }
        var chapters = 0
        for h in headings where h.level <= top + 1 && chapters < maxChapters {
            book.addChapter(title: h.title, level: h.level - top + 1, at: h.offset, source: source)
            chapters += 1
        }
        for h in headings.lazy.filter({ $0.level <= top + 2 }).prefix(maxTOCEntries) {
            book.addTOCEntry(title: h.title, level: h.level - top + 1, target: h.offset, source: source)
        }
    }
}
