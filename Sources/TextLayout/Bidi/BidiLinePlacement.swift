import Support
import TextContent
import UnicodeData

extension TextLayout {
    /// Calls `body` for each visible cluster of `line`, in display order (left to right on
    /// the screen), with its column.
    ///
    /// The line's paragraph (its block) gets a direction — `options.direction` if forced,
    /// else the block's `dir`, else the text (UAX #9 P2/P3), else the book's declared
    /// direction — and its bidi levels are resolved over the whole block; the line's
    /// clusters are then reordered (L1, L2 on the clusters, each at the level of its first
    /// character), a right-to-left paragraph's lines are aligned to the right edge of the
    /// text column (the indent on the right), brackets in right-to-left runs are mirrored
    /// (L4) and, with `options.arabicShaping`, Arabic letters get their presentation forms.
    /// The cells of a table row start at their columns (`tableColumns`, `TableGrid`); a
    /// right-to-left table (its first row right to left) has its first column on the
    /// right, and each cell's text is in display order within its column.
    /// A block with nothing right-to-left in it costs one scan of its bytes more than
    /// `forEachLogicalCluster` (once per block with a `paragraphs` cache).
    ///
    /// Pass the same `paragraphs` cache for the lines of one book: each paragraph is then
    /// analysed once, not once a line (which costs O(paragraph) a line), and each table
    /// measured once (`paragraphs.tables`).
    public static func forEachCluster(of line: Line, in content: TextContent, options: LayoutOptions,
                                      paragraphs: BidiParagraphCache? = nil,
                                      _ body: (PlacedCluster) -> Void) {
        guard line.length > 0 else { return }
        let paragraph = paragraphAnalysis(of: line, in: content, options: options, paragraphs: paragraphs)
        if placeTableLine(line, in: content, options: options, paragraphs: paragraphs, analysis: paragraph?.analysis, body) { return }
        guard let (block, analysis) = paragraph, case let .resolved(scalars, offsets, result) = analysis else {
            forEachLogicalCluster(of: line, in: content, options: options, tables: paragraphs?.tables, body)
            return
        }
        let blockStart = block.range.lowerBound.rawValue
        var clusters: [PlacedCluster] = []
        forEachLogicalCluster(of: line, in: content, options: options, columns: nil) { clusters.append($0) }
        guard !clusters.isEmpty else { return }

        let lineStart = scalarIndex(of: line.start.rawValue, blockStart: blockStart, offsets: offsets)
        let lineEnd = scalarIndex(of: line.start.rawValue + line.length, blockStart: blockStart, offsets: offsets)
        let clusterLevels = displayLevels(of: &clusters, scalars: lineStart..<lineEnd, blockStart: blockStart,
                                          analysis: (scalars, offsets, result), content: content, options: options)
        // L2 on the clusters; a right-to-left paragraph's line ends at the right edge.
        let order = Bidi.reorder(levels: clusterLevels)
        let total = clusters.reduce(0) { $0 + $1.width }
        var column = result.paragraphLevel == 1 ? max(0, options.width - line.indent - total) : line.indent
        for c in order {
            var cluster = clusters[c]
            cluster.column = column
            column += cluster.width
            body(cluster)
        }
    }

    /// The index of the first scalar of a block (at `blockStart`) at or after book offset `offset`.
    static func scalarIndex(of offset: Int, blockStart: Int, offsets: [UInt32]) -> Int {
        let relative = offset - blockStart
        return offsets.partitioningIndex { Int($0) >= relative }
    }

    /// The bidi level of each of `clusters` (logical order, from the scalars `span` of a
    /// block starting at `blockStart`, treated as one line: UAX #9 L1), each at the level
    /// of its first kept character; their display text is set where it differs from their
    /// bytes (brackets mirrored in right-to-left runs, L4; Arabic shaping if asked).
    static func displayLevels(of clusters: inout [PlacedCluster], scalars span: Range<Int>, blockStart: Int,
                              analysis: (scalars: [Unicode.Scalar], offsets: [UInt32], result: BidiResult),
                              content: TextContent, options: LayoutOptions) -> [UInt8] {
        let (scalars, offsets, result) = analysis
        let lineStart = span.lowerBound, lineEnd = span.upperBound
        let lineLevels = result.lineLevels(lineStart: lineStart, lineEnd: lineEnd)
        let lineScalars = Array(scalars[lineStart..<lineEnd])
        let shaped: [Unicode.Scalar?]? = options.arabicShaping && ArabicShaping.mayNeedShaping(lineScalars)
            ? ArabicShaping.shape(lineScalars) : nil
        var clusterLevels = [UInt8](repeating: UInt8(result.paragraphLevel), count: clusters.count)
        var s = lineStart
        for (c, cluster) in clusters.enumerated() {
            while s < lineEnd && blockStart + Int(offsets[s]) < cluster.range.lowerBound.rawValue { s += 1 }
            let first = s
            var last = s
            while last < lineEnd && blockStart + Int(offsets[last]) < cluster.range.upperBound.rawValue { last += 1 }
            if let level = lineLevels[(first - lineStart)..<(last - lineStart)].first(where: { $0 != BidiResult.removedLevel }) {
                clusterLevels[c] = level
            }
            guard !cluster.isBlank, first < last else { continue }
            let odd = clusterLevels[c] & 1 == 1
            let mirror = odd ? Bidi.mirroredGlyph(of: scalars[first]) : nil
            if shaped != nil || mirror != nil {
                var text = String.UnicodeScalarView()
                for j in first..<last {
                    if j == first, let mirror { text.append(mirror); continue }
                    if let shaped { if let sh = shaped[j - lineStart] { text.append(sh) } } else { text.append(scalars[j]) }
                }
                let string = String(text)
                if string != content.string(in: cluster.range) {
                    clusters[c].text = string
                    if string.isEmpty { clusters[c].width = 0 }
                }
            }
        }
        return clusterLevels
    }

