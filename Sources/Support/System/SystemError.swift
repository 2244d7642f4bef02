#if canImport(Glibc)
import Glibc
#endif

/// A failed system call: the path concerned and the reason (`strerror(errno)` by default).
public struct SystemError: Error, Equatable, CustomStringConvertible {
    /// The file or folder concerned.
    public let path: String
    /// Why it failed.
    public let reason: String
    /// The `errno` value, 0 when the failure is not the system's.
    public let code: Int32

    /// An error about `path` with the current `errno`'s reason.
    public init(path: String) {
        let code = errno
        self.init(path: path, reason: String(cString: strerror(code)), code: code)
    }

    /// An error about `path` for `reason`.
    public init(path: String, reason: String, code: Int32 = 0) {
        self.path = path
        self.reason = reason
        self.code = code
    }

    /// "<path>: <reason>".
    public var description: String { "\(path): \(reason)" }
}
