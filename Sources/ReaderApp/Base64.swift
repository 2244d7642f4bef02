/// Base64 (RFC 4648, with `=` padding, no line breaks) for OSC 52's clipboard text, as
/// Foundation's `Data.base64EncodedString()` writes it, without paging its code in.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The base64 text of `bytes`, as ASCII bytes.
    static func encode(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i < bytes.count {
            let count = min(3, bytes.count - i)
            let b0 = UInt32(bytes[i]), b1 = count > 1 ? UInt32(bytes[i + 1]) : 0, b2 = count > 2 ? UInt32(bytes[i + 2]) : 0
            let group = b0 << 16 | b1 << 8 | b2
            for k in 0..<4 {
                // A group of n bytes gives n + 1 digits; the rest of the four are padding.
                out.append(k <= count ? alphabet[Int(group >> UInt32(18 - 6 * k) & 0x3F)] : UInt8(ascii: "="))
            }
            i += count
        }
        return out
    }
}
