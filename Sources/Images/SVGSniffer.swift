/// Tells an SVG document by its first element: `<svg` (or a prefixed `<x:svg`) after
/// what may come before the root element of an XML file: a UTF-8 byte-order mark,
/// white space, the XML declaration and other processing instructions, comments and a
/// doctype.
enum SVGSniffer {
    /// Whether the first element of `bytes` is an `svg` element.
    static func startsWithSVGElement(_ bytes: ArraySlice<UInt8>) -> Bool {
        var rest = bytes
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        while true {
            rest = rest.drop(while: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D })
            guard rest.first == UInt8(ascii: "<") else { return false }
            if let after = skip(rest, from: "<?", to: "?>") ?? skip(rest, from: "<!--", to: "-->")
                ?? skip(rest, from: "<!", to: ">") {
                rest = after
                continue
            }
            return isSVGTag(rest.dropFirst())
        }
    }

    /// `bytes` after the construct that opens with `open` and ends with `close`, or nil
    /// when they do not open with it or it does not end in them.
    private static func skip(_ bytes: ArraySlice<UInt8>, from open: String, to close: String) -> ArraySlice<UInt8>? {
        guard bytes.starts(with: open.utf8) else { return nil }
        let closing = Array(close.utf8)
        var i = bytes.startIndex + open.utf8.count
        while i + closing.count <= bytes.endIndex {
            if bytes[i..<(i + closing.count)].elementsEqual(closing) { return bytes[(i + closing.count)...] }
            i += 1
        }
        return nil
    }

    /// Whether a tag name (the bytes after `<`) is `svg` or `prefix:svg`, followed by the
    /// end of the name.
    private static func isSVGTag(_ name: ArraySlice<UInt8>) -> Bool {
        let nameEnd = name.firstIndex(where: { !isNameByte($0) }) ?? name.endIndex
        guard nameEnd < name.endIndex else { return false }   // the name must end inside the sniffed bytes
        let tag = name[name.startIndex..<nameEnd]
        let local = tag.lastIndex(of: UInt8(ascii: ":")).map { tag[($0 + 1)...] } ?? tag
        return local.elementsEqual("svg".utf8)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: ":"), UInt8(ascii: "-"),
             UInt8(ascii: "_"), UInt8(ascii: "."):
            return true
        default:
            return byte >= 0x80
        }
    }
}
