/// How the items of a list are marked (HTML `<ul>`, `<ol type>`).
public enum ListMarkerStyle: UInt8, Sendable, Codable, CaseIterable {
    /// No marker: a later block of an item (its second paragraph), or a list whose markers
    /// are not shown (an `<ol>` inside `<nav>`).
    case none
    /// "•" (`<ul>`).
    case bullet
    /// "1.", "2.", … (`<ol>`, `type="1"`).
    case decimal
    /// "a.", "b.", … "z.", "aa." (`type="a"`).
    case lowerAlpha
    /// "A.", "B.", … (`type="A"`).
    case upperAlpha
    /// "i.", "ii.", … (`type="i"`).
    case lowerRoman
    /// "I.", "II.", … (`type="I"`).
    case upperRoman
}

/// The marker of a block of a list item and the indent of the item's text.
///
/// The parser gives every block of a list item one: the item's first block carries its
/// style and ordinal, later blocks of the same item `.none`. `indent` is the cells from the
/// text column's edge to the item's text: the widest marker of each enclosing list plus a
/// space, summed over the nesting. The marker is drawn right-aligned in the cells before the
/// text, one cell of space between (on the right for a right-to-left item).
public struct ListMarker: Hashable, Sendable {
    /// How the marker looks (`.none`: no marker, only the indent).
    public var style: ListMarkerStyle
    /// Cells before the item's text (the hanging indent of all its lines).
    public var indent: UInt8
    /// The item's number (HTML `<ol start>`, `reversed`, `<li value>`); unused for bullets.
    public var ordinal: Int32

    /// Creates a marker.
    public init(style: ListMarkerStyle, indent: UInt8 = 0, ordinal: Int32 = 1) {
        self.style = style
        self.indent = indent
        self.ordinal = ordinal
    }

    /// The marker's text in reading order: "3.", "iv.", "b.", "•", or "" for `.none`.
    /// Alphabetic markers count from 1 and roman ones from 1 to 3999; other ordinals fall
    /// back to decimal (as CSS does).
    public var text: String {
        switch style {
        case .none: return ""
        case .bullet: return "•"
        case .decimal: return "\(ordinal)."
        case .lowerAlpha, .upperAlpha:
            guard ordinal >= 1 else { return "\(ordinal)." }
            let letters = Self.alphabetic(Int(ordinal))
            return (style == .upperAlpha ? letters.uppercased() : letters) + "."
        case .lowerRoman, .upperRoman:
            guard ordinal >= 1, ordinal <= 3999 else { return "\(ordinal)." }
            let numeral = Self.roman(Int(ordinal))
            return (style == .upperRoman ? numeral : numeral.lowercased()) + "."
        }
    }

    /// Cells the marker's text takes (all markers are one cell a character).
    public var width: Int { text.unicodeScalars.count }

    /// Bijective base 26: 1 → a, 26 → z, 27 → aa.
    static func alphabetic(_ n: Int) -> String {
        var n = n
        var scalars: [Unicode.Scalar] = []
        while n > 0 {
            n -= 1
            scalars.append(Unicode.Scalar(UInt8(ascii: "a") + UInt8(n % 26)))
            n /= 26
        }
        return String(String.UnicodeScalarView(scalars.reversed()))
    }

    static func roman(_ n: Int) -> String {
        let table: [(Int, String)] = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
                                      (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
        var n = n
        var s = ""
        for (value, numeral) in table {
            while n >= value { s += numeral; n -= value }
        }
        return s
    }
}
