/// Gives cmark-gfm's headings (`<h1>`…`<h6>` without attributes) the ids GitHub gives
/// them, so links to `#a-heading` inside a Markdown file lead somewhere: the heading's
/// text without tags, lowercased, with everything but letters, digits, `-`, `_` and spaces
/// removed and spaces turned into `-`; a repeated id gets `-1`, `-2`… appended.
enum HeadingAnchors {
    /// `html` with ids on its headings.
    static func add(_ html: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(html.count + html.count / 64)
        var used: [String: Int] = [:]
        var i = 0
        while i < html.count {
            guard let level = openingTag(html, at: i), let close = closingTag(html, from: i + 4, level: level) else {
                out.append(html[i])
                i += 1
                continue
            }
            let inner = html[(i + 4)..<close]
            let id = unique(slug(inner), &used)
            out += Array("<h\(Character(UnicodeScalar(level))) id=\"\(id)\">".utf8)
            out += inner
            i += 4 + inner.count
        }
        return out
    }

    /// The level byte (`1`…`6`) when `<hN>` starts at `i`.
    private static func openingTag(_ h: [UInt8], at i: Int) -> UInt8? {
        guard i + 3 < h.count, h[i] == UInt8(ascii: "<"), h[i + 1] == UInt8(ascii: "h"),
              (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(h[i + 2]), h[i + 3] == UInt8(ascii: ">") else { return nil }
        return h[i + 2]
    }

    /// Where `</hN>` starts, searching from `from` (headings never nest and stay on one line).
    private static func closingTag(_ h: [UInt8], from: Int, level: UInt8) -> Int? {
        var j = from
        while j + 4 < h.count && h[j] != 0x0A {
            if h[j] == UInt8(ascii: "<"), h[j + 1] == UInt8(ascii: "/"), h[j + 2] == UInt8(ascii: "h"), h[j + 3] == level,
               h[j + 4] == UInt8(ascii: ">") { return j }
            j += 1
        }
        return nil
    }

    /// GitHub's slug of a heading's HTML (tags dropped, entities kept as their letters).
    static func slug(_ inner: ArraySlice<UInt8>) -> String {
        var text = ""
        var inTag = false
        for ch in String(decoding: inner, as: UTF8.self) {
            if ch == "<" { inTag = true } else if ch == ">" { inTag = false } else if !inTag { text.append(ch) }
        }
        var slug = ""
        for ch in text.lowercased() {
            if ch == " " { slug.append("-") } else if ch.isLetter || ch.isNumber || ch == "-" || ch == "_" { slug.append(ch) }
        }
        return slug
    }

    private static func unique(_ slug: String, _ used: inout [String: Int]) -> String {
        guard let n = used[slug] else { used[slug] = 1; return slug }
        used[slug] = n + 1
        return "\(slug)-\(n)"
    }
}
