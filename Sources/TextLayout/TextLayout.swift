import TextContent
import UnicodeData

/// The layout engine: a pure function from (text, range, options) to lines.
///
/// Same input, same output, on any machine: no I/O, no clock, no environment — which is
/// what makes the result cacheable on disk.
public enum TextLayout {
    /// Version of the line-fitting rules; part of every cache key. Bump it whenever a
    /// change can move a line break.
    public static let engineVersion = 10   // 10: ruby (bases kept whole, readings inline or on rows above), block placement; 9: hyphen points inside clusters measured right; 8: dictionary breaks in SA runs (7: tables wrapped within their columns, 6: optimal line breaking)

    /// Version of the Unicode Character Database the tables come from; part of every
    /// cache key (a new UCD can move breaks and widths).
    public static let unicodeVersion = UnicodeData.unicodeVersion

    /// Version of the ICU whose dictionaries break Thai, Lao, Khmer and Burmese words
    /// ("72.1"); part of every cache key (another ICU may move those breaks).
    public static let dictionaryVersion = DictionaryScript.icuVersion

    /// Lays out the blocks of `content` that intersect `range` (clipped to it).
    ///
    /// Each block is broken into lines at UAX #14 opportunities (tailored by
    /// `options.lineBreakStyle`), never splitting a grapheme cluster; runs with no
    /// opportunity that are wider than the column are cut at grapheme boundaries
    /// (`LineFlags.emergencyBreak`). Trailing spaces hang. Blocks are separated by blank
    /// lines as `LayoutOptions` and the block kinds ask.
    public static func layout(_ content: TextContent, range: ByteRange, options: LayoutOptions) -> LineCollection {
        if options.wrap == .optimal {
            // Total fit works on the segments: analyse each block, then fit it — unless
            // first fit (which needs no analysis) sets a short slice with one line a run.
            var analyzer = BlockAnalyzer()
            var exact = LineFitter(options: options)
            var annotations = AnnotationCursor()
            return layoutBlocks(content, range: range, options: options) { block, slice, text, lines in
                let units = rubyUnits(content, block, slice, options, &annotations)
                if slice.count <= 2 * options.width,
                   fitsOneLineARun(text, slice: slice, block: block, units: units, fitter: &exact, into: &lines) {
                    return
                }
                let analysis = analyzer.analyze(text, block: block, range: slice, style: options.lineBreakStyle, units: units)
                fit(analysis, text: text, options: options, exact: &exact, languages: languages(content, slice, options),
                    units: units, into: &lines)
            }
        }
        var fitter = LineFitter(options: options)
        var annotations = AnnotationCursor()
        return layoutBlocks(content, range: range, options: options) { block, slice, text, lines in
            fitter.fit(text, base: slice.lowerBound.rawValue, block: block,
                       continuesBlock: slice.lowerBound > block.range.lowerBound,
                       units: rubyUnits(content, block, slice, options, &annotations), into: &lines)
        }
    }

    /// The same lines as `layout(_:range:options:)`, byte for byte, with each block's
    /// width-independent analysis (`BlockAnalysis`) taken from `analyses`, or made and
    /// stored there: laying out the same range again at another width (a resize) only
    /// fits the cached segments instead of finding breaks and measuring clusters again.
    ///
    /// `analyses` must be used with one `TextContent` (it empties itself when given
    /// another) and from one thread at a time (see `LayoutAnalysisCache`).
    public static func layout(_ content: TextContent, range: ByteRange, options: LayoutOptions,
                              analyses: LayoutAnalysisCache) -> LineCollection {
        analyses.prepare(for: content)
        var analyzer = BlockAnalyzer()
        var exact = LineFitter(options: options)
        let style = options.lineBreakStyle
        let ruby = effectiveRubyMode(content, options.ruby)
        var annotations = AnnotationCursor()
        return layoutBlocks(content, range: range, options: options) { block, slice, text, lines in
            let units = rubyUnits(content, block, slice, options, &annotations)
            let analysis = analyses.analysis(of: block, slice: slice, style: style, ruby: ruby) {
                analyzer.analyze(text, block: block, range: slice, style: style, units: units)
            }
            fit(analysis, text: text, options: options, exact: &exact, languages: languages(content, slice, options),
                units: units, into: &lines)
        }
    }

