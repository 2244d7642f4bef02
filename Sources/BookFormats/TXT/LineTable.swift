import TextContent

/// The analysed lines of a TXT book (markup converted, indentation and trailing spaces
/// trimmed), stored flat: one array of pieces for all lines, one array of inserted bytes
/// for all literal pieces, and per-line arrays of plain numbers — no heap object per line.
struct LineTable {
    /// A piece of a line: bytes `start..<end` of the decoded text, or of `literals`.
    struct Piece {
        var start: Int
        var end: Int
        var isLiteral: Bool
        /// The range in the decoded text, for a source piece.
        var sourceRange: Range<Int>? { isLiteral ? nil : start..<end }
    }

    /// All pieces, line after line.
    private(set) var pieces: [Piece] = []
    /// The bytes of all literal pieces.
    private(set) var literals: [UInt8] = []
    /// End of each line's pieces in `pieces` (a line's pieces start where the previous
    /// line's end).
    private var pieceEnds: [Int] = []
    /// Number of Unicode scalars of text of each line (a lower bound for long pieces).
    private var lengths: [Int] = []
    /// Ranks from Aozora 見出し annotations, by line.
    private var aozoraRanks: [Int: Int] = [:]
    /// Aozora ruby, emphasis and style spans (offsets in the line's pieces), by line.
    private var aozoraSpans: [Int: [AozoraMarkup.Span]] = [:]
    /// Aozora placements (字下げ, 地付き, 改ページ) other than the default, by line.
    private var placements: [Int: BlockPlacement] = [:]
    /// The Aozora conversion's state from line to line (its counters feed warnings).
    private(set) var aozoraState = AozoraMarkup.State()

    init(reservingCapacity lineCount: Int, piecesPerLine: Int) {
        pieces.reserveCapacity(lineCount * piecesPerLine)
        pieceEnds.reserveCapacity(lineCount)
        lengths.reserveCapacity(lineCount)
    }

    var count: Int { pieceEnds.count }

    /// The pieces of line `i` (empty for a blank line).
    func pieces(ofLine i: Int) -> ArraySlice<Piece> {
        pieces[(i == 0 ? 0 : pieceEnds[i - 1])..<pieceEnds[i]]
    }

    func isBlank(_ i: Int) -> Bool { pieceEnds[i] == (i == 0 ? 0 : pieceEnds[i - 1]) }
    func length(ofLine i: Int) -> Int { lengths[i] }
    func aozoraRank(ofLine i: Int) -> Int? { aozoraRanks[i] }
    func aozoraSpans(ofLine i: Int) -> [AozoraMarkup.Span] { aozoraSpans[i] ?? [] }
    func placement(ofLine i: Int) -> BlockPlacement { placements[i] ?? BlockPlacement() }

    /// Appends a blank line.
    mutating func appendBlank() {
        pieceEnds.append(pieces.count)
        lengths.append(0)
    }

    /// Analyses and appends the line `p[range]`: Aozora markup converted if `aozora`
    /// (`AozoraMarkup.transform`, its spans and placement kept by line), indentation
    /// (spaces, tabs, U+3000, NBSP) and trailing spaces trimmed.
    mutating func append(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, aozora: Bool) {
        guard aozora else {
            // One source piece: the same trimming as below, without an array.
            var a = range.lowerBound, b = range.upperBound
            while a < b, let w = TextStructure.spaceWidth(p, a, b) { a += w }
            while b > a, let w = TextStructure.spaceWidthBefore(p, b, a) { b -= w }
            guard a < b else { return appendBlank() }
            let length = Self.length(p, a..<b)
            guard length > 0 else { return appendBlank() }
            pieces.append(Piece(start: a, end: b, isLiteral: false))
            pieceEnds.append(pieces.count)
            lengths.append(length)
            return
        }
        let t = AozoraMarkup.transform(p, range, state: &aozoraState)
        let linePieces = t.pieces
        // A line of nothing but spaces and literals is not blank only if a literal has text.
        var length = 0
        for piece in linePieces {
            switch piece {
            case .source(let r): length += Self.length(p, r)
            case .literal(let bytes): for b in bytes where b & 0xC0 != 0x80 { length += 1 }
            }
        }
        if let rank = t.headingRank { aozoraRanks[pieceEnds.count] = rank }
        guard length > 0 else { return appendBlank() }
        if !t.spans.isEmpty { aozoraSpans[pieceEnds.count] = t.spans }
        if !t.placement.isDefault { placements[pieceEnds.count] = t.placement }
        for piece in linePieces {
            switch piece {
            case .source(let r):
                pieces.append(Piece(start: r.lowerBound, end: r.upperBound, isLiteral: false))
            case .literal(let bytes):
                pieces.append(Piece(start: literals.count, end: literals.count + bytes.count, isLiteral: true))
                literals.append(contentsOf: bytes)
            }
        }
        pieceEnds.append(pieces.count)
        lengths.append(length)
    }

    /// Scalars in `p[r]`. Lengths only feed thresholds (≤ 60, ≤ 100 …): long pieces get a
    /// lower bound.
    private static func length(_ p: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Int {
        if r.count > 1024 { return r.count / 4 }
        var n = 0
        for i in r where p[i] & 0xC0 != 0x80 { n += 1 }
        return n
    }
}
