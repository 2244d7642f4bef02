import Glibc
import Support

/// A dictd `.index` in memory: the file's bytes and where each line starts, searched by
/// binary search over the bytes (no `String` per line). Lines are
/// `headword TAB offset TAB length [TAB original headword]`, offsets and lengths in dictd's
/// base 64, sorted in `DictdOrder`. `00-database-*` lines are the dictionary's own
/// information: only `00-database-short` (the title) and `00-database-allchars` (the order)
/// are read, and no lookup finds them.
final class DictdIndex {
    /// One line of the index.
    struct Line: Equatable {
        /// The headword the index is sorted by (the first column).
        let key: [UInt8]
        /// The headword as the entry names it (the fourth column when there is one).
        let headword: [UInt8]
        /// Where its text is in the data file.
        let offset: Int
        let length: Int
    }

    let path: String
    let order: DictdOrder
    /// Where `00-database-short`'s text is, if the index has it.
    let shortName: (offset: Int, length: Int)?
    private let bytes: [UInt8]
    /// The start of every line, in the index's order.
    private let starts: [UInt32]

    /// The number of lines (headwords, with the `00-database-*` ones).
    var count: Int { starts.count }

    /// Reads and checks the index at `path`: UTF-8, within `DictionaryLimits.indexBytes`.
    /// An index out of order is sorted here (once) so that the search still finds every line.
    init(path: String) throws {
        let bytes = try FileBytes.read(path, limit: DictionaryLimits.indexBytes)
        guard bytes.count < Int(UInt32.max) else { throw DictionaryProblem(path, "too big") }
        guard UTF8Check.isValid(bytes) else { throw DictionaryProblem(path, "not UTF-8 (8-bit dictd indexes are not read)") }
        var starts: [UInt32] = []
        starts.reserveCapacity(bytes.count / 20)
        var allChars = false
        var short: (Int, Int)?
        bytes.withUnsafeBufferPointer { buf in
            let p = buf.baseAddress!
            var i = 0
            while i < buf.count {
                let rest = buf.count - i
                let nl = memchr(p + i, 0x0A, rest).map { UnsafePointer<UInt8>($0.assumingMemoryBound(to: UInt8.self)) - p } ?? buf.count
                if nl > i {
                    starts.append(UInt32(i))
                    if p[i] == 0x30 && rest > 2 && p[i + 1] == 0x30 {   // "00…"
                        switch Self.special(p, i, nl) {
                        case "allchars": allChars = true
                        case "short": short = Self.parse(p, i, nl).map { ($0.offset, $0.length) }
                        default: break
                        }
                    }
                }
                i = nl + 1
            }
        }
        guard !starts.isEmpty else { throw DictionaryProblem(path, "empty index") }
        self.path = path
        self.bytes = bytes
        self.order = DictdOrder(allChars: allChars)
        self.shortName = short
        self.starts = Self.inOrder(starts, bytes, DictdOrder(allChars: allChars))
    }

    /// `starts` as they are when the index is sorted, else sorted.
    private static func inOrder(_ starts: [UInt32], _ bytes: [UInt8], _ order: DictdOrder) -> [UInt32] {
        bytes.withUnsafeBufferPointer { buf in
            let p = buf.baseAddress!, n = buf.count
            let sorted = zip(starts, starts.dropFirst()).allSatisfy { a, b in
                order.compare(p + Int(a), n - Int(a), p + Int(b), n - Int(b)) <= 0
            }
            if sorted { return starts }
            return starts.sorted { a, b in
                let c = order.compare(p + Int(a), n - Int(a), p + Int(b), n - Int(b))
                return c != 0 ? c < 0 : a < b
            }
        }
    }

    /// The name after `00-database-` (or dictfmt's `00database`) on the line, if it is one.
    private static func special(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> String? {
        var i = start
        while i < end && p[i] != 0x09 { i += 1 }
        let word = String(decoding: UnsafeBufferPointer(start: p + start, count: i - start), as: UTF8.self)
        for prefix in ["00-database-", "00database"] where word.hasPrefix(prefix) { return String(word.dropFirst(prefix.count)) }
        return nil
    }

    /// Whether a headword is one of the index's own `00-database-*` lines.
    static func isSpecial(_ headword: [UInt8]) -> Bool {
        let s = String(decoding: headword, as: UTF8.self)
        return s.hasPrefix("00-database-") || s.hasPrefix("00database")
    }

    /// The line from `start` to `end` (exclusive), or nil when it is malformed.
    private static func parse(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Line? {
        var tabs: [Int] = []
        var i = start
        while i < end && tabs.count < 3 {
            if p[i] == 0x09 { tabs.append(i) }
            i += 1
        }
        guard tabs.count >= 2 else { return nil }
        let lengthEnd = tabs.count == 3 ? tabs[2] : end
        guard let offset = DictdBase64.decode(UnsafeBufferPointer(start: p + tabs[0] + 1, count: tabs[1] - tabs[0] - 1)),
              let length = DictdBase64.decode(UnsafeBufferPointer(start: p + tabs[1] + 1, count: lengthEnd - tabs[1] - 1)) else { return nil }
        let word = tabs.count == 3 && end > tabs[2] + 1 ? (tabs[2] + 1, end) : (start, tabs[0])
        return Line(key: Array(UnsafeBufferPointer(start: p + start, count: tabs[0] - start)),
                    headword: Array(UnsafeBufferPointer(start: p + word.0, count: word.1 - word.0)), offset: offset, length: length)
    }

    /// The lines whose headword equals `word` in the index's order (so also those that differ
    /// in ASCII case, or, without allchars, in punctuation), in file order; `malformed`
    /// counts the lines in that range that could not be read.
    func lines(matching word: [UInt8], malformed: inout Int) -> [Line] {
        bytes.withUnsafeBufferPointer { buf -> [Line] in
            let p = buf.baseAddress!, n = buf.count
            return word.withUnsafeBufferPointer { w -> [Line] in
                let q = w.baseAddress ?? UnsafePointer(p), qn = w.count
                func cmp(_ k: Int) -> Int { order.compare(p + Int(starts[k]), n - Int(starts[k]), q, qn) }
                var found: [Line] = []
                var k = starts.indices.partitioningIndex { cmp($0) >= 0 }
                while k < starts.count && found.count < DictionaryLimits.entriesPerWord && cmp(k) == 0 {
                    let s = Int(starts[k])
                    let e = memchr(p + s, 0x0A, n - s).map { UnsafePointer<UInt8>($0.assumingMemoryBound(to: UInt8.self)) - p } ?? n
                    if let line = Self.parse(p, s, e) { found.append(line) } else { malformed += 1 }
                    k += 1
                }
                return found
            }
        }
    }
}
