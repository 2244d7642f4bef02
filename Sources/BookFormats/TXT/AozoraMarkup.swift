import TextContent

/// Aozora Bunko (青空文庫) plain-text markup → text plus the model's annotations.
///
/// `transform` converts one line into pieces of text (source ranges, inserted gaiji) and
/// spans over the converted line (`AozoraLine`), with a `State` carried from line to line:
///
/// * **Ruby** `｜base《reading》` and `base《reading》`: the base stays in the text, the
///   reading becomes a `.ruby` span (→ `TextContentBuilder.addRuby`). Without `｜` the base
///   is the run of kanji before `《`, else the run of katakana, hiragana or letters and
///   digits (`AozoraRuby`); it never spans lines or reaches into the previous base. No
///   base (punctuation or the line start before `《`), a `《` without `》` or a lone `》`:
///   the brackets stay as text. `｜` is dropped only when a ruby follows it on the line.
///   An empty reading `漢字《》` keeps the base, records nothing and is counted.
/// * **Annotations `［＃…］`** (nesting handled) are interpreted or dropped, never shown
///   (`AozoraAnnotation`): 傍点 / 傍線 variants → `.emphasis` spans, 太字 斜体 上付き小文字
///   下付き小文字 → `.style` spans, both as `「X」に…` (the last X before it on the line) or
///   ranged `…` / `…終わり` (open ranges continue on the next lines); 字下げ, ここから字下げ
///   (折り返して), 地付き, 地からN字上げ → the line's `BlockPlacement` (2 cells a 字);
///   改ページ 改丁 改段 改見開き → the next text starts a page; 見出し → heading rank
///   (大 1, 中 3, 小 4). A gaiji note `※［＃…、U+6318…］` or `※［＃…、第3水準1-87-64］`
///   becomes its character (`AozoraGaiji`), else the `※` placeholder stays (and counts as
///   a kanji of a ruby base). An annotation without `］` is dropped to the line's end
///   (counted).
/// * The header (title, author, the `-------` explanation block) and the 底本 colophon
///   are handled by `PlainTextReader` and `TextStructure`.
enum AozoraMarkup {
    /// A piece of a transformed line: bytes of the decoded text, or inserted bytes.
    enum Piece: Equatable {
        case source(Range<Int>)
        case literal([UInt8])
    }

    /// A ruby, emphasis or style over `range` of a converted line (byte offsets of the
    /// line's pieces, concatenated).
    struct Span: Equatable {
        var range: Range<Int>
        var mark: AozoraAnnotation.Mark
    }

    /// A transformed line.
    struct Line {
        var pieces: [Piece]
        /// Heading rank from a 見出し annotation, if any.
        var headingRank: Int?
        /// Ruby, emphasis and styles, sorted by start.
        var spans: [Span] = []
        var placement = BlockPlacement()
    }

    /// What carries over from one line to the next.
    struct State {
        /// `ここからN字下げ` in force (first-line and other-line indents).
        var indent: (first: UInt8, rest: UInt8)?
        /// `ここから地付き` / `ここから地からN字上げ` in force.
        var endGap: UInt8?
        /// A page break waits for the next text.
        var pageBreak = false
        /// Ranged marks still open at the end of the previous line.
        var openMarks: [AozoraAnnotation.Mark] = []
        /// Annotations without `］`, empty readings `《》` (for the book's warnings).
        var unbalancedAnnotations = 0
        var emptyReadings = 0
    }

    static let openAnnotation: [UInt8] = Array("［＃".utf8)
    static let openBracket: [UInt8] = Array("［".utf8)
    static let closeBracket: [UInt8] = Array("］".utf8)
    static let rubyBar: [UInt8] = Array("｜".utf8)
    static let rubyOpen: [UInt8] = Array("《".utf8)
    static let rubyClose: [UInt8] = Array("》".utf8)
    static let kome: [UInt8] = Array("※".utf8)

