/// The compression methods of zip entries, and which ones an EPUB may use.
///
/// The OCF specification allows only stored (0) and deflate (8), and a reading system must
/// report an entry compressed otherwise. libzip may well inflate bzip2 or zstd, but such
/// an entry is refused (`ZipArchive.read` throws): the book is not conforming, and a
/// method other readers cannot read should not silently work here only.
enum ZipCompressionMethod {
    /// Whether an EPUB entry may use `method` (stored or deflate).
    static func isAllowed(_ method: UInt16) -> Bool { method == 0 || method == 8 }

    /// The method's common name, if it has one ("bzip2" for 12).
    static func name(_ method: UInt16) -> String? {
        switch method {
        case 0: return "stored"
        case 1: return "shrink"
        case 2, 3, 4, 5: return "reduce"
        case 6: return "implode"
        case 8: return "deflate"
        case 9: return "deflate64"
        case 10: return "PKWARE DCL implode"
        case 12: return "bzip2"
        case 14: return "LZMA"
        case 18: return "IBM TERSE"
        case 19: return "IBM LZ77"
        case 93: return "zstd"
        case 95: return "xz"
        case 96: return "JPEG"
        case 97: return "WavPack"
        case 98: return "PPMd"
        case 99: return "AES encryption"
        default: return nil
        }
    }

    /// Why an entry compressed with `method` is not read: "compressed with method 12
    /// (bzip2), which the reader cannot read".
    static func refusal(_ method: UInt16) -> String {
        "compressed with method \(method)\(name(method).map { " (\($0))" } ?? ""), which the reader cannot read"
    }
}
