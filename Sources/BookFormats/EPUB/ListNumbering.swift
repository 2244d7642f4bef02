import TextContent

/// One HTML list being read (`<ol>`, `<ul>`): its style, `start` and `reversed`, and the
/// items seen so far, each with the index of the builder's first block inside it and its
/// own `value`/`type`. When the list closes, `ordinals()` numbers the items as HTML does
/// and `columnWidth()` is the cells its markers take.
struct ListNumbering {
    /// Marker style of the list (`<ul>`: bullet; `<ol type>`).
    var style: ListMarkerStyle
    /// `<ol start>`, if given.
    var start: Int32?
    /// `<ol reversed>`.
    var reversed = false
    /// The builder's block count when the list opened.
    var firstBlock: Int
    /// Items in order: first block index, `<li value>`, `<li type>`.
    var items: [(firstBlock: Int, value: Int32?, style: ListMarkerStyle?)] = []

    /// The style for an `<ol type>` value ("1", "a", "A", "i", "I"; case matters), else nil.
    static func style(ofType type: String) -> ListMarkerStyle? {
        switch type.trimmingSpaces() {
        case "1": return .decimal
        case "a": return .lowerAlpha
        case "A": return .upperAlpha
        case "i": return .lowerRoman
        case "I": return .upperRoman
        default: return nil
        }
    }

    /// An HTML integer attribute (`start`, `value`): optional sign and digits, clamped to Int32.
    static func integer(_ text: String) -> Int32? {
        let t = text.trimmingSpaces()
        var digits = Substring(t)
        var negative = false
        if let sign = digits.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let magnitude = Int64(digits.prefix(12)) ?? Int64(Int32.max)
        return Int32(clamping: negative ? -magnitude : magnitude)
    }

    /// Each item's ordinal: from `start` (default 1, or the item count when reversed),
    /// counting up (down when reversed); an item's `value` sets its own and the next ones'.
    func ordinals() -> [Int32] {
        let step: Int32 = reversed ? -1 : 1
        var next = start ?? (reversed ? Int32(clamping: items.count) : 1)
        return items.map { item in
            let ordinal = item.value ?? next
            next = ordinal.addingReportingOverflow(step).partialValue
            return ordinal
        }
    }

    /// The markers of the items, in order.
    func markers() -> [ListMarker] {
        zip(items, ordinals()).map { ListMarker(style: $0.style ?? style, ordinal: $1) }
    }

    /// Cells the list's marker column takes: its widest marker and one space, at least 2
    /// (a list without markers still indents its items).
    static func columnWidth(of markers: [ListMarker]) -> Int {
        max(2, (markers.map(\.width).max() ?? 0) + 1)
    }
}
