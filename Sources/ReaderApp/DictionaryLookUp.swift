import Dictionaries
import ReaderCore

/// The pager's dictionary lookups (visual mode's Enter/`K`, Ctrl/Alt-click): the machine's
/// dictionaries (`DictionaryShelf`, found on the first lookup, not when the book opens),
/// asked for the word, or for Chinese and Japanese the longest entry starting at it; their
/// entries as ReaderCore's `Definition`s (ReaderCore does not know the formats).
public final class DictionaryLookUp {
    private let discover: () -> (shelf: DictionaryShelf, warnings: [String])
    private var shelf: DictionaryShelf?
    private var pending: [String] = []

    /// Lookups in the dictionaries of the usual folders for `environment` (XDG data
    /// folders, /usr/share/dictd), in `order` (the `dictionaries` setting; "" for all).
    public convenience init(environment: [String: String], order: String) {
        self.init { DictionaryShelf.discover(environment: environment, order: DictionaryOrder(parsing: order)) }
    }

    /// Lookups on the shelf `discover` makes (tests give fixture dictionaries).
    public init(_ discover: @escaping () -> (shelf: DictionaryShelf, warnings: [String])) {
        self.discover = discover
    }

    /// The answer to `request`; with no dictionary at all, a warning that says so.
    public func answer(_ request: LookUpRequest) -> LookUpAnswer {
        let shelf = openShelf()
        guard !shelf.isEmpty else {
            return LookUpAnswer(word: request.word, definitions: [],
                                warnings: ["No dictionaries found: install dict-wn or dict-gcide, or StarDict files (docs/DICTIONARIES.md)"])
        }
        var word = request.word
        var entries: [DictionaryEntry] = []
        if let following = request.following, let match = shelf.longestMatch(in: following) {
            (word, entries) = (match.matched, match.entries)
        }
        if entries.isEmpty {
            word = request.word
            entries = shelf.lookUp(request.word)
        }
        let warnings = pending + shelf.takeWarnings()
        pending = []
        let definitions = entries.map {
            Definition(dictionary: $0.dictionary, headword: $0.headword, matched: $0.matched == "exact" ? "" : $0.matched, text: $0.text)
        }
        return LookUpAnswer(word: word, definitions: definitions, warnings: warnings)
    }

    private func openShelf() -> DictionaryShelf {
        if let shelf { return shelf }
        let (made, warnings) = discover()
        shelf = made
        pending = warnings
        return made
    }
}
