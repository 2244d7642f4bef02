extension JSONScanner {
    /// Reads a string literal starting at its opening quote: escapes resolved (surrogate
    /// pairs joined, lone surrogates refused), control characters refused, the UTF-8
    /// checked strictly (RFC 3629).
    mutating func scanString() throws(JSONParseError) -> String {
        position += 1  // the opening quote
        let start = position
        // Fast path: printable ASCII up to the closing quote.
        while position < bytes.count {
            let b = bytes[position]
            if b == UInt8(ascii: "\"") {
                position += 1
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position - 1]), as: UTF8.self)
            }
            if b == UInt8(ascii: "\\") || b < 0x20 || b >= 0x80 { break }
            position += 1
        }
        return try scanStringSlowly(from: start)
    }

    /// The general case of `scanString`: escapes, non-ASCII, errors.
    private mutating func scanStringSlowly(from start: Int) throws(JSONParseError) -> String {
        var escaped = false
        var segment = start
        scratch.removeAll(keepingCapacity: true)
        while true {
            guard position < bytes.count else { throw error(.unexpectedEnd) }
            let b = bytes[position]
            if b == UInt8(ascii: "\"") { break }
            if b == UInt8(ascii: "\\") {
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[segment..<position]))
                escaped = true
                try scanEscape()
                segment = position
            } else if b < 0x20 {
                throw error(.controlCharacterInString)
            } else if b < 0x80 {
                position += 1
            } else {
                try skipUTF8Sequence()
            }
        }
        defer { position += 1 }  // the closing quote
        guard escaped else {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        }
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[segment..<position]))
        return String(decoding: scratch, as: UTF8.self)
    }

    /// Reads one escape at a backslash and appends what it stands for to `scratch`.
    private mutating func scanEscape() throws(JSONParseError) {
        position += 1
        guard let c = peek else { throw error(.unexpectedEnd) }
        let simple: UInt8
        switch c {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): simple = c
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"):
            try scanUnicodeEscape()
            return
        default:
            throw error(.invalidEscape)
        }
        scratch.append(simple)
        position += 1
    }

    /// Reads `uXXXX` (and a following `\uXXXX` low surrogate when the first is a high one).
    private mutating func scanUnicodeEscape() throws(JSONParseError) {
        let escapeStart = position - 1
        position += 1
        let unit = try scanHex4()
        var scalar: UInt32
        switch unit {
        case 0xD800...0xDBFF:
            guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                throw JSONParseError(offset: escapeStart, reason: .unpairedSurrogate)
            }
            position += 2
            let low = try scanHex4()
            guard (0xDC00...0xDFFF).contains(low) else {
                throw JSONParseError(offset: escapeStart, reason: .unpairedSurrogate)
            }
            scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        case 0xDC00...0xDFFF:
            throw JSONParseError(offset: escapeStart, reason: .unpairedSurrogate)
        default:
            scalar = UInt32(unit)
        }
        appendUTF8(scalar)
    }

    /// Four hexadecimal digits as a UTF-16 code unit.
    private mutating func scanHex4() throws(JSONParseError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard let c = peek else { throw error(.unexpectedEnd) }
            let digit: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = c - UInt8(ascii: "A") + 10
            default: throw error(.invalidUnicodeEscape)
            }
            value = value << 4 | UInt16(digit)
            position += 1
        }
        return value
    }

    /// Appends a scalar (never a surrogate) to `scratch` as UTF-8.
    private mutating func appendUTF8(_ v: UInt32) {
        switch v {
        case 0..<0x80:
            scratch.append(UInt8(v))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | v >> 6))
            scratch.append(UInt8(0x80 | v & 0x3F))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | v >> 12))
            scratch.append(UInt8(0x80 | v >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | v & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | v >> 18))
            scratch.append(UInt8(0x80 | v >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | v >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | v & 0x3F))
        }
    }

    /// Skips one well-formed multi-byte UTF-8 sequence (Unicode's table 3-7) at a byte
    /// ≥ 0x80, or throws `invalidUTF8` at its first byte.
    private mutating func skipUTF8Sequence() throws(JSONParseError) {
        let lead = bytes[position]
        let count: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF  // the second byte's range
        switch lead {
        case 0xC2...0xDF: count = 2
        case 0xE0: count = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: count = 3
        case 0xED: count = 3; high = 0x9F
        case 0xF0: count = 4; low = 0x90
        case 0xF1...0xF3: count = 4
        case 0xF4: count = 4; high = 0x8F
        default: throw error(.invalidUTF8)
        }
        guard position + count <= bytes.count else { throw error(.invalidUTF8) }
        let second = bytes[position + 1]
        guard second >= low && second <= high else { throw error(.invalidUTF8) }
        for i in 2..<count where bytes[position + i] & 0xC0 != 0x80 {
            throw error(.invalidUTF8)
        }
        position += count
    }
}
