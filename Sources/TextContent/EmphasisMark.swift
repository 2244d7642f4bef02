/// The mark of emphasis put beside each character of a run (Aozora 傍点/傍線, CSS
/// `text-emphasis`): dots, circles, triangles… shown over the text on the ruby row, and
/// the side lines (傍線) drawn as an underline.
public enum EmphasisMark: UInt8, Sendable, Codable, CaseIterable {
    /// 傍点 / `filled sesame`: ﹅.
    case sesame
    /// 白ゴマ傍点 / `open sesame`: ﹆.
    case whiteSesame
    /// 丸傍点 / `filled dot`, `filled circle`: ●.
    case blackCircle
    /// 白丸傍点 / `open circle`: ○.
    case whiteCircle
    /// 黒三角傍点 / `filled triangle`: ▲.
    case blackTriangle
    /// 白三角傍点 / `open triangle`: △.
    case whiteTriangle
    /// 二重丸傍点 / `filled double-circle`: ◎.
    case doubleCircle
    /// 蛇の目傍点 / `open double-circle`: ◉.
    case bullseye
    /// ばつ傍点: ×.
    case cross
    /// 傍線 (and 鎖線, 破線, 波線): a line beside the text, shown as an underline.
    case sideLine
    /// 二重傍線: a double line beside the text, shown as an underline.
    case doubleSideLine

    /// The character drawn over each character of the run, or nil for the side lines
    /// (which are a text style: underline).
    public var character: Unicode.Scalar? {
        switch self {
        case .sesame: return "\u{FE45}"
        case .whiteSesame: return "\u{FE46}"
        case .blackCircle: return "\u{25CF}"
        case .whiteCircle: return "\u{25CB}"
        case .blackTriangle: return "\u{25B2}"
        case .whiteTriangle: return "\u{25B3}"
        case .doubleCircle: return "\u{25CE}"
        case .bullseye: return "\u{25C9}"
        case .cross: return "\u{00D7}"
        case .sideLine, .doubleSideLine: return nil
        }
    }
}

/// Emphasis marks over a run of the book's text. Runs are sorted, non-empty, never
/// overlap and never cross a block separator.
public struct EmphasisMarkRun: Hashable, Sendable {
    /// The emphasised text.
    public var range: ByteRange
    /// The mark beside each of its characters.
    public var mark: EmphasisMark

    /// Creates a run.
    public init(range: ByteRange, mark: EmphasisMark) {
        self.range = range
        self.mark = mark
    }
}
