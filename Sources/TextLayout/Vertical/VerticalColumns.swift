import UnicodeData

/// One row of a vertical column: a character cluster in its vertical form, or one or two
/// half-width letters or digits set side by side (縦中横, tate-chū-yoko).
public struct VerticalCell: Hashable, Sendable {
    /// What the row shows (`VerticalForms` applied).
    public var text: String
    /// The UTF-8 bytes of the block's text it stands for.
    public var range: Range<Int>
    /// Whether it is a tate-chū-yoko pair (or single half-width character) set upright.
    public var isCombined: Bool
    /// Whether it is a character of a reading (ruby) set after its base, not of the text
    /// (its `range` is empty, at the base's end).
    public var isReading: Bool = false

    /// A row.
    public init(text: String, range: Range<Int>, isCombined: Bool, isReading: Bool = false) {
        self.text = text
        self.range = range
        self.isCombined = isCombined
        self.isReading = isReading
    }
}

/// A reading (ruby) set inline after its base in vertical text: `base`, the bytes of the
/// block's text it annotates, and `text`, the reading.
public struct VerticalReading: Hashable, Sendable {
    /// The annotated bytes of the block's text.
    public var base: Range<Int>
    /// The reading.
    public var text: String

    /// A reading.
    public init(base: Range<Int>, text: String) {
        self.base = base
        self.text = text
    }
}

/// One column: its rows from the top, `indent` rows left blank above them (a paragraph's
/// first column).
public struct VerticalColumn: Hashable, Sendable {
    /// The rows below the indent.
    public var cells: [VerticalCell]
    /// Blank rows at the top.
    public var indent: Int

    /// A column.
    public init(cells: [VerticalCell], indent: Int) {
        self.cells = cells
        self.indent = indent
    }
}

/// A block's text broken into columns of at most `height` rows (issue #23): each character
/// cluster a row, each run of one or two ASCII letters or digits one row, side by side
/// (longer Latin runs go one character per row, upright: a terminal cannot rotate them).
///
/// Columns break at UAX #14 opportunities (the strict CSS `line-break`, `LineBreaks`), so
/// the kinsoku rules are the horizontal text's: no 。、」 at the top of a column (LB13, LB16),
/// no 「 at its bottom (LB14), small kana and ー kept with what precedes them (LB21). A run
/// longer than a column with no opportunity is cut at the column's end, moved up so that
/// the next column does not start with closing punctuation (`EmergencyKinsoku`), a small
/// kana or ー, and this one does not end with an opening bracket (`emergencyEnd`). Spaces
/// at a break are dropped; a mandatory break (a line break in verse) starts a new column.
public enum VerticalColumns {
    /// The columns of `text` at `height` rows (at least 1); `indent` blank rows above the
    /// first column (a paragraph's indent; less than `height`). `readings` are set inline
    /// after their bases in vertical parentheses, `︵かんじ︶`: a terminal column has no
    /// room beside its characters, and a base and its reading are never split between
    /// columns (no break inside the base or before its reading).
    /// `upright` ranges (CSS `text-combine-upright`) of one or two half-width characters are
    /// set side by side in one row, whatever the characters (`!?`, `1/`).
    public static func columns(of text: String, height: Int, indent: Int = 0, readings: [VerticalReading] = [],
                               upright: [Range<Int>] = []) -> [VerticalColumn] {
        let height = max(1, height)
        let units = inserting(readings, into: combining(upright, in: self.units(of: text)))
        guard !units.isEmpty else { return [] }
        var breaks = opportunities(of: text)
        for r in readings {
            for o in (r.base.lowerBound + 1)..<max(r.base.lowerBound + 1, r.base.upperBound) {
                breaks.allowed.remove(o)
                breaks.insideBase.insert(o)
            }
        }
        var columns: [VerticalColumn] = []
        var start = 0
        while start < units.count {
            let top = columns.isEmpty ? min(max(0, indent), height - 1) : 0
            let end = columnEnd(units, from: start, rows: height - top, breaks: breaks)
            var cells = Array(units[start..<end])
            while let last = cells.last, last.text == " ", cells.count > 1 { cells.removeLast() }
            columns.append(VerticalColumn(cells: cells, indent: top))
            start = end
            while start < units.count, units[start].text == " " { start += 1 }   // spaces at a break
        }
        return columns
    }

