import CChafa

/// A picture drawn with Unicode symbols (blocks, halves, quadrants, sextants) in truecolor
/// cells by libchafa: works in every terminal, tmux included, and goes through the
/// reader's own cell grid and diff like text.
public enum SymbolArt {
    /// One character cell of the drawing.
    public struct Cell: Equatable, Sendable {
        /// The symbol (a space when the cell is one colour).
        public var scalar: Unicode.Scalar
        /// Foreground and background as 0xRRGGBB; nil where the picture is transparent.
        public var foreground: UInt32?
        public var background: UInt32?
    }

    /// The pixels libchafa reads for one cell (its symbols are 8 × 8 bitmaps): a picture
    /// given as `columns × 8` by `rows × 8` pixels is all the detail symbol art can show,
    /// so the reader decodes pictures drawn as symbols to that size, not the terminal's.
    public static let workCell = CellSize(width: 8, height: 8)

    /// `rgba` (`width` × `height`, straight alpha) as `columns` × `rows` cells, row by row;
    /// nil when libchafa cannot draw it (sizes of zero).
    public static func render(width: Int, height: Int, rgba: [UInt8], columns: Int, rows: Int) -> [Cell]? {
        precondition(rgba.count == width * height * 4, "RGBA size")
        guard width > 0, height > 0, columns > 0, rows > 0 else { return nil }
        let n = columns * rows
        var chars = [UInt32](repeating: 0x20, count: n)
        var fg = [Int32](repeating: -1, count: n), bg = [Int32](repeating: -1, count: n)
        let status = rgba.withUnsafeBufferPointer { px in
            reader_chafa_symbols(px.baseAddress, Int32(width), Int32(height), Int32(columns), Int32(rows), &chars, &fg, &bg)
        }
        guard status == 0 else { return nil }
        return (0..<n).map { i in
            Cell(scalar: Unicode.Scalar(chars[i]) ?? " ", foreground: color(fg[i]), background: color(bg[i]))
        }
    }

    /// A raw chafa colour in truecolor mode: 0xRRGGBB, or negative for none (transparent).
    private static func color(_ raw: Int32) -> UInt32? {
        raw < 0 ? nil : UInt32(raw) & 0xFF_FFFF
    }
}
