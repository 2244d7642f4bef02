import Hyphenation
import Support
import Synchronization
import TextLayout

/// A language's hyphenator that loads its patterns the first time a word is asked: a
/// layout whose lines come from the layout cache (the first frame of a book read before)
/// never pays for loading them (20–40 ms for English, seconds for German). Patterns that
/// turn out to be unusable hyphenate nothing.
///
/// While `EarlyHyphenation.shared` is early (the reader's first frame), a word asked before
/// the patterns are there gets no points and starts loading them on another thread; the
/// reader lays the page out again once they are loaded (`EarlyHyphenation.relayoutDue`).
final class DeferredHyphenator: WordHyphenating, @unchecked Sendable {
    private let library: HyphenationLibrary
    private let language: String
    private let early: EarlyHyphenation
    /// Nil until loaded; then the patterns, or nil inside when they are unusable.
    private let loaded = Mutex<Hyphenator??>(nil)
    /// Whether a background load was started.
    private let loading = Atomic<Bool>(false)

    init(library: HyphenationLibrary, language: String, early: EarlyHyphenation = .shared) {
        self.library = library
        self.language = language
        self.early = early
    }

    func points(in word: UnsafeBufferPointer<UInt8>, into points: inout [Int]) {
        if let known = loaded.withLock({ $0 }) {
            known?.points(in: word, into: &points)
            return
        }
        if early.isEarly {
            loadInBackground()
            early.answeredWithoutPatterns()
            return
        }
        load()?.points(in: word, into: &points)
    }

    /// The patterns, loaded now if no one has (the library loads a file once; a caller
    /// meanwhile waits for it).
    private func load() -> Hyphenator? {
        if let known = loaded.withLock({ $0 }) { return known }
        let found = library.hyphenator(for: language)
        loaded.withLock { $0 = .some(found) }
        return found
    }

    private func loadInBackground() {
        guard !loading.exchange(true, ordering: .acquiringAndReleasing) else { return }
        early.loadStarted()
        Threads.detach { [self] in
            _ = load()
            early.loadFinished()
        }
    }
}
