/// The fewest characters a hyphenated word keeps before and after a break, per language,
/// for pattern files that do not say (`LEFTHYPHENMIN`/`RIGHTHYPHENMIN` in the file win).
/// Values follow TeX's hyph-utf8 defaults; languages not listed get 2/2. Never below 2/2
/// from this table: libhyphen itself applies at least 2 when a file gives nothing.
public enum HyphenMinimums {
    /// (left, right) for a language subtag (`en`, `de`…).
    public static func forLanguage(_ language: String) -> (left: Int, right: Int) {
        table[language] ?? (2, 2)
    }

    static let table: [String: (left: Int, right: Int)] = [
        "en": (2, 3), "fr": (2, 3), "pt": (2, 3), "it": (2, 2), "es": (2, 2), "de": (2, 2),
        "nl": (2, 2), "ru": (2, 2), "pl": (2, 2), "sv": (2, 2), "da": (2, 2), "cs": (2, 3),
        "sk": (2, 3), "uk": (2, 2), "hu": (2, 2), "la": (2, 2),
    ]
}
