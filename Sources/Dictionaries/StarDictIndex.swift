import Support

/// A StarDict `.idx` (or `.syn`) in memory: records of a NUL-terminated UTF-8 word and a
/// fixed tail (`.idx`: a 32- or 64-bit big-endian offset and a 32-bit size; `.syn`: a
/// 32-bit index into the `.idx`), sorted in `StarDictOrder`. Every record is checked when
/// the file is read: a record cut short, a word longer than `DictionaryLimits.headwordBytes`,
/// or a count other than the `.ifo`'s refuse the file.
final class StarDictIndex {
    let path: String
    private let bytes: [UInt8]
    /// Where each record's word starts and how long it is, in file order.
    private let starts: [UInt32]
    private let lengths: [UInt16]
    /// The records in search order when the file is not sorted (else nil: file order).
    private let sortedOrder: [Int]?
    /// The size of each record's tail after the NUL.
    let tail: Int

    /// The number of records.
    var count: Int { starts.count }

    /// Reads `bytes` (the file at `path`) as records with `tail` bytes after each word,
    /// expecting `expectedCount` of them.
    init(bytes: [UInt8], path: String, tail: Int, expectedCount: Int) throws {
        guard bytes.count < Int(UInt32.max) else { throw DictionaryProblem(path, "too big") }
        var starts: [UInt32] = [], lengths: [UInt16] = []
        starts.reserveCapacity(min(expectedCount, bytes.count / (tail + 2)))
        lengths.reserveCapacity(starts.capacity)
        try bytes.withUnsafeBufferPointer { buf in
            var pos = 0
            while pos < buf.count {
                let window = min(buf.count - pos, DictionaryLimits.headwordBytes + 1)
                guard let nul = UnsafeBufferPointer(rebasing: buf[pos..<pos + window]).firstIndex(of: 0) else {
                    throw DictionaryProblem(path, window > DictionaryLimits.headwordBytes
                        ? "a word longer than \(DictionaryLimits.headwordBytes) bytes at \(pos)" : "cut short (a word with no end at \(pos))")
                }
                guard pos + nul + 1 + tail <= buf.count else { throw DictionaryProblem(path, "cut short (the last record at \(pos) is incomplete)") }
                starts.append(UInt32(pos))
                lengths.append(UInt16(nul))
                pos += nul + 1 + tail
            }
        }
        guard starts.count == expectedCount else {
            throw DictionaryProblem(path, "has \(starts.count) words, the .ifo says \(expectedCount)")
        }
        guard Self.wordsAreUTF8(bytes, starts, lengths) else { throw DictionaryProblem(path, "a word is not UTF-8") }
        self.path = path
        self.bytes = bytes
        self.starts = starts
        self.lengths = lengths
        self.tail = tail
        self.sortedOrder = Self.searchOrder(bytes, starts, lengths)
    }

    /// Whether every word is UTF-8 (the tails, binary numbers, need not be).
    private static func wordsAreUTF8(_ bytes: [UInt8], _ starts: [UInt32], _ lengths: [UInt16]) -> Bool {
        bytes.withUnsafeBufferPointer { buf in
            zip(starts, lengths).allSatisfy { UTF8Check.isValid(UnsafeBufferPointer(rebasing: buf[Int($0)..<Int($0) + Int($1)])) }
        }
    }

    /// nil when the records are sorted, else the sorted permutation.
    private static func searchOrder(_ bytes: [UInt8], _ starts: [UInt32], _ lengths: [UInt16]) -> [Int]? {
        bytes.withUnsafeBufferPointer { buf in
            func word(_ k: Int) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: buf[Int(starts[k])..<Int(starts[k]) + Int(lengths[k])])
            }
            if starts.indices.dropFirst().allSatisfy({ StarDictOrder.compare(word($0 - 1), word($0)) <= 0 }) { return nil }
            return starts.indices.sorted { a, b in
                let c = StarDictOrder.compare(word(a), word(b))
                return c != 0 ? c < 0 : a < b
            }
        }
    }

    /// Record `k`'s word (file order).
    func word(_ k: Int) -> [UInt8] { Array(bytes[Int(starts[k])..<Int(starts[k]) + Int(lengths[k])]) }

    /// Record `k`'s tail as a big-endian number of `size` bytes at `at` within the tail.
    func number(_ k: Int, at: Int, size: Int) -> Int {
        let base = Int(starts[k]) + Int(lengths[k]) + 1 + at
        var v = 0
        for i in 0..<size { v = v << 8 | Int(bytes[base + i]) }
        return v
    }

    /// The records (file-order numbers) whose word equals `query` with ASCII case folded.
    func records(matching query: [UInt8]) -> [Int] {
        bytes.withUnsafeBufferPointer { buf in
            query.withUnsafeBufferPointer { q in
                func cmp(_ i: Int) -> Int {
                    let k = sortedOrder?[i] ?? i
                    return StarDictOrder.caseInsensitive(UnsafeBufferPointer(rebasing: buf[Int(starts[k])..<Int(starts[k]) + Int(lengths[k])]), q)
                }
                var found: [Int] = []
                var i = starts.indices.partitioningIndex { cmp($0) >= 0 }
                while i < starts.count && found.count < DictionaryLimits.entriesPerWord && cmp(i) == 0 {
                    found.append(sortedOrder?[i] ?? i)
                    i += 1
                }
                return found
            }
        }
    }
}
