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
        guard let cut = lineEnd(before: head.count, in: head) else { return nil }
        let (decoded, warnings) = try TextDecoding.decode(Array(head[..<cut]), name: name, override: encoding)
        return build(decoded, warnings: warnings, name: name)
    }

    /// Where the text can be cut: just after the last line feed in `head`, found as the
    /// encoding writes it (UTF-16 by its BOM or its NUL bytes: an aligned code unit; UTF-32
    /// is not cut); nil when there is none in the second half.
    static func lineEnd(before limit: Int, in head: [UInt8]) -> Int? {
        let width: Int, bigEndian: Bool
        if head.starts(with: [0xFF, 0xFE, 0, 0]) || head.starts(with: [0, 0, 0xFE, 0xFF]) { return nil }
        if head.starts(with: [0xFF, 0xFE]) { (width, bigEndian) = (2, false) }
        else if head.starts(with: [0xFE, 0xFF]) { (width, bigEndian) = (2, true) }
        else if head.count >= 2 && head[1] == 0 && head[0] != 0 { (width, bigEndian) = (2, false) }
        else if head.count >= 2 && head[0] == 0 && head[1] != 0 { (width, bigEndian) = (2, true) }
        else { (width, bigEndian) = (1, false) }
        var i = (limit / width) * width - width
        while i >= limit / 2 {
            let isLineFeed = width == 1 ? head[i] == 0x0A
                : (bigEndian ? head[i] == 0 && head[i + 1] == 0x0A : head[i] == 0x0A && head[i + 1] == 0)
            if isLineFeed { return i + width }
            i -= width
        }
        return nil
    }
}
