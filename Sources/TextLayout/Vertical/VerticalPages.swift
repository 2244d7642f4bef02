import Support
import TextContent

/// One page of vertical text: its columns from the right, each `VerticalColumn` with its
/// rows from the top.
public struct VerticalPage: Hashable, Sendable {
    /// Columns, rightmost first (the reading order).
    public var columns: [VerticalColumn]
    /// The first byte of the book the page shows (its first cell's), for navigation.
    public var start: ByteOffset
    /// Set on a page that is a picture of its own (the pager's, when pictures are drawn):
    /// the offset of the image's placeholder block, whose columns `columns` are.
    public var picture: ByteOffset?

    /// A page.
    public init(columns: [VerticalColumn], start: ByteOffset, picture: ByteOffset? = nil) {
        self.columns = columns
        self.start = start
        self.picture = picture
    }
}

/// A book's blocks set in vertical pages (issue #23): each block's columns
/// (`VerticalColumns`) one after another, right to left, `columnsPerPage` to a page.
///
/// A paragraph's first column starts one row down (the indent a Japanese book gives it),
/// unless its text already starts with an ideographic space or an opening bracket
/// (dialogue, Aozora texts that carry their own indent). A heading is set three rows down,
/// with an empty column after it; a chapter starts a new page. Other blocks (quotes, list
/// items, images' placeholders, separators) are columns like paragraphs, without indent.
public enum VerticalPages {
    /// Rows a heading is set down from the top of its column.
    public static let headingDrop = 3

    /// The pages of `content` at `height` rows and `columnsPerPage` columns (at least 1 each).
    public static func pages(of content: TextContent, height: Int, columnsPerPage: Int, readings: Bool = true) -> [VerticalPage] {
        pages(of: content, blocks: content.blocks.indices, height: height, columnsPerPage: columnsPerPage, readings: readings)
    }

    /// Chapter `index`'s columns, right to left, at `height` rows: its blocks set as
    /// `pages` sets them, one after another (what the pager and the layout cache keep).
    public static func columns(ofChapter index: Int, in content: TextContent, height: Int, readings: Bool = true) -> [VerticalColumn] {
        let blocks = content.blocks(in: content.chapters[index].range).indices
        return pages(of: content, blocks: blocks, height: height, columnsPerPage: .max, readings: readings).flatMap(\.columns)
    }

    /// The pages of the blocks `blocks` of `content` (a chapter's, for the pager).
    /// With `readings`, the book's ruby is set inline after its bases (`VerticalReading`).
    public static func pages(of content: TextContent, blocks: Range<Int>, height: Int, columnsPerPage: Int,
                             readings: Bool = true) -> [VerticalPage] {
        let perPage = max(1, columnsPerPage)
        var pages: [VerticalPage] = []
        var current: [VerticalColumn] = [], currentStart = ByteOffset.zero
        func flush() {
            if !current.isEmpty { pages.append(VerticalPage(columns: current, start: currentStart)) }
            current = []
        }
        let chapterStarts = Set(content.chapters.map(\.range.lowerBound))
        let uprightRuns = content.styles.filter { $0.style == .upright }.map(\.range)   // sorted, as the styles are
        for block in content.blocks[blocks] {
            if chapterStarts.contains(block.range.lowerBound), block.range.lowerBound != .zero { flush() }
            let columns = blockColumns(block, in: content, height: height, readings: readings, uprightRuns: uprightRuns)
            for column in columns {
                if current.count == perPage { flush() }
                if current.isEmpty { currentStart = column.cells.first.map { ByteOffset($0.range.lowerBound) } ?? block.range.lowerBound }
                current.append(column)
            }
        }
        flush()
        return pages
    }

    /// One block's columns, cell ranges in the book's bytes. A heading's columns are all
    /// set `headingDrop` rows down (and followed by an empty column); a list item's marker
    /// takes the first rows of its first column (cells with an empty range: not text).
    static func blockColumns(_ block: Block, in content: TextContent, height: Int, readings: Bool = true,
                             uprightRuns: [ByteRange] = []) -> [VerticalColumn] {
        let text = content.string(in: block.range)
        let base = block.range.lowerBound.rawValue
        let drop = block.kind == .heading ? min(headingDrop, max(0, height - 1)) : 0
        let indent = block.kind == .paragraph && !startsWithOwnIndent(text) ? 1 : 0
        let marker = block.marker.map { VerticalColumns.units(of: $0.text) } ?? []
        let rubies = readings ? content.rubies(intersecting: block.range).filter { block.range.lowerBound <= $0.base.lowerBound && $0.base.upperBound <= block.range.upperBound }
            .map { VerticalReading(base: ($0.base.lowerBound.rawValue - base)..<($0.base.upperBound.rawValue - base),
                                   text: content.reading(of: $0)) } : []
        let lo = uprightRuns.partitioningIndex { $0.lowerBound >= block.range.lowerBound }
        let upright = uprightRuns[lo...].prefix { $0.upperBound <= block.range.upperBound }
            .map { ($0.lowerBound.rawValue - base)..<($0.upperBound.rawValue - base) }
        var columns = VerticalColumns.columns(of: text, height: height - drop, indent: indent + marker.count, readings: rubies,
                                              upright: Array(upright))
        for c in columns.indices {
            for r in columns[c].cells.indices {
                let range = columns[c].cells[r].range
                columns[c].cells[r].range = (range.lowerBound + base)..<(range.upperBound + base)
            }
            columns[c].indent += drop
        }
        if !marker.isEmpty, !columns.isEmpty {
            let markerCells = marker.map { VerticalCell(text: $0.text, range: base..<base, isCombined: $0.isCombined) }
            columns[0].cells = markerCells + columns[0].cells
            columns[0].indent = max(drop, columns[0].indent - marker.count)
        }
        if block.kind == .heading { columns.append(VerticalColumn(cells: [], indent: 0)) }
        return columns
    }

    private static func startsWithOwnIndent(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first else { return false }
        return first == "\u{3000}" || "「『（〔【〈《“‘".unicodeScalars.contains(first)
    }
}

/// A vertical page drawn on a character grid: each column two cells wide, one cell of gap
/// between columns, the first column at the right edge.
public enum VerticalGrid {
    /// Cells a column takes, with its gap.
    public static let columnPitch = 3

    /// Columns that fit in `width` cells.
    public static func columnsPerPage(width: Int) -> Int { max(1, (width + 1) / columnPitch) }

    /// The page's `height` rows of `width` cells (trailing spaces trimmed).
    public static func rows(of page: VerticalPage, height: Int, width: Int) -> [String] {
        var grid = [[String]](repeating: [String](repeating: " ", count: max(width, 2)), count: height)
        for (k, column) in page.columns.enumerated() {
            let x = width - 2 - k * columnPitch
            guard x >= 0 else { break }
            for (r, cell) in column.cells.enumerated() {
                let y = column.indent + r
                guard y < height else { break }
                let w = CellWidth.of(cell.text)
                if w >= 2 {
                    grid[y][x] = cell.text
                    grid[y][x + 1] = ""
                } else {
                    grid[y][x] = cell.text
                }
            }
        }
        return grid.map { row in
            var line = row.joined()
            while line.last == " " { line.removeLast() }
            return line
        }
    }
}
