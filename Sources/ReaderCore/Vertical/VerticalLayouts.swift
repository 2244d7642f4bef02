import TextContent
import TextLayout

/// Columns of a chapter from elsewhere (the layout cache) for a column height and the
/// readings setting, or nil: `(height, readings, chapter)`.
public typealias VerticalColumnSource = (Int, Bool, Int) -> [VerticalColumn]?

/// The pager's vertical columns (`VerticalPages`), a chapter at a time, for one page size:
/// a chapter is laid out the first time it is shown (or read from the layout cache,
/// `source`), and everything is dropped when the
/// size changes (a resize, a width step, the ruby setting).
///
/// A page is the column that holds the reading position and the ones to its left, as many
/// as fit (the horizontal pager's "the line holding the anchor at the top"): a search, a
/// bookmark or a contents entry lands on the right-hand column. A page turn moves a page's
/// worth of columns; a chapter starts a page.
final class VerticalLayouts {
    let content: TextContent
    private(set) var height: Int
    private(set) var columnsPerPage: Int
    /// Whether readings (ruby) are set inline after their bases (the ruby setting is not off).
    private(set) var readings = true
    private var chapters: [Int: [VerticalColumn]] = [:]
    /// Where laid-out columns may come from before a chapter is laid out (the layout cache:
    /// height, readings, chapter → its columns, or nil).
    var source: VerticalColumnSource?

    init(content: TextContent, height: Int, columnsPerPage: Int) {
        self.content = content
        self.height = max(2, height)
        self.columnsPerPage = max(1, columnsPerPage)
    }

    /// Sets the page size and whether readings show; the columns laid out otherwise go.
    func setSize(height: Int, columnsPerPage: Int, readings: Bool = true) {
        let (h, c) = (max(2, height), max(1, columnsPerPage))
        guard h != self.height || c != self.columnsPerPage || readings != self.readings else { return }
        (self.height, self.columnsPerPage, self.readings) = (h, c, readings)
        chapters = [:]
    }

    /// Chapter `index`'s columns, right to left (none for a chapter without blocks).
    func columns(ofChapter index: Int) -> [VerticalColumn] {
        if let columns = chapters[index] { return columns }
        if let found = source?(height, readings, index) {
            chapters[index] = found
            return found
        }
        let columns = VerticalPages.columns(ofChapter: index, in: content, height: height, readings: readings)
        chapters[index] = columns
        return columns
    }

    /// The chapter a page turn from the one holding `offset` may land in, after (else
    /// before) it, when it is not laid out yet: idle work, so that the first turn into it
    /// costs no layout. Chapters with no text between are passed over, as the turn does.
    func chapterToLayOut(near offset: ByteOffset) -> Int? {
        guard let c = content.chapterIndex(containing: offset) else { return nil }
        for step in [1, -1] {
            var i = c + step
            while i >= 0, i < content.chapters.count, let known = chapters[i], known.isEmpty { i += step }
            if i >= 0, i < content.chapters.count, chapters[i] == nil { return i }
        }
        return nil
    }

    /// The page whose right-hand column holds `offset`.
    func page(at offset: ByteOffset) -> VerticalPage? {
        guard let (chapter, i) = place(of: offset) else { return nil }
        let columns = self.columns(ofChapter: chapter)
        return VerticalPage(columns: Array(columns[i..<min(columns.count, i + columnsPerPage)]), start: Self.start(of: columns[i]) ?? offset)
    }

    /// Where the reading position goes for a page turn `delta` (±1) from `offset`: the
    /// first cell of the new right-hand column; nil past either end of the book. Back from
    /// a chapter's first page is the previous chapter's last page as forward made it.
    func turn(_ delta: Int, from offset: ByteOffset) -> ByteOffset? {
        guard let (chapter, i) = place(of: offset) else { return nil }
        let count = columns(ofChapter: chapter).count
        if delta > 0 {
            if i + columnsPerPage < count, let at = start(inChapter: chapter, from: i + columnsPerPage) { return at }
            return (chapter + 1..<content.chapters.count).lazy.compactMap { self.start(inChapter: $0, from: 0) }.first
        }
        if i > 0 { return start(inChapter: chapter, from: max(0, i - columnsPerPage)) }
        // The previous chapter's last page as paging forward from its start made it (its
        // pages are runs of `columnsPerPage` columns from the first), so back shows again
        // the pages forward showed.
        for previous in stride(from: chapter - 1, through: 0, by: -1) {
            let n = columns(ofChapter: previous).count
            if n > 0, let at = start(inChapter: previous, from: (n - 1) / columnsPerPage * columnsPerPage) { return at }
        }
        return nil
    }

    /// The chapter holding `offset` and the index of its column holding it (the last
    /// column with text that starts at or before it).
    private func place(of offset: ByteOffset) -> (chapter: Int, column: Int)? {
        guard !content.chapters.isEmpty else { return nil }
        var chapter = content.chapterIndex(containing: offset) ?? (offset.rawValue > 0 ? content.chapters.count - 1 : 0)
        while columns(ofChapter: chapter).isEmpty {   // a chapter with no text: the next one's start
            guard chapter + 1 < content.chapters.count else { return nil }
            chapter += 1
        }
        let columns = self.columns(ofChapter: chapter)
        let i = columns.lastIndex { Self.start(of: $0).map { $0 <= offset } ?? false } ?? 0
        return (chapter, i)
    }

    /// The first cell's offset of the first column with text from `index` on in `chapter`.
    private func start(inChapter chapter: Int, from index: Int) -> ByteOffset? {
        columns(ofChapter: chapter)[index...].lazy.compactMap(Self.start).first
    }

    private static func start(of column: VerticalColumn) -> ByteOffset? {
        column.cells.first { !$0.range.isEmpty || !$0.isReading }.map { ByteOffset($0.range.lowerBound) }
    }
}
