import Screen
import TextContent

/// The reading layer's view: the page's lines with their clusters already placed on
/// columns (bidi order, tabs, justification done), their inline styles and whether they
/// are in a search match. During a paced reveal it holds only what is revealed.
public struct TextPage: LayerView, Hashable {
    /// The lines on screen, top row first (fewer than the text rows at the end of the
    /// book, or while revealing).
    public var lines: [PageLine]
    /// The pictures on the page (their rows are blank lines in `lines`).
    public var pictures: [PagePicture]

    /// Creates a page.
    public init(lines: [PageLine], pictures: [PagePicture] = []) {
        self.lines = lines
        self.pictures = pictures
    }

    /// Draws the lines in the text column, one a row.
    public func draw(in geometry: ScreenGeometry, into buffer: inout ScreenBuffer, renderer: Renderer) {
        Self.draw(lines, row: 0, column: geometry.textLeft, into: &buffer, theme: renderer.theme)
    }

    /// Draws `lines` one a row from `row`, their column 0 at `column` (the text page, and
    /// a note's text in its popup).
    static func draw(_ lines: [PageLine], row top: Int, column margin: Int, into buffer: inout ScreenBuffer, theme: Theme) {
        for (i, line) in lines.enumerated() {
            let row = top + i
            let base = theme.style(for: line.kind)
            if let marker = line.marker {
                for (i, character) in marker.text.enumerated() {
                    buffer.put(String(character), width: 1, row: row, col: margin + marker.column + i, style: base)
                }
            }
            for cluster in line.clusters {
                buffer.put(cluster.grapheme, width: cluster.width, row: row, col: margin + cluster.column,
                           style: style(of: cluster, kind: line.kind, theme: theme))
            }
            for link in line.hyperlinks {
                buffer.setHyperlink(link.url, row: row, col: margin + link.column, width: link.width)
            }
            // The note mark: in the left margin, else just right of the text column.
            if line.hasNote, let last = line.clusters.max(by: { $0.column < $1.column }) {
                let col = margin >= 2 ? margin - 2 : margin + last.column + last.width + 1
                if col >= 0 && col < buffer.width { buffer.put("✎", width: 1, row: row, col: col, style: theme.dim) }
            }
        }
    }

    private static func style(of cluster: PageCluster, kind: BlockKind, theme: Theme) -> CellStyle {
        switch cluster.match {
        case .current: return theme.currentMatch
        case .match: return theme.match
        case .none: break
        }
        if cluster.isSelected { return theme.selection }
        let style = theme.style(for: kind, inline: cluster.styles)
        return cluster.highlight.map { theme.highlighting(style, in: $0) } ?? style
    }
}

/// One line of a `TextPage`.
public struct PageLine: Hashable, Sendable {
    /// Where the line starts in the book.
    public var start: ByteOffset
    /// The kind of block it belongs to (its base style).
    public var kind: BlockKind
    /// The list marker ("•", "3.") and its column in the text column, for the first line
    /// of a list item.
    public var marker: LineMarker?
    /// The visible clusters, in display order.
    public var clusters: [PageCluster]
    /// The cells of links out of the book (their URLs, for OSC 8 hyperlinks).
    public var hyperlinks: [PageHyperlink]
    /// Whether a highlight with a note starts on this line (a mark in the margin).
    public var hasNote = false

    /// Creates a line.
    public init(start: ByteOffset, kind: BlockKind, marker: LineMarker? = nil, clusters: [PageCluster] = [],
                hyperlinks: [PageHyperlink] = []) {
        self.start = start
        self.kind = kind
        self.marker = marker
        self.clusters = clusters
        self.hyperlinks = hyperlinks
    }
}

/// Cells of a `PageLine` that belong to a link out of the book: drawn as an OSC 8
/// hyperlink where the terminal supports it.
public struct PageHyperlink: Hashable, Sendable {
    /// Column of the first cell in the text column.
    public var column: Int
    /// Cells across.
    public var width: Int
    /// The link's URL (printable ASCII, see `StyleRun.url`).
    public var url: String

    /// Creates a hyperlink span.
    public init(column: Int, width: Int, url: String) {
        self.column = column
        self.width = width
        self.url = url
    }
}

/// A list marker on a `PageLine`: its text (one cell a character) and the column of its
/// first cell in the text column.
public struct LineMarker: Hashable, Sendable {
    /// What to draw ("3.", ".3", "•").
    public var text: String
    /// Column of the first cell.
    public var column: Int

    /// Creates a marker.
    public init(text: String, column: Int) {
        self.text = text
        self.column = column
    }
}

/// One grapheme cluster of a `PageLine`, placed. A plain 32-byte value (no reference
/// counting): the cluster is kept packed, as the screen's cells keep it.
public struct PageCluster: Hashable, Sendable {
    /// What to draw (the book's bytes, or their shaped or mirrored form), packed.
    public var grapheme: PackedGrapheme
    /// Inline styles over the line's base style. (Before the column: 8-byte aligned,
    /// the fields then pack into 32 bytes.)
    public var styles: InlineStyles
    private var storedColumn: Int32
    private var storedWidth: UInt8
    /// Whether it is in a search match.
    public var match: MatchKind
    /// Whether it is in the link `Tab` selected, or in visual mode's selection.
    public var isSelected: Bool
    private var storedHighlight: UInt8

    /// What to draw, as a String.
    public var text: String { grapheme.string }
    /// The colour of the highlight it is in, if any.
    public var highlight: HighlightColor? {
        get { storedHighlight == 0 ? nil : HighlightColor(rawValue: Int(storedHighlight) - 1) }
        set { storedHighlight = newValue.map { UInt8($0.rawValue + 1) } ?? 0 }
    }
    /// Column in the text column.
    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }
    /// Cells (1 or 2).
    public var width: Int {
        get { Int(storedWidth) }
        set { storedWidth = UInt8(clamping: newValue) }
    }

    /// Creates a cluster.
    public init(grapheme: PackedGrapheme, column: Int, width: Int, styles: InlineStyles = InlineStyles(), match: MatchKind = .none,
                isSelected: Bool = false, highlight: HighlightColor? = nil) {
        self.grapheme = grapheme
        storedColumn = Int32(clamping: column)
        storedWidth = UInt8(clamping: width)
        self.styles = styles
        self.match = match
        self.isSelected = isSelected
        storedHighlight = highlight.map { UInt8($0.rawValue + 1) } ?? 0
    }
}

/// Whether a cluster is in a search match.
public enum MatchKind: UInt8, Hashable, Sendable {
    /// Not in a match.
    case none
    /// In a match of the active search shown on the page.
    case match
    /// In the current match (`n`/`N` moved to it).
    case current
}
