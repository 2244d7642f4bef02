/// Text out of the markup StarDict entries carry: HTML (`h`), Pango markup (`g`) and XDXF
/// (`x`). Tags are dropped; `<br>`, and the start and end of block elements (`p`, `div`,
/// `li`, `tr`, headings; XDXF's `k`, `def`, `ex`), become line breaks; `<script>` and
/// `<style>` are dropped with their content; entities are decoded (the XML five, `&nbsp;`,
/// numeric ones). HTML collapses white space as a browser does; Pango markup and XDXF
/// keep their line breaks.
enum MarkupText {
    /// Which markup.
    enum Kind { case html, pango, xdxf }

    static let htmlBlocks: Set<String> = ["p", "div", "li", "tr", "ul", "ol", "dl", "dt", "dd", "table", "blockquote",
                                          "h1", "h2", "h3", "h4", "h5", "h6", "hr", "section", "article", "pre"]
    static let xdxfBlocks: Set<String> = ["k", "def", "ex", "blockquote", "ar", "deftext"]

    /// The text of `markup`.
    static func text(_ markup: String, kind: Kind) -> String {
        let blocks = kind == .xdxf ? xdxfBlocks : htmlBlocks
        var out = ""
        var s = Substring(markup)
        var skipUntil: String? = nil
        while let lt = s.firstIndex(of: "<") {
            if skipUntil == nil { appendText(s[..<lt], to: &out, collapse: kind == .html) }
            guard let gt = s[lt...].firstIndex(of: ">") else { s = s[s.endIndex...]; break }
            let tag = s[s.index(after: lt)..<gt]
            s = s[s.index(after: gt)...]
            let closing = tag.hasPrefix("/")
            let name = tag.drop(while: { $0 == "/" }).prefix(while: { $0.isLetter || $0.isNumber }).lowercased()
            if let end = skipUntil {
                if closing && name == end { skipUntil = nil }
                continue
            }
            if !closing && (name == "script" || name == "style") && !tag.hasSuffix("/") { skipUntil = name; continue }
            if name == "br" || blocks.contains(name) { newline(&out) }
            if kind == .xdxf && name == "tr" { out += closing ? "]" : "[" }
        }
        if skipUntil == nil { appendText(s, to: &out, collapse: kind == .html) }
        return out
    }

    private static func newline(_ out: inout String) {
        while out.hasSuffix(" ") { out.removeLast() }
        if !out.isEmpty && !out.hasSuffix("\n") { out += "\n" }
    }

    /// Text between tags, entities decoded, white space collapsed for HTML.
    private static func appendText(_ text: Substring, to out: inout String, collapse: Bool) {
        guard !text.isEmpty else { return }
        var decoded = Substring(decodeEntities(text))
        if out.hasSuffix("\n") && decoded.hasPrefix("\n") { decoded = decoded.dropFirst() }   // a block's end already broke the line
        guard collapse else { out += decoded; return }
        for ch in decoded {
            if ch.isWhitespace && ch != "\u{00A0}" {
                if !out.isEmpty && !out.hasSuffix(" ") && !out.hasSuffix("\n") { out += " " }
            } else {
                out.append(ch)
            }
        }
    }

    static let named: [Substring: String] = ["lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}",
                                             "mdash": "—", "ndash": "–", "hellip": "…", "laquo": "«", "raquo": "»"]

    /// `&…;` entities replaced; an unknown or malformed one is kept as written.
    static func decodeEntities(_ text: Substring) -> String {
        guard text.contains("&") else { return String(text) }
        var out = ""
        var s = text
        while let amp = s.firstIndex(of: "&") {
            out += s[..<amp]
            let rest = s[s.index(after: amp)...]
            if let semi = rest.prefix(12).firstIndex(of: ";"), let value = entity(rest[..<semi]) {
                out += value
                s = rest[rest.index(after: semi)...]
            } else {
                out += "&"
                s = rest
            }
        }
        return out + s
    }

    private static func entity(_ name: Substring) -> String? {
        if let v = named[name] { return v }
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let code = digits.hasPrefix("x") || digits.hasPrefix("X") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        guard let code, let scalar = Unicode.Scalar(code) else { return nil }
        return String(Character(scalar))   // control characters are removed later by EntryText
    }
}
