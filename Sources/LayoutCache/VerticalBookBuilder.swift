import TextContent
import TextLayout

/// Sets a whole book in vertical columns, chapter by chapter, for the cache: each chapter
/// on its own, as the pager does (`VerticalPages.columns(ofChapter:)`), so the cached
/// columns are exactly the pager's. Pure.
public enum VerticalBookBuilder {
    /// The columns of every chapter of `content` at `height` rows, in order.
    public static func columns(of content: TextContent, height: Int, readings: Bool) -> [[VerticalColumn]] {
        content.chapters.indices.map { columns(ofChapter: $0, in: content, height: height, readings: readings) }
    }

    /// The columns of chapter `chapter` of `content` at `height` rows (what
    /// `LayoutCache.storeVertical(_:content:columns:)` asks for, one chapter at a time).
    public static func columns(ofChapter chapter: Int, in content: TextContent, height: Int, readings: Bool) -> [VerticalColumn] {
        VerticalPages.columns(ofChapter: chapter, in: content, height: height, readings: readings)
    }
}
