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
/// * Aozora colophon: the last paragraph starting with `底本：` after the last heading
///   (`colophonUnit`) starts a chapter of its own.
struct TextStructure {
    /// How two lines of a paragraph are joined.
    enum Joiner: UInt8, Equatable { case space, none, lineBreak }

    /// A heading found in the text: its rank, title and resolved level.
    struct Heading {
        var rank: Int
        var title: String
        /// The decoded-text range to show as the heading's block; nil = the unit's lines.
        var range: Range<Int>?
        /// Resolved level (1…) after ranking.
        var level: Int = 1
    }

    /// A block-to-be: a run of consecutive lines, a paragraph or a heading.
    struct Unit {
        enum Kind: Equatable { case paragraph, heading }
        /// The first line (an index into `lines`) and the number of lines.
        var firstLine: Int
        var lineCount: Int32
        /// Index into `headings`, or -1 for a paragraph.
        var heading: Int32 = -1
        var kind: Kind { heading < 0 ? .paragraph : .heading }
        var lines: Range<Int> { firstLine..<(firstLine + Int(lineCount)) }
    }

    let text: DecodedText
    let isAozora: Bool
    private(set) var lines: LineTable
    /// How line `i` continues into line `i + 1` when both are in one unit.
    private(set) var joiners: [Joiner]
    private(set) var units: [Unit] = []
    /// The headings referred to by `units` (demoted ones are no longer referred to).
    private(set) var headings: [Heading] = []
    /// Whether wrap mode was chosen.
    private(set) var wrapMode = false
    /// The wrap width in wrap mode.
    private(set) var wrapWidth = 0
    /// The unit starting the 底本 colophon of an Aozora book (its own last chapter).
    private(set) var colophonUnit: Int?

    /// Analyses `text`; `skipLines` are dropped entirely (the Aozora header block).
    init(text: DecodedText, isAozora: Bool, skipLines: Range<Int> = 0..<0) {
        self.text = text
        self.isAozora = isAozora
        var table = LineTable(reservingCapacity: text.lines.count, piecesPerLine: isAozora ? 2 : 1)
        text.utf8.withUnsafeBufferPointer { p in
            for (i, line) in text.lines.enumerated() {
                if skipLines.contains(i) {
                    table.appendBlank()
                    continue
                }
                table.append(p, line.start..<line.end, aozora: isAozora)
            }
        }
        lines = table
        joiners = Array(repeating: .lineBreak, count: table.count)
        decideMode()
        buildUnits()
        filterTablesOfContents()
        assignLevels()
        if isAozora { colophonUnit = findColophon() }
    }

    /// The first paragraph unit starting with `底本：` among the last 400 lines, after
    /// every heading.
    private func findColophon() -> Int? {
        let marker = Array("底本：".utf8)
        let lastHeading = units.lastIndex { $0.kind == .heading } ?? -1
        var k = units.count - 1
        var found: Int?
        while k > lastHeading, k >= 0, units[k].firstLine + 400 >= lines.count {
            if units[k].kind == .paragraph, let r = firstSource(units[k].firstLine), r.count >= marker.count,
               text.utf8[r.lowerBound..<(r.lowerBound + marker.count)].elementsEqual(marker) { found = k }
            k -= 1
        }
        return found
    }

    /// The heading of unit `k` (which must be a heading).
    func heading(ofUnit k: Int) -> Heading { headings[Int(units[k].heading)] }

