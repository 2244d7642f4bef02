import TextContent

/// What a line shows after its ruby bases besides their text: in `inline` mode each
/// reading as `（reading）`, one cluster a character; in `above` mode the spacing the
/// reading needs (`RubySpacing`), as a blank. The same cells the fitters added
/// (`RubyUnits`), so a line is drawn as wide as it was measured.
struct LineReadings {
    /// What follows each base that ends on the line: its end (a book offset) and the
    /// clusters drawn after it, columns from 0.
    private var ends: [(end: Int, clusters: [PlacedCluster])] = []

    /// The readings of `line` under `options.ruby` (`content` only borrowed: a line of a
    /// book without ruby costs one test).
    init(line: Line, in content: borrowing TextContent, options: LayoutOptions) {
        let mode = options.ruby
        guard mode != .off, !content.rubies.isEmpty, !line.flags.contains(.rubyRow) else { return }
        let range = line.range
        let rubies = content.rubies(intersecting: range)
        guard !rubies.isEmpty, let block = content.blocks(in: range).first else { return }
        for ruby in rubies where ruby.base.upperBound > range.lowerBound && ruby.base.upperBound <= range.upperBound {
            let end = ruby.base.upperBound.rawValue
            ends.append((end, Self.clusters(for: ruby, at: end, in: content, block: block, mode: mode)))
        }
    }

    /// Whether no base ends on the line.
    var isEmpty: Bool { ends.isEmpty }

    /// The clusters shown after the cluster that ends at book offset `end`, from
    /// `column`: the reading's (inline), or one blank of the spacing (above); none when no
    /// base ends there.
    func clusters(after end: Int, column: Int) -> [PlacedCluster] {
        guard let found = ends.first(where: { $0.end == end }) else { return [] }
        return found.clusters.map { var c = $0; c.column += column; return c }
    }

    /// What follows `ruby`'s base (ending at `end`) in `mode`, columns from 0.
    private static func clusters(for ruby: RubyAnnotation, at end: Int, in content: borrowing TextContent, block: Block,
                                 mode: RubyMode) -> [PlacedCluster] {
        let at = ByteRange(end, end)
        switch mode {
        case .off: return []
        case .above:
            let cells = RubySpacing.addedCells(for: ruby, in: content, block: block, mode: mode)
            return cells > 0 ? [PlacedCluster(range: at, column: 0, width: cells, isBlank: true)] : []
        case .inline:
            var col = 0
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
