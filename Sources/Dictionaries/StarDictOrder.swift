/// StarDict's order of `.idx` and `.syn` words (`stardict_strcmp`): `g_ascii_strcasecmp`
/// (ASCII letters folded to lower case, bytes compared unsigned), ties broken by `strcmp`.
enum StarDictOrder {
    @inline(__always) static func fold(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b | 0x20 : b }

    /// `g_ascii_strcasecmp` of two byte strings.
    static func caseInsensitive(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let n = min(a.count, b.count)
        for i in 0..<n {
            let x = fold(a[i]), y = fold(b[i])
            if x != y { return Int(x) - Int(y) }
        }
        return a.count - b.count
    }

    /// The whole order: case-insensitive, then byte for byte.
    static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let c = caseInsensitive(a, b)
        if c != 0 { return c }
        let n = min(a.count, b.count)
        for i in 0..<n where a[i] != b[i] { return Int(a[i]) - Int(b[i]) }
        return a.count - b.count
    }
}
