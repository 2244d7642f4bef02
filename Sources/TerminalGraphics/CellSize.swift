import Support

/// The size of one character cell in pixels: from the terminal's window size in pixels
/// (`TIOCGWINSZ`'s `ws_xpixel`/`ws_ypixel` over its columns and rows), else from the
/// answer to `CSI 16 t` (`CSI 6 ; height ; width t`), else 8 × 16.
public struct CellSize: Hashable, Sendable {
    /// Pixels across and down one cell (both ≥ 1).
    public var width: Int
    public var height: Int

    /// A cell of `width` × `height` pixels (each at least 1).
    public init(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
    }

    /// The size assumed when the terminal tells nothing: 8 × 16.
    public static let fallback = CellSize(width: 8, height: 16)

    /// The query whose answer `fromAnswer` reads.
    public static let query: [UInt8] = Array("\u{1B}[16t".utf8)

    /// From a window of `pixelWidth` × `pixelHeight` pixels showing `columns` × `rows`
    /// cells; nil when the terminal reports no pixels (0) or sizes that make no sense.
    public static func fromWindow(pixelWidth: Int, pixelHeight: Int, columns: Int, rows: Int) -> CellSize? {
        guard pixelWidth > 0, pixelHeight > 0, columns > 0, rows > 0,
              pixelWidth >= columns, pixelHeight >= rows else { return nil }
        return CellSize(width: pixelWidth / columns, height: pixelHeight / rows)
    }

    /// From the answer to `query` found in `answer` (`CSI 6 ; h ; w t`), or nil.
    public static func fromAnswer(_ answer: [UInt8]) -> CellSize? {
        let s = String(decoding: answer, as: UTF8.self)
        guard let start = s.firstByteRange(of: "\u{1B}[6;") else { return nil }
        let rest = s[start.upperBound...]
        guard let end = rest.firstIndex(of: "t") else { return nil }
        let parts = rest[..<end].split(separator: ";").compactMap { Int($0) }
        guard parts.count == 2, (1...1000).contains(parts[0]), (1...1000).contains(parts[1]) else { return nil }
        return CellSize(width: parts[1], height: parts[0])
    }
}
