import TextContent

extension Emitter {
    /// Appends a paragraph whose `_italic_` / `*bold*` markup (`EmphasisMarkup`) pairs up:
    /// the markers are left out and the text between them gets an emphasis or strong style
    /// run. Returns false, having appended nothing, when the paragraph has no such pair
    /// (the caller appends it as it is). Markers in converted literal text do not count.
    mutating func appendLinesWithEmphasis(_ unit: TextStructure.Unit) -> Bool {
        let lines = structure.lines
        // Quick test on the source pieces: most paragraphs have no marker byte at all.
        let candidate = text.utf8.withUnsafeBufferPointer { buf in
            unit.lines.contains { line in
                lines.pieces(ofLine: line).contains { piece in
                    !piece.isLiteral && EmphasisMarkup.mayContainMarkers(UnsafeBufferPointer(rebasing: buf[piece.start..<piece.end]))
                }
            }
        }
        guard candidate else { return false }
        // The paragraph as it would be appended (joiners and literals included), and where
        // each source piece starts in it.
        var joined: [UInt8] = []
        var sourceStarts: [(at: Int, range: Range<Int>)] = []
        for line in unit.lines {
            if line > unit.firstLine {
                switch structure.joiners[line - 1] {
                case .space: joined.append(0x20)
                case .none: break
                case .lineBreak: joined.append(0x0A)
                }
            }
            for piece in lines.pieces(ofLine: line) {
                if piece.isLiteral {
                    joined += lines.literals[piece.start..<piece.end]
                } else {
                    sourceStarts.append((joined.count, piece.start..<piece.end))
                    joined += text.utf8[piece.start..<piece.end]
                }
            }
        }
        // Each marker as an offset in the decoded text (markers outside source pieces: the pair is dropped).
        func source(_ at: Int) -> Int? {
            guard let s = sourceStarts.last(where: { $0.at <= at }), at - s.at < s.range.count else { return nil }
            return s.range.lowerBound + at - s.at
        }
        var events: [Int: (open: Bool, style: InlineStyle)] = [:]
        for pair in joined.withUnsafeBufferPointer({ EmphasisMarkup.pairs(in: $0) }) {
            guard let open = source(pair.open), let close = source(pair.close) else { continue }
            events[open] = (true, pair.style)
            events[close] = (false, pair.style)
        }
        guard !events.isEmpty else { return false }
        appendLines(unit, markers: events)
        return true
    }

    /// Appends a unit's lines with their joiners (space, nothing, line break), literal and
    /// source pieces; the marker bytes at `markers` (decoded-text offsets) are left out and
    /// turned into style starts and ends (none: the lines as they are).
    mutating func appendLines(_ unit: TextStructure.Unit, markers: [Int: (open: Bool, style: InlineStyle)] = [:]) {
        let lines = structure.lines
        let offsets = markers.keys.sorted()   // source pieces come in text order
        var next = 0
        var open: [InlineStyle: Int] = [:]
        for line in unit.lines {
            if line > unit.firstLine { appendJoiner(before: line) }
            for piece in lines.pieces(ofLine: line) {
                if piece.isLiteral {
                    lines.literals.withUnsafeBufferPointer {
                        builder.append(utf8: UnsafeBufferPointer(rebasing: $0[piece.start..<piece.end]))
                    }
                    continue
                }
                var from = piece.start
                while next < offsets.count && offsets[next] < piece.start { next += 1 }
                while next < offsets.count && offsets[next] < piece.end {
                    let at = offsets[next]
                    next += 1
                    guard let marker = markers[at] else { continue }
                    if at > from { appendSource(from..<at) }
                    if marker.open {
                        open[marker.style] = builder.beginStyle(marker.style)
                    } else if let token = open.removeValue(forKey: marker.style) {
                        builder.endStyle(token)
                    }
                    from = at + 1
                }
                if piece.end > from { appendSource(from..<piece.end) }
            }
        }
        for token in open.values { builder.endStyle(token) }
    }

    /// What joins source line `line` to the one before it in a paragraph: a space, nothing
    /// (CJK), or a hard line break.
    mutating func appendJoiner(before line: Int) {
        switch structure.joiners[line - 1] {
        case .space: builder.append(" ")
        case .none: break
        case .lineBreak: builder.appendLineBreak()
        }
    }
}