    /// Where the column starting at unit `start` ends (exclusive): the last opportunity that
    /// fits `rows`, a mandatory break before it, or an emergency cut.
    private static func columnEnd(_ units: [VerticalCell], from start: Int, rows: Int, breaks: Opportunities) -> Int {
        let limit = min(units.count, start + rows)
        var best: Int?
        for j in (start + 1)...limit {
            let offset = j < units.count ? units[j].range.lowerBound : Int.max
            if j == units.count { return j }
            if units[j].isReading { continue }   // never between a base and its reading
            if breaks.mandatory.contains(offset) { return j }
            if breaks.allowed.contains(offset) { best = j }
        }
        // Spaces may hang below the column: a break just after them is still this column's.
        var j = limit
        while j < units.count, units[j].text == " " { j += 1 }
        if j > limit, j == units.count || breaks.allowed.contains(units[j].range.lowerBound) { return j }
        return best ?? emergencyEnd(units, from: start, limit: limit, breaks: breaks)
    }

    /// A cut inside a run with no opportunity: the last place before `limit` where the
    /// next column does not start with closing punctuation or a nonstarter and this one
    /// does not end with an opening bracket — first one outside ruby (neither inside a
    /// base nor before a reading's character), then one inside a reading (a base with its
    /// reading longer than the column: the reading goes on in the next column, the base
    /// stays whole), then any; failing all, at `limit`.
    private static func emergencyEnd(_ units: [VerticalCell], from start: Int, limit: Int, breaks: Opportunities) -> Int {
        func kinsokuAllows(_ j: Int) -> Bool { !avoidsColumnStart(units[j]) && !endsWithOpening(units[j - 1]) }
        let outsideRuby: (Int) -> Bool = { !units[$0].isReading && !breaks.insideBase.contains(units[$0].range.lowerBound) }
        let insideReading: (Int) -> Bool = { units[$0].isReading }
        for allowed in [outsideRuby, insideReading, { _ in true }] {
            if let j = stride(from: limit, to: start, by: -1).first(where: { allowed($0) && kinsokuAllows($0) }) { return j }
        }
        return limit
    }

    /// Whether a column should not start with `unit`: what `EmergencyKinsoku` keeps from a
    /// line's start, and small kana and ー (CJ: the strict rules' nonstarters).
    private static func avoidsColumnStart(_ unit: VerticalCell) -> Bool {
        guard let s = unit.original.unicodeScalars.first else { return false }
        if LineBreakClassTable.shared.resolvedClass(s.value) == .CJ { return true }
        var utf8 = Array(String(s).utf8)
        return utf8.withUnsafeMutableBufferPointer { EmergencyKinsoku.avoidsLineStart(UnsafePointer($0.baseAddress!), 0, $0.count) }
    }

    private static func endsWithOpening(_ unit: VerticalCell) -> Bool {
        guard let s = unit.original.unicodeScalars.last else { return false }
        switch LineBreakClassTable.shared.resolvedClass(s.value) {
        case .OP, .OPWide, .QUInitial: return true
        default: return false
        }
    }

    /// `units` with the units inside each of `ranges` made one row when they are one or two
    /// printable ASCII characters (more do not fit two cells: they stay one a row).
    static func combining(_ ranges: [Range<Int>], in units: [VerticalCell]) -> [VerticalCell] {
        guard !ranges.isEmpty else { return units }
        var out = units
        for r in ranges.sorted(by: { $0.lowerBound > $1.lowerBound }) {   // from the end: indexes stay valid
            guard let first = out.firstIndex(where: { $0.range.lowerBound >= r.lowerBound }) else { continue }
            var end = first
            while end < out.count, out[end].range.upperBound <= r.upperBound, out[end].range.lowerBound >= r.lowerBound { end += 1 }
            let inside = out[first..<end]
            let bytes = inside.reduce(0) { $0 + $1.range.count }
            guard !inside.isEmpty, bytes <= 2, inside.allSatisfy({ $0.range.count == 1 && !$0.isReading }),
                  inside.first!.range.lowerBound == r.lowerBound, inside.last!.range.upperBound == r.upperBound else { continue }
            let text = inside.map(\.original).joined()   // upright: "!?", not their vertical forms
            out.replaceSubrange(first..<end, with: [VerticalCell(text: text, range: r, isCombined: true)])
        }
        return out
    }

