import Glibc
import TextContent

/// Buffered writer to a file descriptor (stdout by default); flushes in large chunks.
struct Output {
    private var buffer: [UInt8] = []
    private let fd: Int32

    init(fd: Int32 = STDOUT_FILENO) {
        self.fd = fd
        buffer.reserveCapacity(1 << 16)
    }

    /// Whether the descriptor is a terminal.
    static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    mutating func write(_ s: String) {
        var s = s
        s.withUTF8 { buffer.append(contentsOf: $0) }
        if buffer.count >= 1 << 16 { flush() }
    }

    mutating func write<C: Collection>(bytes: C) where C.Element == UInt8 {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { flush() }
    }

    mutating func writeByte(_ b: UInt8) { buffer.append(b) }

    /// Writes everything buffered. A closed pipe (reader | head) ends the program quietly.
    mutating func flush() {
        var offset = 0
        while offset < buffer.count {
            let n = buffer.withUnsafeBytes { raw in
                Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
            }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE { exit(0) }
                Diagnostics.error("cannot write output: \(String(cString: strerror(errno)))")
                exit(ExitCode.outputFailed.rawValue)
            }
            offset += n
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Messages to stderr, always one line each, prefixed `reader: `.
enum Diagnostics {
    static func error(_ message: String) {
        line("reader: " + message)
    }

    static func warning(_ message: String) {
        line("reader: warning: " + message)
    }

    /// A statistics line (`READER_STATS`).
    static func statsLine(_ text: String) {
        line("reader: stats: " + text)
    }

    /// A machine-readable statistics line (`READER_STATS`).
    static func stats(_ peak: String) {
        line("reader: stats: peak-rss \(peak)")
    }

    private static func line(_ s: String) {
        // Never let a file name or book text put control characters on the terminal, nor
        // bidi formatting characters that could reorder the line.
        let clean = String(String.UnicodeScalarView(s.unicodeScalars.map { sc in
            (sc.value < 0x20 || (0x7F...0x9F).contains(sc.value) || TextSanitizer.isBidiControl(sc)) ? "?" : sc
        }))
        var bytes = Array((clean + "\n").utf8)
        _ = bytes.withUnsafeMutableBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
