/// One level's patterns (the lines between two `NEXTLEVEL`s) and their closure for
/// `PatternClosure`: each distinct prefix of a pattern, with the values of every pattern
/// that is a suffix of it merged by maximum.
///
/// Flat storage: the patterns' letters one after another, and their values (one per gap:
/// letters + 1 of them) likewise. `write` sorts the patterns, so a pattern's new prefixes
/// are the ones longer than what it shares with the pattern before it; each prefix's
/// suffixes are looked up in `PatternTable`, whose keys hash the letters from the end, so
/// the keys of a prefix's suffixes come one step each. German (78,000 patterns) needs about
/// 5 MB this way, where a pair of tries took 45.
struct PatternLevel {
    var verbatim: [[UInt8]] = []
    /// Every pattern's letters, one after another.
    private(set) var letters: [UInt8] = []
    /// Pattern k's letters are `letters[letterStarts[k] ..< letterStarts[k + 1]]`.
    private(set) var letterStarts: [Int32] = [0]
    /// Pattern k's values start at `letterStarts[k] + k` (each pattern before it has one
    /// more value than letters).
    private(set) var values: [UInt8] = []

    /// More letters than this: the level is left unclosed (`PatternClosure` keeps the file).
    private(set) var isFull = false
    static let maximumLetters = 1 << 26

    /// The number of patterns.
    var count: Int { letterStarts.count - 1 }

    /// Pattern k's letters.
    func letters(of k: Int) -> ArraySlice<UInt8> {
        letters[Int(letterStarts[k])..<Int(letterStarts[k + 1])]
    }

    /// Where pattern k's values start in `values`.
    func valueStart(of k: Int) -> Int { Int(letterStarts[k]) + k }

    /// Adds one plain pattern (`.ab1c`); one with no letters or no value is ignored.
    mutating func add(pattern token: ArraySlice<UInt8>) {
        guard !isFull else { return }
        if letters.count + token.count >= Self.maximumLetters { isFull = true; return }
        let letterMark = letters.count, valueMark = values.count
        values.append(0)
        for byte in token {
            if (0x30...0x39).contains(byte) { values[values.count - 1] = byte - 0x30 } else { letters.append(byte); values.append(0) }
        }
        guard letters.count > letterMark, values[valueMark...].contains(where: { $0 != 0 }) else {
            letters.removeSubrange(letterMark...)
            values.removeSubrange(valueMark...)
            return
        }
        letterStarts.append(Int32(letters.count))
    }

    /// The keyword lines, then the closed patterns (in the patterns' sorted order).
    func write(to output: inout [UInt8]) {
        for line in verbatim { output += line + [UInt8(ascii: "\n")] }
        guard count > 0 else { return }
        let table = PatternTable(self)
        var gaps: [UInt8] = []
        var previous: ArraySlice<UInt8> = []
        for k in sortedPatterns() {
            let word = letters(of: Int(k))
            let shared = zip(previous, word).prefix { $0 == $1 }.count
            previous = word
            guard shared < word.count else { continue }   // a duplicate: nothing new
            for length in (shared + 1)...word.count {
                let prefix = word.prefix(length)
                if mergedValues(prefix, table, into: &gaps) { appendLine(prefix, gaps, to: &output) }
            }
        }
    }

    /// The patterns' indices in the order of their letters (bytes compared).
    private func sortedPatterns() -> [Int32] {
        var order = (0..<Int32(count)).map { $0 }
        order.sort { letters(of: Int($0)).lexicographicallyPrecedes(letters(of: Int($1))) }
        return order
    }

    /// The values of every pattern that is a suffix of `word`, merged by maximum; false
    /// when all are zero.
    private func mergedValues(_ word: ArraySlice<UInt8>, _ table: PatternTable, into gaps: inout [UInt8]) -> Bool {
        gaps.removeAll(keepingCapacity: true)
        gaps.append(contentsOf: repeatElement(0, count: word.count + 1))
        var any = false
        var key = PatternTable.emptyKey
        var start = word.count
        while start > 0 {
            start -= 1
            key = PatternTable.extend(key, word[word.startIndex + start])
            guard let pattern = table.find(word.suffix(word.count - start), key: key, in: self) else { continue }
            let from = valueStart(of: pattern)
            for k in 0..<(word.count - start + 1) where values[from + k] > gaps[start + k] {
                gaps[start + k] = values[from + k]
                any = true
            }
        }
        return any
    }

    private func appendLine(_ word: ArraySlice<UInt8>, _ gaps: [UInt8], to output: inout [UInt8]) {
        let mark = output.count
        for (k, byte) in word.enumerated() {
            if gaps[k] != 0 { output.append(0x30 + gaps[k]) }
            output.append(byte)
        }
        if let last = gaps.last, last != 0 { output.append(0x30 + last) }
        guard output.count - mark <= PatternFileCheck.maximumLineBytes else {
            output.removeSubrange(mark...)
            return
        }
        output.append(UInt8(ascii: "\n"))
    }
}

/// An open-addressing table (linear probing, at most half full) from a pattern's letters
/// to its index in a `PatternLevel`; of two equal patterns the later one wins, as in
/// libhyphen. Keys hash the letters from the last to the first (FNV-1a steps), so the key
/// of a word's suffix one letter longer is one `extend` away.
struct PatternTable {
    /// Per slot: a pattern's index + 1 (0: empty) and its key.
    private var slots: [Int32]
    private var keys: [UInt32]

    static let emptyKey: UInt32 = 0x811C_9DC5

    @inline(__always)
    static func extend(_ key: UInt32, _ byte: UInt8) -> UInt32 { (key ^ UInt32(byte)) &* 0x0100_0193 }

    init(_ level: PatternLevel) {
        var capacity = 16
        while capacity < 2 * level.count { capacity *= 2 }
        slots = [Int32](repeating: 0, count: capacity)
        keys = [UInt32](repeating: 0, count: capacity)
        for k in 0..<level.count { insert(k, level) }
    }

    private mutating func insert(_ k: Int, _ level: PatternLevel) {
        let word = level.letters(of: k)
        let key = word.reversed().reduce(Self.emptyKey, Self.extend)
        let mask = slots.count - 1
        var i = Int(key) & mask
        while slots[i] != 0 {
            if keys[i] == key && level.letters(of: Int(slots[i]) - 1).elementsEqual(word) { break }   // a duplicate
            i = (i + 1) & mask
        }
        slots[i] = Int32(k + 1)
        keys[i] = key
    }

    /// The index of the pattern whose letters are `word` (with key `key`), if any.
    func find(_ word: ArraySlice<UInt8>, key: UInt32, in level: PatternLevel) -> Int? {
        let mask = slots.count - 1
        var i = Int(key) & mask
        while slots[i] != 0 {
            if keys[i] == key && level.letters(of: Int(slots[i]) - 1).elementsEqual(word) { return Int(slots[i]) - 1 }
            i = (i + 1) & mask
        }
        return nil
    }
}
