/// The second pass over a word: its core in lower case, in the pattern file's encoding,
/// and for each character handed to libhyphen the byte offset in the *original* word a
/// break after it stands for (or −1 where no break may go).
///
/// libhyphen's patterns are lower case. Lower-casing may change a letter's length (`İ` →
/// `i̇`, two scalars; `ẞ` 3 bytes → `ß` 2 bytes), so offsets are tracked per source
/// scalar: a break is only allowed after the last character a source scalar became.
/// Apostrophes (`'`, U+2019, U+02BC) are handed over as `'` (the patterns know only that
/// one) and no break is allowed on either side of one. No break goes before a combining
/// mark. The minimums count letters and apostrophes, not bytes.
struct WordPreparation {
    /// Bytes written to `encoded` (a NUL follows them) and characters (entries of `breaks`).
    var byteCount = 0
    var characterCount = 0

    /// Fills `encoded` and `breaks`; nil when a letter has no byte in an 8-bit encoding, or
    /// the buffers are too small.
    init?(_ word: UnsafeBufferPointer<UInt8>, scan: WordScan, encoding: PatternEncoding, left: Int, right: Int,
          encoded: UnsafeMutableBufferPointer<UInt8>, breaks: UnsafeMutableBufferPointer<Int32>) {
        var i = scan.coreStart
        var unitsBefore = 0
        while i < scan.coreEnd {
            guard let (scalar, length) = UTF8Scalar.decode(word, at: i) else { return nil }
            let kind = CharacterClass(scalar)
            let isApostrophe: Bool
            if case .apostrophe = kind { isApostrophe = true } else { isApostrophe = false }
            if case .mark = kind {} else { unitsBefore += 1 }
            // A break before this scalar is not allowed when it is a mark or an apostrophe.
            if characterCount > 0, isApostrophe || kind.isMark { breaks[characterCount - 1] = -1 }
            let firstCharacter = characterCount
            guard append(scalar, isApostrophe: isApostrophe, encoding: encoding, encoded: encoded, breaks: breaks) else {
                return nil
            }
            let end = i + length
            let allowed = !isApostrophe && unitsBefore >= left
                && scan.units - unitsBefore >= right && characterCount > firstCharacter
            if allowed { breaks[characterCount - 1] = Int32(end) }
            i = end
        }
        guard byteCount < encoded.count else { return nil }
        encoded[byteCount] = 0
    }

    /// Appends the lower case of `scalar`; each new character gets −1 (no break) for now.
    private mutating func append(_ scalar: Unicode.Scalar, isApostrophe: Bool, encoding: PatternEncoding,
                                 encoded: UnsafeMutableBufferPointer<UInt8>, breaks: UnsafeMutableBufferPointer<Int32>) -> Bool {
        let v = scalar.value
        if isApostrophe { return put(UInt8(ascii: "'"), encoded: encoded, breaks: breaks) }
        if v < 0x80 {
            let byte = (0x41...0x5A).contains(v) ? UInt8(v + 0x20) : UInt8(v)
            return put(byte, encoded: encoded, breaks: breaks)
        }
        let properties = scalar.properties
        if properties.changesWhenLowercased {
            for lower in properties.lowercaseMapping.unicodeScalars {
                guard put(lower, encoding: encoding, encoded: encoded, breaks: breaks) else { return false }
            }
            return true
        }
        return put(scalar, encoding: encoding, encoded: encoded, breaks: breaks)
    }

    private mutating func put(_ scalar: Unicode.Scalar, encoding: PatternEncoding,
                              encoded: UnsafeMutableBufferPointer<UInt8>, breaks: UnsafeMutableBufferPointer<Int32>) -> Bool {
        switch encoding {
        case .utf8:
            guard characterCount < breaks.count, byteCount + 4 < encoded.count else { return false }
            for byte in UTF8.encode(scalar)! {
                encoded[byteCount] = byte
                byteCount += 1
            }
            breaks[characterCount] = -1
            characterCount += 1
            return true
        case .singleByte(_, let table):
            if scalar.value < 0x80 { return put(UInt8(scalar.value), encoded: encoded, breaks: breaks) }
            guard let byte = table[scalar.value] else { return false }
            return put(byte, encoded: encoded, breaks: breaks)
        }
    }

    private mutating func put(_ byte: UInt8, encoded: UnsafeMutableBufferPointer<UInt8>,
                              breaks: UnsafeMutableBufferPointer<Int32>) -> Bool {
        guard characterCount < breaks.count, byteCount + 1 < encoded.count else { return false }
        encoded[byteCount] = byte
        byteCount += 1
        breaks[characterCount] = -1
        characterCount += 1
        return true
    }
}

extension CharacterClass {
    var isMark: Bool { if case .mark = self { return true } else { return false } }
}
