import TextContent

/// A list marker placed on a line: what to draw and at which column of the text column.
public struct PlacedListMarker: Hashable, Sendable {
    /// The marker as drawn ("3.", or ".3" on the right of a right-to-left item).
    public var text: String
    /// Column of its first cell.
    public var column: Int

    /// Creates a placed marker.
    public init(text: String, column: Int) {
        self.text = text
        self.column = column
    }
}

extension TextLayout {
    /// The marker drawn on `line` (nil for a line that is not the first of a marked list
    /// block, or when the indent leaves no room for it): the block's `ListMarker` text, or
    /// "•" for a list item built without one. It sits right-aligned in the indent, one cell
    /// before the text; on a right-to-left paragraph (not when `logical`) it is on the
    /// right, one cell after the text's right edge, its full stop first (".3").
    ///
    /// The full-screen reader and `dump` both place markers with this function.
    public static func listMarker(of line: Line, in content: TextContent, options: LayoutOptions,
                                  paragraphs: BidiParagraphCache? = nil, logical: Bool = false) -> PlacedListMarker? {
        guard line.flags.contains(.blockStart), line.kind == .listItem || line.kind == .footnote else { return nil }
        let index = content.blockIndex(atOrAfter: line.start)
        guard index < content.blocks.count, content.blocks[index].range.lowerBound <= line.start else { return nil }
        let block = content.blocks[index]
        let text: String
        if let marker = block.marker {
            text = marker.text
        } else if block.kind == .listItem {
            text = "•"
        } else {
            return nil
        }
        let width = text.unicodeScalars.count
        guard width > 0, line.indent >= width + 1 else { return nil }
        if !logical, paragraphLevel(of: line, in: content, options: options, paragraphs: paragraphs) == 1 {
            let visual = text.hasSuffix(".") ? "." + text.dropLast() : text
            return PlacedListMarker(text: visual, column: options.width - line.indent + 1)
        }
        return PlacedListMarker(text: text, column: line.indent - 1 - width)
    }
}
