import TextContent
import TextLayout

/// A note read in a box over the page (a note reference followed, `TextPopup`): its text
/// without its "↩" backlink; `Enter`/`g` go to the note's place in the book (a jump-list
/// entry), `Esc`/`q` or a click outside close it. Every other key stays here, so the page
/// under it does not move.
public struct NotePopupLayer: Layer {
    /// The reference that opened it.
    public var reference: ByteRange { popup.reference }
    /// The note in the book.
    public let note: ByteRange
    private var popup: TextPopup

    /// What the bottom border says.
    public static let keys = " Enter: go to the note · Esc: close "

    /// The popup for the note at `note`, opened from the reference at `reference`.
    public init(reference: ByteRange, note: ByteRange, content: TextContent) {
        self.note = note
        var text = content.excerpt(note)
        // A note's own indent (2 cells in the book) is no use in its box; a numbered
        // note keeps its number.
        for i in text.blocks.indices where text.blocks[i].kind == .footnote && text.blocks[i].marker == nil {
            text.blocks[i].kind = .paragraph
        }
        popup = TextPopup(reference: reference, text: text, title: " Note ", footer: Self.keys)
    }

    /// The page stays visible around the box.
    public var hidesText: Bool { false }

    /// Lines scrolled off the top of the box.
    public var scroll: Int { popup.scroll }

    public mutating func handle(_ input: Input, at time: Double, in context: ReadingContext) -> LayerResponse {
        if popup.scroll(for: input, in: context) { return .consumed() }
        switch input {
        case .enter, .character("g"):
            let before = context.pager.anchor
            context.recordingJump { context.jump(to: note.lowerBound) }
            context.selectedLink = nil
            return .pop(context.pager.anchor != before ? [.positionChanged] : [])
        case .escape, .character("q"): return .pop()
        case .click(let row, let column): return popup.isInside(row: row, column: column, in: context) ? .consumed() : .pop()
        case .control("c"): return .ignored
        default: return .consumed()
        }
    }

    public func compose(into snapshot: inout PageSnapshot, context: ReadingContext) {
        snapshot.views.append(popup.view(context: context))
    }

    /// The box (`TextPopup.frame`).
    func frame(in context: ReadingContext) -> Region { popup.frame(in: context) }
}
