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
        let runs = InlineStyles.runs(in: span, of: content)
        let matches = context.search?.matches(overlapping: span) ?? []
        let current = context.currentMatch
        let options = context.layouts.options
        let paragraphs = context.layouts.bidiParagraphs
        // Paced reveal: only clusters that start before the revealed offset are shown.
        let revealed = context.reveal?.revealed ?? ByteOffset(Int.max)
        var lines: [PageLine] = []
        lines.reserveCapacity(visible.count)
        // The book's bytes are borrowed once for the page, not once a cluster.
        content.bytes.withUnsafeBufferPointer { bytes in
            for entry in visible {
                let line = entry.line
                if line.start >= revealed { break }
                let marker = TextLayout.listMarker(of: line, in: content, options: options, paragraphs: paragraphs)
                    .map { LineMarker(text: $0.text, column: $0.column) }
                // At least a byte a cluster: one allocation a line, written in place.
                let clusters = [PageCluster](unsafeUninitializedCapacity: line.length) { buffer, count in
                    TextLayout.forEachCluster(of: line, in: content, options: options, paragraphs: paragraphs) { cluster in
                        guard !cluster.isBlank, cluster.width > 0, cluster.range.lowerBound < revealed,
                              count < buffer.count else { return }   // (each cluster has its own bytes: never full)
                        let at = cluster.range.lowerBound
                        let styles = InlineStyles(at: at, runs: runs)
                        let match: MatchKind
                        if let current, current.contains(at) { match = .current }
                        else if matches.contains(where: { $0.contains(at) }) { match = .match }
                        else { match = .none }
                        let grapheme = Self.grapheme(of: cluster, in: bytes)
                        (buffer.baseAddress! + count).initialize(to: PageCluster(grapheme: grapheme, column: cluster.column,
                                                                                 width: cluster.width, styles: styles, match: match))
                        count += 1
                    }
                }
                let placed = PageLine(start: line.start, kind: line.kind, marker: marker, clusters: clusters)
                lines.append(placed)
            }
        }
        self.init(lines: lines)
    }

    /// What a cluster shows: its replacement text (shaping, mirroring), else its bytes; a
    /// lone ASCII byte is packed directly, anything else goes through a String (which also
    /// stands for invalid UTF-8 with U+FFFD).
    private static func grapheme(of cluster: PlacedCluster, in bytes: UnsafeBufferPointer<UInt8>) -> PackedGrapheme {
        if let text = cluster.text { return text.isEmpty ? .space : PackedGrapheme(text) }
        let range = cluster.range.intRange
        if range.count == 1, bytes[range.lowerBound] < 0x80 { return PackedGrapheme(ascii: bytes[range.lowerBound]) }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        return text.isEmpty ? .space : PackedGrapheme(text)
    }
}
