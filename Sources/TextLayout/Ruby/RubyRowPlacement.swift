import TextContent

/// Places readings on a ruby row (docs/RUBY.md, "The row above"): pure, in cells.
///
/// Each reading is centred over its base (and the spacing after it). A reading narrower
/// than its base is spread over it, its characters at the middles of equal shares of the
/// base (JIS X 4051's 1:2:1 for mono-width text); a wider one overhangs both sides
/// evenly, moved towards a side that allows more (`RubySpacing`). Then readings that
/// would overlap the one before, or leave the row, are shifted (a pass from the left,
/// then from the right); if the row cannot hold them all, each keeps its beginning and
/// is cut where the next begins (never its base: the base line is unchanged).
enum RubyRowPlacement {
    /// A reading to place over the base cells `baseStart..<baseEnd`.
    struct Item {
        var baseStart: Int
        var baseEnd: Int
        /// The reading's characters and their cells.
        var pieces: [(text: String, cells: Int)]
        /// Cells it may overhang on each side.
        var allowLeft = 0
        var allowRight = 0
        /// The base's first byte (the pieces' `offset`).
        var offset = ByteOffset.zero

        var width: Int { pieces.reduce(0) { $0 + $1.cells } }
    }

    /// The row's pieces for `items` (in base order) on a row of `width` cells.
    static func place(_ items: [Item], width: Int) -> [RubyRowPiece] {
        let shapes = items.map(shape)
        var starts = items.indices.map { items[$0].baseStart + shapes[$0].lead }
        // Left to right: not before the row, not over the reading before.
        var limit = 0
        for i in items.indices {
            starts[i] = max(starts[i], limit)
            limit = starts[i] + shapes[i].extent
        }
        // Right to left: not past the row, not over the reading after.
        limit = width
        for i in items.indices.reversed() {
            starts[i] = min(starts[i], limit - shapes[i].extent)
            limit = starts[i]
        }
        // A row too full for them all: each keeps its beginning, cut where the next begins.
        limit = 0
        for i in items.indices {
            starts[i] = max(starts[i], limit)
            limit = starts[i]
        }
        var pieces: [RubyRowPiece] = []
        for i in items.indices {
            let until = i + 1 < items.count ? min(width, starts[i + 1]) : width
            for (k, piece) in items[i].pieces.enumerated() {
                let col = starts[i] + shapes[i].offsets[k]
                guard col + piece.cells <= until else { break }
                pieces.append(RubyRowPiece(column: col, text: piece.text, width: piece.cells, isMark: false, offset: items[i].offset))
            }
        }
        return pieces
    }

    /// How a reading sits over its base before any shift: its pieces' columns relative to
    /// the first, the cells from the first piece to the end of the last, and where the
    /// first piece is relative to the base's start (negative: it overhangs to the left).
    static func shape(_ item: Item) -> (offsets: [Int], extent: Int, lead: Int) {
        let span = item.baseEnd - item.baseStart, w = item.width, n = item.pieces.count
        var offsets: [Int] = []
        if n > 1 && w < span {
            // Spread: each character at the middle of its equal share of the base.
            for (k, piece) in item.pieces.enumerated() {
                let lower = span * k / n, upper = span * (k + 1) / n
                offsets.append(max(offsets.last.map { $0 + item.pieces[k - 1].cells } ?? 0, lower + (upper - lower - piece.cells) / 2))
            }
            let first = offsets[0]
            return (offsets.map { $0 - first }, offsets[n - 1] + item.pieces[n - 1].cells - first, first)
        }
        var col = 0
        for piece in item.pieces { offsets.append(col); col += piece.cells }
        if w <= span { return (offsets, w, (span - w) / 2) }
        // Wider: overhang both sides evenly, moved to a side that allows more.
        let over = w - span
        var left = over / 2, right = over - left
        if right > item.allowRight && left < item.allowLeft {
            let move = min(right - item.allowRight, item.allowLeft - left)
            left += move; right -= move
        } else if left > item.allowLeft && right < item.allowRight {
            let move = min(left - item.allowLeft, item.allowRight - right)
            left -= move; right += move
        }
        return (offsets, w, -left)
    }
}

/// One character drawn on a ruby row: a reading's, or an emphasis mark.
public struct RubyRowPiece: Hashable, Sendable {
    /// Column of its first cell in the text column (as a line's clusters are counted).
    public var column: Int
    /// What to draw.
    public var text: String
    /// Cells it covers.
    public var width: Int
    /// An emphasis mark (傍点) rather than a reading's character.
    public var isMark: Bool
    /// The first byte of the text it is over (the base, or the marked character): a paced
    /// reveal shows it with that text.
    public var offset: ByteOffset

    /// Creates a piece.
    public init(column: Int, text: String, width: Int, isMark: Bool, offset: ByteOffset = .zero) {
        self.column = column
        self.text = text
        self.width = width
        self.isMark = isMark
        self.offset = offset
    }
}
