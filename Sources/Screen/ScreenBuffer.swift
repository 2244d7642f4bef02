/// A rectangular grid of cells: one rendered frame.
///
/// Rendering is immediate-mode: every frame is drawn in full into a buffer (usually
/// after `clear(style:)`), then `ANSIEncoder.encode(from:to:)` turns the previous and
/// the new frame into the bytes that update the terminal.
///
/// Coordinates are zero-based `(row, col)`; row 0 is the top line. Writes outside the
/// grid are ignored (clipped), never a crash.
///
/// Wide glyphs follow two rules that keep the grid consistent at all times:
/// * a width-2 glyph that would start in the last column is replaced by a space;
/// * writing over either half of a wide glyph blanks the other half (a space in the
///   old glyph's style).
///
/// Width of a grapheme cluster is *not* computed here (that is TextLayout's job): the
/// caller passes it to `put`, or passes a width function to `putText`.
///
/// Hyperlinks: `setHyperlink(_:row:col:width:)` marks cells as part of a link (drawn by
/// `ANSIEncoder` as an OSC 8 hyperlink when its `hyperlinks` option is on). The buffer
/// keeps a small table of the frame's URLs and each cell a 2-byte index into it, so a frame
/// without links costs nothing extra. Writing a cell (`put`, `fill`, …) removes its link,
/// so mark the link after drawing its text; `clear` and `resize` drop every link.
/// Equality compares the links by URL (two buffers with the same cells and URLs are equal
/// whatever the order of their tables).
public struct ScreenBuffer: Hashable, Sendable {
    /// Number of columns.
    public private(set) var width: Int
    /// Number of rows.
    public private(set) var height: Int
    /// Row-major cells, `width * height` of them.
    public internal(set) var cells: [Cell]
    /// The URLs of this frame's links: a cell's `link` n > 0 is `links[n - 1]`.
    /// Only safe URLs (see `isSafeHyperlink`) are ever stored.
    var links: [String] = []

