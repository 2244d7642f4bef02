import TextContent

extension TextLayout {
    /// What the ruby row above `line` shows (`LineFlags.rubyRow` is the row's own line;
    /// pass the line after it): the readings of the bases that start on the line, placed
    /// by `RubyRowPlacement` over the base's cells as `forEachCluster` places them, and an
    /// emphasis mark over each marked character that carries no reading. Empty when the
    /// line has neither, or the mode is not `above`.
    public static func rubyRow(over line: Line, in content: TextContent, options: LayoutOptions,
                               paragraphs: BidiParagraphCache? = nil) -> [RubyRowPiece] {
        guard options.ruby == .above, content.hasAnnotations, !line.flags.contains(.rubyRow), line.length > 0 else { return [] }
        let range = line.range
        let rubies = content.rubies(intersecting: range).filter { range.contains($0.base.lowerBound) }
        let marks = content.emphasisMarks(intersecting: range).filter { $0.mark.character != nil }
        guard !rubies.isEmpty || !marks.isEmpty else { return [] }
        var clusters: [PlacedCluster] = []
        forEachCluster(of: line, in: content, options: options, paragraphs: paragraphs) { c in
            if c.width > 0 && !c.range.isEmpty { clusters.append(c) }
        }
        let block = content.blocks(in: range).first
        var items: [RubyRowPlacement.Item] = []
        for ruby in rubies {
            let under = clusters.filter { ruby.base.contains($0.range.lowerBound) }
            guard let first = under.map(\.column).min(), let last = under.map({ $0.column + $0.width }).max() else { continue }
            var item = RubyRowPlacement.Item(baseStart: first, baseEnd: last, pieces: RubySpacing.pieces(of: ruby, in: content))
            item.offset = ruby.base.lowerBound
            if let block {
                item.baseEnd += RubySpacing.addedCells(for: ruby, in: content, block: block, mode: .above)
                (item.allowLeft, item.allowRight) = RubySpacing.allowances(for: ruby, in: content, block: block) {
                    !content.rubies(intersecting: ByteRange($0, $0 + 1)).isEmpty
                }
            }
            items.append(item)
        }
        items.sort { $0.baseStart < $1.baseStart }
        var pieces = RubyRowPlacement.place(items, width: max(options.width, line.totalWidth))
        pieces += emphasisMarks(marks, over: clusters, besides: pieces, rubies: rubies)
        return pieces.sorted { $0.column < $1.column }
    }

    /// An emphasis mark over each cluster in `marks` not under a reading and where no
    /// reading's piece is.
    static func emphasisMarks(_ marks: [EmphasisMarkRun], over clusters: [PlacedCluster], besides readings: [RubyRowPiece],
                              rubies: [RubyAnnotation]) -> [RubyRowPiece] {
        guard !marks.isEmpty else { return [] }
        var out: [RubyRowPiece] = []
        for c in clusters where !c.isBlank {
            guard let run = marks.first(where: { $0.range.contains(c.range.lowerBound) }), let mark = run.mark.character,
                  !rubies.contains(where: { $0.base.contains(c.range.lowerBound) }) else { continue }
            var text = String(Character(mark)), width = CellWidth.of(text)
            if width > c.width { text = "\u{00B7}"; width = 1 }   // a narrow character gets a middle dot
            let column = c.column + (c.width - width) / 2
            guard !readings.contains(where: { $0.column < column + width && column < $0.column + $0.width }) else { continue }
            out.append(RubyRowPiece(column: column, text: text, width: width, isMark: true, offset: c.range.lowerBound))
        }
        return out
    }
}
