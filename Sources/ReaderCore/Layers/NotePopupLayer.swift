import TextContent
import TextLayout

/// A note read in a box over the page (a note reference followed): its text laid out by
/// the same engine with its styles, without its "↩" backlink, up to 60 % of the text
/// rows; `j`/`k`, Space/`b` and the wheel scroll it, `Enter`/`g` go to the note's place
/// in the book (a jump-list entry), `Esc`/`q` or a click outside close it. Every other
/// key stays here, so the page under it does not move.
public struct NotePopupLayer: Layer {
    /// The reference that opened it.
    public let reference: ByteRange
    /// The note in the book.
    public let note: ByteRange
    /// The note's text as a book of its own (`TextContent.excerpt`).
    let text: TextContent
    /// Lines scrolled off the top of the box.
    public private(set) var scroll = 0
    private let laidOut = NoteLines()

    /// The popup for the note at `note`, opened from the reference at `reference`.
    public init(reference: ByteRange, note: ByteRange, content: TextContent) {
        self.reference = reference
        self.note = note
        var text = content.excerpt(note)
        // A note's own indent (2 cells in the book) is no use in its box; a numbered
        // note keeps its number.
        for i in text.blocks.indices where text.blocks[i].kind == .footnote && text.blocks[i].marker == nil {
            text.blocks[i].kind = .paragraph
        }
        self.text = text
    }

    /// The page stays visible around the box.
    public var hidesText: Bool { false }

    public mutating func handle(_ input: Input, at time: Double, in context: ReadingContext) -> LayerResponse {
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
        case .enter, .character("g"):
            let before = context.pager.anchor
            context.recordingJump { context.jump(to: note.lowerBound) }
            context.selectedLink = nil
            return .pop(context.pager.anchor != before ? [.positionChanged] : [])
        case .escape, .character("q"): return .pop()
        case .click(let row, let column):
            let inside = row >= frame.row && row < frame.row + frame.height && column >= frame.column && column < frame.column + frame.width
            return inside ? .consumed() : .pop()
        case .control("c"): return .ignored
        default: break
        }
        return .consumed()
    }

    private mutating func scroll(by delta: Int, frame: Region, context: ReadingContext) {
        let count = lines(width: frame.width - 4, context: context).count
        scroll = max(0, min(scroll + delta, count - (frame.height - 2)))
    }

    public func compose(into snapshot: inout PageSnapshot, context: ReadingContext) {
        let frame = self.frame(in: context)
        let lines = lines(width: frame.width - 4, context: context)
        let rows = max(0, frame.height - 2)
        let top = max(0, min(scroll, lines.count - rows))
        let placer = LinePlacer(content: text, span: text.fullRange, options: laidOut.options, paragraphs: laidOut.paragraphs)
        let shown = lines[top..<min(lines.count, top + rows)].map { placer.place($0) }
        let position = lines.count > rows ? "\(top + 1)–\(top + shown.count)/\(lines.count)" : ""
        snapshot.views.append(NotePopupView(frame: frame, lines: shown, position: position))
    }

    /// The note's lines at `width` (laid out once a width), with the book's options but
    /// no first-line indent (a note is set flush in its box).
    private func lines(width: Int, context: ReadingContext) -> [Line] {
        var options = context.layouts.options
        options.width = max(1, width)
        options.firstLineIndent = 0
        return laidOut.lines(of: text, options: options)
    }

    /// The box: the text column's width plus a border and a space each side (the screen's
    /// at most), as tall as the note up to 60 % of the text rows, below the reference when
    /// it is in the top half of the page and above it otherwise.
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

/// A note's lines for the last width asked (a popup is laid out again only on a resize).
final class NoteLines {
    private(set) var options = LayoutOptions()
    private var cached: [Line]?
    /// The bidi paragraphs of the note's text.
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
