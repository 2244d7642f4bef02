import CZlib

/// zlib's deflate (RFC 1950 stream), for `KittyGraphics`' `o=z`.
enum Deflate {
    /// `bytes` compressed at level 6, or nil if zlib fails.
    static func compress(_ bytes: [UInt8]) -> [UInt8]? {
        var size = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = bytes.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                compress2(output.baseAddress, &size, input.baseAddress, uLong(bytes.count), 6)
            }
        }
        guard status == Z_OK else { return nil }
        out.removeLast(out.count - Int(size))
        return out
    }
}
