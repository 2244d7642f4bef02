import TextContent

/// Reading progress computed from byte offsets, never from laid-out pages, so it does not
/// change when the width changes and costs O(log n).
public struct Progress: Hashable, Sendable {
    /// Chapter index (0-based).
    public var chapter: Int
    /// Number of chapters.
    public var chapterCount: Int
    /// Per mille (0…1000) through the whole book: one decimal of a percentage.
    public var perMille: Int

    /// Progress of `offset` in `content`; `atEnd` (the page shows the end of the book)
    /// makes it 100 %, so the last page reads 100 % whatever its top.
    public init(offset: ByteOffset, in content: TextContent, atEnd: Bool = false) {
        chapterCount = content.chapters.count
        chapter = content.chapterIndex(containing: offset) ?? 0
        let total = max(1, content.bytes.count)
        perMille = atEnd ? 1000 : min(1000, max(0, offset.rawValue * 1000 / total))
    }

    /// Creates progress from its parts.
    public init(chapter: Int, chapterCount: Int, perMille: Int) {
        self.chapter = chapter
        self.chapterCount = chapterCount
        self.perMille = perMille
    }

    /// "42.7%" padded to a fixed width of 6 cells (" 0.0%" … "100.0%").
    public var percentText: String {
        let s = "\(perMille / 10).\(perMille % 10)%"
        return String(repeating: " ", count: max(0, 6 - s.count)) + s
    }

    /// "3/12" padded so that the field's width depends only on the chapter count.
    public var chapterText: String {
        let digits = String(max(1, chapterCount)).count
        let n = String(chapter + 1)
        return String(repeating: " ", count: max(0, digits - n.count)) + n + "/" + String(chapterCount)
    }

    /// The offset that is `percent` (0…100) through the book.
    public static func offset(forPercent percent: Double, in content: TextContent) -> ByteOffset {
        let clamped = min(100, max(0, percent))
        return ByteOffset(Int((Double(content.bytes.count) * clamped / 100).rounded(.down)))
    }
}
