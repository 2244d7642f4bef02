import CZlib

/// zlib's inflate, bounded: a raw deflate chunk (dictzip) or a whole gzip member.
enum Inflate {
    /// Raw deflate `input` (no header: a dictzip chunk, which starts after a full flush)
    /// inflated to at most `limit` bytes; nil when the data is not valid deflate.
    /// The chunk need not end the stream (dictzip's chunks end with a full flush).
    static func rawChunk(_ input: [UInt8], limit: Int) -> [UInt8]? {
        run(input, windowBits: -15, limit: limit, mustEnd: false)
    }

    /// A gzip member inflated whole; nil when it is not valid or inflates past `limit`.
    static func gzip(_ input: [UInt8], limit: Int) -> [UInt8]? {
        run(input, windowBits: 15 + 16, limit: limit, mustEnd: true)
    }

    private static func run(_ input: [UInt8], windowBits: Int32, limit: Int, mustEnd: Bool) -> [UInt8]? {
        var stream = z_stream()
        guard inflateInit2_(&stream, windowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var piece = [UInt8](repeating: 0, count: 64 * 1024)
        var ended = false
        let ok: Bool = input.withUnsafeBufferPointer { inBuf in
            stream.next_in = UnsafeMutablePointer(mutating: inBuf.baseAddress)
            stream.avail_in = UInt32(inBuf.count)
            while true {
                let (status, produced) = piece.withUnsafeMutableBufferPointer { outBuf -> (Int32, Int) in
                    stream.next_out = outBuf.baseAddress
                    stream.avail_out = UInt32(outBuf.count)
                    let status = inflate(&stream, Z_NO_FLUSH)
                    return (status, outBuf.count - Int(stream.avail_out))
                }
                if output.count + produced > limit { return false }
                output.append(contentsOf: piece[0..<produced])
                if status == Z_STREAM_END { ended = true; return true }
                if status == Z_BUF_ERROR || (status == Z_OK && produced == 0 && stream.avail_in == 0) {
                    return !mustEnd   // input used up before the stream's end
                }
                if status != Z_OK { return false }
            }
        }
        guard ok, ended || !mustEnd else { return nil }
        return output
    }
}
