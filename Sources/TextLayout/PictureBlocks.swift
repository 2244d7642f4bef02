import Support
import TextContent

/// The cells a picture takes in the text column: `columns` across (at most the text
/// width) and `rows` down.
public struct PictureBox: Hashable, Sendable {
    /// Cells across (≥ 1).
    public var columns: Int
    /// Rows down (≥ 1).
    public var rows: Int

    /// A box of `columns` × `rows` cells (each at least 1).
    public init(columns: Int, rows: Int) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
    }
}

extension LineCollection {
    /// The same lines with each image block (`BlockKind.image`) for which `box` gives a
    /// box replaced by that many `LineFlags.picture` rows, centred in the text column.
    /// The rows keep the block's byte offsets (all start at the block's start, the first
    /// holds its bytes), so a position saved with pictures off opens on the same line with
    /// them on. Blocks `box` returns nil for keep their placeholder lines.
    public func placingPictures(_ box: (ByteOffset) -> PictureBox?) -> LineCollection {
        var copy = LineCollection(options: options, range: range)
        copy.reserve(count)
        var i = 0
        var changed = false
        while i < count {
            let line = self[i]
            guard line.kind == .image, line.flags.contains(.blockStart), let picture = box(line.start) else {
                copy.append(start: line.start.rawValue, length: line.length, width: line.width, indent: line.indent,
                            kind: line.kind, flags: line.flags)
                i += 1
                continue
            }
            var end = i
            while end + 1 < count && !flags(at: end).contains(.blockEnd) { end += 1 }
            let bytes = Int(starts[end]) + Int(lengths[end]) - line.start.rawValue
            copy.appendPicture(start: line.start.rawValue, length: bytes, box: picture, width: options.width,
                               pageStart: line.flags.contains(.pageStart))
            changed = true
            i = end + 1
        }
        return changed ? copy : self
    }

    /// Appends the rows of one picture.
    private mutating func appendPicture(start: Int, length: Int, box: PictureBox, width: Int, pageStart: Bool) {
        let columns = min(box.columns, max(1, width))
        let indent = max(0, (width - columns) / 2)
        for row in 0..<box.rows {
            var flags: LineFlags = .picture
            if row == 0 { flags.insert(.blockStart); if pageStart { flags.insert(.pageStart) } }
            if row == box.rows - 1 { flags.insert(.blockEnd) }
            append(start: start, length: row == 0 ? length : 0, width: columns, indent: indent, kind: .image, flags: flags)
        }
    }

    /// The index of the last row of the picture whose row `index` is (`index` itself for a
    /// line that is no picture row).
    public func lastPictureRow(of index: Int) -> Int {
        var i = index
        while i + 1 < count && flags(at: i).contains(.picture) && !flags(at: i).contains(.blockEnd)
                && flags(at: i + 1).contains(.picture) { i += 1 }
        return i
    }
}
