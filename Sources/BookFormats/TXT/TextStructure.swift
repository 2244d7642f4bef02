/// Finds the block structure of a decoded TXT book: lines → paragraphs and headings.
///
/// * Lines are stripped of indentation (spaces, tabs, U+3000, NBSP) and trailing spaces;
///   in Aozora files markup is converted first (`AozoraMarkup`).
/// * **Line mode** (the default; CJK novels, one paragraph per line, and files whose
///   paragraphs are single long lines): every non-blank line is a paragraph.
/// * **Wrap mode** (hard-wrapped text, Gutenberg style): chosen when most non-blank lines
///   sit in multi-line groups, 95 % of lines are ≤ 100 characters, and the text is not
///   mostly CJK. Blank lines separate paragraphs; inside one, a line break is a wrap
///   (joined with a space, or nothing next to CJK or a dash) when the line is long or the
///   next line's first word would not have fitted on it, and a kept line break otherwise
///   (verse, addresses, centred title pages).
/// * Headings: a line that stands alone (its own paragraph) and matches `ChapterDetector`,
///   or carries an Aozora 見出し annotation. In wrap mode a heading may also be the first
///   line of a group ("CHAPTER I." followed directly by text), or two lines
///   "CHAPTER I." + a short title line.
/// * Tables of contents: a run of headings with no body text between them in which a
///   rank repeats ("第一章, 第二章, …") is a list, not the chapters: its lines become body
///   text — except a trailing part of the run with strictly increasing ranks whose first
///   title repeats an earlier one in the run (the real first heading right after the list).
///   Nested headings ("Book I", "Part I: 1805", "CHAPTER I") are not a list.
struct TextStructure {
    /// A line after markup removal and trimming.
    struct TextLine {
        /// Text pieces (empty for a blank line).
        var pieces: [AozoraMarkup.Piece]
        /// Number of Unicode scalars of text.
        var length: Int
        /// Scalars of indentation removed.
        var indent: Int
        /// Rank from an Aozora 見出し annotation.
        var aozoraRank: Int?
        var isBlank: Bool { pieces.isEmpty }
    }

    /// How two lines of a paragraph are joined.
    enum Joiner: Equatable { case space, none, lineBreak }

    /// A block-to-be.
    struct Unit {
        enum Kind: Equatable { case paragraph, heading }
        var kind: Kind
        /// Indices into `lines`.
        var lines: [Int]
        /// For paragraphs: `lines.count - 1` joiners. For headings: joiners too.
        var joiners: [Joiner]
        /// Heading rank and title; block pieces for a heading (nil = the lines' pieces).
        var rank: Int = 0
        var title: String = ""
        var headingPieces: [AozoraMarkup.Piece]?
        /// Resolved level (1…) after ranking.
        var level: Int = 1
    }

    let text: DecodedText
    let isAozora: Bool
    private(set) var lines: [TextLine] = []
    private(set) var units: [Unit] = []
    /// Whether wrap mode was chosen.
    private(set) var wrapMode = false
    /// The wrap width in wrap mode.
    private(set) var wrapWidth = 0

    /// Analyses `text`; `skipLines` are dropped entirely (the Aozora header block).
    init(text: DecodedText, isAozora: Bool, skipLines: Range<Int> = 0..<0) {
        self.text = text
        self.isAozora = isAozora
        text.utf8.withUnsafeBufferPointer { p in
            lines.reserveCapacity(text.lines.count)
            for (i, line) in text.lines.enumerated() {
                if skipLines.contains(i) {
                    lines.append(TextLine(pieces: [], length: 0, indent: 0))
                    continue
                }
                lines.append(Self.analyse(p, line.start..<line.end, aozora: isAozora))
            }
        }
        decideMode()
        buildUnits()
        filterTablesOfContents()
        assignLevels()
    }

    // MARK: Lines

