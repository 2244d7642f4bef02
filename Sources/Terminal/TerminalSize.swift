import Glibc

/// The size of the terminal in character cells.
public struct TerminalSize: Hashable, Sendable {
    /// Number of columns (width).
    public var columns: Int
    /// Number of rows (height).
    public var rows: Int
    /// The window's width in pixels (`TIOCGWINSZ`'s `ws_xpixel`), 0 when the terminal does not say.
    public var pixelWidth: Int
    /// The window's height in pixels (`ws_ypixel`), 0 when the terminal does not say.
    public var pixelHeight: Int

    /// Creates a size; the pixels default to 0 (unknown).
    public init(columns: Int, rows: Int, pixelWidth: Int = 0, pixelHeight: Int = 0) {
        self.columns = columns
        self.rows = rows
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }

    /// The size assumed when the terminal does not report one: 80×24.
    public static let fallback = TerminalSize(columns: 80, rows: 24)

    /// The size of the terminal on standard output, else standard error (TIOCGWINSZ); nil
    /// when neither is a terminal (a batch command in a pipe or a script).
    public static func ofStandardStreams() -> TerminalSize? {
        Sys.windowSize(STDOUT_FILENO) ?? Sys.windowSize(STDERR_FILENO)
    }
}
