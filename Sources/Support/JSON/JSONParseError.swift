/// Why `JSONParser` refused its input, and where: the byte offset of the problem from the
/// start of the input (a byte order mark included).
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong.
    public enum Reason: Equatable, Sendable {
        /// The input ends inside a value (or holds nothing but whitespace).
        case unexpectedEnd
        /// A byte that cannot start or continue what was expected there.
        case unexpectedByte(UInt8)
        /// Something other than whitespace after the document's value.
        case trailingData
        /// A number that breaks RFC 8259's grammar (`01`, `1.`, `.5`, `+1`, `-`, `1e`).
        case invalidNumber
        /// A number literal longer than `JSONParser.maximumNumberLength` bytes.
        case numberTooLong
        /// A misspelt `true`, `false` or `null`.
        case invalidLiteral
        /// A byte below 0x20 inside a string (it must be escaped).
        case controlCharacterInString
        /// A backslash followed by something other than `"\/bfnrtu`.
        case invalidEscape
        /// `\u` not followed by four hexadecimal digits.
        case invalidUnicodeEscape
        /// A `\uD800`–`\uDFFF` escape that is not half of a high–low surrogate pair.
        case unpairedSurrogate
        /// Bytes inside a string that are not well-formed UTF-8 (overlong forms, encoded
        /// surrogates, values past U+10FFFF, stray continuation bytes, truncated sequences).
        case invalidUTF8
        /// Arrays and objects nested deeper than `JSONParser.maximumDepth`.
        case tooDeep
    }

    /// Offset of the offending byte (for `unexpectedEnd`, the input's length).
    public let offset: Int
    /// What was wrong there.
    public let reason: Reason

    /// An error at `offset`.
    public init(offset: Int, reason: Reason) {
        self.offset = offset
        self.reason = reason
    }

    /// "byte 12: unexpected byte 0x7D", "byte 40: number too long", …
    public var description: String {
        "byte \(offset): \(reasonText)"
    }

    private var reasonText: String {
        switch reason {
        case .unexpectedEnd: return "unexpected end of input"
        case .unexpectedByte(let b):
            let hex = String(b, radix: 16, uppercase: true)
            return "unexpected byte 0x\(hex.count == 1 ? "0" + hex : hex)"
        case .trailingData: return "data after the JSON value"
        case .invalidNumber: return "invalid number"
        case .numberTooLong: return "number too long"
        case .invalidLiteral: return "invalid literal"
        case .controlCharacterInString: return "unescaped control character in a string"
        case .invalidEscape: return "invalid escape"
        case .invalidUnicodeEscape: return "invalid \\u escape"
        case .unpairedSurrogate: return "unpaired UTF-16 surrogate escape"
        case .invalidUTF8: return "invalid UTF-8"
        case .tooDeep: return "nested too deeply"
        }
    }
}