    private static func analyse(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, aozora: Bool) -> TextLine {
        var pieces: [AozoraMarkup.Piece]
        var rank: Int?
        if aozora {
            let t = AozoraMarkup.transform(p, range)
            pieces = t.pieces
            rank = t.headingRank
        } else {
            pieces = [.source(range)]
        }
        // Strip indentation from the first source piece(s), trailing spaces from the last.
        var indent = 0
        while let first = pieces.first, case .source(let r) = first {
            var a = r.lowerBound
            while a < r.upperBound, let w = spaceWidth(p, a, r.upperBound) { a += w; indent += 1 }
            if a == r.upperBound { pieces.removeFirst(); continue }
            pieces[0] = .source(a..<r.upperBound)
            break
        }
        while let last = pieces.last, case .source(let r) = last {
            var b = r.upperBound
            while b > r.lowerBound, let w = spaceWidthBefore(p, b, r.lowerBound) { b -= w }
            if b == r.lowerBound { pieces.removeLast(); continue }
            pieces[pieces.count - 1] = .source(r.lowerBound..<b)
            break
        }
        // A line of nothing but spaces and literals is not blank only if a literal has text.
        var length = 0
        for piece in pieces {
            switch piece {
            case .source(let r):
                // Lengths only feed thresholds (≤ 60, ≤ 100 …): long lines get a lower bound.
                if r.count > 1024 { length += r.count / 4; continue }
                for i in r where p[i] & 0xC0 != 0x80 { length += 1 }
            case .literal(let bytes): for b in bytes where b & 0xC0 != 0x80 { length += 1 }
            }
        }
        if length == 0 { pieces = [] }
        return TextLine(pieces: pieces, length: length, indent: indent, aozoraRank: rank)
    }

    /// Width in bytes of an indentation character at `i`, if there is one.
    @inline(__always) static func spaceWidth(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, _ end: Int) -> Int? {
        let b = p[i]
        if b == 0x20 || b == 0x09 || b == 0x0C { return 1 }
        if b == 0xE3, i + 2 < end, p[i + 1] == 0x80, p[i + 2] == 0x80 { return 3 }  // U+3000
        if b == 0xC2, i + 1 < end, p[i + 1] == 0xA0 { return 2 }                    // NBSP
        if b == 0xEF, i + 2 < end, p[i + 1] == 0xBB, p[i + 2] == 0xBF { return 3 }  // stray BOM
        return nil
    }

    @inline(__always) static func spaceWidthBefore(_ p: UnsafeBufferPointer<UInt8>, _ e: Int, _ start: Int) -> Int? {
        let b = p[e - 1]
        if b == 0x20 || b == 0x09 || b == 0x0C { return 1 }
        if e - 3 >= start, p[e - 3] == 0xE3, p[e - 2] == 0x80, b == 0x80 { return 3 }
        if e - 2 >= start, p[e - 2] == 0xC2, b == 0xA0 { return 2 }
        return nil
    }

