import TextContent
import TextLayout

/// `reader dump --writing-mode vertical [--height N] [--width N]`: the book in vertical
/// pages (`VerticalPages`), each drawn as `VerticalGrid` draws it — `height` rows, columns
/// right to left — pages one after another, separated by a blank line; readings (ruby)
/// inline after their bases unless `--ruby off`.
enum VerticalDump {
    /// Rows of a page when `--height` is not given.
    static let defaultHeight = 24

    /// Prints the pages from the one holding `start`; `maxPages` at most (nil: to the end).
    static func print(_ content: TextContent, height: Int, width: Int, from start: ByteOffset, maxPages: Int?, readings: Bool) {
        let pages = VerticalPages.pages(of: content, height: height, columnsPerPage: VerticalGrid.columnsPerPage(width: width),
                                        readings: readings)
        let first = pages.lastIndex { $0.start <= start } ?? 0
        var out = Output()
        var printed = 0
        for page in pages[first...] {
            if let maxPages, printed == maxPages { break }
            if printed > 0 { out.write("\n") }
            for row in VerticalGrid.rows(of: page, height: height, width: width) { out.write(row + "\n") }
            printed += 1
        }
        out.flush()
    }
}
