/// A word as it is asked for, made ready for lookup: white space and punctuation around it
/// dropped (`“Running,”` → `Running`), typographic apostrophes made ASCII (`don’t` → `don't`).
/// Apostrophes, hyphens and periods inside the word stay.
public enum QueryWord {
    /// The word to look up, or the empty string when nothing is left.
    public static func normalize(_ word: String) -> String {
        let straight = String(word.map { $0 == "\u{2019}" || $0 == "\u{2018}" ? "'" : $0 })
        let trimmed = straight.drop(while: isEdge).reversed().drop(while: isEdge).reversed()
        return EntryText.clean(String(trimmed)).split(separator: "\n").first.map(String.init) ?? ""
    }

    private static func isEdge(_ c: Character) -> Bool {
        c.isWhitespace || (c.isPunctuation && c != "'") || c.isSymbol || c == "'" || c.unicodeScalars.first!.value < 0x20
    }
}