    /// The text of a line as a `String`.
    func string(ofLine i: Int) -> String {
        var bytes: [UInt8] = []
        for piece in lines[i].pieces {
            switch piece {
            case .source(let r): bytes.append(contentsOf: text.utf8[r])
            case .literal(let b): bytes.append(contentsOf: b)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: Mode

    private mutating func decideMode() {
        var lengths: [Int] = []
        var inGroups = 0
        var nonBlank = 0
        var cjkLines = 0
        var sampled = 0
        for (i, line) in lines.enumerated() where !line.isBlank {
            nonBlank += 1
            lengths.append(line.length)
            let prevNonBlank = i > 0 && !lines[i - 1].isBlank
            let nextNonBlank = i + 1 < lines.count && !lines[i + 1].isBlank
            if prevNonBlank || nextNonBlank { inGroups += 1 }
            if sampled < 2000, case .source(let r)? = line.pieces.first {
                sampled += 1
                // CJK if the first character is in the CJK blocks (≥ U+2E80).
                let b = text.utf8[r.lowerBound]
                if b >= 0xE2 && !(b == 0xE2 && text.utf8[r.lowerBound + 1] < 0xBA) { cjkLines += 1 }
            }
        }
        guard nonBlank >= 4 else { return }
        lengths.sort()
        let p95 = lengths[min(lengths.count - 1, lengths.count * 95 / 100)]
        let p99 = lengths[min(lengths.count - 1, lengths.count * 99 / 100)]
        let mostlyCJK = cjkLines * 2 > sampled
        if !mostlyCJK && inGroups * 2 >= nonBlank && p95 <= 100 && p99 >= 20 {
            wrapMode = true
            wrapWidth = p99
        }
    }

    // MARK: Units

    private func headingMatch(_ i: Int) -> (rank: Int, title: String, pieces: [AozoraMarkup.Piece])? {
        let line = lines[i]
        if let rank = line.aozoraRank {
            return (rank, string(ofLine: i).collapsingSpaces, line.pieces)
        }
        guard line.length <= ChapterDetector.maxLength else { return nil }
        let s = string(ofLine: i)
        guard let m = ChapterDetector.match(s) else { return nil }
        let utf8 = Array(s.utf8)
        let title = String(decoding: utf8[m.titleStart..<m.titleEnd], as: UTF8.self).collapsingSpaces
        guard !title.isEmpty else { return nil }
        var pieces = line.pieces
        if pieces.count == 1, case .source(let r) = pieces[0] {
            pieces = [.source((r.lowerBound + m.titleStart)..<(r.lowerBound + m.titleEnd))]
        }
        return (m.rank, title, pieces)
    }

    private mutating func buildUnits() {
        var i = 0
        let n = lines.count
        while i < n {
            if lines[i].isBlank { i += 1; continue }
            var j = i
            while j < n && !lines[j].isBlank { j += 1 }
            if wrapMode { buildWrapped(i..<j) } else {
                for k in i..<j {
                    if let h = headingMatch(k) {
                        units.append(Unit(kind: .heading, lines: [k], joiners: [], rank: h.rank, title: h.title, headingPieces: h.pieces))
                    } else {
                        units.append(Unit(kind: .paragraph, lines: [k], joiners: []))
                    }
                }
            }
            i = j
        }
    }

    private mutating func buildWrapped(_ group: Range<Int>) {
        var start = group.lowerBound
        // Several heading-like lines in one group: a list (contents), one unit per line so
        // that the table-of-contents filter sees the run.
        if group.count >= 2 && group.filter({ headingMatch($0) != nil }).count >= 2 {
            for k in group {
                if let h = headingMatch(k) {
                    units.append(Unit(kind: .heading, lines: [k], joiners: [], rank: h.rank, title: h.title, headingPieces: h.pieces))
                } else {
                    units.append(Unit(kind: .paragraph, lines: [k], joiners: []))
                }
            }
            return
        }
        if let h = headingMatch(start) {
            if group.count == 1 {
                units.append(Unit(kind: .heading, lines: [start], joiners: [], rank: h.rank, title: h.title, headingPieces: h.pieces))
                return
            }
            let second = lines[start + 1]
            let secondText = string(ofLine: start + 1)
            if group.count == 2 && second.length <= 60 && !secondText.hasSuffix(",") && !secondText.hasSuffix(";")
                && second.length * 10 < wrapWidth * 8 {
                // "CHAPTER I." / "Down the Rabbit-Hole"
                units.append(Unit(kind: .heading, lines: [start, start + 1], joiners: [.lineBreak], rank: h.rank,
                                  title: h.title + " " + secondText.collapsingSpaces, headingPieces: nil))
                return
            }
            if lines[start].length <= 40 {
                units.append(Unit(kind: .heading, lines: [start], joiners: [], rank: h.rank, title: h.title, headingPieces: h.pieces))
                start += 1
            }
        }
        var joiners: [Joiner] = []
        for k in start..<(group.upperBound - 1) { joiners.append(joiner(k, k + 1)) }
        units.append(Unit(kind: .paragraph, lines: Array(start..<group.upperBound), joiners: joiners))
    }

    /// How line `a` continues into line `b` in wrap mode.
    private func joiner(_ a: Int, _ b: Int) -> Joiner {
        let la = lines[a]
        let firstWord = firstWordLength(b)
        let wrapped = la.length * 10 >= wrapWidth * 8 || la.length + 1 + firstWord > wrapWidth - 10
        guard wrapped else { return .lineBreak }
        let last = lastScalar(a), first = firstScalar(b)
        if last >= 0x2E80 || first >= 0x2E80 { return .none }
        if last == 0x2014 || first == 0x2014 { return .none }  // em dash
        if last == 0x2D { return .none }  // "ninety-" + "one": a compound split at its hyphen
        return .space
    }

    private func firstWordLength(_ i: Int) -> Int {
        guard case .source(let r)? = lines[i].pieces.first else { return 0 }
        var n = 0
        for k in r {
            let b = text.utf8[k]
            if b == 0x20 { break }
            if b & 0xC0 != 0x80 { n += 1 }
        }
        return n
    }

    private func firstScalar(_ i: Int) -> UInt32 {
        guard case .source(let r)? = lines[i].pieces.first else { return 0 }
        return String(decoding: text.utf8[r.lowerBound..<min(r.upperBound, r.lowerBound + 4)], as: UTF8.self).unicodeScalars.first?.value ?? 0
    }

    private func lastScalar(_ i: Int) -> UInt32 {
        guard case .source(let r)? = lines[i].pieces.last else { return 0 }
        var s = r.upperBound - 1
        while s > r.lowerBound && text.utf8[s] & 0xC0 == 0x80 { s -= 1 }
        return String(decoding: text.utf8[s..<r.upperBound], as: UTF8.self).unicodeScalars.first?.value ?? 0
    }

    // MARK: Tables of contents and levels

    private mutating func filterTablesOfContents() {
        var i = 0
        while i < units.count {
            guard units[i].kind == .heading else { i += 1; continue }
            var j = i
            while j < units.count && units[j].kind == .heading { j += 1 }
            let run = i..<j
            var seen = Set<Int>()
            var repeats = false
            for k in run { if !seen.insert(units[k].rank).inserted { repeats = true; break } }
            if repeats {
                // Longest suffix with strictly increasing ranks.
                var s = j - 1
                while s > i && units[s - 1].rank < units[s].rank { s -= 1 }
                // The suffix is real if one of its headings repeats an entry of the list.
                let earlier = Set(units[i..<s].map(\.title))
                let realStart = units[s..<j].contains { earlier.contains($0.title) } ? s : j
                for k in i..<realStart { demote(k) }
            }
            i = j
        }
    }

    /// Turns a heading unit back into a paragraph.
    private mutating func demote(_ k: Int) {
        units[k].kind = .paragraph
        units[k].headingPieces = nil
        units[k].title = ""
    }

    private mutating func assignLevels() {
        let ranks = Set(units.filter { $0.kind == .heading && $0.rank != ChapterDetector.specialRank }.map(\.rank)).sorted()
        for k in units.indices where units[k].kind == .heading {
            let r = units[k].rank
            units[k].level = r == ChapterDetector.specialRank ? 1 : ranks.filter { $0 < r }.count + 1
        }
    }
}

extension String {
    /// Runs of ASCII whitespace collapsed to one space, trimmed.
    var collapsingSpaces: String {
        var out = ""
        var pendingSpace = false
        for s in unicodeScalars {
            if s == " " || s == "\t" || s == "\n" {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace { out.unicodeScalars.append(" "); pendingSpace = false }
            out.unicodeScalars.append(s)
        }
        return out.trimmingSpaces
    }
}
