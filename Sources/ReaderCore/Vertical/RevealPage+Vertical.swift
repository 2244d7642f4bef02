import TextContent
import TextLayout

extension RevealPage {
    /// The page of vertical text `page` (issue #23): its text cells in reading order —
    /// columns from the right, each top to bottom — a column that does not end its block
    /// ending softly (as a line does: a sentence ending there still pauses).
    init(vertical page: VerticalPage, content: TextContent, rhythm: RevealRhythm) {
        var placed: [(ByteRange, Bool, Bool)] = []
        for column in page.columns {
            for cell in column.cells where !cell.isReading && !cell.range.isEmpty {
                let range = ByteRange(cell.range.lowerBound, cell.range.upperBound)
                let b = content.blockIndex(atOrAfter: range.lowerBound)
                let startsBlock = b < content.blocks.count && content.blocks[b].range.lowerBound == range.lowerBound
                placed.append((range, cell.text == " " || cell.text == "\u{3000}", !placed.isEmpty && startsBlock))
            }
            if let last = placed.last?.0, !last.isEmpty {
                let b = content.blockIndex(atOrAfter: last.lowerBound)
                let endsBlock = b < content.blocks.count && content.blocks[b].range.upperBound == last.upperBound
                if !endsBlock { placed.append((ByteRange(last.upperBound, last.upperBound), true, false)) }
            }
        }
        let start = placed.first?.0.lowerBound ?? page.start
        self.init(placed: placed, start: start, end: placed.last?.0.upperBound ?? start, content: content, rhythm: rhythm)
    }
}
