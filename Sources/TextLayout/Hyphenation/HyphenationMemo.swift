import Synchronization

/// The hyphenation points of the words already asked, for one `HyphenationSetting`: a
/// novel asks the same words again and again, and a lookup here (a hash of the bytes, a
/// lock, a comparison) costs a fraction of the hyphenator's automaton. Shared by the
/// threads that lay out with the setting; at most `limit` words (then it starts again),
/// packed in a `HyphenationMemoTable`.
final class HyphenationMemo: Sendable {
    static let limit = 65_536
    private let table = Mutex(HyphenationMemoTable())

    /// The points of `word` from `hyphenator`, remembered.
    func points(in word: UnsafeBufferPointer<UInt8>, hyphenator: any WordHyphenating, into points: inout [Int]) {
        let hash = HyphenationMemoTable.hash(word)
        let known = table.withLock { $0.find(word, hash: hash, into: &points) }
        if known { return }
        var found: [Int] = []
        hyphenator.points(in: word, into: &found)
        points.append(contentsOf: found)
        table.withLock { table in
            // Another thread may have kept the word meanwhile.
            var again: [Int] = []
            guard !table.find(word, hash: hash, into: &again) else { return }
            if table.count >= Self.limit { table.removeAll() }
            table.insert(word, hash: hash, points: found)
        }
    }
}
