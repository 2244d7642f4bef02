/// The rules of a stylesheet, as far as the EPUB reader reads CSS (`TextEmphasisCSS`,
/// `HiddenNavigationCSS`): one linear pass, comments and strings skipped, no backtracking.
/// Rules inside `@media`/`@supports` blocks count as top-level ones; other at-rules'
/// preludes match nothing.
enum CSSRules {
    /// Calls `body` with each rule's selector list and declaration block, in order.
    static func forEach(in css: ArraySlice<UInt8>, _ body: (Substring, String) -> Void) {
        let text = stripComments(css)
        var preludeStart = 0
        var i = 0
        while i < text.count {
            switch text[i] {
            case UInt8(ascii: "{"):
                let prelude = String(decoding: text[preludeStart..<i], as: UTF8.self).trimmingCSSSpaces()
                if prelude.hasPrefix("@") {
                    i += 1   // an at-rule's block: its rules are read as top-level ones
                } else {
                    let end = blockEnd(text, from: i + 1)
                    body(prelude, String(decoding: text[(i + 1)..<end], as: UTF8.self))
                    i = min(end + 1, text.count)
                }
                preludeStart = i
            case UInt8(ascii: "}"), UInt8(ascii: ";"):
                i += 1
                preludeStart = i
            default:
                i += 1
            }
        }
    }

    /// Whether `name` is made only of what the reader takes for a CSS identifier's
    /// characters: ASCII letters and digits, `-`, `_`, and anything non-ASCII.
    static func isIdentifier(_ name: Substring) -> Bool {
        name.unicodeScalars.allSatisfy { $0.value >= 0x80 || $0 == "-" || $0 == "_" || $0.properties.isASCIIHexDigit
            || ($0.value >= 0x41 && $0.value <= 0x5A) || ($0.value >= 0x61 && $0.value <= 0x7A) }
    }

    /// The value of the last declaration of `property` (lower-cased, trimmed) in a list of
    /// declarations (`a: b; c: d`), or nil.
    static func lastValue(of property: String, inDeclarations text: Substring) -> String? {
        var value: String?
        for declaration in text.split(separator: ";", omittingEmptySubsequences: true).prefix(4096) {
            guard let colon = declaration.firstIndex(of: ":"),
                  declaration[..<colon].trimmingCSSSpaces().lowercased() == property else { continue }
            value = declaration[declaration.index(after: colon)...].trimmingCSSSpaces().lowercased()
        }
        return value
    }

    /// The index of the `}` that ends a declaration block starting at `from` (strings
    /// skipped), or the end of the text.
    private static func blockEnd(_ text: [UInt8], from: Int) -> Int {
        var i = from
        var quote: UInt8 = 0
        while i < text.count {
            let b = text[i]
            if quote != 0 {
                if b == UInt8(ascii: "\\") { i += 1 } else if b == quote { quote = 0 }
            } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                quote = b
            } else if b == UInt8(ascii: "}") {
                return i
            }
            i += 1
        }
        return text.count
    }

    /// The stylesheet without its `/* comments */` (one pass).
    private static func stripComments(_ css: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(css.count)
        var i = css.startIndex
        while i < css.endIndex {
            if css[i] == UInt8(ascii: "/"), i + 1 < css.endIndex, css[i + 1] == UInt8(ascii: "*") {
                i += 2
                while i < css.endIndex && !(css[i] == UInt8(ascii: "*") && i + 1 < css.endIndex && css[i + 1] == UInt8(ascii: "/")) { i += 1 }
                i += 2
                out.append(0x20)
                continue
            }
            out.append(css[i])
            i += 1
        }
        return out
    }
}

extension StringProtocol where SubSequence == Substring {
    /// Without leading and trailing CSS whitespace.
    func trimmingCSSSpaces() -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" || $0 == "\r\n" }
        let s = self[...]
        guard let first = s.firstIndex(where: { !isSpace($0) }), let last = s.lastIndex(where: { !isSpace($0) }) else { return "" }
        return Substring(s[first...last])
    }
}
