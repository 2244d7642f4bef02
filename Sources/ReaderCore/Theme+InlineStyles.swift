import Screen
import TextContent

extension Theme {
    /// The style of text in a block of `kind` under the inline `styles` (emphasis, links…),
    /// applied in order: what the reader draws, and what `dump --color` prints.
    public func style(for kind: BlockKind, inline styles: InlineStyles) -> CellStyle {
        var cell = style(for: kind)
        for inline in styles { apply(inline, to: &cell) }
        return cell
    }

    /// Applies one inline style: attributes add up; a colour replaces the foreground.
    private func apply(_ style: InlineStyle, to cell: inout CellStyle) {
        switch style {
        case .emphasis: cell.attributes.formUnion(emphasis)
        case .strong: cell.attributes.formUnion(strong)
        case .link, .backlink:
            cell.foreground = link.foreground == .default ? cell.foreground : link.foreground
            cell.attributes.formUnion(link.attributes)
        case .noteReference:
            cell.foreground = noteReference.foreground == .default ? cell.foreground : noteReference.foreground
            cell.attributes.formUnion(noteReference.attributes)
        case .code:
            cell.foreground = code.foreground == .default ? cell.foreground : code.foreground
        case .superscript, .subscript, .upright:
            break
        case .reading:
            cell.foreground = dim.foreground == .default ? cell.foreground : dim.foreground
            cell.attributes.formUnion(dim.attributes)
        case .emphasisMarks: cell.attributes.formUnion(strong)
        case .sideLine: cell.attributes.insert(.underline)
        case .strikethrough: cell.attributes.insert(.strikethrough)
        }
    }
}
