import ReaderCore
import Screen
import TextContent
import TextLayout

/// The SGR escapes of `dump --color`: the styles the full-screen reader gives the text
/// (`Theme.style(for:inline:)` over the book's style runs — headings, quotes, code,
/// emphasis, strong, links, note references), written only where the style changes.
struct DumpStyling {
    let theme: Theme
    let encoder: ANSIEncoder
    /// The runs that intersect the current line.
    private var runs: [StyleRun] = []
    private var kind: BlockKind = .paragraph
    /// The emphasis marks over the current line, and whether their dots are drawn above.
    private var marks: ArraySlice<EmphasisMarkRun> = []
    private var marksAbove = true
    /// The style in effect on the output (plain at a line start).
    private var current = CellStyle.plain

    init(theme: Theme, encoder: ANSIEncoder) {
        self.theme = theme
        self.encoder = encoder
    }

    /// Starts `line`: its block kind and the style runs over it.
    mutating func begin(_ line: Line, in content: TextContent, ruby: RubyMode = .above) {
        marksAbove = ruby == .above
        runs = content.styleRuns(intersecting: line.range)
        marks = content.emphasisMarks(intersecting: line.range)
        kind = line.kind
        current = .plain
    }

    /// The escape to write before the cluster starting at `offset` (empty when the style
    /// in effect is already its style).
    mutating func escape(before offset: ByteOffset) -> [UInt8] {
        var styles = InlineStyles(at: offset, runs: runs)
        if !marks.isEmpty { styles.appendMarks(at: offset, marks: marks, drawnAbove: marksAbove) }
        return change(to: theme.style(for: kind, inline: styles))
    }

    /// The escape to write before a ruby row's readings (dimmed, as the reader shows them).
    mutating func readingStyle() -> [UInt8] {
        var styles = InlineStyles()
        styles.append(.reading)
        return change(to: theme.style(for: kind, inline: styles))
    }

    /// The escape that ends the line in the default rendition (empty if it already is).
    mutating func end() -> [UInt8] { change(to: .plain) }

    /// `CSI 0m` when a style is in effect, then the new style's SGR (`CSI 3m`…).
    private mutating func change(to style: CellStyle) -> [UInt8] {
        let shown = encoder.options.colors ? style : style.withoutColors
        guard shown != current else { return [] }
        let reset: [UInt8] = current == .plain || shown == .plain ? [] : Array("\u{1B}[0m".utf8)
        current = shown
        return reset + encoder.sgr(for: shown)
    }
}
