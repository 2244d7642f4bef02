/// How visual mode moves the selection's head (docs/KEYS.md, "Visual mode").
public enum SelectionMotion: Hashable, Sendable {
    /// `w`: to the start of the next word.
    case wordForward
    /// `b`: to the start of this word, or of the one before.
    case wordBackward
    /// `e`: to the last cluster of this word, or of the next one.
    case wordEnd
    /// `)`: to the start of the next sentence.
    case sentenceForward
    /// `(`: to the start of this sentence, or of the one before.
    case sentenceBackward
    /// `}`: to the start of the next paragraph.
    case paragraphForward
    /// `{`: to the start of this paragraph, or of the one before.
    case paragraphBackward
    /// `j`: to the line below, at the same column.
    case lineDown
    /// `k`: to the line above, at the same column.
    case lineUp
    /// `l`: one cluster on.
    case clusterForward
    /// Backspace / `←`: one cluster back.
    case clusterBackward
    /// `←` in vertical text: to the next column (on the left), at the same row.
    case columnForward
    /// `→` in vertical text: to the column before (on the right), at the same row.
    case columnBackward
}
