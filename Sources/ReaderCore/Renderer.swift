import Screen
import TextLayout

/// Turns a `PageSnapshot` into cells: a pure function of the snapshot, redrawn in full
/// every frame (the terminal layer diffs it against the previous frame). It lays nothing
/// out and reads nothing: the snapshot's views are already placed text.
public struct Renderer {
    /// Colours.
    public var theme: Theme
    /// Whether single-line texts (status line, contents) get Arabic presentation forms.
    public var arabicShaping = true

    /// A renderer with `theme`.
    public init(theme: Theme) {
        self.theme = theme
    }

    /// Renders the whole screen: the views bottom first, then the status line.
    public func render(_ snapshot: PageSnapshot, into buffer: inout ScreenBuffer) {
        let geometry = snapshot.geometry
        // Every cell starts in the text style: a theme with a background (light) paints
        // the margins and empty rows too.
        if buffer.width != geometry.columns || buffer.height != geometry.rows {
            buffer = ScreenBuffer(width: geometry.columns, height: geometry.rows, style: theme.text)
        } else {
            buffer.clear(style: theme.text)
        }
        for view in snapshot.views { view.draw(in: geometry, into: &buffer, renderer: self) }
        snapshot.status.draw(in: geometry, into: &buffer, renderer: self)
    }

    /// Draws `text` (by grapheme clusters and cell widths), truncated with "…" to `maxWidth`
    /// cells (or, with `keepEnd`, keeping the end). Returns the cells used.
    @discardableResult
    func put(_ text: String, row: Int, col: Int, maxWidth: Int, style: CellStyle, into buffer: inout ScreenBuffer,
             keepEnd: Bool = false) -> Int {
        guard maxWidth > 0 else { return 0 }
        let text = TextLayout.visualString(text, arabicShaping: arabicShaping)   // RTL titles in visual order
        var clusters: [(String, Int)] = []
        var total = 0
        var utf8 = Array(text.utf8)
        utf8.withUnsafeMutableBufferPointer { buf in
            let bytes = UnsafeBufferPointer(buf)
            var cursor = GraphemeCursor(bytes)
            var start = 0
            while let (end, w) = cursor.next() {
                let s = String(decoding: bytes[start..<end], as: UTF8.self)
                if w > 0, !s.unicodeScalars.contains(where: { $0.value < 0x20 }) {
                    clusters.append((s, w))
                    total += w
                }
                start = end
            }
        }
        if total > maxWidth {
            var kept: [(String, Int)] = []
            var used = 0
            let budget = maxWidth - 1
            if keepEnd {
                for c in clusters.reversed() { if used + c.1 > budget { break }; kept.insert(c, at: 0); used += c.1 }
                clusters = [("…", 1)] + kept
            } else {
                for c in clusters { if used + c.1 > budget { break }; kept.append(c); used += c.1 }
                clusters = kept + [("…", 1)]
            }
        }
        return buffer.putClusters(clusters, row: row, col: col, style: style, maxWidth: maxWidth)
    }
}
