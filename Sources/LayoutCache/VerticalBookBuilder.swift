import TextContent
import TextLayout

/// Sets a whole book in vertical columns, chapter by chapter, for the cache: each chapter
/// on its own, as the pager does (`VerticalPages.columns(ofChapter:)`), so the cached
/// columns are exactly the pager's. Pure.
public enum VerticalBookBuilder {
    /// The columns of every chapter of `content` at `height` rows, in order.
    public static func columns(of content: TextContent, height: Int, readings: Bool) -> [[VerticalColumn]] {
        content.chapters.indices.map { VerticalPages.columns(ofChapter: $0, in: content, height: height, readings: readings) }
    }
}
