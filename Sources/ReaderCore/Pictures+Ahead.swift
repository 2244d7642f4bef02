import TextContent
import TextLayout

extension ReadingContext {
    /// The pictures of the page after the one on screen (the next `textRows` lines, across
    /// a chapter's end), so the host can decode them before they are turned to. Their
    /// `row` is the line's distance below the screen's top.
    func picturesAhead() -> [PagePicture] {
        guard pictureSizingIsOn, let last = visibleLines().last else { return [] }
        var pictures: [PagePicture] = []
        var address = last.address
        for distance in 1...max(1, textRows) {
            let next = Pager.move(address, by: 1, in: layouts)
            guard next != address else { break }
            address = next
            let lines = layouts.lines(ofChapter: address.chapter)
            let line = lines[address.line]
            guard line.flags.contains(.picture), line.flags.contains(.blockStart), let image = content.image(at: line.start) else { continue }
            let rows = lines.lastPictureRow(of: address.line) - address.line + 1
            pictures.append(PagePicture(source: image.source, offset: line.start, row: textRows + distance - 1, column: line.indent,
                                        columns: line.width, rows: rows, visibleRows: rows))
        }
        return pictures
    }

    /// Whether image blocks are drawn as pictures.
    var pictureSizingIsOn: Bool { layouts.pictureSizing != nil }
}

extension ReaderModel {
    /// The pictures of the next page (see `ReadingContext.picturesAhead`): what the host
    /// may decode while the reader reads this one. Empty with pictures off.
    public var picturesAhead: [PagePicture] { context.picturesAhead() }
}
