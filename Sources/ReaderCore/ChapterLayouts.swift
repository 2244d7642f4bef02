import TextContent
import TextLayout

/// Lays out chapters on demand and remembers the result for the current options.
///
/// Only the chapters the reader actually shows are laid out, so opening a book at any
/// position costs one chapter's layout. Changing the options (a resize) drops the lines
/// but not the width-independent analysis of the blocks (`analyses`): laying a chapter
/// out again at the new width only re-fits it (the same lines as a fresh layout).
public final class ChapterLayouts {
    /// The book.
    public let content: TextContent
    /// Current layout options.
    public private(set) var options: LayoutOptions
    private var cache: [Int: LineCollection] = [:]
    /// The bidi analysis of the paragraphs shown (each once, not once a line).
    public let bidiParagraphs = BidiParagraphCache()
    /// The blocks' analyses, kept across relayouts; nil lays every chapter out from
    /// scratch (as before the split, for comparisons).
    public let analyses: LayoutAnalysisCache?

    /// Where laid-out chapters may come from before laying them out: given the options
    /// and a chapter index, the chapter's lines (e.g. from the on-disk layout cache), or
    /// nil. Lines for other options are ignored.
    public var source: ((LayoutOptions, Int) -> LineCollection?)?

    /// Creates an empty cache for a book; `keepsAnalyses: false` lays every chapter out
    /// from scratch at each width.
    public init(content: TextContent, options: LayoutOptions, keepsAnalyses: Bool = true) {
        self.content = content
        self.options = options
        analyses = keepsAnalyses ? LayoutAnalysisCache() : nil
    }

    /// Number of chapters.
    public var chapterCount: Int { content.chapters.count }

    /// Changes the options; cached layouts are dropped when they differ.
    public func setOptions(_ new: LayoutOptions) {
        guard new != options else { return }
        options = new
        cache.removeAll()
    }

    /// The lines of chapter `index` (laid out now if needed).
    public func lines(ofChapter index: Int) -> LineCollection {
        if let c = cache[index] { return c }
        var lines: LineCollection
        if let found = source?(options, index), found.options == options,
           found.range == content.chapters[index].range {
            lines = found
        } else {
            let range = content.chapters[index].range
            if let analyses {
                lines = TextLayout.layout(content, range: range, options: options, analyses: analyses)
            } else {
                lines = TextLayout.layout(content, range: range, options: options)
            }
        }
        // A blank line between chapters, as between paragraphs.
        if index > 0 { lines = lines.prependingBlankLine() }
        cache[index] = lines
        return lines
    }

    /// Installs lines computed elsewhere (e.g. loaded from the on-disk cache), as
    /// `TextLayout.layout` returns them for the chapter's range.
    public func install(_ lines: LineCollection, forChapter index: Int) {
        guard lines.options == options, lines.range == content.chapters[index].range else { return }
        cache[index] = index > 0 ? lines.prependingBlankLine() : lines
    }
}
