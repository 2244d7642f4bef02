import Hyphenation
import TextContent
import TextLayout

/// libhyphen's hyphenator is what the layout engine asks for word breaks.
extension Hyphenator: WordHyphenating {}

/// `--hyphenate auto|off|LANG`: whether total fit hyphenates, and in which language.
///
/// `auto` (the default) takes the book's language (`dc:language`, or what TXT detection
/// found); a language without pattern files gets no hyphenation, and `reader info` says so.
public enum HyphenationChoice: Hashable, Sendable {
    /// The book's language.
    case auto
    /// No hyphenation.
    case off
    /// This language (a BCP 47 tag), whatever the book says.
    case language(String)

    /// The choice a command-line value names, nil for a value that is no language tag.
    public static func parse(_ value: String) -> HyphenationChoice? {
        switch value {
        case "auto": return .auto
        case "off", "none": return .off
        default:
            // A tag starts with a letter ("-sauto" is no tag: found by fuzz-config).
            let ok = value.first?.isLetter == true && value.count <= 35
                && value.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }
            return ok ? .language(value) : nil
        }
    }

    /// The language to hyphenate a book in `bookLanguage` with, if any.
    func language(bookLanguage: String) -> String? {
        switch self {
        case .off: return nil
        case .language(let tag): return tag
        case .auto: return bookLanguage.isEmpty ? nil : bookLanguage
        }
    }

    /// The layout's hyphenation for a book in `bookLanguage`, or nil with the reason (for
    /// `reader info`; nil reason when hyphenation is off). With `loading: false` the
    /// patterns are loaded only when the layout first asks for a word (`DeferredHyphenator`),
    /// and unusable patterns then hyphenate nothing instead of giving a reason here.
    ///
    /// With `otherLanguages`, text the book marks as in another language (`LanguageSpan`)
    /// is hyphenated with that language's patterns (`PatternLanguages`), and the patterns'
    /// identity also names the installed pattern files.
    public func setting(bookLanguage: String, library: HyphenationLibrary = .system, loading: Bool = true,
                        otherLanguages: Bool = false) -> (setting: HyphenationSetting?, reason: String?) {
        guard let tag = language(bookLanguage: bookLanguage) else {
            return (nil, self == .off ? nil : "the book names no language")
        }
        let hyphenator: (any WordHyphenating)? = loading ? library.hyphenator(for: tag)
            : DeferredHyphenator(library: library, language: tag)
        guard let hyphenator, let identity = library.patternIdentity(for: tag) else {
            if case .unavailable(let problem) = library.lookup(tag) { return (nil, problem.description) }
            return (nil, "no patterns for \(tag)")
        }
        guard otherLanguages else {
            return (HyphenationSetting(language: tag.lowercased(), patterns: identity, hyphenator: hyphenator), nil)
        }
        let others = PatternLanguages(library: library)
        return (HyphenationSetting(language: tag.lowercased(), patterns: "\(identity)+\(others.fingerprint)",
                                   hyphenator: hyphenator, otherLanguages: others), nil)
    }

    /// The hyphenation "auto" gives `book` (with total fit), for the settings panel to
    /// offer when the reader started without it; nil when its language has no patterns.
    public static func offer(for book: TextContent) -> HyphenationSetting? {
        HyphenationChoice.auto.apply(to: LayoutOptions(wrap: .optimal), book: book).hyphenation
    }

    /// `options` with the hyphenation for `book` in its language and the languages it marks
    /// (total fit only: first fit does not hyphenate); patterns load when the layout first
    /// needs them.
    public func apply(to options: LayoutOptions, book: TextContent) -> LayoutOptions {
        var o = options
        o.hyphenation = o.wrap == .optimal
            ? setting(bookLanguage: book.metadata.language, loading: false, otherLanguages: !book.languages.isEmpty).setting : nil
        return o
    }
}
