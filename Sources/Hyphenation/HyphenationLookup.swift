/// What `HyphenationLibrary.lookup` finds for a language.
public enum HyphenationLookup: Sendable {
    /// The language's patterns loaded.
    case available(Hyphenator)
    /// No hyphenation for the language, and why (show `description` once).
    case unavailable(HyphenationProblem)
}
