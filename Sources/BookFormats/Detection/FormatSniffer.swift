import Support

/// What a book file is, decided from its first bytes (and, only where the bytes cannot
/// tell, its name).
public enum DetectedFormat: Equatable, Sendable {
    /// A zip that is not an FB2 archive: read as EPUB (which names what is missing).
    case epub
    /// A FictionBook XML document.
    case fb2
    /// A zip whose first entry is an `.fb2` document.
    case fb2Zip
    /// A Palm database: `BOOKMOBI` (MOBI 6, KF8) or `TEXtREAd` (PalmDOC) at offset 60.
    case mobi
    /// An HTML or XHTML document.
    case html
    /// Markdown: by name only (`.md`, `.markdown`, `.mkd`); Markdown is plain text to any sniffer.
    case markdown
    /// Anything else: plain text in some encoding.
    case text
}

/// Sniffs a book's format from its head (`headBytes` bytes are enough).
///
/// The rules, in order: `PK\3\4` is a zip (an FB2 archive when its first entry's name ends
/// in `.fb2`, or the file is named `*.fb2.zip`, else EPUB); a Palm database type/creator of
/// `BOOKMOBI` or `TEXtREAd` at offset 60 is MOBI; a document whose first markup (after a
/// byte-order mark, white space, an XML declaration, comments and a DOCTYPE) is
/// `<FictionBook` is FB2, `<html` (or a DOCTYPE `html`) is HTML; a file named `*.md` is
/// Markdown; everything else is text. A file named `.epub` is always read as EPUB, so a
/// broken one gets the EPUB error.
public enum FormatSniffer {
    /// How much of the head the rules look at.
    public static let headBytes = 4096

    /// The format of a file whose first bytes are `head` and whose path is `path`.
    public static func detect(head: [UInt8], path: String) -> DetectedFormat {
        let name = FilePath.lastComponent(path).lowercased()
        if name.hasSuffix(".epub") { return .epub }
        if head.count >= 4 && head[0] == 0x50 && head[1] == 0x4B && head[2] == 3 && head[3] == 4 {
            return name.hasSuffix(".fb2.zip") || firstZipEntryIsFB2(head) ? .fb2Zip : .epub
        }
        if head.count >= 2 && head[0] == 0x50 && head[1] == 0x4B { return .epub }  // other zip records: let the zip reader explain
        if head.count >= 68 {
            let type = String(decoding: head[60..<68], as: UTF8.self)
            if type == "BOOKMOBI" || type == "TEXtREAd" { return .mobi }
        }
        switch firstElementName(head) {
        case "fictionbook": return .fb2
        case "html": return .html
        default: break
        }
        for ext in [".md", ".markdown", ".mkd"] where name.hasSuffix(ext) { return .markdown }
        return .text
    }

    /// Reads the head of `path` and detects its format (empty head → `.text`).
    public static func detect(path: String) -> DetectedFormat {
        guard let head = FileHead.read(path, count: headBytes) else { return .text }
        return detect(head: head, path: path)
    }

    /// The local file header's name field (offset 30, length at 26) ends in `.fb2`.
    static func firstZipEntryIsFB2(_ head: [UInt8]) -> Bool {
        guard head.count >= 30 else { return false }
        let length = Int(head[26]) | Int(head[27]) << 8
        guard length >= 4, head.count >= 30 + length else { return false }
        return String(decoding: head[30..<(30 + length)], as: UTF8.self).lowercased().hasSuffix(".fb2")
    }

    /// The lowercased local name of the first element of an XML/HTML head, skipping a BOM,
    /// white space, `<?…?>`, `<!--…-->` and `<!DOCTYPE …>` (a DOCTYPE `html` answers "html").
    /// UTF-16 heads are narrowed to their ASCII bytes first. Nil when none is found.
    static func firstElementName(_ raw: [UInt8]) -> String? {
        let head = narrowed(raw)
        var i = 0
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        while i < head.count {
            let b = head[i]
            if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { i += 1; continue }
            guard b == UInt8(ascii: "<"), i + 1 < head.count else { return nil }
            let next = head[i + 1]
            if next == UInt8(ascii: "?") || next == UInt8(ascii: "!") {
                if let doctype = doctypeName(head, at: i), doctype == "html" { return "html" }
                let closer: [UInt8] = head[i...].starts(with: Array("<!--".utf8)) ? Array("-->".utf8) : [UInt8(ascii: ">")]
                guard let end = find(closer, in: head, from: i + 2) else { return nil }
                i = end + closer.count
                continue
            }
            var j = i + 1
            while j < head.count, head[j] != 0x20, head[j] != UInt8(ascii: ">"), head[j] != UInt8(ascii: "/"),
                  head[j] != 0x0A, head[j] != 0x0D, head[j] != 0x09 { j += 1 }
            let qualified = String(decoding: head[(i + 1)..<j], as: UTF8.self).lowercased()
            return qualified.split(separator: ":").last.map(String.init) ?? qualified
        }
        return nil
    }

    /// The name after `<!DOCTYPE` at `i`, lowercased, or nil when `i` starts no DOCTYPE.
    private static func doctypeName(_ head: [UInt8], at i: Int) -> String? {
        let prefix = Array("<!doctype".utf8)
        guard head.count >= i + prefix.count,
              zip(head[i..<(i + prefix.count)], prefix).allSatisfy({ ($0 | 0x20) == ($1 | 0x20) || $0 == $1 }) else { return nil }
        let rest = head[(i + prefix.count)...].drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        return String(decoding: rest.prefix { $0 != 0x20 && $0 != UInt8(ascii: ">") && $0 != 0x0A && $0 != 0x0D }, as: UTF8.self).lowercased()
    }

    /// A UTF-16 head (BOM, or a zero byte in every other position) reduced to its low bytes.
    private static func narrowed(_ head: [UInt8]) -> [UInt8] {
        guard head.count >= 4 else { return head }
        let le = head[0] == 0xFF && head[1] == 0xFE || head[1] == 0 && head[3] == 0 && head[0] != 0
        let be = head[0] == 0xFE && head[1] == 0xFF || head[0] == 0 && head[2] == 0 && head[1] != 0
        guard le || be else { return head }
        var out: [UInt8] = []
        out.reserveCapacity(head.count / 2)
        var k = (head[0] == 0xFF || head[0] == 0xFE) ? 2 : 0
        while k + 1 < head.count {
            let (lo, hi) = le ? (head[k], head[k + 1]) : (head[k + 1], head[k])
            out.append(hi == 0 ? lo : 0x3F)
            k += 2
        }
        return out
    }

    private static func find(_ needle: [UInt8], in hay: [UInt8], from start: Int) -> Int? {
        guard needle.count > 0, hay.count >= needle.count, start <= hay.count - needle.count else { return nil }
        for k in start...(hay.count - needle.count) where hay[k] == needle[0] && hay[k..<(k + needle.count)].elementsEqual(needle) {
            return k
        }
        return nil
    }
}
