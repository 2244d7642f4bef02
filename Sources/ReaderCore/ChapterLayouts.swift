import TextContent
import TextLayout

/// Lays out chapters on demand and remembers the result for the current options.
///
/// Only the chapters the reader actually shows are laid out, so opening a book at any
/// position costs one chapter's layout. Changing the options (a resize) drops the lines
/// but not the width-independent analysis of the blocks (`analyses`): laying a chapter
/// out again at the new width only re-fits it (the same lines as a fresh layout).
///
/// A chapter is first laid out the fast way (or read from the on-disk cache), which
/// leaves no analysis; its analysis is made later, when the reader is idle
/// (`analyzePending`), so neither the first frame nor a page turn into a new chapter
/// pays for it.
public final class ChapterLayouts {
    /// The book.
    public let content: TextContent
    /// Current layout options.
    public private(set) var options: LayoutOptions
    private var cache: [Int: LineCollection] = [:]
    /// The bidi analysis of the paragraphs shown (each once, not once a line), and the
    /// columns of the tables shown (`tables`).
    public let bidiParagraphs = BidiParagraphCache()
    /// The blocks' analyses, kept across relayouts; nil lays every chapter out from
    /// scratch (as before the split, for comparisons).
    public let analyses: LayoutAnalysisCache?
    /// Chapters whose blocks are in `analyses`.
    private var analyzed: Set<Int> = []
    /// Chapters shown but not analysed yet, the most recently laid out last.
    private var pending: [Int] = []

    /// Where laid-out chapters may come from before laying them out: given the options
    /// and a chapter index, the chapter's lines (e.g. from the on-disk layout cache), or
    /// nil. Lines for other options are ignored.
    public var source: ((LayoutOptions, Int) -> LineCollection?)?

    /// How big an image is drawn (issue #19): given an image and the most columns and rows
    /// it may take, its box, or nil to keep its placeholder (unreadable, unsupported).
    /// Nil (the default) keeps every placeholder: pictures off.
    public private(set) var pictureSizing: ((ImageReference, _ maxColumns: Int, _ maxRows: Int) -> PictureBox?)?
    /// The most rows a picture takes: the text rows, so a picture fits on one page.
    public private(set) var pictureRowLimit = 24

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
        // Display-only fields (direction, Arabic shaping) change no line: keep the layouts.
        guard new != options else { options = new; return }
        options = new
        cache.removeAll()
    }

    /// Drops the laid-out chapters (the next ask lays them out again), e.g. once the
    /// hyphenation patterns a first layout went without have arrived.
    public func relayout() {
        cache.removeAll()
    }

    /// Draws pictures in place of image blocks, sized by `sizing` (nil: placeholders);
    /// drops the laid-out chapters.
    public func setPictureSizing(_ sizing: ((ImageReference, Int, Int) -> PictureBox?)?) {
        pictureSizing = sizing
        cache.removeAll()
    }

    /// Sets the most rows a picture takes; drops the laid-out chapters when pictures are
    /// drawn and the limit changed.
    public func setPictureRowLimit(_ rows: Int) {
        let rows = max(1, rows)
        guard rows != pictureRowLimit else { return }
        pictureRowLimit = rows
        if pictureSizing != nil { cache.removeAll() }
    }

    /// `lines` (of `range`) with pictures in place of the image blocks `pictureSizing` sizes.
    private func placingPictures(_ lines: LineCollection, range: ByteRange) -> LineCollection {
        guard let sizing = pictureSizing else { return lines }
        var inRange: [ByteOffset: ImageReference] = [:]
        for image in content.images(in: range) { inRange[image.offset] = image }
        guard !inRange.isEmpty else { return lines }
        let width = options.width, rows = pictureRowLimit
        return lines.placingPictures { offset in inRange[offset].flatMap { sizing($0, width, rows) } }
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
            if let analyses, analyzed.contains(index) {
                lines = TextLayout.layout(content, range: range, options: options, analyses: analyses)
            } else {
                lines = TextLayout.layout(content, range: range, options: options)
            }
        }
        lines = placingPictures(lines, range: content.chapters[index].range)
        // A blank line between chapters, as between paragraphs.
        if index > 0 { lines = lines.prependingBlankLine() }
        cache[index] = lines
        if analyses != nil && !analyzed.contains(index) {
            pending.removeAll { $0 == index }
            pending.append(index)
        }
        return lines
    }

    /// Whether a chapter on show has no analysis yet (`analyzePending` has work).
    public var hasPendingAnalysis: Bool { !pending.isEmpty }

    /// Analyses the most recently shown chapter that has no analysis yet, so that the next
    /// resize re-fits it. Does not change any line (the analysed lines are the same).
    public func analyzePending() {
        guard let analyses, let index = pending.popLast() else { return }
        _ = TextLayout.layout(content, range: content.chapters[index].range, options: options, analyses: analyses)
        analyzed.insert(index)
    }
}
