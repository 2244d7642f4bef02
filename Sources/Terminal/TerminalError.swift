/// Errors thrown by the Terminal module. Each case carries the context needed for a
/// one-line message; the executable maps them to messages and exit codes.
public enum TerminalError: Error, Hashable, Sendable {
    /// The file descriptor is not a terminal (e.g. output redirected to a file).
    case notATerminal(fd: Int32)
    /// Another `TerminalSession` is already active in this process.
    case alreadyActive
    /// A system call failed: its name and `errno`.
    case systemCall(String, errno: Int32)
}
