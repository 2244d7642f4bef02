import Support
import TextContent

/// An HTML file's bytes as UTF-8, for the walker (which reads UTF-8 only, so that source
/// offsets are exact).
///
/// The encoding is, in order: a byte-order mark (UTF-8, UTF-16); the one the file
/// declares in its first 2 KiB (`<meta charset>`, `<meta http-equiv="Content-Type"
/// content="…; charset=…">`, `<?xml … encoding=…?>`; ISO-8859-1 and ASCII read as
/// windows-1252, as browsers do); UTF-8 when the bytes are valid UTF-8; else windows-1252,
/// with a warning. Invalid sequences become U+FFFD; escape sequences are blanked.
enum HTMLDecoding {
    /// The decoded text and the name of the encoding it was read in.
    struct Decoded {
        var utf8: [UInt8]
        var encoding: String
    }

    /// Decodes `data`; what had to be repaired is added to `warnings`.
    static func decode(_ data: [UInt8], warnings: inout [String]) -> Decoded {
        if let wide = utf16(data, warnings: &warnings) { return wide }
        let hasBOM = data.starts(with: [0xEF, 0xBB, 0xBF])
        if !hasBOM, let declared = declaredCharset(data), !isUTF8(declared), let encoding = legacy(declared) {
            return finish(convert(data, encoding, warnings: &warnings), encoding.displayName)
        }
        if UTF8Validation.isValid(data) { return finish(data, "UTF-8") }
        if hasBOM || declaredCharset(data).map(isUTF8) == true {
            warnings.append("not valid UTF-8; invalid bytes were replaced")
            return finish(Array(String(decoding: data, as: UTF8.self).utf8), "UTF-8")
        }
        warnings.append("not UTF-8 and declares no encoding; read as windows-1252")
        return finish(convert(data, .windows1252, warnings: &warnings), TextEncoding.windows1252.displayName)
    }

    /// Decodes a text file that declares no charset (Markdown): a BOM, else UTF-8 when
    /// valid, else windows-1252 with a warning.
    static func decodeText(_ data: [UInt8], warnings: inout [String]) -> Decoded {
        if let wide = utf16(data, warnings: &warnings) { return wide }
        if UTF8Validation.isValid(data) { return finish(data, "UTF-8") }
        warnings.append("not valid UTF-8; read as windows-1252")
        return finish(convert(data, .windows1252, warnings: &warnings), TextEncoding.windows1252.displayName)
    }

    /// A UTF-16 document (its byte-order mark tells the order), or nil.
    private static func utf16(_ data: [UInt8], warnings: inout [String]) -> Decoded? {
        guard data.count >= 2, data[0] == 0xFF && data[1] == 0xFE || data[0] == 0xFE && data[1] == 0xFF else { return nil }
        let encoding = data[0] == 0xFF ? TextEncoding.utf16LE : .utf16BE
        return finish(convert(Array(data[2...]), encoding, warnings: &warnings), encoding.displayName)
    }

    private static func finish(_ bytes: [UInt8], _ encoding: String) -> Decoded {
        var text = bytes
        EPUBPackage.blankEscapeSequences(&text)
        return Decoded(utf8: text, encoding: encoding)
    }

    private static func isUTF8(_ name: String) -> Bool { name == "utf-8" || name == "utf8" }

    /// The iconv encoding for a declared charset (nil when iconv does not know it).
    private static func legacy(_ name: String) -> TextEncoding? {
        let mapped = ["iso-8859-1", "latin1", "latin-1", "us-ascii", "ascii", "iso8859-1"].contains(name) ? "CP1252" : name
        guard IconvDecoder.isKnown(mapped) else { return nil }
        return mapped == "CP1252" ? .windows1252 : TextEncoding.named(mapped)
    }

    private static func convert(_ bytes: [UInt8], _ encoding: TextEncoding, warnings: inout [String]) -> [UInt8] {
        guard let decoder = IconvDecoder(encoding),
              let out = try? bytes.withUnsafeBufferPointer({ try decoder.decode($0, lenient: true) }) else {
            return Array(String(decoding: bytes, as: UTF8.self).utf8)
        }
        if out.errorCount > 0 {
            warnings.append("\(out.errorCount) byte sequence(s) invalid in \(encoding.displayName) replaced by U+FFFD")
        }
        return out.utf8
    }

    /// The charset the head declares, lowercased, or nil.
    static func declaredCharset(_ data: [UInt8]) -> String? {
        let head = String(decoding: data.prefix(2048), as: UTF8.self).lowercased()
        var search = head[...]
        while let r = search.firstByteRange(of: "charset") ?? search.firstByteRange(of: "encoding") {
            var rest = head[r.upperBound...].drop { $0 == " " }
            guard rest.first == "=" else { search = head[r.upperBound...]; continue }
            rest = rest.dropFirst().drop { $0 == " " || $0 == "\"" || $0 == "'" }
            let value = rest.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ":" || $0 == "." }
            if !value.isEmpty { return String(value) }
            search = head[r.upperBound...]
        }
        return nil
    }
}
