import TextContent
import TextLayout

/// A small text read in a box over the page (a note, a dictionary's entries): laid out by
/// the same engine with its styles, up to 60 % of the text rows, below the text it came
/// from when that is in the top half of the page and above it otherwise; `j`/`k`,
/// Space/`b` and the wheel scroll it.
struct TextPopup {
    /// The text in the book the popup is about.
    let reference: ByteRange
    /// The popup's text as a book of its own.
    let text: TextContent
    /// Its top and bottom border's labels.
    let title: String, footer: String
    /// Lines scrolled off the top of the box.
    private(set) var scroll = 0
    private let laidOut = NoteLines()

    init(reference: ByteRange, text: TextContent, title: String, footer: String) {
        self.reference = reference
        self.text = text
        self.title = title
        self.footer = footer
    }

    /// Scrolls for the scrolling keys; false for any other input.
    mutating func scroll(for input: Input, in context: ReadingContext) -> Bool {
        let frame = self.frame(in: context)
        let page = max(1, frame.height - 2)
        switch input {
        case .character("j"), .down, .control("n"), .control("e"): scroll(by: 1, frame: frame, context: context)
        case .character("k"), .up, .control("p"), .control("y"): scroll(by: -1, frame: frame, context: context)
        case .character(" "), .character("f"), .pageDown, .control("f"), .character("d"), .control("d"):
            scroll(by: page, frame: frame, context: context)
        case .character("b"), .pageUp, .control("b"), .character("u"), .control("u"), .backspace:
            scroll(by: -page, frame: frame, context: context)
        case .wheelDown: scroll(by: 3, frame: frame, context: context)
        case .wheelUp: scroll(by: -3, frame: frame, context: context)
        default: return false
        }
        return true
    }

    /// Whether a click at (`row`, `column`) is inside the box.
    func isInside(row: Int, column: Int, in context: ReadingContext) -> Bool {
        let f = frame(in: context)
        return row >= f.row && row < f.row + f.height && column >= f.column && column < f.column + f.width
    }

    private mutating func scroll(by delta: Int, frame: Region, context: ReadingContext) {
        let count = lines(width: frame.width - 4, context: context).count
        scroll = max(0, min(scroll + delta, count - (frame.height - 2)))
    }

    /// The box's view: the lines shown, and where they are when the text scrolls.
    func view(context: ReadingContext) -> NotePopupView {
        let frame = self.frame(in: context)
        let lines = lines(width: frame.width - 4, context: context)
        let rows = max(0, frame.height - 2)
        let top = max(0, min(scroll, lines.count - rows))
        let placer = LinePlacer(content: text, span: text.fullRange, options: laidOut.options, paragraphs: laidOut.paragraphs)
        let shown = lines[top..<min(lines.count, top + rows)].map { placer.place($0) }
        let position = lines.count > rows ? "\(top + 1)–\(top + shown.count)/\(lines.count)" : ""
        return NotePopupView(frame: frame, lines: shown, position: position, title: title, footer: footer)
    }

    /// The text's lines at `width` (laid out once a width), with the book's options but
    /// no first-line indent (the text is set flush in its box).
    private func lines(width: Int, context: ReadingContext) -> [Line] {
        var options = context.layouts.options
        options.width = max(1, width)
        options.firstLineIndent = 0
        return laidOut.lines(of: text, options: options)
    }

    /// The box: the text column's width plus a border and a space each side (the screen's
    /// at most), as tall as the text up to 60 % of the text rows.
    func frame(in context: ReadingContext) -> Region {
        let geometry = context.geometry
        let width = min(geometry.columns, max(5, geometry.textWidth + 4))
        let count = lines(width: width - 4, context: context).count
        let most = max(3, geometry.textRows * 6 / 10)
        let height = min(geometry.textRows, max(3, min(count + 2, most)))
        let left = max(0, (geometry.columns - width) / 2)
        let referenceRow = context.cell(of: reference)?.row
        let top: Int
        if let r = referenceRow, r < geometry.textRows / 2 {
            top = min(r + 1, geometry.textRows - height)
        } else if let r = referenceRow {
            top = max(0, r - height)
        } else {
            top = geometry.textRows - height
        }
        return Region(row: max(0, top), column: left, width: width, height: height)
    }
}

/// A popup's lines for the last width asked (laid out again only on a resize).
final class NoteLines {
    private(set) var options = LayoutOptions()
    private var cached: [Line]?
    /// The bidi paragraphs of the text.
    private(set) var paragraphs = BidiParagraphCache()

    func lines(of text: TextContent, options: LayoutOptions) -> [Line] {
        if let cached, options == self.options { return cached }
        self.options = options
        paragraphs = BidiParagraphCache()
        let lines = TextLayout.layout(text, range: text.fullRange, options: options).lines
        cached = lines
        return lines
    }
}
