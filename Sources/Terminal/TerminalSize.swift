/// The size of the terminal in character cells.
public struct TerminalSize: Hashable, Sendable {
    /// Number of columns (width).
    public var columns: Int
    /// Number of rows (height).
    public var rows: Int

    /// Creates a size.
    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// The size assumed when the terminal does not report one: 80×24.
    public static let fallback = TerminalSize(columns: 80, rows: 24)
}
