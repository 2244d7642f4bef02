import Hyphenation
import Support
import TextLayout

/// The hyphenators for the other languages a book marks in its text, from the installed
/// pattern files, each loaded when first asked (`DeferredHyphenator`) — except files of
/// more than `largestFile` bytes: libhyphen takes seconds to load the German one (1.1 MB,
/// 3.4 s; the next largest, English, 18 ms), too long a wait for a marked phrase (a book
/// in German still gets it as its own language).
final class PatternLanguages: HyphenatorSource {
    static let largestFile = 512 * 1024

    private let library: HyphenationLibrary
    /// What the installed pattern files are (their names and sizes, hashed): a layout
    /// cached before `hyphen-fr` was installed is not taken for one made after.
    let fingerprint: String

    init(library: HyphenationLibrary) {
        self.library = library
        let files = library.availableLanguages().compactMap(library.patternIdentity(for:))
        fingerprint = String(Digest.fnv1a64(Array(files.joined(separator: ",").utf8)), radix: 16)
    }

    func hyphenator(for language: String) -> (any WordHyphenating)? {
        guard let size = library.patternFileSize(for: language), size <= Self.largestFile else { return nil }
        return DeferredHyphenator(library: library, language: language)
    }
}
