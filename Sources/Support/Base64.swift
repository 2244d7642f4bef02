/// Standard base64 (RFC 4648 §4: `A–Z a–z 0–9 + /`, `=` padding, no line breaks), the
/// encoding of the terminal graphics protocols' payloads.
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// `bytes` encoded: 4 characters for every 3 bytes, the last group padded with `=`.
    public static func encode(_ bytes: some Collection<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var group: UInt32 = 0, filled = 0
        for byte in bytes {
            group = group << 8 | UInt32(byte)
            filled += 1
            if filled == 3 {
                for shift in [18, 12, 6, 0] { out.append(alphabet[Int(group >> UInt32(shift) & 63)]) }
                group = 0
                filled = 0
            }
        }
        if filled > 0 {
            group <<= UInt32(8 * (3 - filled))
            for (i, shift) in [18, 12, 6, 0].enumerated() {
                out.append(i <= filled ? alphabet[Int(group >> UInt32(shift) & 63)] : UInt8(ascii: "="))
            }
        }
        return out
    }
}
