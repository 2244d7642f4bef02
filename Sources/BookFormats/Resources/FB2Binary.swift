import Support

/// Finds an FB2 `<binary id="…">` in a document's bytes and decodes its base64 (white space
/// and line breaks ignored). A byte scan, not an XML parse: binaries are ASCII in every
/// ASCII-compatible encoding FB2 files use (a UTF-16 document is not searched).
enum FB2Binary {
    /// The decoded bytes of the binary with `id`, or nil (absent, bad base64, or more than
    /// `limit` bytes once decoded).
    static func find(id: String, in document: [UInt8], limit: Int) -> [UInt8]? {
        let open = Array("<binary".utf8)
        var i = 0
        while let start = index(of: open, in: document, from: i) {
            guard let tagEnd = document[start...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
            let tag = String(decoding: document[(start + open.count)..<tagEnd], as: UTF8.self)
            i = tagEnd + 1
            guard attribute("id", in: tag) == id else { continue }
            let close = index(of: Array("</binary".utf8), in: document, from: i) ?? document.count
            guard (close - i) / 4 * 3 <= limit + 3 else { return nil }
            guard let data = document[i..<close].withUnsafeBufferPointer(FoundationBase64.decode),
                  data.count <= limit, !data.isEmpty else { return nil }
            return data
        }
        return nil
    }

    /// The value of `name="…"` (or `'…'`) in a start tag's attribute text.
    static func attribute(_ name: String, in tag: String) -> String? {
        var rest = tag[...]
        while let r = rest.firstByteRange(of: name) {
            let before = r.lowerBound == tag.startIndex ? " " : tag[tag.index(before: r.lowerBound)]
            var after = tag[r.upperBound...].drop { $0 == " " }
            rest = tag[r.upperBound...]
            guard before == " " || before == "\t" || before == "\n" || before == "\r", after.first == "=" else { continue }
            after = after.dropFirst().drop { $0 == " " }
            guard let quote = after.first, quote == "\"" || quote == "'" else { continue }
            return String(after.dropFirst().prefix { $0 != quote })
        }
        return nil
    }

    private static func index(of needle: [UInt8], in hay: [UInt8], from start: Int) -> Int? {
        guard start < hay.count, hay.count - start >= needle.count else { return nil }
        var i = start
        let first = needle[0]
        while i <= hay.count - needle.count {
            if hay[i] == first && hay[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }
}
