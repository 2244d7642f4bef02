import Screen
import TextLayout

/// The last row: the chapter's path in the contents (or a message) on the left; the
/// reveal's state, chapter n/N and the percentage on the right in fixed widths; or the
/// prompt being typed. `StatusLayout` decides what fits: the counter and the percentage
/// always do, the title is shortened.
public struct StatusLine: Hashable, Sendable {
    /// The chapter at the reading position and the chapters it is part of, outermost
    /// first ("Book One", "Part I", "III"); the book's title when the chapter has none.
    public var titlePath: [String]
    /// "3/12", padded to a width that depends only on the chapter count.
    public var chapter: String
    /// " 42.7%", 6 cells.
    public var percent: String
    /// A message shown instead of the title.
    public var message: String?
    /// The search's field ("match 3/42"), while there is a current match.
    public var match: String?
    /// The paced reveal's field (`RevealStatus.text`), while it is on.
    public var reveal: String?
    /// The line being typed, with its `/` or `:`: replaces the whole status line.
    public var prompt: String?
    /// The mode's field ("VISUAL 12 chars"), while visual mode is on.
    public var mode: String?
    /// Time-left fields ("12 min left in chapter"), in order, after the reveal's.
    public var timeLeft: [String] = []

    /// The innermost title (the chapter's own).
    public var title: String { titlePath.last ?? "" }

    /// The optional right-hand fields, most important first, left of the chapter counter;
    /// dropped from the last when the line is too narrow (a new field goes in here).
    var fields: [String] {
        [mode, match, reveal].compactMap { $0 } + timeLeft
    }

    /// Creates a status line.
    public init(titlePath: [String], chapter: String, percent: String, message: String? = nil, reveal: String? = nil,
                prompt: String? = nil, match: String? = nil) {
        self.titlePath = titlePath
        self.chapter = chapter
        self.percent = percent
        self.message = message
        self.reveal = reveal
        self.prompt = prompt
        self.match = match
    }

    /// Creates a status line with a one-entry path.
    public init(title: String, chapter: String, percent: String, message: String? = nil, reveal: String? = nil,
                prompt: String? = nil) {
        self.init(titlePath: [title], chapter: chapter, percent: percent, message: message, reveal: reveal, prompt: prompt)
    }

    /// The status line of the reading state (no prompt: the prompt layer adds it).
    init(_ context: ReadingContext) {
        let progress = context.progress
        let shown = context.statusFields
        self.init(titlePath: shown.shows(.title) ? context.chapterPath : [],
                  chapter: shown.shows(.chapter) && context.loading == nil ? progress.chapterText : "",
                  percent: context.loading ?? (shown.shows(.percent) ? progress.percentText : ""),
                  message: context.message, reveal: context.reveal.map { RevealStatus(state: $0).text },
                  match: context.matchStatus)
        guard context.loading == nil else { return }  // estimates of a part of the book
        if shown.shows(.timeLeftChapter), let text = context.timeLeft.chapter { timeLeft.append(text) }
        if shown.shows(.timeLeftBook), let text = context.timeLeft.book { timeLeft.append(text) }
    }

    /// Draws the status line on the last row.
    func draw(in geometry: ScreenGeometry, into buffer: inout ScreenBuffer, renderer: Renderer) {
        let theme = renderer.theme
        let row = geometry.statusLine.row
        let columns = geometry.columns
        buffer.fill(row: row, col: 0, width: columns, height: 1, style: theme.status)
        if let prompt {
            let used = renderer.put(prompt, row: row, col: 0, maxWidth: columns - 1, style: theme.status, into: &buffer, keepEnd: true)
            buffer.put("▏", width: 1, row: row, col: min(columns - 1, used), style: theme.status)
            return
        }
        let layout = StatusLayout(columns: columns, path: titlePath, message: message, fields: fields,
                                  chapter: chapter, percent: percent)
        renderer.put(layout.left, row: row, col: 0, maxWidth: layout.leftWidth,
                     style: message == nil ? theme.status : theme.statusMessage, into: &buffer)
        let rightWidth = CellWidth.of(layout.right)
        renderer.put(layout.right, row: row, col: max(0, columns - rightWidth), maxWidth: rightWidth, style: theme.status,
                     into: &buffer)
    }
}
