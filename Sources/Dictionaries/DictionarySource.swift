/// A headword found in one dictionary, its text already cleaned.
struct FoundEntry: Hashable {
    /// The word the search matched (the index's headword, or a StarDict synonym).
    let key: String
    /// The headword the entry is under.
    let headword: String
    let text: String
}

/// One dictionary file set on the shelf (dictd or StarDict), opened on first use.
protocol DictionarySource: AnyObject {
    /// The file name without its extension (`wn`, `gcide`), known before opening.
    var name: String { get }
    /// The title once opened (dictd's short name, StarDict's bookname), else the name.
    var title: String { get }
    /// The main file, for messages.
    var path: String { get }
    /// Reads the index; throws the problem that makes the dictionary unusable.
    func open() throws
    /// The entries whose headword equals `word` in the dictionary's own order (ASCII case
    /// folded at least); problems with single entries go to `warn`.
    func candidates(_ word: String, warn: (DictionaryProblem) -> Void) -> [FoundEntry]
}

extension DictionarySource {
    /// The names the order list may use for it: the file name and the title.
    var names: [String] { [name, title] }

    /// Reads `length` bytes at `offset` from `data`, cut at `DictionaryLimits.entryBytes`
    /// (with a warning), and cleans them; nil (with a warning) when they cannot be read.
    func entryText(_ data: EntryData, offset: Int, length: Int, headword: String, warn: (DictionaryProblem) -> Void) -> [UInt8]? {
        let cap = DictionaryLimits.entryBytes
        if length > cap { warn(DictionaryProblem(path, "entry '\(headword)' is \(length) bytes, cut at \(cap)")) }
        do {
            return try data.read(offset: offset, length: min(length, cap))
        } catch let problem as DictionaryProblem {
            warn(problem)
        } catch {
            warn(DictionaryProblem(path, "\(error)"))
        }
        return nil
    }
}
