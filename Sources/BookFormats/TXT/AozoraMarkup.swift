/// Aozora Bunko (青空文庫) plain-text markup → readable text.
///
/// * Ruby `｜漢字《かんじ》` and `漢字《かんじ》` become `漢字（かんじ）`: the reading follows
///   its base in full-width parentheses, so no information is lost and the base never has
///   to be guessed (the rule "base = preceding run of kanji when there is no ｜" only
///   matters for placing ruby above text, which a terminal cannot do). `｜` is dropped.
/// * Annotations `［＃…］` are removed. A gaiji note `※［＃「…」、U+6318、…］` is replaced by
///   the character it names (the `※` placeholder is dropped); without a code point the
///   `※` stays as the visible placeholder. `見出し` annotations mark the line as a heading:
///   `［＃「一」は中見出し］` (the line's text is the heading), `［＃中見出し］一［＃中見出し終わり］`;
///   大見出し has rank 1, 中見出し rank 3 (chapter), 小見出し rank 4. Indentation notes
///   (字下げ), page breaks and emphasis marks (傍点) are just removed.
/// * The header (title, author, and the `-------` block explaining the symbols) and the
///   底本 colophon are handled by the reader: the explanation block is dropped, the
///   colophon stays as ordinary text.
enum AozoraMarkup {
    /// A piece of a transformed line: bytes of the decoded text, or inserted bytes.
    enum Piece: Equatable {
        case source(Range<Int>)
        case literal([UInt8])
    }

    /// A transformed line.
    struct Line {
        var pieces: [Piece]
        /// Heading rank from a 見出し annotation, if any.
        var headingRank: Int?
    }

    static let openAnnotation: [UInt8] = Array("［＃".utf8)
    static let openBracket: [UInt8] = Array("［".utf8)
    static let closeBracket: [UInt8] = Array("］".utf8)
    static let rubyBar: [UInt8] = Array("｜".utf8)
    static let rubyOpen: [UInt8] = Array("《".utf8)
    static let rubyClose: [UInt8] = Array("》".utf8)
    static let kome: [UInt8] = Array("※".utf8)
    static let parenOpen: [UInt8] = Array("（".utf8)
    static let parenClose: [UInt8] = Array("）".utf8)

    /// Whether a text looks like an Aozora Bunko file (checked on its first 64 KiB).
    static func looksLikeAozora(_ utf8: [UInt8]) -> Bool {
        let n = min(utf8.count, 65536)
        return utf8.withUnsafeBufferPointer { p -> Bool in
            let head = UnsafeBufferPointer(rebasing: p[0..<n])
            return find(openAnnotation, in: head, from: 0, to: n) != nil
                || find(Array("【テキスト中に現れる記号について】".utf8), in: head, from: 0, to: n) != nil
        }
    }

    /// Transforms the line `utf8[range]`.
    static func transform(_ utf8: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Line {
        var pieces: [Piece] = []
        var rank: Int?
        var segmentStart = range.lowerBound
        var i = range.lowerBound
        let end = range.upperBound
        let hasRuby = find(rubyOpen, in: utf8, from: i, to: end) != nil

        func flush(_ upTo: Int) {
            if upTo > segmentStart { pieces.append(.source(segmentStart..<upTo)) }
        }
        while i < end {
            let b = utf8[i]
            if b == 0xEF && matches(openAnnotation, utf8, at: i, end: end) {
                if let close = matchingClose(utf8, from: i, end: end) {
                    let body = String(decoding: UnsafeBufferPointer(rebasing: utf8[(i + openAnnotation.count)..<close]), as: UTF8.self)
                    var upTo = i
                    if let scalar = codePoint(in: body) {
                        if upTo - segmentStart >= kome.count && matches(kome, utf8, at: upTo - kome.count, end: end) { upTo -= kome.count }
                        flush(upTo)
                        pieces.append(.literal(Array(String(Character(scalar)).utf8)))
                    } else {
                        flush(upTo)
                    }
                    if let r = headingRank(of: body) { rank = r }
                    i = close + closeBracket.count
                    segmentStart = i
                    continue
                }
            }
            if hasRuby && b == 0xEF && matches(rubyBar, utf8, at: i, end: end) {
                flush(i)
                i += rubyBar.count
                segmentStart = i
                continue
            }
            if hasRuby && b == 0xE3 && matches(rubyOpen, utf8, at: i, end: end),
               let close = find(rubyClose, in: utf8, from: i + rubyOpen.count, to: end) {
                flush(i)
                pieces.append(.literal(parenOpen))
                if close > i + rubyOpen.count { pieces.append(.source((i + rubyOpen.count)..<close)) }
                pieces.append(.literal(parenClose))
                i = close + rubyClose.count
                segmentStart = i
                continue
            }
            i += 1
        }
        flush(end)
        return Line(pieces: pieces, headingRank: rank)
    }

    /// Heading rank of an annotation body ("「一」は中見出し", "中見出し", "ここから大見出し").
    static func headingRank(of body: String) -> Int? {
        guard body.hasSuffix("見出し") else { return nil }
        if body.hasSuffix("大見出し") { return 1 }
        if body.hasSuffix("中見出し") { return 3 }
        if body.hasSuffix("小見出し") { return 4 }
        return 3
    }

    /// The code point named in a gaiji annotation ("…、U+6318、…"), if any.
    static func codePoint(in body: String) -> Unicode.Scalar? {
        guard let r = body.range(of: "U+") else { return nil }
        let hex = body[r.upperBound...].prefix { $0.isHexDigit }
        guard hex.count >= 4, hex.count <= 6, let v = UInt32(hex, radix: 16), let s = Unicode.Scalar(v),
              !(v < 0x20 || (v >= 0x7F && v < 0xA0)) else { return nil }
        return s
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
