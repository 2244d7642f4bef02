import TextContent

/// What a line shows after its ruby bases besides their text: in `inline` mode each
/// reading as `（reading）`, one cluster a character; in `above` mode the spacing the
/// reading needs (`RubySpacing`), as a blank. The same cells the fitters added
/// (`RubyUnits`), so a line is drawn as wide as it was measured.
struct LineReadings {
    /// (base end, the ruby), for the bases that end on the line.
    private var ends: [(end: Int, ruby: RubyAnnotation)] = []
    private let content: TextContent
    private let block: Block?
    private let mode: RubyMode

    /// The readings of `line` under `options.ruby`.
    init(line: Line, in content: TextContent, options: LayoutOptions) {
        self.content = content
        mode = options.ruby
        guard mode != .off, !content.rubies.isEmpty, !line.flags.contains(.rubyRow) else { block = nil; return }
        let range = line.range
        for ruby in content.rubies(intersecting: range) where ruby.base.upperBound > range.lowerBound
            && ruby.base.upperBound <= range.upperBound {
            ends.append((ruby.base.upperBound.rawValue, ruby))
        }
        block = ends.isEmpty ? nil : content.blocks(in: range).first
    }

    /// Whether no base ends on the line.
    var isEmpty: Bool { ends.isEmpty }

    /// The clusters shown after the cluster that ends at book offset `end`, from
    /// `column`: the reading's (inline), or one blank of the spacing (above); none when no
    /// base ends there.
    func clusters(after end: Int, column: Int) -> [PlacedCluster] {
        guard let ruby = ends.first(where: { $0.end == end })?.ruby, let block else { return [] }
        let at = ByteRange(end, end)
        switch mode {
        case .off: return []
        case .above:
            let cells = RubySpacing.addedCells(for: ruby, in: content, block: block, mode: mode)
            return cells > 0 ? [PlacedCluster(range: at, column: column, width: cells, isBlank: true)] : []
        case .inline:
            var col = column
            var out: [PlacedCluster] = []
            for piece in [("（", 2)] + RubySpacing.pieces(of: ruby, in: content) + [("）", 2)] {
                out.append(PlacedCluster(range: at, column: col, width: piece.1, isBlank: false, text: piece.0, isReading: true))
                col += piece.1
            }
            return out
        }
    }
}

extension TextLayout {
    /// How many clusters `forEachLogicalCluster` shows on `line` that are no bytes of it:
    /// the characters of inline readings and their parentheses (for buffers sized by
    /// the line's bytes).
    public static func readingClusterCount(of line: Line, in content: TextContent, options: LayoutOptions) -> Int {
        guard options.ruby == .inline, !content.rubies.isEmpty else { return 0 }
        // (A reading's bytes bound its clusters.)
        return content.rubies(intersecting: line.range).reduce(0) { $0 + 2 + $1.reading.count }
    }
}
