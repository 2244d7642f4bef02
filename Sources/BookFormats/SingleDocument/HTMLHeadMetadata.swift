import Support

/// The authors and language an HTML file's head declares: `<meta name="author">`,
/// `<meta name="dc.creator">` / `dcterms.creator` (Project Gutenberg), `<html lang>` /
/// `xml:lang`, `<meta name="dc.language">` / `http-equiv="Content-Language"`. Only the
/// head is looked at (up to `</head>`, at most 64 KiB); values are raw (sanitised by the
/// caller).
struct HTMLHeadMetadata: Equatable {
    var authors: [String] = []
    var language = ""

    static let maxHead = 64 << 10

    /// Reads the head of the UTF-8 document `utf8`.
    init(_ utf8: [UInt8]) {
        let text = String(decoding: utf8.prefix(Self.maxHead), as: UTF8.self)
        let head = text.firstByteRangeIgnoringASCIICase(of: "</head").map { text[..<$0.lowerBound] } ?? text[...]
        var rest = head
        while let open = rest.firstIndex(of: "<") {
            let tagText = rest[rest.index(after: open)...]
            guard let close = tagText.firstIndex(of: ">") else { break }
            let tag = tagText[..<close]
            rest = tagText[tagText.index(after: close)...]
            let name = tag.prefix { !$0.isWhitespace && $0 != "/" }.lowercased()
            let attributes = Self.attributes(tag.dropFirst(name.count))
            if name == "html" || name.hasSuffix(":html") {
                if language.isEmpty { language = attributes["lang"] ?? attributes["xml:lang"] ?? "" }
            } else if name == "meta" {
                take(attributes)
            }
        }
    }

    private mutating func take(_ a: [String: String]) {
        guard let content = a["content"]?.trimmingSpaces(), !content.isEmpty else { return }
        let key = (a["name"] ?? a["http-equiv"] ?? a["property"] ?? "").lowercased()
        switch key {
        case "author", "dc.creator", "dcterms.creator", "book:author":
            if !authors.contains(content) { authors.append(content) }
        case "dc.language", "dcterms.language", "content-language", "language":
            if language.isEmpty { language = content }
        default: break
        }
    }

    /// `name="value"`, `name='value'`, `name=value` pairs, names lowercased, entities
    /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&#39;` decoded.
    static func attributes(_ s: Substring) -> [String: String] {
        var out: [String: String] = [:]
        var i = s.startIndex
        func skipSpace() { while i < s.endIndex && s[i].isWhitespace { i = s.index(after: i) } }
        while i < s.endIndex {
            skipSpace()
            let nameStart = i
            while i < s.endIndex && !s[i].isWhitespace && s[i] != "=" && s[i] != "/" { i = s.index(after: i) }
            let name = s[nameStart..<i].lowercased()
            skipSpace()
            guard i < s.endIndex, s[i] == "=" else {
                if i < s.endIndex && name.isEmpty { i = s.index(after: i) }
                continue
            }
            i = s.index(after: i)
            skipSpace()
            var value = Substring()
            if i < s.endIndex, s[i] == "\"" || s[i] == "'" {
                let quote = s[i]
                let start = s.index(after: i)
                let end = s[start...].firstIndex(of: quote) ?? s.endIndex
                value = s[start..<end]
                i = end < s.endIndex ? s.index(after: end) : end
            } else {
                let start = i
                while i < s.endIndex && !s[i].isWhitespace { i = s.index(after: i) }
                value = s[start..<i]
            }
            if !name.isEmpty && out[name] == nil { out[name] = decodeEntities(value) }
        }
        return out
    }

    private static func decodeEntities(_ s: Substring) -> String {
        guard s.utf8.contains(UInt8(ascii: "&")) else { return String(s) }
        return s.replacingBytes("&lt;", with: "<").replacingBytes("&gt;", with: ">")
            .replacingBytes("&quot;", with: "\"").replacingBytes("&#39;", with: "'")
            .replacingBytes("&amp;", with: "&")
    }
}
