/// `Digest.words` over bytes that come in pieces: `combine` each piece in order, then
/// `value` is exactly `Digest.words` of the pieces joined. Lets a writer checksum a file
/// made of separate buffers (the content cache's header, the book's text, the rest)
/// without joining them into one more copy.
public struct WordsDigest: Sendable {
    private var digest = Digest()
    /// The 0–7 bytes after the last whole word, least significant first.
    private var pending: UInt64 = 0
    private var pendingCount = 0
    private var total = 0

    /// An empty digest.
    public init() {}

    /// Combines the next piece.
    public mutating func combine(_ bytes: UnsafeRawBufferPointer) {
        total += bytes.count
        var i = 0
        while pendingCount > 0 && i < bytes.count {
            pending |= UInt64(bytes[i]) << (8 * UInt64(pendingCount))
            pendingCount += 1
            i += 1
            if pendingCount == 8 {
                withUnsafeBytes(of: pending.littleEndian) { digest.combineWords($0) }
                pending = 0
                pendingCount = 0
            }
        }
        let whole = (bytes.count - i) / 8 * 8
        if whole > 0 { digest.combineWords(UnsafeRawBufferPointer(rebasing: bytes[i..<(i + whole)])) }
        for b in bytes[(i + whole)...] {
            pending |= UInt64(b) << (8 * UInt64(pendingCount))
            pendingCount += 1
        }
    }

    /// `Digest.words` of everything combined: the whole words, then the last 0–7 bytes
    /// byte-wise, then the total count.
    public var value: UInt64 {
        var d = digest
        for k in 0..<pendingCount { d.combine(UInt8(truncatingIfNeeded: pending >> (8 * UInt64(k)))) }
        d.mix(UInt64(total))
        return d.value
    }
}
