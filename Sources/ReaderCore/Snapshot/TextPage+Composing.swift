import Support
import Screen
import TextContent
import TextLayout

extension TextPage {
    /// The page on screen for `context`: lays out what is not laid out yet (or takes it
    /// from `layouts.source`), places each line's clusters, resolves their inline styles
    /// and search matches. While revealing, only clusters that start before the revealed
    /// offset are kept. Runs during an update, never while drawing.
    init(composing context: ReadingContext) {
        let content = context.content
        let visible = context.visibleLines()
        guard let first = visible.first, let last = visible.last else {
            self.init(lines: [])
            return
        }
        let span = ByteRange(first.line.start, max(first.line.start, last.line.range.upperBound))
        let matches = context.search?.matches(overlapping: span) ?? []
        let current = context.currentMatch
        var placer = LinePlacer(content: content, span: span, options: context.layouts.options,
                                paragraphs: context.layouts.bidiParagraphs, selected: context.selectedLink)
        placer.selection = context.selection?.range
        placer.highlights = context.highlights.filter { $0.range.lowerBound < span.upperBound && $0.range.upperBound > span.lowerBound }
        // Paced reveal: only clusters that start before the revealed offset are shown.
        let revealed = context.reveal?.revealed ?? ByteOffset(Int.max)
        var lines: [PageLine] = []
        var pictures: [PagePicture] = []
        lines.reserveCapacity(visible.count)
        for (index, entry) in visible.enumerated() {
            if entry.line.start >= revealed { break }
            if entry.line.flags.contains(.picture) {
                // A picture's first row on the page: its first row, or the top row of a page inside it.
                if entry.line.flags.contains(.blockStart) || index == 0,
                   let picture = Self.picture(at: index, in: visible, context: context) {
                    pictures.append(picture)
                }
                lines.append(PageLine(start: entry.line.start, kind: .image))
                continue
            }
            if entry.line.flags.contains(.rubyRow) {
                let chapter = context.layouts.lines(ofChapter: entry.address.chapter)
                let base = entry.address.line + 1 < chapter.count ? chapter[entry.address.line + 1] : nil
                lines.append(placer.placeRubyRow(entry.line, over: base, revealed: revealed))
                continue
            }
            lines.append(placer.place(entry.line, revealed: revealed) { at in
                if let current, current.contains(at) { return .current }
                return matches.contains(where: { $0.contains(at) }) ? .match : .none
            })
        }
        self.init(lines: lines, pictures: pictures)
    }

    /// The picture whose first row on the page is `visible[index]`: its image, its rows on
    /// the page and those above it.
    private static func picture(at index: Int, in visible: [(address: LineAddress, line: Line)],
                                context: ReadingContext) -> PagePicture? {
        let (address, line) = visible[index]
        guard let image = context.content.image(at: line.start) else { return nil }
        var end = index
        while end + 1 < visible.count && !visible[end].line.flags.contains(.blockEnd)
                && visible[end + 1].line.flags.contains(.picture) { end += 1 }
        let lines = context.layouts.lines(ofChapter: address.chapter)
        let first = lines.firstPictureRow(of: address.line)
        return PagePicture(source: image.source, offset: line.start, row: index, column: line.indent, columns: line.width,
                           rows: lines.lastPictureRow(of: address.line) - first + 1, visibleRows: end - index + 1,
                           cropTop: address.line - first)
    }
}

/// Places the clusters of laid-out lines for a `TextPage` (or a note's popup): columns
/// in display order, inline styles, search matches, the selected link, the cells of links
/// out of the book. Runs during an update, never while drawing.
struct LinePlacer {
    let content: TextContent
    let options: LayoutOptions
    let paragraphs: BidiParagraphCache?
    /// The style runs over the lines to place.
    let runs: [StyleRun]
    /// The links out of the book among them.
    let external: [StyleRun]
    /// The selected link's range.
    let selected: ByteRange?
    /// The emphasis marks over the lines to place.
    let marks: ArraySlice<EmphasisMarkRun>
    /// Visual mode's selection (drawn as the selected link is).
    var selection: ByteRange?
    /// The highlights over the lines to place, sorted by start.
    var highlights: [TextHighlight] = []

    /// A placer for lines within `span` of `content`.
    init(content: TextContent, span: ByteRange, options: LayoutOptions, paragraphs: BidiParagraphCache?, selected: ByteRange? = nil) {
        self.content = content
        self.options = options
        self.paragraphs = paragraphs
        runs = content.styleRuns(intersecting: span)
        external = runs.filter { $0.url != nil }
        self.selected = selected
        marks = content.emphasisMarks(intersecting: span)
    }

