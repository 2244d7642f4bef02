import TextContent
@testable import TextLayout

/// Tables for the table tests: a book of rows, and its lines drawn as `dump` draws them.
enum TableDrawing {
    /// A paragraph, the rows (cells joined by " | " as the parsers join them), a paragraph.
    static func book(_ rows: [[String]], direction: TextDirection = .unspecified) -> TextContent {
        var b = TextContentBuilder(metadata: BookMetadata(title: "t", format: .epub))
        b.beginBlock(.paragraph)
        b.append("Before.")
        for row in rows {
            b.beginBlock(.tableRow, direction: direction)
            b.append(row.joined(separator: " | "))
            b.endBlock()
        }
        b.beginBlock(.paragraph)
        b.append("After.")
        return b.finish()
    }

    /// Each line drawn as `dump` draws it: clusters at their columns, blanks as spaces.
    static func draw(_ content: TextContent, width: Int, logical: Bool = false) -> [String] {
        let options = LayoutOptions(width: width, paragraphSpacing: false)
        let lines = TextLayout.layout(content, range: content.fullRange, options: options)
        let paragraphs = BidiParagraphCache()
        return lines.lines.map { line in
            var out = ""
            var col = 0
            func place(_ cluster: PlacedCluster) {
                if cluster.column > col { out += String(repeating: " ", count: cluster.column - col); col = cluster.column }
                out += cluster.isBlank ? String(repeating: " ", count: cluster.width) : (cluster.text ?? content.string(in: cluster.range))
                col += cluster.width
            }
            if logical {
                TextLayout.forEachLogicalCluster(of: line, in: content, options: options, place)
            } else {
                TextLayout.forEachCluster(of: line, in: content, options: options, paragraphs: paragraphs, place)
            }
            return out
        }
    }
}
