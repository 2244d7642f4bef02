/// Why a language gets no hyphenation. `description` is the one line a caller shows
/// (once per language), e.g. `hyphenation: no patterns for xx`.
public enum HyphenationProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// The tag names no language (`""`, `und`, `12`).
    case noLanguage(tag: String)
    /// No `hyph_<lang>.dic` in the pattern folder fits the language.
    case noPatterns(language: String)
    /// The file exists but cannot be read (permissions, a directory, too large).
    case unreadable(path: String, reason: String)
    /// The file failed validation (not a pattern file, or one libhyphen could misread):
    /// the language gets no hyphenation.
    case damaged(path: String, reason: String)

    /// The line to show: `hyphenation: no patterns for xx`, `hyphenation: damaged pattern file …`.
    public var description: String {
        switch self {
        case .noLanguage(let tag): return "hyphenation: no language in '\(tag)'"
        case .noPatterns(let language): return "hyphenation: no patterns for \(language)"
        case .unreadable(let path, let reason): return "hyphenation: cannot read \(path): \(reason)"
        case .damaged(let path, let reason):
            return "hyphenation: damaged pattern file \(path): \(reason); no hyphenation for this language"
        }
    }

    /// True for the problems worth a warning (a file that is there but unusable), false for
    /// the ordinary absence of patterns.
    public var isWarning: Bool {
        switch self {
        case .noLanguage, .noPatterns: return false
        case .unreadable, .damaged: return true
        }
    }
}
