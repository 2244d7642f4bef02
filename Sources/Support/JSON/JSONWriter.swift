/// Serializes a `JSONValue` exactly as Foundation's `JSONEncoder` lays its output out
/// (swift-foundation's `JSONWriter`, Swift 6.3):
///
/// * compact: no whitespace at all; pretty: two spaces per level, `"key" : value`, one
///   element per line, and empty containers as `[`, an empty line, `]` (`{\n\n}`);
/// * sorted keys in the byte order of their UTF-8 (not a locale's order: `"10"` < `"9"` <
///   `"B"` < `"a"` < `"é"`), members in insertion order otherwise;
/// * strings: `\"`, `\\`, `\/` (unless slashes are left alone), `\b \f \n \r \t`, other
///   bytes below 0x20 as `\u00XX` with lowercase hex digits; everything else as it is
///   (DEL, U+2028, non-ASCII);
/// * no newline at the end.
struct JSONWriter {
    /// How deep `Encodable` values may nest: Foundation's writer refuses the 512th level.
    static let encodableDepth = 511

    /// Thrown when the value nests deeper than `maximumDepth`.
    struct TooDeep: Error {}

    /// Containers nested deeper than this are refused.
    let maximumDepth: Int
    let prettyPrinted: Bool
    let sortedKeys: Bool
    let escapesSlashes: Bool
    /// The output so far.
    var bytes: [UInt8] = []
    private var indent = 0

    init(prettyPrinted: Bool, sortedKeys: Bool, escapesSlashes: Bool, maximumDepth: Int) {
        self.maximumDepth = maximumDepth
        self.prettyPrinted = prettyPrinted
        self.sortedKeys = sortedKeys
        self.escapesSlashes = escapesSlashes
    }

    /// Appends `value`.
    mutating func write(_ value: JSONValue) throws(TooDeep) {
        switch value {
        case .null: append("null")
        case .bool(let b): append(b ? "true" : "false")
        case .number(let text): appendRaw(text)
        case .string(let s): writeString(s)
        case .array(let elements): try writeArray(elements)
        case .object(let members): try writeObject(members)
        }
    }

    private mutating func writeArray(_ elements: [JSONValue]) throws(TooDeep) {
        guard indent < maximumDepth else { throw TooDeep() }
        bytes.append(UInt8(ascii: "["))
        indent += 1
        if prettyPrinted { bytes.append(0x0A) }
        for (i, element) in elements.enumerated() {
            if i > 0 { separate() }
            if prettyPrinted { writeIndent() }
            try write(element)
        }
        indent -= 1
        if prettyPrinted {
            bytes.append(0x0A)
            writeIndent()
        }
        bytes.append(UInt8(ascii: "]"))
    }

    private mutating func writeObject(_ members: [JSONMember]) throws(TooDeep) {
        guard indent < maximumDepth else { throw TooDeep() }
        bytes.append(UInt8(ascii: "{"))
        indent += 1
        if prettyPrinted { bytes.append(0x0A) }
        let ordered = sortedKeys && members.count > 1
            ? members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            : members
        for (i, member) in ordered.enumerated() {
            if i > 0 { separate() }
            if prettyPrinted { writeIndent() }
            writeString(member.key)
            if prettyPrinted { append(" : ") } else { bytes.append(UInt8(ascii: ":")) }
            try write(member.value)
        }
        indent -= 1
        if prettyPrinted {
            bytes.append(0x0A)
            writeIndent()
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// The comma between two elements (and the line break when pretty).
    @inline(__always) private mutating func separate() {
        bytes.append(UInt8(ascii: ","))
        if prettyPrinted { bytes.append(0x0A) }
    }

    private mutating func writeIndent() {
        for _ in 0..<indent {
            bytes.append(0x20)
            bytes.append(0x20)
        }
    }

    @inline(__always) private mutating func append(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private mutating func appendRaw(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// A string in quotes with Foundation's escapes.
    mutating func writeString(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            var segment = 0
            for (i, b) in utf8.enumerated() {
                guard b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || (b == UInt8(ascii: "/") && escapesSlashes) else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[segment..<i]))
                appendEscape(b)
                segment = i + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[segment...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscape(_ b: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch b {
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        case 0x00..<0x20:
            let hex: StaticString = "0123456789abcdef"
            bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                      hex.utf8Start[Int(b >> 4)], hex.utf8Start[Int(b & 0xF)]])
        default: bytes.append(b)  // " \ /
        }
    }
}
