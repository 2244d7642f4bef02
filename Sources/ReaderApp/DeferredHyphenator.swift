import Hyphenation
import Synchronization
import TextLayout

/// A language's hyphenator that loads its patterns the first time a word is asked: a
/// layout whose lines come from the layout cache (the first frame of a book read before)
/// never pays for loading them (20–40 ms for English, seconds for German). Patterns that
/// turn out to be unusable hyphenate nothing.
final class DeferredHyphenator: WordHyphenating {
    private let library: HyphenationLibrary
    private let language: String
    /// Nil until the first word; then the patterns, or nil inside when they are unusable.
    private let loaded = Mutex<Hyphenator??>(nil)

    init(library: HyphenationLibrary, language: String) {
        self.library = library
        self.language = language
    }

    func points(in word: UnsafeBufferPointer<UInt8>, into points: inout [Int]) {
        let hyphenator = loaded.withLock { loaded in
            if let known = loaded { return known }
            let found = library.hyphenator(for: language)
            loaded = .some(found)
            return found
        }
        hyphenator?.points(in: word, into: &points)
    }
}
