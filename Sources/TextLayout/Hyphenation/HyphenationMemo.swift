import Support
import Synchronization

/// The hyphenation points of the words already asked, for one `HyphenationSetting`: a
/// novel asks the same words again and again, and a lookup here (a hash of the bytes, a
/// lock, a comparison) costs a fraction of the hyphenator's automaton. Shared by the
/// threads that lay out with the setting; at most `limit` words (then it starts again).
final class HyphenationMemo: Sendable {
    static let limit = 65_536
    private let words = Mutex<[UInt64: (bytes: [UInt8], points: [Int])]>([:])

    /// The points of `word` from `hyphenator`, remembered.
    func points(in word: UnsafeBufferPointer<UInt8>, hyphenator: any WordHyphenating, into points: inout [Int]) {
        let key = Digest.fnv1a64(UnsafeRawBufferPointer(word))
        let known: [Int]? = words.withLock { table in
            guard let entry = table[key], entry.bytes.elementsEqual(word) else { return nil }
            return entry.points
        }
        if let known { points.append(contentsOf: known); return }
        var found: [Int] = []
        hyphenator.points(in: word, into: &found)
        points.append(contentsOf: found)
        let bytes = Array(word)
        words.withLock { table in
            if table.count >= Self.limit { table.removeAll(keepingCapacity: true) }
            table[key] = (bytes, found)
        }
    }
}
