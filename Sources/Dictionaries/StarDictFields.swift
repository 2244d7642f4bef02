/// The fields of a StarDict entry's data and their text. With `sametypesequence` the types
/// are not in the data and the last field runs to the end; without it each field starts with
/// its type. Lower-case types are NUL-terminated text, upper-case ones a 32-bit big-endian
/// size and that many bytes. Text comes from `m` (plain), `t` (phonetic, in slashes), `y`
/// (readings), `l` (text in the "locale", read only when it is UTF-8), `g` (Pango markup),
/// `h` (HTML) and `x` (XDXF); every other type (pictures, sounds, resources, …) is skipped.
enum StarDictFields {
    /// The text of `data`; nil when the fields are malformed (a size past the end).
    static func text(_ data: [UInt8], sameTypes: [UInt8]?) -> String? {
        var pieces: [String] = []
        var pos = 0
        var typeIndex = 0
        while pos < data.count {
            let type: UInt8
            if let sameTypes {
                guard typeIndex < sameTypes.count else { break }
                type = sameTypes[typeIndex]
            } else {
                type = data[pos]
                pos += 1
            }
            let last = sameTypes.map { typeIndex == $0.count - 1 } ?? false
            typeIndex += 1
            guard let body = field(data, &pos, upper: (0x41...0x5A).contains(type), last: last) else { return nil }
            if let piece = fieldText(type, data[body]) { pieces.append(piece) }
        }
        return pieces.joined(separator: "\n")
    }

    /// The range of the field at `pos`, moving past it.
    private static func field(_ data: [UInt8], _ pos: inout Int, upper: Bool, last: Bool) -> Range<Int>? {
        if last {
            defer { pos = data.count }
            return pos..<data.count
        }
        if upper {
            guard pos + 4 <= data.count else { return nil }
            let size = data[pos..<pos + 4].reduce(0) { $0 << 8 | Int($1) }
            pos += 4
            guard size <= data.count - pos else { return nil }
            defer { pos += size }
            return pos..<pos + size
        }
        let end = data[pos...].firstIndex(of: 0) ?? data.count
        defer { pos = min(end + 1, data.count) }
        return pos..<end
    }

    /// The text of one field, or nil for a type that is not text.
    static func fieldText(_ type: UInt8, _ bytes: ArraySlice<UInt8>) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        switch type {
        case UInt8(ascii: "m"), UInt8(ascii: "y"): return text
        case UInt8(ascii: "t"): return "/\(text)/"
        case UInt8(ascii: "l"): return UTF8Check.isValid(Array(bytes)) ? text : nil
        case UInt8(ascii: "g"): return MarkupText.text(text, kind: .pango)
        case UInt8(ascii: "h"): return MarkupText.text(text, kind: .html)
        case UInt8(ascii: "x"): return MarkupText.text(text, kind: .xdxf)
        default: return nil
        }
    }
}
