/// A StarDict `.ifo` file: the first line `StarDict's dict ifo file`, then `key=value` lines.
/// `wordcount` and `idxfilesize` are required; `idxoffsetbits` is 32 (the default) or 64;
/// `sametypesequence`, when present, gives the types of every entry's fields.
struct StarDictInfo: Equatable {
    var bookname: String
    var wordCount: Int
    var synonymCount: Int
    var indexFileSize: Int
    var offsetBits: Int
    var sameTypes: [UInt8]?

    /// The magic first line.
    static let magic = "StarDict's dict ifo file"

    /// Parses the text of `file`; throws a problem for a missing magic line, a missing or
    /// absurd count or size, or offset bits other than 32 and 64.
    static func parse(_ bytes: [UInt8], file: String) throws -> StarDictInfo {
        func fail(_ why: String) -> DictionaryProblem { DictionaryProblem(file, why) }
        guard UTF8Check.isValid(bytes) else { throw fail("not UTF-8") }
        var lines = String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        if let first = lines.first, first.hasPrefix("\u{FEFF}") { lines[0] = first.dropFirst() }
        guard lines.first?.trimmingSpaces() == magic else { throw fail("not a StarDict .ifo (no '\(magic)' line)") }
        var values: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let eq = line.firstIndex(of: "=") else { continue }
            values[line[..<eq].trimmingSpaces()] = line[line.index(after: eq)...].trimmingSpaces()
        }
        func number(_ key: String, required: Bool, max: Int) throws -> Int? {
            guard let text = values[key] else {
                if required { throw fail("no \(key)") }
                return nil
            }
            guard let n = Int(text), n >= 0, n <= max else { throw fail("\(key)=\(text.prefix(40)) is not a sensible number") }
            return n
        }
        let limit = DictionaryLimits.indexBytes
        let bits = try number("idxoffsetbits", required: false, max: 64) ?? 32
        guard bits == 32 || bits == 64 else { throw fail("idxoffsetbits=\(bits) (only 32 and 64 exist)") }
        let types = values["sametypesequence"].flatMap { $0.isEmpty ? nil : Array($0.utf8) }
        if let types, types.contains(where: { !(0x41...0x5A).contains($0) && !(0x61...0x7A).contains($0) }) {
            throw fail("sametypesequence=\(String(decoding: types.prefix(20), as: UTF8.self)) has a non-letter type")
        }
        return StarDictInfo(bookname: String((values["bookname"] ?? "").prefix(200)),
                            wordCount: try number("wordcount", required: true, max: limit / 9)!,
                            synonymCount: try number("synwordcount", required: false, max: limit / 6) ?? 0,
                            indexFileSize: try number("idxfilesize", required: true, max: limit)!,
                            offsetBits: bits, sameTypes: types)
    }
}
