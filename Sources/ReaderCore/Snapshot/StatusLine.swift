import Screen
import TextLayout

/// The last row: the chapter title or a message on the left, the reveal's state, chapter
/// n/N and the percentage on the right in fixed widths; or the prompt being typed.
public struct StatusLine: Hashable, Sendable {
    /// Title of the chapter at the reading position.
    public var title: String
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

    /// Creates a status line.
    public init(title: String, chapter: String, percent: String, message: String? = nil, reveal: String? = nil,
                prompt: String? = nil, match: String? = nil) {
        self.title = title
        self.chapter = chapter
        self.percent = percent
        self.message = message
        self.reveal = reveal
        self.prompt = prompt
        self.match = match
    }

    /// The status line of the reading state (no prompt: the prompt layer adds it).
    init(_ context: ReadingContext) {
        let progress = context.progress
        self.init(title: context.chapterTitle, chapter: progress.chapterText, percent: progress.percentText,
                  message: context.message, reveal: context.reveal.map { RevealStatus(state: $0).text },
                  match: context.matchStatus)
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
        // Fixed-width right part: chapter n/N and percent never change width while reading.
        let right = (match.map { " " + $0 + " " } ?? "") + (reveal.map { " " + $0 + " " } ?? "") + " \(chapter)  \(percent) "
        let rightWidth = CellWidth.of(right)
        let leftWidth = max(0, columns - rightWidth)
        if let message {
            renderer.put(" " + message, row: row, col: 0, maxWidth: leftWidth, style: theme.statusMessage, into: &buffer)
        } else {
            renderer.put(" " + title, row: row, col: 0, maxWidth: leftWidth, style: theme.status, into: &buffer)
        }
        if rightWidth <= columns {
            renderer.put(right, row: row, col: columns - rightWidth, maxWidth: rightWidth, style: theme.status, into: &buffer)
        }
    }
}