    /// The width-independent analysis of the blocks of `content` that intersect `range`
    /// (clipped to it), for `fit(_:in:options:)` at any width with
    /// `options.lineBreakStyle == lineBreakStyle`. (`layout(_:range:options:analyses:)`
    /// does the same block by block, through a cache.)
    public static func analyze(_ content: TextContent, range: ByteRange,
                               lineBreakStyle: LineBreakStyle, ruby: RubyMode = .above) -> LayoutAnalysis {
        var analyzer = BlockAnalyzer()
        var blocks: [BlockAnalysis] = []
        let mode = effectiveRubyMode(content, ruby)
        var annotations = AnnotationCursor()
        forEachSlice(content, range: range) { block, slice, text in
            let units = mode == .off ? nil : RubyUnits(content: content, block: block, slice: slice, mode: mode,
                                                       annotations: &annotations)
            blocks.append(analyzer.analyze(text, block: block, range: slice, style: lineBreakStyle, units: units))
        }
        return LayoutAnalysis(range: range, lineBreakStyle: lineBreakStyle, ruby: mode, blocks: blocks)
    }

    /// The ruby mode that shapes lines: `.off` for a book without ruby (whose lines are
    /// the same in every mode), else `mode`.
    @inline(__always)
    static func effectiveRubyMode(_ content: TextContent, _ mode: RubyMode) -> RubyMode {
        content.rubies.isEmpty ? .off : mode
    }

    /// The ruby units of a block slice under `options` (none for a book without ruby);
    /// `annotations` walks the readings along the slices.
    @inline(__always)
    static func rubyUnits(_ content: TextContent, _ block: Block, _ slice: ByteRange, _ options: LayoutOptions,
                          _ annotations: inout AnnotationCursor) -> RubyUnits? {
        content.rubies.isEmpty || options.ruby == .off
            ? nil : RubyUnits(content: content, block: block, slice: slice, mode: options.ruby, annotations: &annotations)
    }

    /// Lines of an analysis at `options`: the same as `layout(content, range:
    /// analysis.range, options: options)`. `content` must be the one analysed and
    /// `options.lineBreakStyle` the analysis's style.
    public static func fit(_ analysis: LayoutAnalysis, in content: TextContent, options: LayoutOptions) -> LineCollection {
        precondition(options.lineBreakStyle == analysis.lineBreakStyle, "analysis made with another line-break style")
        precondition(effectiveRubyMode(content, options.ruby) == analysis.ruby, "analysis made with another ruby mode")
        var exact = LineFitter(options: options)
        var index = 0
        var annotations = AnnotationCursor()
        return layoutBlocks(content, range: analysis.range, options: options) { block, slice, text, lines in
            // (Rows of wrapped tables are not fitted: their analyses are skipped.)
            while index < analysis.blocks.count && analysis.blocks[index].range.lowerBound < slice.lowerBound { index += 1 }
            precondition(index < analysis.blocks.count && analysis.blocks[index].range == slice, "analysis of another text")
            let blockAnalysis = analysis.blocks[index]
            index += 1
            fit(blockAnalysis, text: text, options: options, exact: &exact, languages: languages(content, slice, options),
                units: rubyUnits(content, block, slice, options, &annotations), into: &lines)
        }
    }

    /// Appends first fit's lines of a block slice if each ends at a hard break or the
    /// slice's end — total fit's lines then, as a run on one line costs nothing and is no
    /// runt — and is true; else appends nothing and is false.
    static func fitsOneLineARun(_ text: UnsafeBufferPointer<UInt8>, slice: ByteRange, block: Block, units: RubyUnits?,
                                fitter: inout LineFitter, into lines: inout LineCollection) -> Bool {
        let mark = lines.count
        fitter.fit(text, base: slice.lowerBound.rawValue, block: block, continuesBlock: slice.lowerBound > block.range.lowerBound,
                   units: units, into: &lines)
        var ok = true
        for i in mark..<lines.count {
            let flags = lines.flags(at: i)
            if flags.contains(.emergencyBreak) || flags.contains(.overwide) || (i < lines.count - 1 && !flags.contains(.hardBreak)) {
                ok = false
                break
            }
        }
        if !ok { lines.removeLines(from: mark) }
        return ok
    }

    /// The language spans of a block slice, when the layout hyphenates (else none: only
    /// hyphenation looks at them).
    @inline(__always)
    static func languages(_ content: TextContent, _ slice: ByteRange, _ options: LayoutOptions) -> ArraySlice<LanguageSpan> {
        options.hyphenation == nil || content.languages.isEmpty ? [] : content.languageSpans(intersecting: slice)
    }

