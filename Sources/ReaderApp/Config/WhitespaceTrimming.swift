extension StringProtocol {
    /// This string without white space at its two ends, scalar by scalar as Foundation's
    /// `trimmingCharacters(in:)` trims it (which the config file no longer pages in):
    /// `.whitespacesAndNewlines` — the scalars with Unicode's White_Space property, and
    /// U+200B ZERO WIDTH SPACE, which Foundation's set has too — or, without `newlines`,
    /// `.whitespaces`: those less line feed, vertical tab, form feed, carriage return, NEL
    /// and the line and paragraph separators.
    func trimmingWhitespace(newlines: Bool = true) -> String {
        func isTrimmed(_ scalar: Unicode.Scalar) -> Bool {
            guard scalar.properties.isWhitespace || scalar.value == 0x200B else { return false }
            if newlines { return true }
            switch scalar.value {
            case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return false
            default: return true
            }
        }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }),
              let last = scalars.lastIndex(where: { !isTrimmed($0) }) else { return "" }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: scalars[first...last])
        return String(kept)
    }
}
