/// A word as it is asked for, made ready for lookup: white space and punctuation around it
/// dropped (`“Running,”` → `Running`), typographic apostrophes made ASCII (`don’t` → `don't`).
/// Apostrophes, hyphens and periods inside the word stay.
public enum QueryWord {
    /// The word to look up, or the empty string when nothing is left.
    public static func normalize(_ word: String) -> String {
        let straight = String(word.map { $0 == "\u{2019}" || $0 == "\u{2018}" ? "'" : $0 })
        let line = EntryText.clean(straight).split(separator: "\n").first ?? ""
        return String(line.drop(while: isEdge).reversed().drop(while: isEdge).reversed())
    }

    private static func isEdge(_ c: Character) -> Bool {
        c.isWhitespace || c.isPunctuation || c.isSymbol
    }
}
