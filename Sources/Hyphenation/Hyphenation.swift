/// The hyphenation service: where a hyphen may go inside a word, in the book's language,
/// from the system's pattern files (`HyphenationLibrary.system`). See `docs/HYPHENATION.md`.
///
/// For the line fitter: get a `Hyphenator` once per paragraph (`hyphenator(for:)`, nil:
/// no hyphenation for that language) and call its `points(in:into:)` per word with one
/// reused array; or call `points(in:language:into:)` here, which adds one cached lookup.
public enum Hyphenation {
    /// The hyphenator for a BCP 47 tag from the system folder, nil when there are no usable patterns.
    public static func hyphenator(for language: String) -> Hyphenator? {
        HyphenationLibrary.system.hyphenator(for: language)
    }

    /// The UTF-8 byte offsets inside `word` where a hyphen may go (see `Hyphenator.points(in:into:)`),
    /// empty when the language has no patterns or the word is refused.
    public static func points(in word: some StringProtocol, language: String) -> [Int] {
        hyphenator(for: language)?.points(in: word) ?? []
    }

    /// `points(in:language:)` over UTF-8 bytes into a reused array (cleared first), from
    /// `library` (the system folder unless a test gives its own).
    public static func points(in word: UnsafeBufferPointer<UInt8>, language: String,
                              library: HyphenationLibrary = .system, into points: inout [Int]) {
        guard let hyphenator = library.hyphenator(for: language) else { points.removeAll(keepingCapacity: true); return }
        hyphenator.points(in: word, into: &points)
    }

    /// Why `language` gets no hyphenation (for `reader info`: "hyphenation: no patterns for xx"),
    /// nil when it does.
    public static func problem(for language: String) -> HyphenationProblem? {
        if case .unavailable(let problem) = HyphenationLibrary.system.lookup(language) { return problem }
        return nil
    }

    /// The languages the system has patterns for, as BCP 47 tags, sorted.
    public static func availableLanguages() -> [String] {
        HyphenationLibrary.system.availableLanguages()
    }
}