    /// Whether a text looks like an Aozora Bunko file (checked on its first 64 KiB).
    static func looksLikeAozora(_ utf8: [UInt8]) -> Bool {
        let n = min(utf8.count, 65536)
        return utf8.withUnsafeBufferPointer { p -> Bool in
            let head = UnsafeBufferPointer(rebasing: p[0..<n])
            return find(openAnnotation, in: head, from: 0, to: n) != nil
                || find(Array("【テキスト中に現れる記号について】".utf8), in: head, from: 0, to: n) != nil
        }
    }

    /// Transforms the line `utf8[range]` (trimmed of indentation and trailing spaces).
    static func transform(_ utf8: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Line {
        var state = State()
        return transform(utf8, range, state: &state)
    }

    /// Transforms the line `utf8[range]`, continuing `state` from the previous line.
    static func transform(_ utf8: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, state: inout State) -> Line {
        let hasMarkup = mayHaveMarkup(utf8, range)
        if !hasMarkup && state.openMarks.isEmpty { return plainLine(utf8, range, state: &state) }
        var line = AozoraLine(utf8: utf8, openMarks: state.openMarks)
        if hasMarkup { scan(utf8, range, into: &line, state: &state) } else { line.addSource(range) }
        state.openMarks = line.finish()
        var placement = BlockPlacement()
        if let n = line.lineIndent {
            placement.firstIndent = n
            placement.restIndent = n
        } else if let i = state.indent {
            placement.firstIndent = i.first
            placement.restIndent = i.rest
        }
        placement.endGap = line.lineEndGap ?? state.endGap
        if line.length > 0 {
            placement.startsPage = state.pageBreak || line.pageBreakBefore
            state.pageBreak = line.pageBreakAfter
        } else if line.pageBreakBefore || line.pageBreakAfter {
            state.pageBreak = true
        }
        return Line(pieces: line.pieces, headingRank: line.headingRank, spans: line.spans, placement: placement)
    }

    /// A line without markup (most of them): one trimmed source piece, the placement of
    /// the open ここから blocks.
    private static func plainLine(_ utf8: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, state: inout State) -> Line {
        var a = range.lowerBound, b = range.upperBound
        while a < b, let w = TextStructure.spaceWidth(utf8, a, b) { a += w }
        while b > a, let w = TextStructure.spaceWidthBefore(utf8, b, a) { b -= w }
        guard a < b else { return Line(pieces: [], headingRank: nil) }
        var placement = BlockPlacement(endGap: state.endGap, startsPage: state.pageBreak)
        if let i = state.indent {
            placement.firstIndent = i.first
            placement.restIndent = i.rest
        }
        state.pageBreak = false
        return Line(pieces: [.source(a..<b)], headingRank: nil, placement: placement)
    }

    /// Whether the line has a byte that can start markup (the lead byte of `［` `｜` or
    /// `《` `》`): most lines of a book have none.
    @inline(__always) static func mayHaveMarkup(_ utf8: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var i = range.lowerBound
        let end = range.upperBound
        while i + 2 < end {
            let b = utf8[i]
            if b == 0xEF && (utf8[i + 1] == 0xBC && utf8[i + 2] == 0xBB || utf8[i + 1] == 0xBD && utf8[i + 2] == 0x9C) { return true }
            if b == 0xE3 && utf8[i + 1] == 0x80 && (utf8[i + 2] == 0x8A || utf8[i + 2] == 0x8B) { return true }
            i += 1
        }
        return false
    }

    /// Walks the line: annotations, `｜`, `《…》`.
    private static func scan(_ utf8: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into line: inout AozoraLine,
                             state: inout State) {
        var marks = RubyMarks(end: range.upperBound)
        var segmentStart = range.lowerBound
        var i = range.lowerBound
        let end = range.upperBound
        while i < end {
            let b = utf8[i]
            if b == 0xEF && matches(openAnnotation, utf8, at: i, end: end) {
                line.addSource(segmentStart..<i)
                guard let close = matchingClose(utf8, from: i, end: end) else {
                    state.unbalancedAnnotations += 1
                    return
                }
                annotation(utf8, (i + openAnnotation.count)..<close, into: &line, state: &state)
                i = close + closeBracket.count
                segmentStart = i
                continue
            }
            if b == 0xEF && matches(rubyBar, utf8, at: i, end: end) && marks.rubyFollows(utf8, from: i + rubyBar.count) {
                line.addSource(segmentStart..<i)
                i += rubyBar.count
                line.pendingBar = line.length
                segmentStart = i
                continue
            }
            if b == 0xE3 && matches(rubyOpen, utf8, at: i, end: end), let close = marks.rubyEnd(utf8, from: i + rubyOpen.count) {
                line.addSource(segmentStart..<i)
                ruby(utf8, i..<(close + rubyClose.count), into: &line, state: &state)
                i = close + rubyClose.count
                segmentStart = i
                continue
            }
            i += 1
        }
        line.addSource(segmentStart..<end)
    }

    /// Handles `《…》` at `r` (brackets included): a ruby over the base before it, or text.
    private static func ruby(_ utf8: UnsafeBufferPointer<UInt8>, _ r: Range<Int>, into line: inout AozoraLine,
                             state: inout State) {
        let inner = (r.lowerBound + rubyOpen.count)..<(r.upperBound - rubyClose.count)
        let reading = plainText(utf8, inner, depth: line.depth + 1)
        if reading.allSatisfy({ $0 == " " || $0 == "　" }) {
            state.emptyReadings += 1
            line.pendingBar = nil
            return
        }
        if !line.addRuby(reading) {
            line.addLiteral("《" + reading + "》", gaiji: false)
        }
    }

    /// Interprets the annotation whose body is `utf8[body]`.
    private static func annotation(_ utf8: UnsafeBufferPointer<UInt8>, _ body: Range<Int>, into line: inout AozoraLine,
                                   state: inout State) {
        let text = String(decoding: UnsafeBufferPointer(rebasing: utf8[body]), as: UTF8.self)
        if line.dropTrailingKome() {
            line.addLiteral(AozoraGaiji.character(in: text) ?? "※", gaiji: true)
            return
        }
        if let r = headingRank(of: text) { line.headingRank = r; return }
        if let c = AozoraGaiji.codePoint(in: text) { line.addLiteral(String(Character(c)), gaiji: true); return }
        switch AozoraAnnotation.parse(text) {
        case .target(let x, let mark): _ = line.mark(Array(plainText(x, depth: line.depth + 1).utf8), with: mark)
        case .open(let mark): line.open(mark)
        case .close(let mark): line.close(mark)
        case .lineIndent(let n): line.lineIndent = n
        case .blockIndent(let first, let rest): state.indent = (first, rest)
        case .endIndentBlock: state.indent = nil
        case .lineEndGap(let n): line.lineEndGap = n
        case .blockEndGap(let n): state.endGap = n
        case .endEndGapBlock: state.endGap = nil
        case .pageBreak: if line.length > 0 { line.pageBreakAfter = true } else { line.pageBreakBefore = true }
        case .ignored: break
        }
    }

    /// Text of `utf8[r]` with markup resolved as in the book's text: gaiji notes become
    /// their characters, other annotations, `｜` and `《…》` readings are dropped.
    /// Annotations nested deeper than `maxDepth` are not resolved (their text is kept).
    static func plainText(_ utf8: UnsafeBufferPointer<UInt8>, _ r: Range<Int>, depth: Int = 1) -> String {
        guard depth <= maxDepth, mayHaveMarkup(utf8, r) else {
            return String(decoding: UnsafeBufferPointer(rebasing: utf8[r]), as: UTF8.self)
        }
        var line = AozoraLine(utf8: utf8, openMarks: [])
        line.depth = depth
        var state = State()
        scan(utf8, r, into: &line, state: &state)
        // A ruby's reading is not part of the text: the base only (spans are dropped).
        return String(decoding: line.text(), as: UTF8.self)
    }

    /// `plainText` of a string (the X of `「X」に傍点`).
    static func plainText(_ s: String, depth: Int = 1) -> String {
        let bytes = Array(s.utf8)
        return bytes.withUnsafeBufferPointer { plainText($0, 0..<$0.count, depth: depth) }
    }

    /// How deep annotations inside annotations and readings are resolved.
    static let maxDepth = 4

    /// Heading rank of an annotation body ("「一」は中見出し", "中見出し", "ここから大見出し").
    static func headingRank(of body: String) -> Int? {
        guard body.hasSuffix("見出し") else { return nil }
        if body.hasSuffix("大見出し") { return 1 }
        if body.hasSuffix("中見出し") { return 3 }
        if body.hasSuffix("小見出し") { return 4 }
        return 3
    }

    /// The index of the `］` closing the annotation opened at `start` (annotations nest).
    private static func matchingClose(_ utf8: UnsafeBufferPointer<UInt8>, from start: Int, end: Int) -> Int? {
        var depth = 0
        var i = start
        while i < end {
            if matches(openBracket, utf8, at: i, end: end) { depth += 1; i += 3; continue }
            if matches(closeBracket, utf8, at: i, end: end) {
                depth -= 1
                if depth == 0 { return i }
                i += 3
                continue
            }
            i += 1
        }
        return nil
    }

    @inline(__always) static func matches(_ pattern: [UInt8], _ utf8: UnsafeBufferPointer<UInt8>, at i: Int, end: Int) -> Bool {
        guard i >= 0, i + pattern.count <= end else { return false }
        for k in 0..<pattern.count where utf8[i + k] != pattern[k] { return false }
        return true
    }

    static func find(_ pattern: [UInt8], in utf8: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) -> Int? {
        var i = from
        while i + pattern.count <= end {
            if utf8[i] == pattern[0] && matches(pattern, utf8, at: i, end: end) { return i }
            i += 1
        }
        return nil
    }
}

/// Where the next `《` `》` `｜` of a line are, remembered between the scan's questions so
/// that a line of many `｜` or `《` without their partner is still read in linear time.
struct RubyMarks {
    let end: Int
    private var open = NextMatch(AozoraMarkup.rubyOpen)
    private var close = NextMatch(AozoraMarkup.rubyClose)
    private var bar = NextMatch(AozoraMarkup.rubyBar)

