/// An inline style that applies to a run of text.
public enum InlineStyle: UInt8, Sendable, Codable, CaseIterable {
    /// Emphasis (`em`, `i`, `cite`).
    case emphasis
    /// Strong importance (`strong`, `b`).
    case strong
    /// A hyperlink; `StyleRun.target` is the resolved destination when it is inside the book.
    case link
    /// A reference to a footnote/endnote; `StyleRun.target` is the note's offset.
    case noteReference
    /// Inline code or monospace text.
    case code
    /// Superscript.
    case superscript
    /// Subscript.
    case `subscript`
    /// A note's link back to its reference (`epub:type="backlink"`, the "↩" of Standard
    /// Ebooks): followed like a link, left out of a note's popup and of `dump --notes`.
    case backlink
    /// Crossed-out text (FB2 `<strikethrough>`, HTML `<s>`, `<del>`, `<strike>`).
    case strikethrough
    /// Display only (never in `TextContent.styles`): a reading shown inline, `（かんじ）`.
    case reading
    /// Display only: text under emphasis dots (傍点) where the dots are not drawn above it.
    case emphasisMarks
    /// Display only: text beside a side line (傍線), drawn as an underline.
    case sideLine
    /// Characters to set upright side by side in one row of vertical text (縦中横: CSS
    /// `text-combine-upright`, `-epub-text-combine: horizontal`); nothing in lines.
    case upright
}

/// An inline style applied to a byte range of the book.
///
/// Runs are sorted by `range.lowerBound`; runs of different styles may overlap or nest.
public struct StyleRun: Hashable, Sendable {
    /// The style.
    public var style: InlineStyle
    /// The bytes it covers.
    public var range: ByteRange
    /// For links and note references inside the book: where they point.
    public var target: ByteOffset?
    /// For a link out of the book (http, https, mailto): its URL, printable ASCII only
    /// (anything else percent-encoded), so it can never carry a control sequence.
    public var url: String?

    /// Creates a style run.
    public init(style: InlineStyle, range: ByteRange, target: ByteOffset? = nil, url: String? = nil) {
        self.style = style
        self.range = range
        self.target = target
        self.url = url
    }

    /// Whether the run is something the reader can follow (a link, a note reference, a
    /// backlink), whether or not its target was found.
    public var isLink: Bool { style == .link || style == .noteReference || style == .backlink }
}
