/// A dictd dictionary: `NAME.index` and `NAME.dict.dz` (dictzip) or `NAME.dict`.
final class DictdDictionary: DictionarySource {
    let name: String
    let path: String
    private let dataPath: String
    private var index: DictdIndex?
    private var data: EntryData?
    private var shortName: String?

    /// The dictionary whose index is `indexPath` (…`.index`) and data `dataPath`.
    init(indexPath: String, dataPath: String) {
        self.path = indexPath
        self.dataPath = dataPath
        let file = indexPath.split(separator: "/").last.map(String.init) ?? indexPath
        self.name = file.hasSuffix(".index") ? String(file.dropLast(6)) : file
    }

    /// The data file beside `indexPath`: `.dict.dz` first, then `.dict`; nil when neither is there.
    static func dataFile(for indexPath: String) -> String? {
        let base = String(indexPath.dropLast(".index".count))
        return [base + ".dict.dz", base + ".dict"].first { FileBytes.size($0) != nil }
    }

    var title: String { shortName ?? name }

    func open() throws {
        guard index == nil else { return }
        let index = try DictdIndex(path: path)
        let data = try EntryDataFile.open(dataPath)
        if let short = index.shortName, let bytes = try? data.read(offset: short.offset, length: min(short.length, 4096)) {
            shortName = Self.title(fromShortEntry: bytes)
        }
        self.index = index
        self.data = data
    }

    /// The title in a `00-database-short` entry: its text without the headword line, on one line.
    static func title(fromShortEntry bytes: [UInt8]) -> String? {
        var lines = EntryText.clean(bytes).split(separator: "\n").map { $0.trimmingSpaces() }
        if let first = lines.first, first.hasPrefix("00-database-short") || first.hasPrefix("00databaseshort") {
            lines.removeFirst()
        }
        let title = lines.filter { !$0.isEmpty }.joined(separator: " ")
        return title.isEmpty ? nil : String(title.prefix(200))
    }

    func candidates(_ word: String, warn: (DictionaryProblem) -> Void) -> [FoundEntry] {
        guard let index, let data else { return [] }
        var malformed = 0
        let lines = index.lines(matching: Array(word.utf8), malformed: &malformed)
        if malformed > 0 { warn(DictionaryProblem(path, "\(malformed) malformed line(s) for '\(word)' skipped")) }
        var seen = Set<[Int]>()
        var found: [FoundEntry] = []
        for line in lines where !DictdIndex.isSpecial(line.key) && seen.insert([line.offset, line.length]).inserted {
            let headword = String(decoding: line.headword, as: UTF8.self)
            guard let bytes = entryText(data, offset: line.offset, length: line.length, headword: headword, warn: warn) else { continue }
            found.append(FoundEntry(key: String(decoding: line.key, as: UTF8.self), headword: EntryText.clean(headword), text: EntryText.clean(bytes)))
        }
        return found
    }
}

extension Substring {
    /// Without spaces at either end.
    func trimmingSpaces() -> String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}
