/// How a block sits in the text column beyond what its kind gives it: an indent from the
/// start edge, alignment to the end edge, a new page before it (Aozora 字下げ, 地付き,
/// 地からN字上げ, 改ページ). The default places nothing.
public struct BlockPlacement: Hashable, Sendable {
    /// Cells of indent of the block's first line, added to what its kind gives it.
    public var firstIndent: UInt8
    /// Cells of indent of its other lines.
    public var restIndent: UInt8
    /// End alignment: nil for none (lines start at the start edge); else each line ends
    /// this many cells before the end edge (`［＃地付き］` 0, `［＃地から２字上げ］` 4).
    public var endGap: UInt8?
    /// The block starts a new page (`［＃改ページ］`, `［＃改丁］`…).
    public var startsPage: Bool

    /// Creates a placement.
    public init(firstIndent: UInt8 = 0, restIndent: UInt8 = 0, endGap: UInt8? = nil, startsPage: Bool = false) {
        self.firstIndent = firstIndent
        self.restIndent = restIndent
        self.endGap = endGap
        self.startsPage = startsPage
    }

    /// Indents `cells` on every line.
    public init(indent cells: UInt8) {
        self.init(firstIndent: cells, restIndent: cells)
    }

    /// Whether it changes nothing.
    public var isDefault: Bool { self == BlockPlacement() }
}
