import Support

/// Aozora gaiji notes (外字注記): `※［＃「てへん＋劣」、U+6318、45-6］` names a character the
/// source encoding lacks, by code point or by its JIS X 0213 plane-row-cell
/// (`第3水準1-87-64`, `第4水準2-88-74`, `小書き片仮名ヒ、1-6-84`).
enum AozoraGaiji {
    /// The character a gaiji note names, if it can be found: its `U+` code point, else its
    /// JIS X 0213 position converted by iconv (EUC-JISX0213).
    static func character(in body: String) -> String? {
        if let s = codePoint(in: body) { return String(Character(s)) }
        guard let (plane, row, cell) = jisPosition(in: body) else { return nil }
        let bytes: [UInt8] = plane == 1 ? [UInt8(0xA0 + row), UInt8(0xA0 + cell)] : [0x8F, UInt8(0xA0 + row), UInt8(0xA0 + cell)]
        guard let s = IconvDecoder.convertEUCJISX0213(bytes), !s.isEmpty,
              !s.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0xFFFD }) else { return nil }
        return s
    }

    /// The code point named in a gaiji annotation ("…、U+6318、…"), if any.
    static func codePoint(in body: String) -> Unicode.Scalar? {
        guard let r = body.firstByteRange(of: "U+") else { return nil }
        let hex = body[r.upperBound...].prefix { $0.isHexDigit }
        guard hex.count >= 4, hex.count <= 6, let v = UInt32(hex, radix: 16), let s = Unicode.Scalar(v),
              !(v < 0x20 || (v >= 0x7F && v < 0xA0)) else { return nil }
        return s
    }

    /// The last `P-R-C` (plane 1…2, row and cell 1…94) after a `、` or `水準`.
    static func jisPosition(in body: String) -> (plane: Int, row: Int, cell: Int)? {
        guard let r = body.lastByteRange(of: "水準") ?? body.lastByteRange(of: "、") else { return nil }
        let numbers = body[r.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
        guard numbers.count == 3 else { return nil }
        let values = numbers.enumerated().map { k, part -> Int? in
            let digits = part.prefix { $0.isASCII && $0.isNumber }
            // The cell may be followed by more text; plane and row are digits only.
            guard !digits.isEmpty, digits.count <= 2, k == 2 || digits.count == part.count else { return nil }
            return Int(digits)
        }
        guard let p = values[0], let row = values[1], let cell = values[2], (1...2).contains(p),
              (1...94).contains(row), (1...94).contains(cell) else { return nil }
        return (p, row, cell)
    }
}
