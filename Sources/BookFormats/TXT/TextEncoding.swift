import Support

/// A text encoding the TXT reader can decode, named the way iconv knows it.
///
/// `displayName` is what `BookMetadata.encoding` reports ("UTF-8", "GB18030", "Big5", …);
/// `iconvName` is what is passed to `iconv_open`. `unitWidth` is the size of a code unit
/// in bytes (2 for UTF-16, 4 for UTF-32, 1 for UTF-8 and the legacy multibyte encodings),
/// which is how line terminators are found in the original bytes.
struct TextEncoding: Hashable, Sendable {
    /// Name reported to the user.
    var displayName: String
    /// Name passed to `iconv_open`.
    var iconvName: String
    /// Code unit size in bytes (1, 2 or 4).
    var unitWidth: Int
    /// Byte order of multi-byte code units.
    var bigEndian: Bool = false

    /// Whether this is UTF-8, which needs no conversion (the source map is then linear).
    var isUTF8: Bool { iconvName == "UTF-8" }

    static let utf8 = TextEncoding(displayName: "UTF-8", iconvName: "UTF-8", unitWidth: 1)
    static let utf16LE = TextEncoding(displayName: "UTF-16LE", iconvName: "UTF-16LE", unitWidth: 2)
    static let utf16BE = TextEncoding(displayName: "UTF-16BE", iconvName: "UTF-16BE", unitWidth: 2, bigEndian: true)
    static let utf32LE = TextEncoding(displayName: "UTF-32LE", iconvName: "UTF-32LE", unitWidth: 4)
    static let utf32BE = TextEncoding(displayName: "UTF-32BE", iconvName: "UTF-32BE", unitWidth: 4, bigEndian: true)
    /// GB18030 is a superset of GBK/CP936 and GB2312.
    static let gb18030 = TextEncoding(displayName: "GB18030", iconvName: "GB18030", unitWidth: 1)
    static let big5 = TextEncoding(displayName: "Big5", iconvName: "BIG5", unitWidth: 1)
    /// Microsoft's Big5 (adds a few rows and the euro sign); tried when strict Big5 fails.
    static let cp950 = TextEncoding(displayName: "CP950", iconvName: "CP950", unitWidth: 1)
    static let shiftJIS = TextEncoding(displayName: "Shift_JIS", iconvName: "SHIFT_JIS", unitWidth: 1)
    /// Microsoft's Shift_JIS (NEC/IBM extensions: ①, Ⅰ, …); tried when strict Shift_JIS fails.
    static let cp932 = TextEncoding(displayName: "CP932", iconvName: "CP932", unitWidth: 1)
    static let eucJP = TextEncoding(displayName: "EUC-JP", iconvName: "EUC-JP", unitWidth: 1)
    static let eucKR = TextEncoding(displayName: "EUC-KR", iconvName: "EUC-KR", unitWidth: 1)
    /// Unified Hangul Code (CP949), the superset of EUC-KR; tried when strict EUC-KR fails.
    static let cp949 = TextEncoding(displayName: "CP949", iconvName: "CP949", unitWidth: 1)
    /// Western single-byte fallback for non-UTF-8 European text.
    static let windows1252 = TextEncoding(displayName: "windows-1252", iconvName: "CP1252", unitWidth: 1)

    /// An encoding given by the user (`--encoding NAME`); the unit width is inferred from
    /// the name for the UTF-16/32 families.
    static func named(_ name: String) -> TextEncoding {
        let upper = name.uppercased().replacingBytes("_", with: "-")
        switch upper {
        case "UTF-8", "UTF8": return .utf8
        case "UTF-16LE", "UTF16LE": return .utf16LE
        case "UTF-16BE", "UTF16BE": return .utf16BE
        case "UTF-32LE", "UTF32LE": return .utf32LE
        case "UTF-32BE", "UTF32BE": return .utf32BE
        case "UTF-16", "UTF16", "UCS-2":
            return TextEncoding(displayName: name, iconvName: name, unitWidth: 2)
        case "UTF-32", "UTF32", "UCS-4":
            return TextEncoding(displayName: name, iconvName: name, unitWidth: 4)
        default:
            return TextEncoding(displayName: name, iconvName: name, unitWidth: 1)
        }
    }
}
