/// The words of a `HyphenationMemo` and their points, packed: byte chunks hold every
/// entry — the word's length, its bytes, the number of points, the points, a byte each —
/// and an open-addressed table of `UInt32` holds where each entry starts. Moby-Dick's
/// ~12,000 words of four letters or more take 0.26 MB here, where a dictionary of two
/// arrays a word took 1.09 MB (docs/PERFORMANCE.md, "Memory the background jobs leave").
/// The chunks have a fixed size, so that growing never copies (and frees) the entries
/// made so far.
///
/// Words longer than 255 bytes, and points outside 0…255, are not kept (`insert` refuses
/// them; the caller asks the hyphenator each time). A word's slot comes from `hash(_:)`,
/// seeded anew in every process: a book cannot be written so that its words crowd into one
/// run of slots, which would make every lookup walk it. Not thread-safe: the memo locks it.
struct HyphenationMemoTable {
    /// Entry location + 1 per slot (`chunk × chunkBytes + offset`), 0 for an empty slot;
    /// the count is a power of two.
    private var slots: [UInt32]
    /// The entries, one after another in each chunk; the last one is being filled.
    private var chunks: [[UInt8]] = []
    /// Chunks in use (`removeAll` keeps the others' memory for reuse).
    private var used = 0
    /// Number of entries.
    private(set) var count = 0

    /// The size of a chunk (an entry takes at most 2 + 255 + 255 bytes).
    static let chunkBytes = 16_384
    /// The longest word (in bytes) an entry can hold.
    static let maxWordBytes = 255

    /// An empty table with room for `capacity` slots (rounded up to a power of two).
    init(capacity: Int = 1024) {
        var n = 16
        while n < capacity { n <<= 1 }
        slots = Array(repeating: 0, count: n)
    }

    /// The hash a word's slot comes from (`Hasher`: SipHash with the process's random seed).
    static func hash(_ word: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(word))
        return hasher.finalize()
    }

    /// Appends the points kept for `word` (whose `hash(_:)` is `hash`) to `points` and
    /// returns true, or returns false when the word has no entry.
    func find(_ word: UnsafeBufferPointer<UInt8>, hash: Int, into points: inout [Int]) -> Bool {
        guard word.count <= Self.maxWordBytes else { return false }
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 {
            let location = Int(slots[slot] - 1)
            let found = chunks[location / Self.chunkBytes].withUnsafeBufferPointer { stored in
                let start = location % Self.chunkBytes
                guard Self.holds(stored, at: start, word) else { return false }
                let after = start + 1 + word.count
                for i in 0..<Int(stored[after]) { points.append(Int(stored[after + 1 + i])) }
                return true
            }
            if found { return true }
            slot = (slot + 1) & mask
        }
        return false
    }

    /// Keeps `points` for `word` (whose `hash(_:)` is `hash`; not in the table yet) and
    /// returns true, or returns false when the entry cannot hold them.
    @discardableResult
    mutating func insert(_ word: UnsafeBufferPointer<UInt8>, hash: Int, points: [Int]) -> Bool {
        guard word.count <= Self.maxWordBytes, points.count <= 255,
              points.allSatisfy({ (0...255).contains($0) }) else { return false }
        let size = 2 + word.count + points.count
        if used == 0 || chunks[used - 1].count + size > Self.chunkBytes {
            guard (used + 1) * Self.chunkBytes < Int(UInt32.max) else { return false }
            if used == chunks.count {
                chunks.append([])
                chunks[used].reserveCapacity(Self.chunkBytes)
            }
            used += 1
        }
        if (count + 1) * 4 > slots.count * 3 { grow() }
        let location = (used - 1) * Self.chunkBytes + chunks[used - 1].count
        chunks[used - 1].append(UInt8(word.count))
        chunks[used - 1].append(contentsOf: word)
        chunks[used - 1].append(UInt8(points.count))
        for p in points { chunks[used - 1].append(UInt8(p)) }
        Self.place(UInt32(location + 1), hash: hash, in: &slots)
        count += 1
        return true
    }

    /// Forgets every entry, keeping the memory for the next ones.
    mutating func removeAll() {
        for i in slots.indices { slots[i] = 0 }
        for i in 0..<used { chunks[i].removeAll(keepingCapacity: true) }
        used = 0
        count = 0
    }

    /// Whether the entry at `start` is `word`.
    private static func holds(_ stored: UnsafeBufferPointer<UInt8>, at start: Int, _ word: UnsafeBufferPointer<UInt8>) -> Bool {
        guard Int(stored[start]) == word.count else { return false }
        for i in 0..<word.count where stored[start + 1 + i] != word[i] { return false }
        return true
    }

    /// Puts `value` in the first empty slot of `slots` from `hash`'s.
    private static func place(_ value: UInt32, hash: Int, in slots: inout [UInt32]) {
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = value
    }

    /// Doubles the slots and places every entry again (its hash recomputed from its bytes).
    private mutating func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        for chunk in 0..<used {
            let base = chunk * Self.chunkBytes
            chunks[chunk].withUnsafeBufferPointer { stored in
                var start = 0
                while start < stored.count {
                    let length = Int(stored[start])
                    let word = UnsafeBufferPointer(rebasing: stored[(start + 1)..<(start + 1 + length)])
                    Self.place(UInt32(base + start + 1), hash: Self.hash(word), in: &slots)
                    start += 2 + length + Int(stored[start + 1 + length])
                }
            }
        }
    }
}
