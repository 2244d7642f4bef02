import Glibc
import TextContent

extension PlainTextReader {
    /// The start of the book at `path`: its first `bytes` bytes (cut after the last line end
    /// before them, in the file's own encoding), decoded and built like a whole file, for
    /// showing a big TXT before it is all read (`PartialBook`, issue #20). Its text is the
    /// whole book's first text, byte for byte, except perhaps its last paragraph (cut) —
    /// and where detecting the encoding from the start alone guesses otherwise than from
    /// the whole file (an ASCII start decodes the same either way). Nil when the file is not
    /// bigger than `bytes`, or has no line end in their second half.
    public static func readStart(path: String, bytes: Int, encoding: String?) throws -> TextContent? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw BookError.unreadable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, Int(st.st_size) > bytes else { return nil }
        var head = [UInt8](repeating: 0, count: bytes)
        let n = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress, bytes, 0) }
        guard n == bytes else { return nil }
        return try start(of: head, name: path, encoding: encoding)
    }

    /// The book whose file starts with `head` (the file is longer), cut after its last line
    /// end (`lineEnd`) and built as a whole file would be; nil when there is no cut.
    public static func start(of head: [UInt8], name: String, encoding: String?) throws -> TextContent? {
        guard let cut = lineEnd(before: head.count, in: head, encoding: encoding) else { return nil }
        let (decoded, warnings) = try TextDecoding.decode(Array(head[..<cut]), name: name, override: encoding)
        return build(decoded, warnings: warnings, name: name)
    }

    /// Where the text can be cut: just after the last line feed in `head`, found as the
    /// encoding writes it — the code unit the decoder would read (`encoding` forced, its
    /// byte order from a BOM; else the BOM, else `EncodingDetector.unicodeWithoutBOM`, else
    /// bytes); UTF-32 is not cut. Nil when there is none in the second half.
    static func lineEnd(before limit: Int, in head: [UInt8], encoding: String? = nil) -> Int? {
        let unit: TextEncoding = head.withUnsafeBufferPointer { all in
            let bom = EncodingDetector.bom(all)?.encoding
            guard let encoding else { return bom ?? EncodingDetector.unicodeWithoutBOM(all) ?? .utf8 }
            let named = TextEncoding.named(encoding)
            return bom.flatMap { $0.unitWidth == named.unitWidth ? $0 : nil } ?? named
        }
        let width = unit.unitWidth
        guard width <= 2 else { return nil }
        var i = (limit / width) * width - width
        while i >= limit / 2 {
            let isLineFeed = width == 1 ? head[i] == 0x0A
                : (unit.bigEndian ? head[i] == 0 && head[i + 1] == 0x0A : head[i] == 0x0A && head[i + 1] == 0)
            if isLineFeed { return i + width }
            i -= width
        }
        return nil
    }
}
