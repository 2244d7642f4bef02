import TextContent
import TextLayout

/// The reading state every layer shares: the book, its layouts, the pager, the marks, the
/// search and its current match, the status message and the paced reveal.
///
/// Layers change it while they handle an input; the `ReaderModel` then builds a
/// `PageSnapshot` from it. Nothing here draws, reads a clock or does I/O (laying out a
/// chapter may ask `layouts.source`, the host's disk cache, but only during an update).
public final class ReadingContext {
    /// The book.
    public let content: TextContent
    /// Layouts of chapters for the current width.
    public let layouts: ChapterLayouts
    /// Scrolling state; `pager.anchor` is the reading position.
    public internal(set) var pager: Pager
    /// Terminal size in cells.
    public private(set) var columns: Int
    /// Terminal size in rows.
    public private(set) var screenRows: Int
    /// Maximum text column width: `--width`, or what `+`/`-` and the settings panel made it.
    public internal(set) var preferredWidth: Int
    /// Options other than the width (line-break style, indent…), as the settings panel
    /// leaves them.
    public internal(set) var baseOptions: LayoutOptions
    /// The display settings the reader started with and the ones changed inside it
    /// (`ReadingContext+Settings.swift`).
    public internal(set) var settings: ReadingSettings
    /// Bookmarks, sorted by offset.
    public internal(set) var marks: [Mark]
    /// Where the reader jumped from (`Ctrl-O` goes back, `Alt-→` forward).
    public internal(set) var jumps: JumpList
    /// The last search, also after Esc put it away (`n` brings it back).
    public internal(set) var lastSearch: BookSearch?
    /// Whether `lastSearch` is on: its matches highlighted (false after Esc).
    public internal(set) var searchShown = false
    /// The matches of `lastSearch` counted so far (idle work).
    var searchCount: SearchCount?
    /// The active search, if any: the last one unless Esc put it away.
    public var search: BookSearch? { searchShown ? lastSearch : nil }
    /// The current match (highlighted).
    public internal(set) var currentMatch: ByteRange?
    /// The link `Tab` / `Shift-Tab` selected (the range of its style run), highlighted
    /// while it is on the page; `Enter` follows it (see `ReadingContext+Links.swift`).
    public internal(set) var selectedLink: ByteRange?
    /// A one-line message for the status line (errors, "search wrapped", …), until the next input.
    public internal(set) var message: String?
    /// The paced reveal, while it is on (see `ReadingContext+Reveal.swift`).
    public internal(set) var reveal: RevealState?
    /// Which fields the status line shows (`--status`).
    public internal(set) var statusFields = StatusFields.standard
    /// The host's time-left estimates for the status line ("12 min left in chapter").
    public internal(set) var timeLeft: (chapter: String?, book: String?) = (nil, nil)
    /// Shown in place of the chapter counter and the percentage while only part of the
    /// book is known ("loading…"; issue #20); nil for a whole book.
    public internal(set) var loading: String?
    /// What `r` starts the paced reveal with.
    public let revealSettings: RevealSettings
    /// Visual mode's selection (`v`, a drag), while it is on.
    public internal(set) var selection: TextSelection?
    /// The words and sentences of the block the last motion looked at.
    var blockSegments: BlockSegments?
    /// The book's highlights, sorted by start (`ReadingContext+Highlights.swift`).
    public internal(set) var highlights: [TextHighlight] = []
    /// The last click on the text (double and triple clicks, `ReadingContext+Clicks`).
    var lastClick: (time: Double, row: Int, column: Int, count: Int)?
    /// Where the left button went down on the text, while no selection is made from it yet.
    var pressedAt: ByteOffset?
    /// The colour `h` highlights in (`H` changes it).
    public internal(set) var highlightColor = HighlightColor.yellow
    /// Looks a word up in the machine's dictionaries (the host's, `LookUp`); nil: no
    /// dictionary lookup (Enter/`K` in visual mode say so).
    public var dictionary: ((LookUpRequest) -> LookUpAnswer)?
    /// Lines or vertical columns (`V`, issue #23; `ReadingContext+Vertical.swift`).
    public internal(set) var writingMode = WritingMode.horizontal
    /// Whether the mode follows the chapter on screen (auto; `ReadingContext+ChapterModes`).
    public internal(set) var followsChapterModes = false
    /// The vertical pages, made when vertical mode is first used.
    var verticalStore: VerticalLayouts?
    /// Where the vertical pages read chapters' columns from before laying them out (the
    /// layout cache, set by the session).
    var verticalSource: VerticalColumnSource? {
        didSet { verticalStore?.source = verticalSource }
    }
    /// Makes the id of a new highlight (the host gives one that is unique across sessions).
    public var makeHighlightID: () -> String = {
        var n = 0
        return { n += 1; return "h\(n)" }
    }()

