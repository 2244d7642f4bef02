import TextContent

/// One line of an Aozora text being converted by `AozoraMarkup.transform`: its pieces
/// (source ranges and inserted gaiji), and the spans (ruby, emphasis marks, styles) and
/// placement its annotations give it, in offsets of the line's converted text.
struct AozoraLine {
    typealias Piece = AozoraMarkup.Piece
    typealias Mark = AozoraAnnotation.Mark

    let utf8: UnsafeBufferPointer<UInt8>
    private(set) var pieces: [Piece] = []
    /// Where each piece starts in the converted line, and whether it is a gaiji.
    private var pieceStarts: [Int] = []
    private var isGaiji: [Bool] = []
    /// Length of the converted line so far.
    private(set) var length = 0
    private(set) var spans: [AozoraMarkup.Span] = []
    /// A ruby base found without `｜` never reaches back before this (the previous base's end).
    private var rubyFloor = 0
    /// Where the text after a `｜` starts, when a ruby follows it.
    var pendingBar: Int?
    /// Ranged marks open (`［＃傍点］` … `［＃傍点終わり］`) and where they started.
    private(set) var openMarks: [(mark: Mark, start: Int)]
    var headingRank: Int?
    /// 0 for a line of the book, 1… for the text of an annotation or reading in it.
    var depth = 0
    var lineIndent: UInt8?
    var lineEndGap: UInt8?
    /// A page break came before any text of the line / after some.
    var pageBreakBefore = false
    var pageBreakAfter = false

    init(utf8: UnsafeBufferPointer<UInt8>, openMarks: [Mark]) {
        self.utf8 = utf8
        self.openMarks = openMarks.map { ($0, 0) }
    }

    // MARK: Pieces

    mutating func addSource(_ r: Range<Int>) {
        guard !r.isEmpty else { return }
        append(.source(r), count: r.count, gaiji: false)
    }

    mutating func addLiteral(_ s: String, gaiji: Bool) {
        let bytes = Array(s.utf8)
        guard !bytes.isEmpty else { return }
        append(.literal(bytes), count: bytes.count, gaiji: gaiji)
    }

    private mutating func append(_ piece: Piece, count: Int, gaiji: Bool) {
        pieces.append(piece)
        pieceStarts.append(length)
        isGaiji.append(gaiji)
        length += count
    }

    /// Removes a `※` the line's source text ends with (a gaiji note follows); false if none.
    mutating func dropTrailingKome() -> Bool {
        guard let last = pieces.last, case .source(let r) = last, r.count >= 3,
              AozoraMarkup.matches(AozoraMarkup.kome, utf8, at: r.upperBound - 3, end: r.upperBound) else { return false }
        length -= 3
        textCache = []
        textPieces = 0
        if r.count == 3 {
            pieces.removeLast(); pieceStarts.removeLast(); isGaiji.removeLast()
        } else {
            pieces[pieces.count - 1] = .source(r.lowerBound..<(r.upperBound - 3))
        }
        rubyFloor = min(rubyFloor, length)
        if let bar = pendingBar, bar > length { pendingBar = length }
        return true
    }

    /// The converted line's bytes so far (kept between calls: a line with many
    /// `「X」に傍点` is not copied again for each).
    mutating func text() -> [UInt8] {
        // Pieces are only appended, except by `dropTrailingKome`, which resets the cache.
        while textPieces < pieces.count {
            switch pieces[textPieces] {
            case .source(let r): textCache += UnsafeBufferPointer(rebasing: utf8[r])
            case .literal(let b): textCache += b
            }
            textPieces += 1
        }
        return textCache
    }

    private var textCache: [UInt8] = []
    private var textPieces = 0

    // MARK: Spans

    /// Records `reading` over the base ending here: after `｜`, else the run of one script
    /// class (`AozoraRuby`). False when there is no base.
    mutating func addRuby(_ reading: String) -> Bool {
        defer { pendingBar = nil }
        let start = pendingBar ?? baseStart()
        guard start < length else { return false }
        spans.append(AozoraMarkup.Span(range: start..<length, mark: .ruby(reading)))
        rubyFloor = length
        return true
    }

