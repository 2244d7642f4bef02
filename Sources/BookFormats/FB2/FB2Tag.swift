import CLibXML2

/// The FictionBook 2 elements the walker knows, classified by local name (any namespace,
/// any prefix: FB2 2.0 and 2.1 share the element set). Everything else is `.other`: a
/// container whose text is kept.
enum FB2Tag: UInt8 {
    case other, skip, description, titleInfo, bookTitle, author, firstName, middleName, lastName, nickname
    case lang, sequence, annotation, coverpage, body, section, title, subtitle, paragraph, emptyLine
    case poem, stanza, verseLine, epigraph, cite, textAuthor, date, table, row, cell
    case emphasis, strong, strike, sup, sub, code, link, image

    /// Local names packed little-endian into two UInt64 (names of up to 16 bytes).
    private struct Key: Hashable {
        var low: UInt64 = 0
        var high: UInt64 = 0

        init?(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard bytes.count <= 16 else { return nil }
            for (i, b) in bytes.enumerated() {
                if i < 8 { low |= UInt64(b) << (8 * UInt64(i)) } else { high |= UInt64(b) << (8 * UInt64(i - 8)) }
            }
        }
    }

    private static let names: [Key: FB2Tag] = {
        let t: [String: FB2Tag] = [
            "stylesheet": .skip, "binary": .skip, "description": .description, "title-info": .titleInfo,
            "book-title": .bookTitle, "author": .author, "first-name": .firstName, "middle-name": .middleName,
            "last-name": .lastName, "nickname": .nickname, "lang": .lang, "sequence": .sequence,
            "annotation": .annotation, "coverpage": .coverpage, "body": .body, "section": .section,
            "title": .title, "subtitle": .subtitle, "p": .paragraph, "empty-line": .emptyLine, "poem": .poem,
            "stanza": .stanza, "v": .verseLine, "epigraph": .epigraph, "cite": .cite, "text-author": .textAuthor,
            "date": .date, "table": .table, "tr": .row, "td": .cell, "th": .cell, "emphasis": .emphasis,
            "strong": .strong, "strikethrough": .strike, "sup": .sup, "sub": .sub, "code": .code, "a": .link,
            "image": .image,
        ]
        var packed: [Key: FB2Tag] = [:]
        for (name, tag) in t {
            var s = name
            s.withUTF8 { if let key = Key($0) { packed[key] = tag } }
        }
        return packed
    }()

    /// The tag of an element's local name (libxml2's SAX2 `localname`; a name that kept a
    /// prefix is cut after its last `:`).
    static func classify(_ name: UnsafePointer<xmlChar>) -> FB2Tag {
        var start = name
        var p = name
        while p.pointee != 0 {
            if p.pointee == UInt8(ascii: ":") { start = p + 1 }
            p += 1
        }
        guard let key = Key(UnsafeBufferPointer(start: start, count: p - start)) else { return .other }
        return names[key] ?? .other
    }

    /// Whether the element is a block whose extent is recorded when it has an `id` (a link
    /// to it reads it as a note when it is one).
    var hasExtent: Bool {
        switch self {
        case .section, .title, .subtitle, .paragraph, .poem, .stanza, .verseLine, .epigraph, .cite,
             .textAuthor, .date, .table, .row, .annotation, .body: return true
        default: return false
        }
    }
}

/// The attributes of an FB2 element the walker uses, from libxml2's SAX2 attribute array
/// (five pointers each: local name, prefix, URI, value, value end).
struct FB2Attributes {
    var id: String?
    /// `l:href`, `xlink:href` — any prefix (or none).
    var href: String?
    var type: String?
    var name: String?
    var number: String?
    var alt: String?
    var title: String?
    /// `xml:lang`: the element's language ("" unknown).
    var language: String?

    init(_ atts: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, count: Int) {
        guard let atts, count > 0 else { return }
        for k in 0..<count {
            guard let local = atts[5 * k], let value = atts[5 * k + 3], let end = atts[5 * k + 4] else { continue }
            let length = max(0, min(end - value, 1 << 20))
            func string() -> String { String(decoding: UnsafeBufferPointer(start: value, count: length), as: UTF8.self) }
            let prefix = atts[5 * k + 1]
            switch Self.name(local) {
            case "id": id = string()
            case "href": href = string()
            case "type": type = string()
            case "name": name = string()
            case "number": number = string()
            case "alt": alt = string()
            case "title": title = string()
            case "lang": if let prefix, prefix.pointee == UInt8(ascii: "x") { language = string() }
            default: break
            }
        }
    }

    /// The attribute's local name when it is one the walker reads (short names only: the
    /// rest are not turned into strings).
    private static func name(_ p: UnsafePointer<xmlChar>) -> String? {
        var start = p, q = p
        while q.pointee != 0 {
            if q.pointee == UInt8(ascii: ":") { start = q + 1 }
            q += 1
            if q - p > 16 { return nil }
        }
        return String(cString: UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self))
    }
}
