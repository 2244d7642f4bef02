import TextContent

/// Places readings on a ruby row (docs/RUBY.md, "The row above"): pure, in cells.
///
/// Each reading is centred over its base (and the spacing after it). A reading narrower
/// than its base is spread over it, its characters at the middles of equal shares of the
/// base (JIS X 4051's 1:2:1 for mono-width text); a wider one overhangs the characters
/// beside the base as far as they allow, the rest going to the right. Then readings
/// that would overlap the one before, or leave the row, are shifted (a pass from the
/// left, then from the right); if the row cannot hold them all, a reading is cut where
/// the next begins (never its base: the base line is unchanged).
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
        var starts = items.map(desiredStart)
        let widths = items.map(\.width)
        // Left to right: not before the row, not over the reading before.
        var limit = 0
        for i in items.indices {
            starts[i] = max(starts[i], limit)
            limit = starts[i] + widths[i]
        }
        // Right to left: not past the row, not over the reading after.
        limit = width
        for i in items.indices.reversed() {
            starts[i] = min(starts[i], limit - widths[i])
            limit = starts[i]
        }
        var pieces: [RubyRowPiece] = []
        var next = width
        for i in items.indices.reversed() {
            let from = max(0, starts[i]), until = next
            next = max(0, min(next, from))
            pieces += layOut(items[i], from: starts[i], clippedTo: from..<until).reversed()
        }
        return pieces.reversed()
    }

    /// Where a reading starts before any shift: centred (or spread) over its base, or
    /// overhanging as allowed.
    static func desiredStart(_ item: Item) -> Int {
        let span = item.baseEnd - item.baseStart, w = item.width
        if w <= span { return item.baseStart + (span - w) / 2 }
        let over = w - span
        var left = over / 2, right = over - left
        if right > item.allowRight && left < item.allowLeft {
            let move = min(right - item.allowRight, item.allowLeft - left)
            left += move; right -= move
        }
        return item.baseStart - left
    }

    /// The pieces of `item` from column `start` (spread over the base when narrower than
    /// it and not shifted), keeping only those inside `clip`.
    static func layOut(_ item: Item, from start: Int, clippedTo clip: Range<Int>) -> [RubyRowPiece] {
        let span = item.baseEnd - item.baseStart, w = item.width, n = item.pieces.count
        var out: [RubyRowPiece] = []
        let spread = n > 1 && w < span && start == item.baseStart + (span - w) / 2
        var col = start
        for (k, piece) in item.pieces.enumerated() {
            if spread {
                let lower = item.baseStart + span * k / n, upper = item.baseStart + span * (k + 1) / n
                col = max(col, lower + (upper - lower - piece.cells) / 2)
            }
            if col >= clip.lowerBound && col + piece.cells <= clip.upperBound {
                out.append(RubyRowPiece(column: col, text: piece.text, width: piece.cells, isMark: false, offset: item.offset))
            }
            col += piece.cells
        }
        return out
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