    /// The start of the base without `｜`: walks back over the pieces to `rubyFloor`.
    private func baseStart() -> Int {
        var cls: AozoraRuby.ScriptClass?
        var k = pieces.count - 1
        var start = length
        while k >= 0, start > rubyFloor {
            let ps = pieceStarts[k]
            switch pieces[k] {
            case .literal:
                guard isGaiji[k], cls == nil || cls == .kanji else { return start }
                cls = .kanji
                start = ps
            case .source(let r):
                let floor = r.lowerBound + max(0, rubyFloor - ps)
                let s = AozoraRuby.runStart(utf8, floor: floor, end: r.upperBound, of: &cls)
                start = ps + (s - r.lowerBound)
                if s > r.lowerBound { return start }
            }
            k -= 1
        }
        return max(start, rubyFloor)
    }

    /// How far back `mark` looks for its target, in bytes.
    static let targetWindow = 16 * 1024

    /// Marks the last occurrence of `target` in the line so far (within `targetWindow`
    /// bytes); false if there is none.
    mutating func mark(_ target: [UInt8], with mark: Mark) -> Bool {
        guard !target.isEmpty, target.count <= length else { return false }
        let line = text()
        var i = line.count - target.count
        let floor = max(0, line.count - Self.targetWindow)
        while i >= floor {
            if line[i] == target[0] && line[i..<(i + target.count)].elementsEqual(target) {
                spans.append(AozoraMarkup.Span(range: i..<(i + target.count), mark: mark))
                return true
            }
            i -= 1
        }
        return false
    }

    /// Opens a ranged mark (at most 8 open at once).
    mutating func open(_ mark: Mark) {
        if openMarks.count < 8 { openMarks.append((mark, length)) }
    }

    /// Closes the innermost open `mark`; one never opened marks from the line's start.
    mutating func close(_ mark: Mark) {
        let start: Int
        if let k = openMarks.lastIndex(where: { $0.mark == mark }) {
            start = openMarks.remove(at: k).start
        } else { start = 0 }
        if start < length { spans.append(AozoraMarkup.Span(range: start..<length, mark: mark)) }
    }

    // MARK: End

    /// Trims indentation and trailing spaces, closes the open marks at the line's end
    /// (returned, to be reopened on the next line) and sorts the spans.
    mutating func finish() -> [Mark] {
        for m in openMarks where m.start < length { spans.append(AozoraMarkup.Span(range: m.start..<length, mark: m.mark)) }
        var lead = 0
        while let first = pieces.first, case .source(let r) = first {
            var a = r.lowerBound
            while a < r.upperBound, let w = TextStructure.spaceWidth(utf8, a, r.upperBound) { a += w }
            lead += a - r.lowerBound
            if a < r.upperBound { pieces[0] = .source(a..<r.upperBound); break }
            pieces.removeFirst()
        }
        length -= lead
        while let last = pieces.last, case .source(let r) = last {
            var b = r.upperBound
            while b > r.lowerBound, let w = TextStructure.spaceWidthBefore(utf8, b, r.lowerBound) { b -= w }
            length -= r.upperBound - b
            if b > r.lowerBound { pieces[pieces.count - 1] = .source(r.lowerBound..<b); break }
            pieces.removeLast()
        }
        if lead > 0 || spans.contains(where: { $0.range.upperBound > length }) {
            spans = spans.compactMap { span in
                let lower = max(0, span.range.lowerBound - lead), upper = min(length, span.range.upperBound - lead)
                return lower < upper ? AozoraMarkup.Span(range: lower..<upper, mark: span.mark) : nil
            }
        }
        spans.sort { $0.range.lowerBound < $1.range.lowerBound }
        return openMarks.map(\.mark)
    }
}
