import TextContent
import TextLayout

/// The pager's vertical pages (`VerticalPages`), a chapter at a time, for one page size:
/// a chapter is laid out the first time one of its pages is asked for, and all of them are
/// dropped when the size changes (a resize, a width step).
final class VerticalLayouts {
    let content: TextContent
    private(set) var height: Int
    private(set) var columnsPerPage: Int
    /// Whether readings (ruby) are set inline after their bases (the ruby setting is not off).
    private(set) var readings = true
    private var chapters: [Int: [VerticalPage]] = [:]

    init(content: TextContent, height: Int, columnsPerPage: Int) {
        self.content = content
        self.height = max(2, height)
        self.columnsPerPage = max(1, columnsPerPage)
    }

    /// Sets the page size and whether readings show; the pages laid out otherwise are dropped.
    func setSize(height: Int, columnsPerPage: Int, readings: Bool = true) {
        let (h, c) = (max(2, height), max(1, columnsPerPage))
        guard h != self.height || c != self.columnsPerPage || readings != self.readings else { return }
        (self.height, self.columnsPerPage, self.readings) = (h, c, readings)
        chapters = [:]
    }

    /// Chapter `index`'s pages (none for a chapter without blocks).
    func pages(ofChapter index: Int) -> [VerticalPage] {
        if let pages = chapters[index] { return pages }
        let range = content.chapters[index].range
        let first = content.blockIndex(atOrAfter: range.lowerBound)
        var end = first
        while end < content.blocks.count, content.blocks[end].range.lowerBound < range.upperBound { end += 1 }
        let pages = VerticalPages.pages(of: content, blocks: first..<end, height: height, columnsPerPage: columnsPerPage,
                                        readings: readings)
        chapters[index] = pages
        return pages
    }

    /// The page showing `offset`: the last of its chapter's pages that starts at or before
    /// it; nil for a book without chapters.
    func place(of offset: ByteOffset) -> (chapter: Int, page: Int)? {
        guard !content.chapters.isEmpty else { return nil }
        let chapter = content.chapterIndex(containing: offset) ?? (offset.rawValue > 0 ? content.chapters.count - 1 : 0)
        let pages = pages(ofChapter: chapter)
        return (chapter, pages.lastIndex { $0.start <= offset } ?? 0)
    }

    /// The page `by` pages after (negative: before) the one showing `offset`, across
    /// chapters; nil past either end of the book.
    func page(_ by: Int, from offset: ByteOffset) -> VerticalPage? {
        guard var (chapter, index) = place(of: offset) else { return nil }
        index += by
        while true {
            let count = pages(ofChapter: chapter).count
            if index >= 0 && index < count { return pages(ofChapter: chapter)[index] }
            if index < 0 {
                guard chapter > 0 else { return nil }
                chapter -= 1
                index += pages(ofChapter: chapter).count
            } else {
                guard chapter + 1 < content.chapters.count else { return nil }
                index -= count
                chapter += 1
            }
        }
    }
}
