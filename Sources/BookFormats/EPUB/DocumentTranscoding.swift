/// An EPUB document in UTF-16 or a single-byte encoding made UTF-8, exactly as Foundation's
/// `String(data:encoding:)` made it before (`.utf16`, `.isoLatin1`, `.windowsCP1252`), so
/// the same documents are read and the same ones fall back to repaired UTF-8.
enum DocumentTranscoding {
    /// A UTF-16 document that starts with its byte-order mark (FF FE little-endian, FE FF
    /// big-endian; the mark is dropped, later ones are text): nil when a surrogate is
    /// unpaired; an odd last byte is dropped.
    static func utf8(fromUTF16 data: [UInt8]) -> [UInt8]? {
        precondition(data.count >= 2, "a byte-order mark first")
        let bigEndian = data[0] == 0xFE
        var units: [UInt16] = []
        units.reserveCapacity(data.count / 2)
        var k = 2
        while k + 1 < data.count {
            let (high, low) = bigEndian ? (data[k], data[k + 1]) : (data[k + 1], data[k])
            units.append(UInt16(high) << 8 | UInt16(low))
            k += 2
        }
        return String(validating: units, as: UTF16.self).map { Array($0.utf8) }
    }

    /// ISO 8859-1: every byte is the code point of the same number.
    static func utf8(fromLatin1 data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(data.count + data.count / 8)
        for b in data {
            if b < 0x80 {
                out.append(b)
            } else {
                out.append(0xC0 | b >> 6)
                out.append(0x80 | b & 0x3F)
            }
        }
        return out
    }

    /// Windows-1252: nil when a byte is one it leaves undefined (81, 8D, 8F, 90, 9D), as
    /// Foundation refused those.
    static func utf8(fromWindows1252 data: [UInt8]) -> [UInt8]? {
        if data.contains(where: { $0 == 0x81 || $0 == 0x8D || $0 == 0x8F || $0 == 0x90 || $0 == 0x9D }) { return nil }
        return data.withUnsafeBufferPointer { MOBIMarkup.utf8(fromCP1252: $0) }
    }
}