    /// Fits one block slice from its analysis (exactly, walking the text, if it asks so).
    static func fit(_ analysis: BlockAnalysis, text: UnsafeBufferPointer<UInt8>, options: LayoutOptions,
                    exact: inout LineFitter, languages: ArraySlice<LanguageSpan> = [], units: RubyUnits? = nil,
                    into lines: inout LineCollection) {
        if analysis.usesExactFitter {
            exact.fit(text, base: analysis.range.lowerBound.rawValue, block: analysis.block,
                      continuesBlock: analysis.continuesBlock, units: units, into: &lines)
        } else if options.wrap == .optimal {
            OptimalFitter.fit(analysis, text: text, options: options, languages: languages, units: units, into: &lines)
        } else {
            SegmentFitter.fit(analysis, text: text, options: options, units: units, into: &lines)
        }
    }

    /// The loop shared by the layouts: the blocks of `range` (clipped) in order, the blank
    /// lines between them, and `body` for each block's slice (its block, its range and its
    /// bytes) to append the slice's lines — except the whole rows of tables wrapped within
    /// their columns, whose lines are the table's (`appendWrappedRow`).
    @inline(__always)
    static func layoutBlocks(_ content: TextContent, range: ByteRange, options: LayoutOptions,
                             _ body: (Block, ByteRange, UnsafeBufferPointer<UInt8>, inout LineCollection) -> Void)
        -> LineCollection {
        var lines = LineCollection(options: options, range: range)
        lines.reserve(range.count / 48 + 16)
        var previous: Block?
        let tables = TableColumnCache()
        var annotations = AnnotationCursor()
        forEachSlice(content, range: range) { block, slice, text in
            if let prev = previous, BlockPresentation.needsBlankLine(between: prev, and: block, options: options) {
                // A blank line sits at the separator after the previous block, so every
                // line has its own start offset and a position can point at it.
                lines.append(start: prev.range.upperBound.rawValue, length: 0, width: 0, indent: 0,
                             kind: block.kind, flags: .blank)
            }
            if block.kind != .tableRow || !appendWrappedRow(block, slice: slice, in: content, options: options,
                                                            tables: tables, into: &lines) {
                let mark = lines.count
                body(block, slice, text, &lines)
                if options.ruby == .above && content.hasAnnotations { addRubyRows(content, slice, from: mark, to: &lines, &annotations) }
            }
            previous = block
        }
        return lines
    }

    /// Adds a ruby row above each line from `mark` on (a slice's lines) that shows a
    /// reading or emphasis marks (`annotations` walks the annotations along the slices).
    static func addRubyRows(_ content: TextContent, _ slice: ByteRange, from mark: Int, to lines: inout LineCollection,
                            _ annotations: inout AnnotationCursor) {
        let rubies = annotations.rubies(intersecting: slice, in: content)
        let allMarks = annotations.emphasisMarks(intersecting: slice, in: content)
        guard !rubies.isEmpty || !allMarks.isEmpty else { return }
        let marks = allMarks.filter { $0.mark.character != nil }
        guard !rubies.isEmpty || !marks.isEmpty else { return }
        // Lines come in order: walk the annotations along with them.
        var r = rubies.startIndex, m = 0
        lines.insertRubyRows(from: mark) { start, end in
            while r < rubies.endIndex && rubies[r].base.lowerBound.rawValue < start { r += 1 }
            while m < marks.count && marks[m].range.upperBound.rawValue <= start { m += 1 }
            return (r < rubies.endIndex && rubies[r].base.lowerBound.rawValue < end)
                || (m < marks.count && marks[m].range.lowerBound.rawValue < end)
        }
    }

