/// Hyperlinks (OSC 8) of a `ScreenBuffer`, and the equality that compares them by URL.
extension ScreenBuffer {
    /// The most links one frame can hold; `setHyperlink` refuses new URLs beyond it.
    public static let maxLinks = Int(UInt16.max) - 1
    /// The longest URL, in bytes, that `setHyperlink` accepts (terminals such as VTE ignore
    /// longer ones anyway).
    public static let maxHyperlinkLength = 2048

    /// True if `url` can be sent to a terminal inside an OSC 8 sequence: non-empty, at most
    /// `maxHyperlinkLength` bytes, and every byte printable ASCII (0x21…0x7E). No control
    /// character, ESC, BEL, space or non-ASCII byte can therefore end the sequence early or
    /// inject another one; a caller with an IRI percent-encodes it first.
    public static func isSafeHyperlink(_ url: String) -> Bool {
        var url = url
        return url.withUTF8 { bytes in
            !bytes.isEmpty && bytes.count <= maxHyperlinkLength && bytes.allSatisfy { (0x21...0x7E).contains($0) }
        }
    }

    /// Marks `width` cells from `(row, col)` (clipped to the row) as part of a link to `url`;
    /// nil or "" removes the link from them. A wide glyph touched by the range is marked as
    /// a whole. Mark after drawing: writing a cell removes its link.
    ///
    /// - Returns: false when `url` was refused (not `isSafeHyperlink`, or the frame already
    ///   holds `maxLinks` URLs): the cells are then left without a link, drawn as plain text.
    @discardableResult
    public mutating func setHyperlink(_ url: String?, row: Int, col column: Int, width count: Int) -> Bool {
        let wanted = url.flatMap { $0.isEmpty ? nil : $0 }
        // Clamped first, so that col + w cannot overflow (e.g. width: .max).
        let col = min(max(column, -width), width), w = min(max(0, count), 2 * width)
        guard row >= 0, row < height, max(0, col) < min(width, col + w) else {
            return wanted.map { links.contains($0)
                || (ScreenBuffer.isSafeHyperlink($0) && links.count < ScreenBuffer.maxLinks) } ?? true
        }
        var index: UInt16 = 0
        if let wanted {
            guard let i = linkIndex(for: wanted) else {
                setLinkIndex(0, row: row, col: col, width: w)
                return false
            }
            index = i
        }
        setLinkIndex(index, row: row, col: col, width: w)
        return true
    }

    /// Sets the link index of a non-empty range of one row (inside the grid), widened to
    /// whole wide glyphs.
    private mutating func setLinkIndex(_ index: UInt16, row: Int, col: Int, width w: Int) {
        var c0 = max(0, col), c1 = min(width, col + w)
        let base = row * width
        if cells[base + c0].isContinuation && c0 > 0 { c0 -= 1 }
        if c1 < width && cells[base + c1].isContinuation { c1 += 1 }
        for c in c0..<c1 { cells[base + c].link = index }
    }

    /// The URL of the link the cell at `(row, col)` belongs to; nil when none or outside the grid.
    public func hyperlink(row: Int, col: Int) -> String? {
        guard let cell = cell(row: row, col: col), cell.link != 0 else { return nil }
        return links[Int(cell.link) - 1]
    }

    /// The table index of `url` (added if new), or nil when it is unsafe or the table is full.
    private mutating func linkIndex(for url: String) -> UInt16? {
        if let last = links.last, last == url { return UInt16(links.count) }
        if let i = links.firstIndex(of: url) { return UInt16(i + 1) }
        guard links.count < ScreenBuffer.maxLinks, ScreenBuffer.isSafeHyperlink(url) else { return nil }
        links.append(url)
        return UInt16(links.count)
    }

    /// For each link index of this buffer (0 included), the index of the same URL in
    /// `other`, or `ScreenBuffer.noLink` when `other` has no such URL. Nil when the two
    /// tables are identical (every index maps to itself), which costs no allocation.
    func linkMap(onto other: ScreenBuffer) -> [UInt16]? {
        if links == other.links { return nil }
        var position: [String: UInt16] = [:]
        for (i, url) in other.links.enumerated() { position[url] = UInt16(i + 1) }
        return [0] + links.map { position[$0] ?? ScreenBuffer.noLink }
    }

    /// A link index no cell holds (the table never reaches it).
    static let noLink = UInt16.max

    /// Same size, same cells, and the same URL (not necessarily the same index) on each cell.
    public static func == (a: ScreenBuffer, b: ScreenBuffer) -> Bool {
        guard a.width == b.width, a.height == b.height else { return false }
        guard let map = b.linkMap(onto: a) else { return a.cells == b.cells }
        for i in a.cells.indices {
            var y = b.cells[i]
            y.link = map[Int(y.link)]
            if a.cells[i] != y { return false }
        }
        return true
    }

    /// Hashes the size and the cells, each cell's link only as linked or not (consistent
    /// with `==`, which compares links by URL).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
        for cell in cells {
            hasher.combine(cell.packed)
            hasher.combine(cell.style)
            hasher.combine(cell.width)
            hasher.combine(cell.link != 0)
        }
    }
}