    init(end: Int) { self.end = end }

    /// Whether a ruby `《…》` follows `from` on the line with no other `｜` before it.
    mutating func rubyFollows(_ utf8: UnsafeBufferPointer<UInt8>, from: Int) -> Bool {
        guard let o = open.next(utf8, from: from, end: end) else { return false }
        if let b = bar.next(utf8, from: from, end: end), b < o { return false }
        return rubyEnd(utf8, from: o + AozoraMarkup.rubyOpen.count) != nil
    }

    /// The `》` closing a `《` whose reading starts at `from`: the first one, unless another
    /// `《` comes before it.
    mutating func rubyEnd(_ utf8: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard let c = close.next(utf8, from: from, end: end) else { return nil }
        if let o = open.next(utf8, from: from, end: end), o < c { return nil }
        return c
    }

    /// The first occurrence of a pattern at or after a position, cached: valid for any
    /// later question from a position between the last question's and the answer.
    struct NextMatch {
        let pattern: [UInt8]
        private var from = Int.max
        private var answer: Int?

        init(_ pattern: [UInt8]) { self.pattern = pattern }

        mutating func next(_ utf8: UnsafeBufferPointer<UInt8>, from position: Int, end: Int) -> Int? {
            if position >= from && (answer.map { position <= $0 } ?? true) { return answer }
            from = position
            answer = AozoraMarkup.find(pattern, in: utf8, from: position, to: end)
            return answer
        }
    }
}
