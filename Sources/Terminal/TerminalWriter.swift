/// Writes byte strings to a file descriptor (stdout by default), completely: partial
/// writes are continued and EINTR is retried.
public struct TerminalWriter: Sendable {
    /// The descriptor written to.
    public let fd: Int32

    /// Creates a writer for `fd` (default 1, standard output).
    public init(fd: Int32 = 1) {
        self.fd = fd
    }

    /// Writes all of `bytes`. Throws `TerminalError.systemCall("write", …)` on failure.
    public func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try Sys.writeAll(fd, $0) }
    }

    /// Writes the UTF-8 bytes of `text`.
    public func write(_ text: String) throws {
        try write(Array(text.utf8))
    }
}
