/// How the columns of a table share a text column: each column's width in cells, like a
/// browser's automatic table layout.
///
/// When the natural widths (each column's widest cell) and the separators fit, they are
/// the widths. Otherwise each column gets at least its minimum — the wider of its longest
/// unbreakable word and `floor` cells, or its natural width if that is less — and the
/// cells left are shared in proportion to what each column still lacks of its natural
/// width. No word is cut within a column: when the minimums do not fit, there are no
/// widths, and the rows are laid out as paragraphs ("one row per line when nothing else
/// fits").
public enum TableColumnWidths {
    /// The narrowest a column is made when its content is wider.
    public static let floor = 6

    /// The widths of columns of natural widths `natural` and longest words `words` (same
    /// count) in a text column of `width` cells, separators included; nil if they cannot
    /// fit. Fitting tables get `natural` itself; the others fill `width` exactly.
    public static func allocate(natural: [Int], words: [Int], width: Int) -> [Int]? {
        precondition(natural.count == words.count, "one longest word a column")
        guard !natural.isEmpty else { return nil }
        let available = width - TableColumns.separatorWidth * (natural.count - 1)
        if natural.reduce(0, +) <= available { return natural }
        let wanted = natural.map { max(1, $0) }
        let minimums = zip(wanted, words).map { min($0, max($1, floor)) }
        let least = minimums.reduce(0, +)
        guard least <= available else { return nil }
        return share(available - least, minimums: minimums, wanted: wanted)
    }

    /// `minimums` plus `extra` cells shared in proportion to `wanted - minimums` (largest
    /// remainders first, then the leftmost), none above its wanted width.
    static func share(_ extra: Int, minimums: [Int], wanted: [Int]) -> [Int] {
        let lacks = zip(wanted, minimums).map { $0 - $1 }
        let lacking = lacks.reduce(0, +)
        guard lacking > 0 else { return minimums }
        let spread = min(extra, lacking)
        var widths = minimums
        var remainders: [(remainder: Int, column: Int)] = []
        var given = 0
        for c in widths.indices {
            let share = spread * lacks[c]
            widths[c] += share / lacking
            given += share / lacking
            remainders.append((share % lacking, c))
        }
        remainders.sort { $0.remainder != $1.remainder ? $0.remainder > $1.remainder : $0.column < $1.column }
        for (_, c) in remainders.prefix(spread - given) { widths[c] += 1 }
        return widths
    }
}
