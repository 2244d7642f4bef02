import Screen
import TextContent

/// Colours and attributes for everything the reader draws.
public struct Theme: Hashable, Sendable {
    public var text: CellStyle
    public var heading: CellStyle
    public var quote: CellStyle
    public var code: CellStyle
    public var image: CellStyle
    public var footnote: CellStyle
    public var emphasis: TextAttributes
    public var strong: TextAttributes
    public var link: CellStyle
    public var noteReference: CellStyle
    public var match: CellStyle
    public var currentMatch: CellStyle
    public var status: CellStyle
    public var statusMessage: CellStyle
    public var selection: CellStyle
    public var dim: CellStyle
    /// The labels `F` puts on the links of the page.
    public var hint: CellStyle
    /// The background of each `HighlightColor` (256-colour palette), in its order; empty:
    /// highlights are underlined instead (the plain theme, `NO_COLOR`).
    public var highlightBackgrounds: [Color] = [.ansi(58), .ansi(22), .ansi(17), .ansi(53), .ansi(54)]

    /// For dark terminals (the default).
    public static let dark = Theme(
        text: .plain,
        heading: CellStyle(foreground: .ansi(11), attributes: .bold),
        quote: CellStyle(foreground: .ansi(7), attributes: .italic),
        code: CellStyle(foreground: .ansi(10)),
        image: CellStyle(foreground: .ansi(8), attributes: .italic),
        footnote: CellStyle(foreground: .ansi(7)),
        emphasis: .italic, strong: .bold,
        link: CellStyle(foreground: .ansi(14), attributes: .underline),
        noteReference: CellStyle(foreground: .ansi(14)),
        match: CellStyle(foreground: .ansi(0), background: .ansi(3)),
        currentMatch: CellStyle(foreground: .ansi(0), background: .ansi(11), attributes: .bold),
        status: CellStyle(attributes: .reverse),
        statusMessage: CellStyle(foreground: .ansi(11), attributes: [.reverse, .bold]),
        selection: CellStyle(attributes: .reverse),
        dim: CellStyle(foreground: .ansi(8)),
        hint: CellStyle(foreground: .ansi(0), background: .ansi(11), attributes: .bold))

    /// Dark ink on light paper, painted on every cell (text, margins, status line), so it
    /// reads the same on a dark terminal: every style has an explicit background.
    public static let light: Theme = {
        let paper = Color.ansi(15), ink = Color.ansi(0)
        func on(_ foreground: Color = ink, _ background: Color = paper, _ attributes: TextAttributes = []) -> CellStyle {
            CellStyle(foreground: foreground, background: background, attributes: attributes)
        }
        return Theme(
            text: on(),
            heading: on(.ansi(4), paper, .bold),
            quote: on(.ansi(8), paper, .italic),
            code: on(.ansi(2)),
            image: on(.ansi(8), paper, .italic),
            footnote: on(.ansi(8)),
            emphasis: .italic, strong: .bold,
            link: on(.ansi(4), paper, .underline),
            noteReference: on(.ansi(4)),
            match: on(ink, .ansi(11)),
            currentMatch: on(.ansi(15), .ansi(1), .bold),
            status: on(paper, ink),
            statusMessage: on(.ansi(11), ink, .bold),
            selection: on(paper, .ansi(4)),
            dim: on(.ansi(8)),
            hint: on(.ansi(15), .ansi(1), .bold),
            highlightBackgrounds: [.ansi(229), .ansi(194), .ansi(153), .ansi(218), .ansi(183)])
    }()

    /// No colours at all: attributes only (also what `NO_COLOR` gives).
    public static let plain = Theme(
        text: .plain,
        heading: CellStyle(attributes: .bold),
        quote: CellStyle(attributes: .italic),
        code: .plain,
        image: CellStyle(attributes: .italic),
        footnote: .plain,
        emphasis: .italic, strong: .bold,
        link: CellStyle(attributes: .underline),
        noteReference: CellStyle(attributes: .underline),
        match: CellStyle(attributes: .reverse),
        currentMatch: CellStyle(attributes: [.reverse, .bold]),
        status: CellStyle(attributes: .reverse),
        statusMessage: CellStyle(attributes: [.reverse, .bold]),
        selection: CellStyle(attributes: .reverse),
        dim: CellStyle(attributes: .dim),
        hint: CellStyle(attributes: [.reverse, .bold]),
        highlightBackgrounds: [])

    /// A theme by name: dark, light or plain.
    public static func named(_ name: String) -> Theme? {
        switch name {
        case "dark": return .dark
        case "light": return .light
        case "plain": return .plain
        default: return nil
        }
    }

    /// `style` inside a highlight of `color`: on its background, or underlined.
    public func highlighting(_ style: CellStyle, in color: HighlightColor) -> CellStyle {
        var s = style
        if color.rawValue < highlightBackgrounds.count {
            s.background = highlightBackgrounds[color.rawValue]
        } else {
            s.attributes.insert(.underline)
        }
        return s
    }

    /// Base style of a block kind.
    public func style(for kind: BlockKind) -> CellStyle {
        switch kind {
        case .heading: return heading
        case .blockquote: return quote
        case .preformatted: return code
        case .image: return image
        case .footnote: return footnote
        default: return text
        }
    }
}
