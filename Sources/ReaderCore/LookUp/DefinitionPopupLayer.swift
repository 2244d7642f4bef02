import TextContent

/// A looked-up word's dictionary entries in a box over the page (`TextPopup`), one
/// section per dictionary (its title in bold); `Esc`/`q`/Enter/`K` or a click outside
/// close it; visual mode's selection stays.
public struct DefinitionPopupLayer: Layer {
    /// What was looked up.
    public let answer: LookUpAnswer
    private var popup: TextPopup

    /// What the bottom border says.
    public static let keys = " j/k: scroll · Esc: close "

    /// The popup for `answer`, about the text at `reference`.
    public init(reference: ByteRange, answer: LookUpAnswer) {
        self.answer = answer
        popup = TextPopup(reference: reference, text: DefinitionText.content(answer),
                          title: " " + TextSanitizer.sanitizeLabel(answer.word) + " ", footer: Self.keys)
    }

    /// The page stays visible around the box.
    public var hidesText: Bool { false }

    /// Lines scrolled off the top of the box.
    public var scroll: Int { popup.scroll }

    public mutating func handle(_ input: Input, at time: Double, in context: ReadingContext) -> LayerResponse {
        if popup.scroll(for: input, in: context) { return .consumed() }
        switch input {
        case .escape, .character("q"), .enter, .character("K"), .control("g"): return .pop()
        case .click(let row, let column): return popup.isInside(row: row, column: column, in: context) ? .consumed() : .pop()
        case .control("c"): return .ignored
        default: return .consumed()
        }
    }

    public func compose(into snapshot: inout PageSnapshot, context: ReadingContext) {
        snapshot.views.append(popup.view(context: context))
    }
}
