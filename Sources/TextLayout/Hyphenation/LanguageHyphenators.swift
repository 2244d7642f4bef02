import Synchronization

/// Where the hyphenators for the languages a book marks in its text (`LanguageSpan`s)
/// come from: implemented outside the engine (ReaderApp, over the pattern files), handed
/// in with `HyphenationSetting.otherLanguages`.
public protocol HyphenatorSource: AnyObject, Sendable {
    /// The hyphenator for a BCP 47 tag (`fr`, `de-CH`), nil when it has no patterns.
    func hyphenator(for language: String) -> (any WordHyphenating)?
}

/// The hyphenators of a setting's other languages, each asked of the source once, with a
/// memo of its own (the same bytes are other words in another language).
final class LanguageHyphenators: Sendable {
    let source: any HyphenatorSource
    private let known = Mutex<[String: (hyphenator: any WordHyphenating, memo: HyphenationMemo)?]>([:])

    init(source: any HyphenatorSource) { self.source = source }

    /// The hyphenator and memo for `tag` (lower-cased), nil when it has none.
    func entry(for tag: String) -> (hyphenator: any WordHyphenating, memo: HyphenationMemo)? {
        if let entry = known.withLock({ $0[tag] }) { return entry }
        let found = source.hyphenator(for: tag).map { ($0, HyphenationMemo()) }
        return known.withLock { table in
            if let entry = table[tag] { return entry }   // another thread was first
            table[tag] = .some(found)
            return found
        }
    }
}
