/// Where a word may be hyphenated, for one language: implemented outside the engine (the
/// `Hyphenation` target, Liang patterns through libhyphen), handed in through
/// `LayoutOptions.hyphenation`.
public protocol WordHyphenating: AnyObject, Sendable {
    /// Appends to `points` the byte offsets inside `word` (UTF-8, letters only: no spaces,
    /// no punctuation around it) after which a hyphen may go, ascending; nothing for a
    /// word that must not be hyphenated.
    func points(in word: UnsafeBufferPointer<UInt8>, into points: inout [Int])
}

/// Hyphenation for a layout: the language, the identity of its patterns (part of the
/// layout's equality and cache key: other patterns, other lines) and the hyphenator.
///
/// Only total fit (`WrapStyle.optimal`) hyphenates; first fit ignores the setting.
public struct HyphenationSetting: Hashable, Sendable {
    /// The language tag the patterns are for (e.g. "en-us").
    public let language: String
    /// What identifies the patterns (e.g. their file's name and size): lines laid out with
    /// other patterns are other lines.
    public let patterns: String
    /// The hyphenator.
    public let hyphenator: any WordHyphenating
    /// The words already asked (shared by the copies of the setting).
    let memo = HyphenationMemo()
    /// The hyphenators for text the book marks as another language (nil: such text is
    /// not hyphenated).
    let otherLanguages: LanguageHyphenators?

    /// A setting. `patterns` must also tell apart what `otherLanguages` can give (e.g.
    /// which pattern files are installed): it is what cache keys see.
    public init(language: String, patterns: String, hyphenator: any WordHyphenating,
                otherLanguages: (any HyphenatorSource)? = nil) {
        self.language = language
        self.patterns = patterns
        self.hyphenator = hyphenator
        self.otherLanguages = otherLanguages.map(LanguageHyphenators.init)
    }

    /// The hyphenator (and its memo) for a word in `tag`'s language — the setting's own
    /// when `tag` is nil (the book's language) or has the same primary subtag (`en` in an
    /// `en-US` setting); nil for a language without patterns.
    func hyphenator(forLanguage tag: String?) -> (hyphenator: any WordHyphenating, memo: HyphenationMemo)? {
        guard let tag = tag?.lowercased(), Self.primary(tag) != Self.primary(language) else { return (hyphenator, memo) }
        return otherLanguages?.entry(for: tag)
    }

    /// The primary subtag of a language tag (`en` of `en-us`, `pt` of `pt_br`).
    static func primary(_ tag: String) -> Substring {
        tag.prefix { $0 != "-" && $0 != "_" }.lowercased()[...]
    }

    /// Equal when the language and the patterns are.
    public static func == (a: HyphenationSetting, b: HyphenationSetting) -> Bool {
        a.language == b.language && a.patterns == b.patterns
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(language)
        hasher.combine(patterns)
    }

    /// The setting in cache keys: `language:patterns`, printable ASCII.
    var keyName: String {
        String((language + ":" + patterns).unicodeScalars.map { $0.value > 0x20 && $0.value < 0x7F && $0 != ";" ? Character($0) : "_" })
    }
}
