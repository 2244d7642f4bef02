import TextContent

extension Emitter {
    /// Appends an Aozora unit's lines (as `appendLines` does) with the spans of each line
    /// (`AozoraMarkup.Span`): rubies and emphasis marks recorded over their text, styles
    /// begun and ended around it.
    mutating func appendAozoraLines(_ unit: TextStructure.Unit) {
        let lines = structure.lines
        for line in unit.lines {
            if line > unit.firstLine { appendJoiner(before: line) }
            let spans = lines.aozoraSpans(ofLine: line)
            var events = AozoraEvents(spans)
            var at = 0
            for piece in lines.pieces(ofLine: line) {
                var from = piece.start
                let end = piece.end
                while let offset = events.nextOffset, offset < at + (end - from) {
                    if offset > at {
                        appendPiece(piece, from..<(from + offset - at))
                        from += offset - at
                        at = offset
                    }
                    fire(&events)
                }
                appendPiece(piece, from..<end)
                at += end - from
            }
            while events.nextOffset != nil { fire(&events) }
        }
    }

    /// Appends bytes `r` of a piece (decoded text, or the table's literals).
    private mutating func appendPiece(_ piece: LineTable.Piece, _ r: Range<Int>) {
        guard !r.isEmpty else { return }
        if piece.isLiteral {
            structure.lines.literals.withUnsafeBufferPointer {
                builder.append(utf8: UnsafeBufferPointer(rebasing: $0[r]))
            }
        } else {
            appendSource(r)
        }
    }

    /// Runs the events at the next offset: ends first, then starts.
    private mutating func fire(_ events: inout AozoraEvents) {
        for e in events.takeNext() {
            let span = events.spans[e.span]
            if e.isStart {
                switch span.mark {
                case .style(let style): events.tokens[e.span] = builder.beginStyle(style)
                case .ruby, .emphasis: events.tokens[e.span] = builder.currentOffset.rawValue
                }
                continue
            }
            guard let token = events.tokens[e.span] else { continue }
            switch span.mark {
            case .style: builder.endStyle(token)
            case .ruby(let reading): builder.addRuby(over: ByteRange(token, builder.currentOffset.rawValue), reading: reading)
            case .emphasis(let mark): builder.addEmphasisMarks(over: ByteRange(token, builder.currentOffset.rawValue), mark: mark)
            }
        }
    }

    /// Starts the 底本 colophon's chapter (back matter, after the last chapter).
    mutating func beginColophon(source: String) {
        builder.beginChapter(title: "底本", level: 1, source: source)
        builder.addTOCEntry(title: "底本", level: 1, target: nextTextOffset, source: source)
    }

    /// One warning per kind of broken Aozora markup.
    mutating func warnAozora() {
        let state = structure.lines.aozoraState
        if state.unbalancedAnnotations > 0 {
            builder.warn("\(state.unbalancedAnnotations) Aozora annotation(s) ［＃ without ］: dropped to the end of the line")
        }
        if state.emptyReadings > 0 {
            builder.warn("\(state.emptyReadings) empty Aozora ruby reading(s) 《》: base kept without a reading")
        }
    }
}

/// The starts and ends of a line's spans in offset order (ends before starts at one
/// offset), with what each started span left for its end (a style token, a text offset).
struct AozoraEvents {
    let spans: [AozoraMarkup.Span]
    private var events: [(offset: Int, isStart: Bool, span: Int)]
    private var next = 0
    var tokens: [Int: Int] = [:]

    init(_ spans: [AozoraMarkup.Span]) {
        self.spans = spans
        var events: [(offset: Int, isStart: Bool, span: Int)] = []
        events.reserveCapacity(spans.count * 2)
        for (k, s) in spans.enumerated() {
            events.append((s.range.lowerBound, true, k))
            events.append((s.range.upperBound, false, k))
        }
        events.sort { a, b in
            a.offset != b.offset ? a.offset < b.offset : a.isStart != b.isStart ? !a.isStart : (a.isStart ? a.span < b.span : a.span > b.span)
        }
        self.events = events
    }

    /// The offset of the next events, nil when all ran.
    var nextOffset: Int? { next < events.count ? events[next].offset : nil }

    /// The events at the next offset.
    mutating func takeNext() -> ArraySlice<(offset: Int, isStart: Bool, span: Int)> {
        let start = next
        let offset = events[next].offset
        while next < events.count && events[next].offset == offset { next += 1 }
        return events[start..<next]
    }
}