    /// Creates a buffer of blank cells in `style`. Negative sizes are treated as 0.
    public init(width: Int, height: Int, style: CellStyle = .plain) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.cells = Array(repeating: .blank(style), count: self.width * self.height)
    }

    /// The cell at `(row, col)`. Reading outside the grid traps; use `cell(row:col:)` to probe.
    public subscript(row: Int, col: Int) -> Cell {
        precondition(contains(row: row, col: col), "cell (\(row), \(col)) outside \(width)x\(height)")
        return cells[row * width + col]
    }

    /// The cell at `(row, col)`, or nil outside the grid.
    public func cell(row: Int, col: Int) -> Cell? {
        contains(row: row, col: col) ? cells[row * width + col] : nil
    }

    /// True if `(row, col)` is inside the grid.
    public func contains(row: Int, col: Int) -> Bool {
        row >= 0 && row < height && col >= 0 && col < width
    }

    /// Sets every cell to a space in `style`, with no link (the link table is emptied).
    public mutating func clear(style: CellStyle = .plain) {
        let blank = Cell.blank(style)
        for i in cells.indices { cells[i] = blank }
        if !links.isEmpty { links.removeAll(keepingCapacity: true) }
    }

    /// Fills a rectangle (clipped to the grid) with a narrow grapheme in `style`.
    /// Wide glyphs cut by the rectangle's edges lose their other half (blanked).
    public mutating func fill(row: Int, col: Int, width w: Int, height h: Int,
                              grapheme: String = " ", style: CellStyle = .plain) {
        let r0 = max(0, row), r1 = min(height, row + max(0, h))
        let c0 = max(0, col), c1 = min(width, col + max(0, w))
        guard r0 < r1, c0 < c1 else { return }
        let packed = grapheme.isEmpty ? PackedGrapheme.space : PackedGrapheme(grapheme)
        for r in r0..<r1 {
            for c in c0..<c1 { put(packed: packed, width: 1, row: r, col: c, style: style) }
        }
    }

    /// Changes the style of the cells in a rectangle (clipped), keeping their graphemes.
    /// A wide glyph touched by the rectangle is changed as a whole: `transform` runs once on
    /// its leading cell and the continuation gets the same style.
    /// Useful for highlights (e.g. `{ $0.reverse = true }`).
    public mutating func modifyStyle(row: Int, col: Int, width w: Int, height h: Int,
                                     _ transform: (inout CellStyle) -> Void) {
        let r0 = max(0, row), r1 = min(height, row + max(0, h))
        let cStart = max(0, col), cEnd = min(width, col + max(0, w))
        guard r0 < r1, cStart < cEnd else { return }
        for r in r0..<r1 {
            let base = r * width
            var c0 = cStart, c1 = cEnd
            // Widen to whole glyphs at both edges.
            if cells[base + c0].isContinuation && c0 > 0 { c0 -= 1 }
            if c1 < width && cells[base + c1].isContinuation { c1 += 1 }
            for c in c0..<c1 where !cells[base + c].isContinuation {
                transform(&cells[base + c].style)
                if cells[base + c].isWide { cells[base + c + 1].style = cells[base + c].style }
            }
        }
    }

    /// Writes one grapheme cluster of the given cell width at `(row, col)`.
    ///
    /// - `width` 1 or 2 (values above 2 are treated as 2); `width <= 0` writes nothing.
    /// - A width-2 glyph in the last column is replaced by a space (width 1).
    /// - Overwriting half of a wide glyph blanks its other half.
    /// - The caller passes exactly one grapheme cluster; an empty string is stored as a space.
    ///   Control characters are stored as given but the encoder never prints them.
    /// - Returns: the number of columns written (0 when clipped or `width <= 0`).
    ///
    /// Overloads take `String`, `Substring`, `Character` or raw UTF-8 bytes (`put(utf8:…)`);
    /// all are concrete (non-generic) so calls from other modules are fast.
    @discardableResult
    public mutating func put(_ grapheme: String, width glyphWidth: Int,
                             row: Int, col: Int, style: CellStyle = .plain) -> Int {
        guard glyphWidth > 0, contains(row: row, col: col) else { return 0 }
        return put(packed: grapheme.isEmpty ? .space : PackedGrapheme(grapheme),
                   width: glyphWidth, row: row, col: col, style: style)
    }

    /// `put` for a `Substring` (e.g. a slice of a line's text).
    @discardableResult
    public mutating func put(_ grapheme: Substring, width glyphWidth: Int,
                             row: Int, col: Int, style: CellStyle = .plain) -> Int {
        guard glyphWidth > 0, contains(row: row, col: col) else { return 0 }
        return put(packed: grapheme.isEmpty ? .space : PackedGrapheme(grapheme),
                   width: glyphWidth, row: row, col: col, style: style)
    }

    /// `put` for a `Character`.
    @discardableResult
    public mutating func put(_ grapheme: Character, width glyphWidth: Int,
                             row: Int, col: Int, style: CellStyle = .plain) -> Int {
        guard glyphWidth > 0, contains(row: row, col: col) else { return 0 }
        return put(packed: PackedGrapheme(grapheme), width: glyphWidth, row: row, col: col, style: style)
    }

    /// `put` for a cluster already packed (e.g. kept in a snapshot of placed text), with no
    /// String in between.
    @discardableResult
    public mutating func put(_ grapheme: PackedGrapheme, width glyphWidth: Int,
                             row: Int, col: Int, style: CellStyle = .plain) -> Int {
        guard glyphWidth > 0, contains(row: row, col: col) else { return 0 }
        return put(packed: grapheme, width: glyphWidth, row: row, col: col, style: style)
    }

    /// `put` for one cluster given as UTF-8 bytes (e.g. a byte range of TextContent's buffer),
    /// with no String in between. Invalid UTF-8 is stored as U+FFFD.
    @discardableResult
    public mutating func put(utf8 bytes: UnsafeBufferPointer<UInt8>, width glyphWidth: Int,
                             row: Int, col: Int, style: CellStyle = .plain) -> Int {
        guard glyphWidth > 0, contains(row: row, col: col) else { return 0 }
        let packed: PackedGrapheme
        if bytes.isEmpty {
            packed = .space
        } else if let s = String(validating: bytes, as: UTF8.self) {
            packed = PackedGrapheme(s)
        } else {
            packed = PackedGrapheme("\u{FFFD}")
        }
        return put(packed: packed, width: glyphWidth, row: row, col: col, style: style)
    }

    /// `put` for an already packed grapheme; `(row, col)` must be inside the grid.
    @discardableResult
    mutating func put(packed: PackedGrapheme, width glyphWidth: Int, row: Int, col: Int, style: CellStyle) -> Int {
        var w = min(glyphWidth, 2)
        var text = packed
        if w == 2 && col == width - 1 { w = 1; text = .space }
        let base = row * width
        // Blank the other half of any wide glyph we cut into.
        let first = base + col, last = base + col + w - 1
        if cells[first].isContinuation && col > 0 {
            cells[first - 1] = .blank(cells[first - 1].style)
        }
        if cells[last].isWide && col + w < width {
            cells[last + 1] = .blank(cells[last + 1].style)
        }
        cells[first] = Cell(packed: text, width: UInt8(w), style: style)
        if w == 2 { cells[last] = .continuation(style: style) }
        return w
    }

    /// Writes `(grapheme cluster, width)` pairs left to right from `(row, col)`, using at
    /// most `maxWidth` columns (and never past the right edge).
    ///
    /// Clusters with width ≤ 0 are skipped. Writing stops at the first cluster that does
    /// not fit entirely (a wide glyph is never split). This is the variant to use with
    /// TextLayout's own segmentation and widths.
    /// - Returns: the number of columns written.
    @discardableResult
    public mutating func putClusters(_ clusters: [(String, Int)], row: Int, col: Int,
                                     style: CellStyle = .plain, maxWidth: Int = .max) -> Int {
        guard row >= 0, row < height, col < width else { return 0 }
        let limit = min(maxWidth, width - col)
        var used = 0
        for (g, w0) in clusters {
            let w = min(w0, 2)
            if w <= 0 { continue }
            if used + w > limit { break }
            if col + used >= 0 {
                put(packed: g.isEmpty ? .space : PackedGrapheme(g), width: w, row: row, col: col + used, style: style)
            }
            used += w
        }
        return max(0, used)
    }

    /// Writes `text` from `(row, col)`, splitting it into Swift `Character`s (extended
    /// grapheme clusters) and asking `width` for each one's cell width (0, 1 or 2).
    ///
    /// Screen cannot depend on TextLayout, so the width function is a parameter:
    /// ReaderCore passes TextLayout's cluster-width function. Same clipping rules as
    /// `putClusters`.
    /// - Returns: the number of columns written.
    @discardableResult
    public mutating func putText(_ text: String, row: Int, col: Int, style: CellStyle = .plain,
                                 maxWidth: Int = .max, width: (Character) -> Int) -> Int {
        guard row >= 0, row < height, col < self.width else { return 0 }
        let limit = min(maxWidth, self.width - col)
        var used = 0
        for ch in text {
            let w = min(width(ch), 2)
            if w <= 0 { continue }
            if used + w > limit { break }
            if col + used >= 0 { put(packed: PackedGrapheme(ch), width: w, row: row, col: col + used, style: style) }
            used += w
        }
        return max(0, used)
    }

    /// The visible text of a row: the graphemes left to right, continuation cells skipped.
    /// Intended for golden tests; trailing spaces are kept (use `trimmed: true` to drop them).
    public func rowText(_ row: Int, trimmed: Bool = false) -> String {
        guard row >= 0, row < height else { return "" }
        var s = ""
        let base = row * width
        for c in 0..<width where !cells[base + c].isContinuation { s += cells[base + c].grapheme }
        if trimmed { while s.last == " " { s.removeLast() } }
        return s
    }

    /// All rows' text joined with "\n" (see `rowText`).
    public func text(trimmed: Bool = false) -> String {
        (0..<height).map { rowText($0, trimmed: trimmed) }.joined(separator: "\n")
    }

    /// Changes the size, keeping the overlapping top-left content (without its links: every
    /// link is dropped); new cells are blank in `style`. A wide glyph cut by the new right
    /// edge is replaced by a space. Resizing to the same size changes nothing.
    public mutating func resize(width newWidth: Int, height newHeight: Int, style: CellStyle = .plain) {
        let nw = max(0, newWidth), nh = max(0, newHeight)
        if nw == width && nh == height { return }
        var next = ScreenBuffer(width: nw, height: nh, style: style)
        for r in 0..<min(height, nh) {
            for c in 0..<min(width, nw) {
                next.cells[r * nw + c] = cells[r * width + c]
                next.cells[r * nw + c].link = 0
            }
            if nw > 0, nw < width, next.cells[r * nw + nw - 1].isWide {
                next.cells[r * nw + nw - 1] = .blank(next.cells[r * nw + nw - 1].style)
            }
        }
        self = next
    }
}