    /// `line` placed; clusters starting at or after `revealed` are left out, `match` tells
    /// each cluster's search highlight from its first byte.
    func place(_ line: Line, revealed: ByteOffset = ByteOffset(Int.max), match: (ByteOffset) -> MatchKind = { _ in .none }) -> PageLine {
        let marker = TextLayout.listMarker(of: line, in: content, options: options, paragraphs: paragraphs)
            .map { LineMarker(text: $0.text, column: $0.column) }
        var hyperlinks: [PageHyperlink] = []
        // Only the runs over this line are looked at for each of its clusters (a page of
        // thousands of links would otherwise cost clusters × runs).
        let span = line.range
        let runs = self.runs.count > 16 ? self.runs.filter { $0.range.lowerBound < span.upperBound && $0.range.upperBound > span.lowerBound } : self.runs
        let external = runs.count == self.runs.count ? self.external : runs.filter { $0.url != nil }
        let highlights = self.highlights.filter { $0.range.lowerBound < span.upperBound && $0.range.upperBound > span.lowerBound }
        // The book's bytes are borrowed once a line; at least a byte a cluster (plus a
        // hyphen): one allocation a line, written in place.
        let clusters = content.bytes.withUnsafeBufferPointer { bytes in
            // (one more for a hyphenated line's "-", which is no byte of the text)
            [PageCluster](unsafeUninitializedCapacity: line.length + 1 + TextLayout.readingClusterCount(of: line, in: content, options: options)) { buffer, count in
                TextLayout.forEachCluster(of: line, in: content, options: options, paragraphs: paragraphs) { cluster in
                    let at = cluster.range.lowerBound
                    guard cluster.width > 0, at < revealed || (cluster.isReading && at <= revealed) else { return }
                    // A link's spaces are in its hyperlink too (one link, not a word each).
                    if !external.isEmpty, let url = external.last(where: { $0.range.contains(at) })?.url {
                        Self.extend(&hyperlinks, url: url, column: cluster.column, width: cluster.width)
                    }
                    let inSelection = !cluster.isReading && (selected?.contains(at) ?? false || selection?.contains(at) ?? false)
                    let highlight = highlights.isEmpty || cluster.isReading ? nil : highlights.last { $0.range.contains(at) }?.color
                    // Blanks are left out, but for those inside a selection or a highlight (drawn as one band).
                    let shownBlank = cluster.isBlank && (highlight != nil || (inSelection && selection?.contains(at) == true))
                    guard !cluster.isBlank || shownBlank, count < buffer.count else { return }   // (a byte a cluster: never full)
                    let grapheme = shownBlank ? PackedGrapheme.space : TextPage.grapheme(of: cluster, in: bytes)
                    (buffer.baseAddress! + count).initialize(to: PageCluster(
                        grapheme: grapheme, column: cluster.column, width: cluster.width,
                        styles: styles(of: cluster, runs: runs), match: cluster.isReading ? .none : match(at),
                        isSelected: inSelection, highlight: highlight))
                    count += 1
                }
            }
        }
        var placed = PageLine(start: line.start, kind: line.kind, marker: marker, clusters: clusters, hyperlinks: hyperlinks)
        placed.hasNote = highlights.contains { $0.note != nil && span.contains($0.range.lowerBound) }
        return placed
    }

    /// Adds a cluster's cells to the last span when it is the same link and next to it.
    private static func extend(_ spans: inout [PageHyperlink], url: String, column: Int, width: Int) {
        if let last = spans.last, last.url == url, last.column + last.width == column {
            spans[spans.count - 1].width += width
        } else {
            spans.append(PageHyperlink(column: column, width: width, url: url))
        }
    }
}

extension TextPage {
    /// What a cluster shows: its replacement text (shaping, mirroring), else its bytes; a
    /// lone ASCII byte is packed directly, anything else goes through a String (which also
    /// stands for invalid UTF-8 with U+FFFD).
    static func grapheme(of cluster: PlacedCluster, in bytes: UnsafeBufferPointer<UInt8>) -> PackedGrapheme {
        if let text = cluster.text { return text.isEmpty ? .space : PackedGrapheme(text) }
        let range = cluster.range.intRange
        if range.count == 1, bytes[range.lowerBound] < 0x80 { return PackedGrapheme(ascii: bytes[range.lowerBound]) }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        return text.isEmpty ? .space : PackedGrapheme(text)
    }
}