    /// Appends the lines of table row `block` if the whole row (`slice`) is in the range and
    /// its table is wrapped within its columns at this width (`TableGrid`): one line for
    /// each line of the row, flagged `.tableSlice`. False (nothing appended) otherwise.
    static func appendWrappedRow(_ block: Block, slice: ByteRange, in content: TextContent, options: LayoutOptions,
                                 tables: TableColumnCache, into lines: inout LineCollection) -> Bool {
        guard slice == block.range else { return false }
        let index = content.blockIndex(atOrAfter: block.range.lowerBound)
        // A table that fits is laid out row by row as paragraphs (each fits one line).
        guard let columns = tables.columns(ofBlockAt: index, in: content), !columns.fits(width: options.width),
              let grid = tables.grid(ofBlockAt: index, in: content, width: options.width, options: options),
              grid.wraps, let row = grid.row(ofBlockAt: index) else { return false }
        for k in 0..<row.lineCount {
            let start = row.starts[k]
            let end = k + 1 < row.lineCount ? row.starts[k + 1] : block.range.upperBound
            var flags: LineFlags = .tableSlice
            if k == 0 { flags.insert(.blockStart) }
            if k == row.lineCount - 1 { flags.insert(.blockEnd) }
            lines.append(start: start.rawValue, length: end - start, width: row.widths[k], indent: 0,
                         kind: .tableRow, flags: flags)
        }
        return true
    }

    /// Calls `body` for each non-empty slice of a block inside `range` (clipped to the
    /// text), in order: the block, the slice's range and its bytes.
    @inline(__always)
    static func forEachSlice(_ content: TextContent, range: ByteRange,
                             _ body: (Block, ByteRange, UnsafeBufferPointer<UInt8>) -> Void) {
        let clipped = ByteRange(max(range.lowerBound, .zero), min(range.upperBound, ByteOffset(content.bytes.count)))
        guard !clipped.isEmpty else { return }
        content.bytes.withUnsafeBufferPointer { all in
            for block in content.blocks(in: clipped) {
                let lower = max(block.range.lowerBound, clipped.lowerBound)
                let upper = min(block.range.upperBound, clipped.upperBound)
                guard lower < upper else { continue }
                body(block, ByteRange(lower, upper), UnsafeBufferPointer(rebasing: all[lower.rawValue..<upper.rawValue]))
            }
        }
    }

    /// Lays out a plain string as one paragraph (for tests and tools).
    public static func layout(_ text: String, options: LayoutOptions) -> LineCollection {
        var builder = TextContentBuilder(metadata: BookMetadata(title: "", format: .txt))
        builder.beginBlock(.paragraph)
        builder.append(text)
        let content = builder.finish()
        return layout(content, range: content.fullRange, options: options)
    }
}

/// How each kind of block is presented: indents and spacing.
enum BlockPresentation {
    /// Whether a blank line goes between two consecutive blocks.
    static func needsBlankLine(between previous: Block, and next: Block, options: LayoutOptions) -> Bool {
        if next.kind == .heading || previous.kind == .heading { return true }
        // A stanza is set off from the blocks around it, in compact layouts too.
        if next.isVerse || previous.isVerse { return true }
        if previous.kind == next.kind {
            switch next.kind {
            case .listItem, .tableRow, .preformatted: return false
            default: break
            }
        }
        if next.kind == .separator || previous.kind == .separator { return true }
        return options.paragraphSpacing
    }

    /// (first-line indent, other-lines indent) for a block, clamped to leave room for text.
    static func indents(for block: Block, options: LayoutOptions) -> (first: Int, rest: Int) {
        let kind = kindIndents(for: block, options: options)
        let placement = block.placement
        guard placement.firstIndent != 0 || placement.restIndent != 0 else { return kind }
        // An Aozora 字下げ adds to the kind's indent, within the same bound.
        let maxIndent = options.width / 2
        return (min(maxIndent, kind.first + Int(placement.firstIndent)), min(maxIndent, kind.rest + Int(placement.restIndent)))
    }

    /// The indents a block's kind gives it.
    static func kindIndents(for block: Block, options: LayoutOptions) -> (first: Int, rest: Int) {
        let maxIndent = options.width / 2
        func clamp(_ v: Int) -> Int { max(0, min(v, maxIndent)) }
        switch block.kind {
        case .paragraph:
            // Verse keeps every line of a stanza at the margin.
            return (block.isVerse ? 0 : clamp(options.firstLineIndent), 0)
        case .blockquote, .footnote:
            if let marker = block.marker { return (clamp(Int(marker.indent)), clamp(Int(marker.indent))) }
            return (clamp(2), clamp(2))
        case .listItem:
            // The parser's hanging indent (the markers' column), else 2 cells a level.
            let d = clamp(block.marker.map { Int($0.indent) } ?? 2 * max(1, Int(block.level)))
            return (d, d)
        case .heading, .preformatted, .tableRow, .image, .separator:
            return (0, 0)
        }
    }
}
