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
    /// Whether pictures are drawn (the pager sizes them): an image's columns are then a
    /// page of their own, which shows the picture.
    var showsPictures = false
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

    /// The page whose right-hand column holds `offset` (a picture's page when it is in a
    /// picture's columns).
    func page(at offset: ByteOffset) -> VerticalPage? {
        guard let (chapter, found) = place(of: offset) else { return nil }
        let columns = self.columns(ofChapter: chapter)
        let picture = pictureBlock(chapter, found)
        var i = found
        while picture != nil, i > 0, pictureBlock(chapter, i - 1) == picture { i -= 1 }
        return VerticalPage(columns: Array(columns[i..<pageEnd(chapter, from: i)]), start: Self.start(of: columns[i]) ?? offset,
                            picture: picture)
    }

    /// Where the reading position goes for a page turn `delta` (±1) from `offset`: the
    /// first cell of the new right-hand column; nil past either end of the book. Back from
    /// a chapter's first page is the previous chapter's last page as forward made it.
    func turn(_ delta: Int, from offset: ByteOffset) -> ByteOffset? {
        guard let (chapter, i) = place(of: offset) else { return nil }
        let count = columns(ofChapter: chapter).count
        if delta > 0 {
            let end = pageEnd(chapter, from: i)
            if end < count, let at = start(inChapter: chapter, from: end) { return at }
            return (chapter + 1..<content.chapters.count).lazy.compactMap { self.start(inChapter: $0, from: 0) }.first
        }
        if i > 0 { return start(inChapter: chapter, from: pageStart(chapter, before: i)) }
        for previous in stride(from: chapter - 1, through: 0, by: -1) {
            if let last = lastPageStart(previous), let at = start(inChapter: previous, from: last) { return at }
        }
        return nil
    }

    // MARK: Page extents

    /// Where the page starting at column `i` of `chapter` ends (exclusive): `columnsPerPage`
    /// columns, fewer before a picture's columns; a picture's columns alone.
    private func pageEnd(_ chapter: Int, from i: Int) -> Int {
        let n = columns(ofChapter: chapter).count
        var j = i
        if let picture = pictureBlock(chapter, i) {
            while j < n, pictureBlock(chapter, j) == picture { j += 1 }
            return j
        }
        while j < n, j - i < columnsPerPage, pictureBlock(chapter, j) == nil { j += 1 }
        return max(j, min(n, i + 1))
    }

    /// The first column of the page before the one starting at column `i` (> 0) of
    /// `chapter`: the picture before it; from a picture, the last page of the text before it
    /// as paging forward made it (from the chapter's start or the picture before); else
    /// `columnsPerPage` columns back.
    private func pageStart(_ chapter: Int, before i: Int) -> Int {
        if let picture = pictureBlock(chapter, i - 1) {
            var j = i - 1
            while j > 0, pictureBlock(chapter, j - 1) == picture { j -= 1 }
            return j
        }
        var segment = i - 1   // the first column of the text run before `i`
        while segment > 0, pictureBlock(chapter, segment - 1) == nil { segment -= 1 }
        guard pictureBlock(chapter, i) != nil else { return max(segment, i - columnsPerPage) }
        var s = segment
        while case let e = pageEnd(chapter, from: s), e < i { s = e }
        return s
    }

    /// The first column of `chapter`'s last page as paging forward from its start makes it
    /// (so back shows again the pages forward showed); nil for a chapter with no columns.
    private func lastPageStart(_ chapter: Int) -> Int? {
        let n = columns(ofChapter: chapter).count
        guard n > 0 else { return nil }
        if !showsPictures { return (n - 1) / columnsPerPage * columnsPerPage }
        var s = 0
        while case let e = pageEnd(chapter, from: s), e < n { s = e }
        return s
    }

    /// The offset of the image block column `i` of `chapter` sets, when pictures are
    /// drawn (an image's placeholder text is then a page of its own), else nil.
    private func pictureBlock(_ chapter: Int, _ i: Int) -> ByteOffset? {
        guard showsPictures, !content.images.isEmpty,
              let cell = columns(ofChapter: chapter)[i].cells.first(where: { !$0.range.isEmpty }) else { return nil }
        let b = content.blockIndex(atOrAfter: ByteOffset(cell.range.lowerBound))
        guard b < content.blocks.count, content.blocks[b].kind == .image else { return nil }
        let start = content.blocks[b].range.lowerBound
        return content.image(at: start) != nil ? start : nil
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