    /// The paragraph embedding level (0 or 1) of the block `line` belongs to, as
    /// `forEachCluster` places it.
    public static func paragraphLevel(of line: Line, in content: TextContent, options: LayoutOptions,
                                      paragraphs: BidiParagraphCache? = nil) -> Int {
        guard case let .resolved(_, _, result)? = paragraphAnalysis(of: line, in: content, options: options,
                                                                    paragraphs: paragraphs)?.analysis else { return 0 }
        return result.paragraphLevel
    }

    /// The block `line` belongs to and its display analysis (from `paragraphs` when it
    /// holds it), or nil for a line outside every block.
    static func paragraphAnalysis(of line: Line, in content: TextContent, options: LayoutOptions,
                                  paragraphs: BidiParagraphCache?) -> (block: Block, analysis: BidiParagraphCache.Analysis)? {
        let blockIndex = content.blockIndex(atOrAfter: line.start)
        guard blockIndex < content.blocks.count, content.blocks[blockIndex].range.lowerBound <= line.start else { return nil }
        let block = content.blocks[blockIndex]
        let (direction, fallbackRTL) = paragraphDirection(of: block, in: content, options: options)
        let compute = { analyseParagraph(block, in: content, direction: direction, fallbackRightToLeft: fallbackRTL) }
        let analysis = paragraphs?.analysis(of: block, direction: direction, fallbackRightToLeft: fallbackRTL, compute: compute)
            ?? compute()
        return (block, analysis)
    }

    /// Resolves one paragraph for display: left to right when nothing in it can be right
    /// to left (only bytes below 0xD6 — no code point from U+0590 up, where every R, AL,
    /// AN and explicit formatting character is — or `Bidi.resolve`'s own fast path).
    static func analyseParagraph(_ block: Block, in content: TextContent, direction: BidiDirection,
                                 fallbackRightToLeft: Bool) -> BidiParagraphCache.Analysis {
        if direction != .rightToLeft && !fallbackRightToLeft {
            let plain = content.bytes.withUnsafeBufferPointer { all in
                !all[block.range.intRange].contains { $0 >= 0xD6 }
            }
            if plain { return .leftToRight }
        }
        var scalars: [Unicode.Scalar] = []
        var offsets: [UInt32] = []   // from the block's start: 4 bytes a scalar, not 8
        scalars.reserveCapacity(block.range.count)
        offsets.reserveCapacity(block.range.count)
        content.bytes.withUnsafeBufferPointer { all in
            let base = all.baseAddress!
            var i = block.range.lowerBound.rawValue
            let end = block.range.upperBound.rawValue
            while i < end {
                let (v, n) = UTF8Scalar.decode(base, i, end)
                scalars.append(Unicode.Scalar(v) ?? "\u{FFFD}")
                offsets.append(UInt32(truncatingIfNeeded: i - block.range.lowerBound.rawValue))
                i += n
            }
        }
        var result = Bidi.resolve(scalars, direction: direction)
        if direction == .auto && fallbackRightToLeft && result.paragraphLevel == 0 && Bidi.firstStrongLevel(scalars) == nil {
            result = Bidi.resolve(scalars, direction: .rightToLeft)   // no strong character: the book's direction
        }
        if result.isLeftToRightOnly { return .leftToRight }
        return .resolved(scalars: scalars, offsets: offsets, result: result)
    }

    /// The direction to resolve a block with, and whether a paragraph without any strong
    /// character should still be right to left (the book says so).
    static func paragraphDirection(of block: Block, in content: TextContent, options: LayoutOptions) -> (BidiDirection, Bool) {
        if options.direction != .auto { return (options.direction, false) }
        switch block.direction {
        case .rightToLeft: return (.rightToLeft, false)
        case .leftToRight: return (.leftToRight, false)
        case .unspecified: return (.auto, content.metadata.direction == .rightToLeft)
        }
    }

    /// `text` in visual order for a single line (status line, contents, titles): UAX #9
    /// with the direction from the text, mirroring, and optional Arabic shaping.
    public static func visualString(_ text: String, arabicShaping: Bool) -> String {
        let scalars = Array(text.unicodeScalars)
        guard scalars.contains(where: { $0.value >= 0x590 }) else { return text }
        let result = Bidi.resolve(scalars, direction: .auto)
        if result.isLeftToRightOnly && !arabicShaping { return text }
        let shaped = arabicShaping ? ArabicShaping.shape(scalars) : scalars.map { Optional($0) }
        let levels = result.lineLevels(lineStart: 0, lineEnd: scalars.count)
        // Reorder grapheme clusters, not scalars, so marks stay on their letters.
        var clusters: [(text: String.UnicodeScalarView, level: UInt8)] = []
        var index = 0
        for character in text {
            var view = String.UnicodeScalarView()
            var level: UInt8 = BidiResult.removedLevel
            for (k, _) in character.unicodeScalars.enumerated() {
                let j = index + k
                if level == BidiResult.removedLevel { level = levels[j] }
                if k == 0, levels[j] & 1 == 1, levels[j] != BidiResult.removedLevel, let m = Bidi.mirroredGlyph(of: scalars[j]) {
                    view.append(m)
                } else if let s = shaped[j] {
                    view.append(s)
                }
            }
            index += character.unicodeScalars.count
            clusters.append((view, level == BidiResult.removedLevel ? UInt8(result.paragraphLevel) : level))
        }
        var out = String.UnicodeScalarView()
        for c in Bidi.reorder(levels: clusters.map(\.level)) { out.append(contentsOf: clusters[c].text) }
        return String(out)
    }
}
