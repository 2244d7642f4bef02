/// The token level of `JSONParser`: a cursor over UTF-8 bytes that reads whitespace,
/// literals and numbers (strings: `JSONScanner+String.swift`). Every read is bounds-checked
/// and a malformed token throws a `JSONParseError` at its offset.
struct JSONScanner {
    /// The input; it must outlive the scanner.
    let bytes: UnsafeBufferPointer<UInt8>
    /// Offset of the next byte to read.
    var position: Int = 0
    /// Reused buffer for strings with escapes.
    var scratch: [UInt8] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The next byte, or nil at the end.
    @inline(__always) var peek: UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    /// An error at the current position.
    @inline(__always) func error(_ reason: JSONParseError.Reason) -> JSONParseError {
        JSONParseError(offset: position, reason: reason)
    }

    /// The error for the current byte: `unexpectedByte`, or `unexpectedEnd` at the end.
    func unexpected() -> JSONParseError {
        guard let b = peek else { return error(.unexpectedEnd) }
        return error(.unexpectedByte(b))
    }

    /// Skips a UTF-8 byte order mark at the very start (Foundation's decoder does too).
    mutating func skipByteOrderMark() {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
    }

    /// Skips RFC 8259 whitespace: space, tab, line feed, carriage return (nothing else).
    @inline(__always) mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    /// Reads `true`, `false` or `null` starting at the current byte.
    mutating func scanLiteral() throws(JSONParseError) -> JSONValue {
        let (text, value): (StaticString, JSONValue)
        switch bytes[position] {
        case UInt8(ascii: "t"): (text, value) = ("true", .bool(true))
        case UInt8(ascii: "f"): (text, value) = ("false", .bool(false))
        default: (text, value) = ("null", .null)
        }
        let count = text.utf8CodeUnitCount
        let start = text.utf8Start
        for i in 0..<count {
            guard position + i < bytes.count else {
                position += i
                throw error(.unexpectedEnd)
            }
            guard bytes[position + i] == start[i] else {
                position += i
                throw error(.invalidLiteral)
            }
        }
        position += count
        return value
    }

    /// Reads a number (RFC 8259: `-? (0 | [1-9][0-9]*) (\.[0-9]+)? ([eE][+-]?[0-9]+)?`) and
    /// returns its text.
    mutating func scanNumber() throws(JSONParseError) -> String {
        let start = position
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard let first = peek, isDigit(first) else { throw numberError() }
        position += 1
        if first == UInt8(ascii: "0") {
            if let next = peek, isDigit(next) { throw error(.invalidNumber) }
        } else {
            skipDigits()
        }
        if peek == UInt8(ascii: ".") {
            position += 1
            guard let d = peek, isDigit(d) else { throw numberError() }
            skipDigits()
        }
        if let e = peek, e | 0x20 == UInt8(ascii: "e") {
            position += 1
            if let sign = peek, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { position += 1 }
            guard let d = peek, isDigit(d) else { throw numberError() }
            skipDigits()
        }
        guard position - start <= JSONParser.maximumNumberLength else {
            throw JSONParseError(offset: start, reason: .numberTooLong)
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    }

    @inline(__always) private func isDigit(_ b: UInt8) -> Bool {
        b &- UInt8(ascii: "0") < 10
    }

    @inline(__always) private mutating func skipDigits() {
        while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }

    /// `unexpectedEnd` when a number stops at the end of the input, else `invalidNumber`.
    private func numberError() -> JSONParseError {
        error(position < bytes.count ? .invalidNumber : .unexpectedEnd)
    }
}
