/// How the lines of a paragraph are chosen (`--wrap`).
public enum WrapStyle: UInt8, Hashable, Sendable, CaseIterable {
    /// First fit: each line takes as much as fits (the classic terminal way).
    case greedy
    /// Total fit (Knuth–Plass style): the breaks of a whole paragraph are chosen together
    /// to make the lines as even as possible (`OptimalFitter`).
    case optimal

    /// What the reader, `dump` and `cache build` use without `--wrap` (the library's
    /// `LayoutOptions()` keeps first fit).
    public static let defaultForReading = WrapStyle.optimal

    /// The name on the command line and in cache keys.
    public var name: String {
        switch self {
        case .greedy: return "greedy"
        case .optimal: return "optimal"
        }
    }
}