    /// `units` with each reading's cells after the unit that ends its base: `︵`, the
    /// reading's clusters, `︶`, each with an empty range at the base's end.
    static func inserting(_ readings: [VerticalReading], into units: [VerticalCell]) -> [VerticalCell] {
        guard !readings.isEmpty else { return units }
        var after: [Int: [VerticalReading]] = [:]
        for r in readings where !r.base.isEmpty && !r.text.isEmpty { after[r.base.upperBound, default: []].append(r) }
        var out: [VerticalCell] = []
        out.reserveCapacity(units.count + readings.count * 4)
        for unit in units {
            out.append(unit)
            for r in after[unit.range.upperBound] ?? [] {
                let at = r.base.upperBound..<r.base.upperBound
                let cells = ["︵"] + self.units(of: r.text).map(\.text) + ["︶"]
                out += cells.map { VerticalCell(text: $0, range: at, isCombined: false, isReading: true) }
            }
        }
        return out
    }

    /// The break opportunities of `text` (byte offsets where a column may start).
    fileprivate struct Opportunities {
        var allowed: Set<Int> = []
        var mandatory: Set<Int> = []
        /// Offsets inside a ruby base (no opportunity; an emergency cut avoids them too).
        var insideBase: Set<Int> = []
    }

    private static func opportunities(of text: String) -> Opportunities {
        var result = Opportunities()
        for o in LineBreaks.opportunities(in: text, style: .strict) {
            if o.isMandatory { result.mandatory.insert(o.offset) } else { result.allowed.insert(o.offset) }
        }
        return result
    }

    /// The rows of `text`: its clusters in vertical form, ASCII alphanumeric runs of one or
    /// two as one combined row; line breaks are no rows (they break columns).
    static func units(of text: String) -> [VerticalCell] {
        let bounds = Graphemes.boundaries(in: text)
        let utf8 = Array(text.utf8)
        var clusters: [(text: Substring, range: Range<Int>)] = []
        for (a, b) in zip(bounds, bounds.dropFirst()) {
            let s = String(decoding: utf8[a..<b], as: UTF8.self)
            if s == "\n" || s == "\r\n" || s == "\r" || s == "\u{2028}" { continue }
            clusters.append((Substring(s), a..<b))
        }
        var units: [VerticalCell] = []
        var i = 0
        while i < clusters.count {
            var run = i
            while run < clusters.count, isHalfWidthAlphanumeric(clusters[run].text) { run += 1 }
            if run > i && run - i <= 2 {
                units.append(VerticalCell(text: clusters[i..<run].map { String($0.text) }.joined(),
                                          range: clusters[i].range.lowerBound..<clusters[run - 1].range.upperBound, isCombined: true))
                i = run
                continue
            }
            for c in clusters[i..<max(run, i + 1)] {
                units.append(VerticalCell(text: VerticalForms.vertical(c.text), range: c.range, isCombined: false))
            }
            i = max(run, i + 1)
        }
        return units
    }

    private static func isHalfWidthAlphanumeric(_ cluster: Substring) -> Bool {
        guard cluster.utf8.count == 1, let b = cluster.utf8.first else { return false }
        return (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
    }
}

extension VerticalCell {
    /// The cell's own text before its vertical form (for the kinsoku checks): the form
    /// keeps the line-break class of its base, but the base is what the tables know best.
    fileprivate var original: String {
        var scalars = String.UnicodeScalarView()
        for s in text.unicodeScalars {
            scalars.append(VerticalForms.base(of: s) ?? s)
        }
        return String(scalars)
    }
}

extension VerticalForms {
    /// The character a vertical form stands for (the first one the table maps to it).
    static func base(of form: Unicode.Scalar) -> Unicode.Scalar? {
        reverse[form.value].flatMap(Unicode.Scalar.init)
    }

    private static let reverse: [UInt32: UInt32] = {
        var r: [UInt32: UInt32] = [:]
        for (base, form) in presentationForms.sorted(by: { $0.key < $1.key }) where r[form] == nil { r[form] = base }
        for (base, form) in fallbacks.sorted(by: { $0.key < $1.key }) where r[form] == nil { r[form] = base }
        return r
    }()
}