    /// Creates the state of a reader at `position` (clamped to the text) in a terminal of
    /// `columns` × `rows`. Lays nothing out.
    public init(content: TextContent, position: ByteOffset, columns: Int, rows: Int, preferredWidth: Int,
                baseOptions: LayoutOptions, marks: [Mark], revealSettings: RevealSettings, keepsAnalyses: Bool = true,
                jumps: [ByteOffset] = [], settings: ReadingSettings = ReadingSettings()) {
        self.content = content
        self.columns = max(1, columns)
        self.screenRows = max(2, rows)
        self.preferredWidth = max(1, preferredWidth)
        self.baseOptions = baseOptions
        self.marks = marks
        self.jumps = JumpList(jumps.map { ByteOffset(min(max(0, $0.rawValue), content.bytes.count)) })
        self.revealSettings = revealSettings
        var settings = settings
        settings.defaultWidth = settings.defaultWidth ?? max(1, preferredWidth)
        self.settings = settings
        let clamped = ByteOffset(min(max(0, position.rawValue), content.bytes.count))
        let width = Self.textWidth(columns: columns, preferred: preferredWidth, margin: settings.margin)
        layouts = ChapterLayouts(content: content, options: Self.options(base: baseOptions, width: width),
                                 keepsAnalyses: keepsAnalyses)
        pager = Pager(anchor: clamped, rows: max(1, rows - 1))
        layouts.setPictureRowLimit(pictureRowLimit)
    }

    /// The text column width for a terminal width: at most `preferred`, leaving `margin`
    /// cells each side (`--margin`, default 2) when that leaves the text 20 cells or more.
    public static func textWidth(columns: Int, preferred: Int, margin: Int = ReadingSettings.defaultMargin) -> Int {
        let margin = columns - 2 * margin >= 20 ? max(0, margin) : 0
        return max(1, min(preferred, columns - 2 * margin))
    }

    static func options(base: LayoutOptions, width: Int) -> LayoutOptions {
        var o = base
        o.width = width
        return o
    }

    /// Width of the text column now.
    public var textWidth: Int { layouts.options.width }
    /// Rows of text (the last row is the status line).
    public var textRows: Int { max(1, screenRows - 1) }
    /// Where the text column, the text rows and the status line are on the screen.
    public var geometry: ScreenGeometry {
        ScreenGeometry(columns: columns, rows: screenRows, textRows: textRows, textWidth: textWidth)
    }
    /// Progress at the reading position; 100 % on a page that shows the end of the book.
    public var progress: Progress {
        Progress(offset: pager.anchor, in: content, atEnd: pager.showsEnd(in: layouts))
    }
    /// Whether the book's pages go from right to left (its declared direction: EPUB
    /// `page-progression-direction="rtl"`, or a right-to-left language; and vertical text),
    /// so that ← is the next page and → the previous.
    public var turnsRightToLeft: Bool { content.metadata.direction == .rightToLeft || writingMode == .vertical }
    /// Title of the chapter at the reading position.
    public var chapterTitle: String {
        guard let i = content.chapterIndex(containing: pager.anchor) else { return content.metadata.title }
        let t = content.chapters[i].title
        return t.isEmpty ? content.metadata.title : t
    }

