/// A StarDict dictionary: `NAME.ifo`, `NAME.idx` (or `.idx.gz`), `NAME.dict.dz` (or `.dict`)
/// and optionally `NAME.syn` (synonyms pointing at `.idx` records).
final class StarDictDictionary: DictionarySource {
    let name: String
    let path: String
    private let info: StarDictInfo
    private var index: StarDictIndex?
    private var synonyms: StarDictIndex?
    private var data: EntryData?

    /// The dictionary of the `.ifo` at `ifoPath`; throws when the `.ifo` is unusable.
    init(ifoPath: String) throws {
        path = ifoPath
        let file = ifoPath.split(separator: "/").last.map(String.init) ?? ifoPath
        name = file.hasSuffix(".ifo") ? String(file.dropLast(4)) : file
        info = try StarDictInfo.parse(try FileBytes.read(ifoPath, limit: DictionaryLimits.ifoBytes), file: ifoPath)
    }

    var title: String { info.bookname.isEmpty ? name : EntryText.clean(info.bookname) }

    private var base: String { String(path.dropLast(path.hasSuffix(".ifo") ? 4 : 0)) }

    func open() throws {
        guard index == nil else { return }
        let index = try readIndex()
        let dataPath = [base + ".dict.dz", base + ".dict"].first { FileBytes.size($0) != nil }
        guard let dataPath else { throw DictionaryProblem(path, "no \(name).dict.dz or \(name).dict beside it") }
        data = try EntryDataFile.open(dataPath)
        let synPath = base + ".syn"
        if FileBytes.size(synPath) != nil {
            let bytes = try FileBytes.read(synPath, limit: DictionaryLimits.indexBytes)
            synonyms = try StarDictIndex(bytes: bytes, path: synPath, tail: 4,
                                         expectedCount: info.synonymCount > 0 ? info.synonymCount : Self.countGuess(bytes))
        }
        self.index = index
    }

    /// The `.idx` (or the `.idx.gz` decompressed), checked against the `.ifo`'s size and count.
    private func readIndex() throws -> StarDictIndex {
        var idxPath = base + ".idx"
        var bytes: [UInt8]
        if FileBytes.size(idxPath) != nil {
            bytes = try FileBytes.read(idxPath, limit: DictionaryLimits.indexBytes)
        } else if FileBytes.size(idxPath + ".gz") != nil {
            idxPath += ".gz"
            let packed = try FileBytes.read(idxPath, limit: DictionaryLimits.indexBytes)
            guard let unpacked = Inflate.gzip(packed, limit: DictionaryLimits.indexBytes) else { throw DictionaryProblem(idxPath, "not valid gzip data") }
            bytes = unpacked
        } else {
            throw DictionaryProblem(path, "no \(name).idx beside it")
        }
        guard bytes.count == info.indexFileSize else {
            throw DictionaryProblem(idxPath, "is \(bytes.count) bytes, the .ifo says \(info.indexFileSize) (cut short or not this dictionary's)")
        }
        return try StarDictIndex(bytes: bytes, path: idxPath, tail: info.offsetBits / 8 + 4, expectedCount: info.wordCount)
    }

    /// A `.syn` without `synwordcount` in the `.ifo`: the count its NULs give.
    private static func countGuess(_ bytes: [UInt8]) -> Int {
        var count = 0, pos = 0
        while pos < bytes.count, let nul = bytes[pos...].firstIndex(of: 0) { count += 1; pos = nul + 5 }
        return count
    }

    func candidates(_ word: String, warn: (DictionaryProblem) -> Void) -> [FoundEntry] {
        guard let index, let data else { return [] }
        let query = Array(word.utf8)
        var records = index.records(matching: query).map { (k: $0, key: String(decoding: index.word($0), as: UTF8.self)) }
        if let synonyms {
            for s in synonyms.records(matching: query) {
                let target = synonyms.number(s, at: 0, size: 4)
                if target < index.count { records.append((target, String(decoding: synonyms.word(s), as: UTF8.self))) } else {
                    warn(DictionaryProblem(synonyms.path, "synonym '\(String(decoding: synonyms.word(s), as: UTF8.self))' points past the index"))
                }
            }
        }
        var seen = Set<Int>()
        var found: [FoundEntry] = []
        let offsetSize = info.offsetBits / 8
        for (k, key) in records where seen.insert(k).inserted {
            let headword = String(decoding: index.word(k), as: UTF8.self)
            let offset = index.number(k, at: 0, size: offsetSize), length = index.number(k, at: offsetSize, size: 4)
            guard let bytes = entryText(data, offset: offset, length: length, headword: headword, warn: warn) else { continue }
            guard let text = StarDictFields.text(bytes, sameTypes: info.sameTypes) else {
                warn(DictionaryProblem(path, "entry '\(headword)' has malformed fields"))
                continue
            }
            found.append(FoundEntry(key: key, headword: EntryText.clean(headword), text: EntryText.clean(text)))
        }
        return found
    }
}
