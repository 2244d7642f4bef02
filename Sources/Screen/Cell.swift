/// One cell of a `ScreenBuffer`: a grapheme cluster, its style and its width.
///
/// A wide glyph (width 2) occupies two cells: the *leading* cell holds the grapheme
/// with `width == 2`, the cell to its right is a *continuation* (`width == 0`,
/// empty grapheme) that carries the same style and is never printed on its own.
///
/// Storage: the grapheme is packed inline (up to 15 UTF-8 bytes, longer clusters interned
/// once per process), so a cell is a plain value of 32 bytes with no reference counting;
/// a 200×60 frame is cleared, filled, compared and encoded without any allocation.
///
/// A cell that is part of a hyperlink holds a small index (`link`, 0 = none) into the link
/// table of the `ScreenBuffer` it came from (see `ScreenBuffer.setHyperlink`); the index
/// means nothing outside that buffer, and is compared like every other field.
public struct Cell: Hashable, Sendable {
    var packed: PackedGrapheme
    /// The cell's style.
    public var style: CellStyle
    /// 1 for a normal glyph, 2 for the leading cell of a wide glyph, 0 for a continuation.
    public var width: UInt8
    /// 1-based index into the owning buffer's link table; 0 = not part of a link.
    var link: UInt16 = 0

    /// True if the cell is part of a hyperlink (`ScreenBuffer.hyperlink(row:col:)` gives the URL).
    public var hasLink: Bool { link != 0 }

    /// The grapheme cluster shown in this cell; empty for a continuation cell.
    public var grapheme: String {
        get { packed.string }
        set { packed = PackedGrapheme(newValue) }
    }

    /// Creates a cell. `width` must be 1 or 2 for a printable cell (see `continuation(style:)`).
    public init(_ grapheme: String, width: UInt8 = 1, style: CellStyle = .plain) {
        self.packed = PackedGrapheme(grapheme)
        self.style = style
        self.width = width
    }

    init(packed: PackedGrapheme, width: UInt8, style: CellStyle) {
        self.packed = packed
        self.style = style
        self.width = width
    }

    /// A blank cell: one space in the given style.
    public static func blank(_ style: CellStyle = .plain) -> Cell {
        Cell(packed: .space, width: 1, style: style)
    }

    /// The right half of a wide glyph.
    public static func continuation(style: CellStyle) -> Cell {
        Cell(packed: .empty, width: 0, style: style)
    }

    /// True for the right half of a wide glyph.
    public var isContinuation: Bool { width == 0 }
    /// True for the left half of a wide glyph.
    public var isWide: Bool { width == 2 }
}