    // MARK: Lines

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
        for piece in lines.pieces(ofLine: i) {
            if piece.isLiteral {
                bytes.append(contentsOf: lines.literals[piece.start..<piece.end])
            } else {
                bytes.append(contentsOf: text.utf8[piece.start..<piece.end])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The decoded-text range of line `i`'s first piece, if it is a source piece.
    private func firstSource(_ i: Int) -> Range<Int>? { lines.pieces(ofLine: i).first?.sourceRange }

    // MARK: Mode

    private mutating func decideMode() {
        var lengths: [Int] = []
        var inGroups = 0
        var nonBlank = 0
        var cjkLines = 0
        var sampled = 0
        let n = lines.count
        for i in 0..<n where !lines.isBlank(i) {
            nonBlank += 1
            lengths.append(lines.length(ofLine: i))
            let prevNonBlank = i > 0 && !lines.isBlank(i - 1)
            let nextNonBlank = i + 1 < n && !lines.isBlank(i + 1)
            if prevNonBlank || nextNonBlank { inGroups += 1 }
            if sampled < 2000, let r = firstSource(i) {
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

    private func headingMatch(_ i: Int) -> Heading? {
        if let rank = lines.aozoraRank(ofLine: i) {
            return Heading(rank: rank, title: string(ofLine: i).collapsingSpaces, range: nil)
        }
        guard lines.length(ofLine: i) <= ChapterDetector.maxLength else { return nil }
        let s = string(ofLine: i)
        guard let m = ChapterDetector.match(s) else { return nil }
        let utf8 = Array(s.utf8)
        let title = String(decoding: utf8[m.titleStart..<m.titleEnd], as: UTF8.self).collapsingSpaces
        guard !title.isEmpty else { return nil }
        // A line of one source piece shows just the title part; otherwise the whole line.
        var range: Range<Int>?
        let pieces = lines.pieces(ofLine: i)
        if pieces.count == 1, let r = pieces.first!.sourceRange {
            range = (r.lowerBound + m.titleStart)..<(r.lowerBound + m.titleEnd)
        }
        return Heading(rank: m.rank, title: title, range: range)
    }

    private mutating func appendParagraph(_ range: Range<Int>) {
        units.append(Unit(firstLine: range.lowerBound, lineCount: Int32(range.count)))
    }

    private mutating func appendHeading(_ h: Heading, lines range: Range<Int>) {
        units.append(Unit(firstLine: range.lowerBound, lineCount: Int32(range.count), heading: Int32(headings.count)))
        headings.append(h)
    }

    /// One unit per line: a heading if it matches, else a paragraph.
    private mutating func appendLineUnits(_ group: Range<Int>) {
        for k in group {
            if let h = headingMatch(k) { appendHeading(h, lines: k..<(k + 1)) } else { appendParagraph(k..<(k + 1)) }
        }
    }

    private mutating func buildUnits() {
        var i = 0
        let n = lines.count
        while i < n {
            if lines.isBlank(i) { i += 1; continue }
            var j = i
            while j < n && !lines.isBlank(j) { j += 1 }
            if wrapMode { buildWrapped(i..<j) } else { appendLineUnits(i..<j) }
            i = j
        }
    }

    private mutating func buildWrapped(_ group: Range<Int>) {
        var start = group.lowerBound
        // Several heading-like lines in one group: a list (contents), one unit per line so
        // that the table-of-contents filter sees the run.
        if group.count >= 2 && group.filter({ headingMatch($0) != nil }).count >= 2 {
            appendLineUnits(group)
            return
        }
        if var h = headingMatch(start) {
            if group.count == 1 {
                appendHeading(h, lines: start..<(start + 1))
                return
            }
            let secondLength = lines.length(ofLine: start + 1)
            let secondText = string(ofLine: start + 1)
            if group.count == 2 && secondLength <= 60 && !secondText.hasSuffix(",") && !secondText.hasSuffix(";")
                && secondLength * 10 < wrapWidth * 8 {
                // "CHAPTER I." / "Down the Rabbit-Hole"
                h.title = h.title + " " + secondText.collapsingSpaces
                h.range = nil
                joiners[start] = .lineBreak
                appendHeading(h, lines: start..<(start + 2))
                return
            }
            if lines.length(ofLine: start) <= 40 {
                appendHeading(h, lines: start..<(start + 1))
                start += 1
            }
        }
        for k in start..<(group.upperBound - 1) { joiners[k] = joiner(k, k + 1) }
        appendParagraph(start..<group.upperBound)
    }

    /// How line `a` continues into line `b` in wrap mode.
    private func joiner(_ a: Int, _ b: Int) -> Joiner {
        let lengthA = lines.length(ofLine: a)
        let firstWord = firstWordLength(b)
        let wrapped = lengthA * 10 >= wrapWidth * 8 || lengthA + 1 + firstWord > wrapWidth - 10
        guard wrapped else { return .lineBreak }
        let last = lastScalar(a), first = firstScalar(b)
        if last >= 0x2E80 || first >= 0x2E80 { return .none }
        if last == 0x2014 || first == 0x2014 { return .none }  // em dash
        if last == 0x2D { return .none }  // "ninety-" + "one": a compound split at its hyphen
        return .space
    }

    private func firstWordLength(_ i: Int) -> Int {
        guard let r = firstSource(i) else { return 0 }
        var n = 0
        for k in r {
            let b = text.utf8[k]
            if b == 0x20 { break }
            if b & 0xC0 != 0x80 { n += 1 }
        }
        return n
    }

    private func firstScalar(_ i: Int) -> UInt32 {
        guard let r = firstSource(i) else { return 0 }
        return String(decoding: text.utf8[r.lowerBound..<min(r.upperBound, r.lowerBound + 4)], as: UTF8.self).unicodeScalars.first?.value ?? 0
    }

    private func lastScalar(_ i: Int) -> UInt32 {
        guard let r = lines.pieces(ofLine: i).last?.sourceRange else { return 0 }
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
            for k in run { if !seen.insert(heading(ofUnit: k).rank).inserted { repeats = true; break } }
            if repeats {
                // Longest suffix with strictly increasing ranks.
                var s = j - 1
                while s > i && heading(ofUnit: s - 1).rank < heading(ofUnit: s).rank { s -= 1 }
                // The suffix is real if one of its headings repeats an entry of the list.
                let earlier = Set((i..<s).map { heading(ofUnit: $0).title })
                let realStart = (s..<j).contains { earlier.contains(heading(ofUnit: $0).title) } ? s : j
                for k in i..<realStart { units[k].heading = -1 }  // back to a paragraph
            }
            i = j
        }
    }

    private mutating func assignLevels() {
        let headingUnits = units.indices.filter { units[$0].kind == .heading }
        let ranks = Set(headingUnits.map { heading(ofUnit: $0).rank }.filter { $0 != ChapterDetector.specialRank }).sorted()
        for k in headingUnits {
            let h = Int(units[k].heading)
            let r = headings[h].rank
            headings[h].level = r == ChapterDetector.specialRank ? 1 : ranks.filter { $0 < r }.count + 1
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
