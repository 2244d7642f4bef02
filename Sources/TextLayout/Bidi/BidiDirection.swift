/// The direction asked of a paragraph by the bidi algorithm (UAX #9).
public enum BidiDirection: String, Hashable, Sendable, CaseIterable {
    /// Paragraph embedding level 0.
    case leftToRight = "ltr"
    /// Paragraph embedding level 1.
    case rightToLeft = "rtl"
    /// The level from the text: rules P2 and P3 (the first strong character, L or R/AL,
    /// outside isolates; left to right when there is none).
    case auto
}
