import Screen
import TextContent
import TextLayout

/// Draws a `ReaderModel` into a `ScreenBuffer`: a pure function of the state, redrawn in
/// full every frame (the terminal layer diffs it against the previous frame).
public struct Renderer {
    /// Colours.
    public var theme: Theme
    /// Whether single-line texts (status line, contents) get Arabic presentation forms.
    public var arabicShaping = true

    public init(theme: Theme) {
        self.theme = theme
    }

    /// Renders the whole screen.
    public func render(_ model: ReaderModel, into buffer: inout ScreenBuffer) {
        if buffer.width != model.columns || buffer.height != model.screenRows {
            buffer = ScreenBuffer(width: model.columns, height: model.screenRows)
        } else {
            buffer.clear()
        }
        switch model.mode {
        case .reading, .prompt:
            drawText(model, into: &buffer)
        case .contents(let selected):
            drawList(title: "Contents", entries: model.contentsEntries.map { (String(repeating: "  ", count: max(0, $0.level - 1)) + $0.title) },
                     selected: selected, model: model, into: &buffer)
        case .bookmarks(let selected):
            let entries = model.marks.map { "\(Progress(offset: $0.offset, in: model.content).percentText)  \($0.label)" }
            drawList(title: model.marks.isEmpty ? "No bookmarks yet: press m while reading" : "Bookmarks (Enter jumps, d deletes)",
                     entries: entries, selected: selected, model: model, into: &buffer)
        case .help(let scroll):
            for (row, line) in KeyHelp.lines.dropFirst(scroll).prefix(model.textRows).enumerated() {
                put(line, row: row, col: leftMargin(model), maxWidth: model.columns - leftMargin(model),
                    style: line.hasPrefix(" ") ? theme.text : theme.heading, into: &buffer)
            }
        }
        drawStatus(model, into: &buffer)
    }

    func leftMargin(_ model: ReaderModel) -> Int { max(0, (model.columns - model.textWidth) / 2) }

    // MARK: Text

    private func drawText(_ model: ReaderModel, into buffer: inout ScreenBuffer) {
        let content = model.content
        let visible = model.pager.visibleLines(in: model.layouts)
        guard let first = visible.first, let last = visible.last else { return }
        let span = ByteRange(first.line.start, max(first.line.start, last.line.range.upperBound))
        let runs = styleRuns(in: span, content: content)
        let matches = model.search?.matches(in: span) ?? []
        let margin = leftMargin(model)
        let options = model.layouts.options
        // Paced reveal: only clusters that start before the revealed offset are drawn.
        let revealed = model.reveal?.revealed ?? ByteOffset(Int.max)
        for (row, entry) in visible.enumerated() {
            let line = entry.line
            let base = theme.style(for: line.kind)
            if line.start >= revealed { break }
            if let bullet = TextLayout.listBulletColumn(of: line, in: content, options: options, paragraphs: model.layouts.bidiParagraphs) {
                buffer.put("•", width: 1, row: row, col: margin + bullet, style: base)
            }
            TextLayout.forEachCluster(of: line, in: content, options: options, paragraphs: model.layouts.bidiParagraphs) { cluster in
                guard !cluster.isBlank, cluster.width > 0, cluster.range.lowerBound < revealed else { return }
                var style = base
                for run in runs where run.range.lowerBound <= cluster.range.lowerBound && cluster.range.lowerBound < run.range.upperBound {
                    apply(run.style, to: &style)
                }
                if let current = model.currentMatch, current.contains(cluster.range.lowerBound) {
                    style = theme.currentMatch
                } else if matches.contains(where: { $0.contains(cluster.range.lowerBound) }) {
                    style = theme.match
                }
                let text = cluster.text ?? String(decoding: content.bytes[cluster.range.intRange], as: UTF8.self)
                buffer.put(text, width: cluster.width, row: row, col: margin + cluster.column, style: style)
            }
        }
    }

    /// Style runs that intersect `span` (binary search on the sorted runs, then a short scan).
    private func styleRuns(in span: ByteRange, content: TextContent) -> [StyleRun] {
        let styles = content.styles
        var lo = 0, hi = styles.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if styles[mid].range.lowerBound < span.upperBound { lo = mid + 1 } else { hi = mid }
        }
        var result: [StyleRun] = []
        var i = lo - 1
        // Runs start before the span's end; nested runs are short, so look back a bounded way.
        var looked = 0
        while i >= 0 && looked < 4096 {
            if styles[i].range.upperBound > span.lowerBound { result.append(styles[i]) }
            i -= 1
            looked += 1
        }
        return result.reversed()
    }

    private func apply(_ style: InlineStyle, to cell: inout CellStyle) {
        switch style {
        case .emphasis: cell.attributes.formUnion(theme.emphasis)
        case .strong: cell.attributes.formUnion(theme.strong)
        case .link:
            cell.foreground = theme.link.foreground == .default ? cell.foreground : theme.link.foreground
            cell.attributes.formUnion(theme.link.attributes)
        case .noteReference:
            cell.foreground = theme.noteReference.foreground == .default ? cell.foreground : theme.noteReference.foreground
            cell.attributes.formUnion(theme.noteReference.attributes)
        case .code:
            cell.foreground = theme.code.foreground == .default ? cell.foreground : theme.code.foreground
        case .superscript, .subscript:
            break
        }
    }

    // MARK: Lists (contents, bookmarks)

    private func drawList(title: String, entries: [String], selected: Int, model: ReaderModel, into buffer: inout ScreenBuffer) {
        let margin = leftMargin(model)
        let width = model.textWidth
        put(title, row: 0, col: margin, maxWidth: width, style: theme.heading, into: &buffer)
        let rows = max(1, model.textRows - 2)
        let top = max(0, min(selected - rows / 2, entries.count - rows))
        for (i, entry) in entries.enumerated().dropFirst(top).prefix(rows) {
            let row = 2 + i - top
            let style = i == selected ? theme.selection : theme.text
            if i == selected { buffer.fill(row: row, col: margin, width: width, height: 1, style: style) }
            put(entry, row: row, col: margin, maxWidth: width, style: style, into: &buffer)
        }
    }

    // MARK: Status line

    private func drawStatus(_ model: ReaderModel, into buffer: inout ScreenBuffer) {
        let row = model.screenRows - 1
        let columns = model.columns
        buffer.fill(row: row, col: 0, width: columns, height: 1, style: theme.status)
        if case .prompt(let kind, let text) = model.mode {
            let prompt = (kind == .search ? "/" : ":") + text
            let used = put(prompt, row: row, col: 0, maxWidth: columns - 1, style: theme.status, into: &buffer, keepEnd: true)
            buffer.put("▏", width: 1, row: row, col: min(columns - 1, used), style: theme.status)
            return
        }
        let progress = model.progress
        // Fixed-width right part: chapter n/N and percent never change width while reading.
        let right = (model.reveal.map { " " + RevealStatus(state: $0).text + " " } ?? "") + " \(progress.chapterText)  \(progress.percentText) "
        let rightWidth = CellWidth.of(right)
        let leftWidth = max(0, columns - rightWidth)
        if let message = model.message {
            put(" " + message, row: row, col: 0, maxWidth: leftWidth, style: theme.statusMessage, into: &buffer)
        } else {
            put(" " + model.chapterTitle, row: row, col: 0, maxWidth: leftWidth, style: theme.status, into: &buffer)
        }
        if rightWidth <= columns {
            put(right, row: row, col: columns - rightWidth, maxWidth: rightWidth, style: theme.status, into: &buffer)
        }
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