    /// The path of the chapter at the reading position in the contents, outermost first
    /// (`ChapterPath`); the book's title when the chapter has no title.
    public var chapterPath: [String] {
        guard let i = content.chapterIndex(containing: pager.anchor) else { return [content.metadata.title] }
        let path = ChapterPath.titles(ofChapter: i, in: content)
        return path.last == content.chapters[i].title && !path.isEmpty ? path : [chapterTitle]
    }

    /// The terminal was resized: lay out again at the new width (on the next use),
    /// keeping the reading position.
    func resize(columns: Int, rows: Int) {
        self.columns = max(1, columns)
        self.screenRows = max(2, rows)
        layouts.setOptions(Self.options(base: baseOptions, width: Self.textWidth(columns: self.columns, preferred: preferredWidth,
                                                                                  margin: settings.margin)))
        pager.rows = textRows
        layouts.setPictureRowLimit(pictureRowLimit)
    }

    /// Shows `text` on the status line until the next input.
    func showMessage(_ text: String) {
        message = text
    }

    // MARK: Moving

    /// The lines on screen now, top to bottom (lays out what is not laid out yet).
    func visibleLines() -> [(address: LineAddress, line: Line)] {
        pager.visibleLines(in: layouts)
    }

    /// Scrolls by `delta` lines (negative: up).
    func scroll(by delta: Int) {
        moving(forward: delta > 0) {
            if writingMode == .vertical { return turnVerticalPage(by: delta > 0 ? 1 : -1) }
            pager.scroll(by: delta, in: layouts)
        }
    }

    /// Turns to the next page (`Pager.pageDown`).
    func pageDown() {
        moving(forward: true) {
            if writingMode == .vertical { return turnVerticalPage(by: 1) }
            pager.pageDown(in: layouts)
        }
    }

    /// Turns to the previous page (`Pager.pageUp`).
    func pageUp() {
        moving(forward: false) {
            if writingMode == .vertical { return turnVerticalPage(by: -1) }
            pager.pageUp(in: layouts)
        }
    }

    /// Jumps to the start of chapter `index` (clamped).
    func jumpToChapter(_ index: Int) {
        guard !content.chapters.isEmpty else { return }
        let i = min(max(0, index), content.chapters.count - 1)
        pager.jump(to: content.chapters[i].range.lowerBound)
    }

    /// Jumps to a byte offset (clamped to the text).
    func jump(to offset: ByteOffset) {
        pager.jump(to: ByteOffset(min(max(0, offset.rawValue), content.bytes.count)))
    }

    /// Runs a jump (contents, bookmark, search, `:` command, `g`/`G`) and, when it moved
    /// the reading position, records where it came from in the jump list.
    func recordingJump(_ body: () -> Void) {
        let origin = pager.anchor
        body()
        if pager.anchor != origin { jumps.push(origin) }
    }

    /// Goes back to where the last jump came from; false when there is none.
    func jumpBack() -> Bool {
        guard let target = jumps.back(from: pager.anchor) else { return false }
        pager.jump(to: target)
        return true
    }

    /// Goes forward again after `jumpBack`; false when there is nowhere to go.
    func jumpForward() -> Bool {
        guard let target = jumps.forward(from: pager.anchor) else { return false }
        pager.jump(to: target)
        return true
    }

    /// The start of the laid-out line that contains `offset`; for a table row wrapped in
    /// its columns, of the row's first line (its cells' bytes are drawn on any of its lines).
    func lineStart(containing offset: ByteOffset) -> ByteOffset {
        guard let c = content.chapterIndex(containing: offset) else { return offset }
        let lines = layouts.lines(ofChapter: c)
        guard !lines.isEmpty else { return offset }
        var i = lines.lineIndex(containing: offset)
        while i > 0 && lines[i].flags.contains(.tableSlice) && lines[i - 1].flags.contains(.tableSlice)
                && !lines[i].flags.contains(.blockStart) { i -= 1 }
        return lines[i].start
    }
}
