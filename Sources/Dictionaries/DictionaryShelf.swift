import Glibc

/// The dictionaries found on this machine (or given), looked up together. Each is opened on
/// its first lookup (its index read, checked and, when out of order, sorted); one that cannot
/// be opened is left out with a warning, and a damaged entry is skipped with a warning.
/// Results come in the shelf's `DictionaryOrder`. Safe to use from several threads (one
/// lookup at a time).
public final class DictionaryShelf: @unchecked Sendable {
    private var sources: [DictionarySource]
    private let order: DictionaryOrder
    private var opened = Set<ObjectIdentifier>()
    private var failed = Set<ObjectIdentifier>()
    private var pending: [String] = []
    private var reported = Set<String>()
    private var lock = pthread_mutex_t()

    init(sources: [DictionarySource], order: DictionaryOrder) {
        self.sources = sources
        self.order = order
        pthread_mutex_init(&lock, nil)
    }

    deinit { pthread_mutex_destroy(&lock) }

    /// The dictionaries in the usual folders (`DictionaryDiscovery.folders`), in `order`, and
    /// the problems met finding them (one line each, naming the file).
    public static func discover(environment: [String: String], order: DictionaryOrder = DictionaryOrder([]))
        -> (shelf: DictionaryShelf, warnings: [String]) {
        let folders = DictionaryDiscovery.folders(environment: environment)
        return discover(dictdFolders: folders.dictd, stardictFolders: folders.stardict, order: order)
    }

    /// The dictionaries in these folders (dictd: `.index` files in the folder; StarDict:
    /// `.ifo` files in it or up to two folders down).
    public static func discover(dictdFolders: [String], stardictFolders: [String], order: DictionaryOrder = DictionaryOrder([]))
        -> (shelf: DictionaryShelf, warnings: [String]) {
        let found = DictionaryDiscovery.sources(dictd: dictdFolders, stardict: stardictFolders)
        return (DictionaryShelf(sources: found.sources, order: order), found.warnings)
    }

    /// The dictionaries of these files: dictd `.index` files and StarDict `.ifo` files.
    public static func open(files: [String], order: DictionaryOrder = DictionaryOrder([])) -> (shelf: DictionaryShelf, warnings: [String]) {
        var sources: [DictionarySource] = [], warnings: [String] = []
        for path in files {
            if path.hasSuffix(".ifo") {
                do { sources.append(try StarDictDictionary(ifoPath: path)) } catch { warnings.append("\(error)") }
            } else if let data = DictdDictionary.dataFile(for: path) {
                sources.append(DictdDictionary(indexPath: path, dataPath: data))
            } else {
                warnings.append("\(path): no .dict.dz or .dict beside it")
            }
        }
        return (DictionaryShelf(sources: sources, order: order), warnings)
    }

    /// The dictionaries' file names (`wn`, `gcide`), in the shelf's order before opening.
    public var names: [String] { locked { sources.map(\.name) } }

    /// Whether the shelf has no dictionary at all.
    public var isEmpty: Bool { locked { sources.isEmpty } }

    /// The titles of the dictionaries that opened, in result order (opens them all).
    public var titles: [String] { locked { ready().map(\.title) } }

    /// `word`'s entries (`QueryWord.normalize` first): in each dictionary the exact headword,
    /// else case-folded, else the English inflection fallbacks (`WordLookup`).
    public func lookUp(_ word: String) -> [DictionaryEntry] {
        let query = QueryWord.normalize(word)
        guard !query.isEmpty else { return [] }
        return locked { find(query, inflections: true) }
    }

    /// The longest text starting at `text`'s first character that some dictionary has as a
    /// headword (exactly or case-folded, no inflections), trying up to 16 characters (not
    /// past a line end) down to one: for Chinese and Japanese, where words are not spaced.
    public func longestMatch(in text: String) -> (matched: String, entries: [DictionaryEntry])? {
        let line = text.prefix(while: { $0 != "\n" && $0 != "\r\n" && $0 != "\r" })
        let characters = Array(line.prefix(16))
        return locked {
            for n in stride(from: characters.count, through: 1, by: -1) {
                let prefix = String(characters[0..<n])
                guard prefix.first?.isWhitespace == false, prefix.last?.isWhitespace == false else { continue }
                let entries = find(EntryText.clean(prefix), inflections: false)
                if !entries.isEmpty { return (prefix, entries) }
            }
            return nil
        }
    }

    /// The warnings since the last call (each problem once per shelf), one line each.
    public func takeWarnings() -> [String] {
        locked {
            defer { pending.removeAll() }
            return pending
        }
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        return body()
    }

    private func warn(_ problem: DictionaryProblem) {
        let line = problem.description
        if reported.insert(line).inserted { pending.append(line) }
    }

    /// The dictionaries that open, in result order (opening those not tried yet).
    private func ready() -> [DictionarySource] {
        var usable: [(rank: Int, index: Int, source: DictionarySource)] = []
        for (i, source) in sources.enumerated() {
            let id = ObjectIdentifier(source)
            if failed.contains(id) { continue }
            if !opened.contains(id) {
                do { try source.open(); opened.insert(id) } catch {
                    failed.insert(id)
                    warn(error as? DictionaryProblem ?? DictionaryProblem(source.path, "\(error)"))
                    continue
                }
            }
            if let rank = order.rank(of: source.names) { usable.append((rank, i, source)) }
        }
        return usable.sorted { ($0.rank, $0.index) < ($1.rank, $1.index) }.map(\.source)
    }

    private func find(_ query: String, inflections: Bool) -> [DictionaryEntry] {
        var entries: [DictionaryEntry] = []
        for source in ready() {
            for (found, matched) in WordLookup.entries(query, in: source, inflections: inflections, warn: warn) {
                entries.append(DictionaryEntry(dictionary: source.title, headword: found.headword, text: found.text, matched: matched))
            }
        }
        return entries
    }
}
