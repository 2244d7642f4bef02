import TextContent
import TextLayout

/// Lays out a whole book, chapter by chapter, for the cache.
///
/// Each chapter is laid out on its own (as the pager does), so the cached lines are
/// exactly the lines the pager would compute. Pure: no I/O, no shared state — several
/// books can be laid out on several threads at once without contention.
public enum BookLayoutBuilder {
    /// The lines of every chapter of `content`, in order.
    public static func layoutChapters(of content: TextContent, options: LayoutOptions) -> [LineCollection] {
        content.chapters.map { TextLayout.layout(content, range: $0.range, options: options) }
    }
}
