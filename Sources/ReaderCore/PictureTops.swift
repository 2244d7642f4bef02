import TextLayout

/// Where a page may start inside a picture (issue #19, `z` fit width): a picture that fits
/// on a page is shown from its first row only; one taller than the page (`rows`) may be
/// shown from any of its rows down to the one that puts its last row on the page's last,
/// so no screen shows the end of a tall picture over blank rows.
extension LineCollection {
    /// The last row a page of `rows` rows may start at in the picture whose row `index` is:
    /// its first row when it fits, else its last row less `rows - 1`; `index` itself for a
    /// line that is no picture row.
    func lastPictureTop(of index: Int, rows: Int) -> Int {
        guard index < count, self[index].flags.contains(.picture) else { return index }
        let first = firstPictureRow(of: index), last = lastPictureRow(of: index)
        return first + max(0, last - first + 1 - max(1, rows))
    }

    /// The row a page of `rows` rows asked to start at `index` starts at: in a picture, at
    /// most its `lastPictureTop` (its first row when it fits); any other line stays.
    func pictureTop(for index: Int, rows: Int) -> Int {
        min(index, lastPictureTop(of: index, rows: rows))
    }
}
