/// Rewrites a validated pattern file so that libhyphen's automaton finds every pattern.
///
/// libhyphen runs the patterns as an automaton whose state after each character is the
/// longest suffix of the input that begins some pattern, and it applies only that state's
/// values. Liang's algorithm applies *every* pattern that occurs in the word. The two agree
/// only when each state carries the values of all the patterns that are suffixes of it:
/// libhyphen's `substrings.pl` does that when a dictionary is built, but some Debian
/// files ship without it (Russian: `программирование` gets `программи-ро-ва-ние` instead
/// of `про-грам-ми-ро-ва-ние`). So every file is closed here, per level (`NEXTLEVEL`),
/// before it is handed to libhyphen; for a file already closed nothing changes.
///
/// Work: one node per distinct pattern prefix; for each, a walk back through a trie of
/// the reversed patterns (the suffixes that are patterns). German (78,000 lines) is the
/// largest. Keywords are kept as they are; non-standard patterns (`…/…=…`) keep only their
/// inhibitions (`inhibitionsOnly`).
enum PatternClosure {
    /// The file with each level's plain patterns replaced by the closed ones.
    static func close(_ bytes: [UInt8]) -> [UInt8] {
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        var output = Array(lines[0]) + [UInt8(ascii: "\n")]
        var level = Level()
        var overflow = false
        for raw in lines.dropFirst() {
            let line = raw.last == UInt8(ascii: "\r") ? raw.dropLast() : raw
            guard let first = line.first, first > 0x20, first != UInt8(ascii: "%"), first != UInt8(ascii: "#") else { continue }
            if line.starts(with: Array("NEXTLEVEL".utf8)) {
                overflow = overflow || level.isFull
                level.write(to: &output)
                output += Array("NEXTLEVEL\n".utf8)
                level = Level()
            } else if first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z"), Self.isKeyword(line) {
                level.verbatim.append(Array(line))
            } else if let slash = line.firstIndex(of: UInt8(ascii: "/")) {
                level.add(pattern: Self.inhibitionsOnly(line[..<slash]))
            } else {
                level.add(pattern: line.prefix(while: { $0 > 0x20 }))
            }
        }
        overflow = overflow || level.isFull
        level.write(to: &output)
        return overflow ? bytes : output    // too many nodes for 24-bit node numbers: as it was
    }

    /// A non-standard pattern (`ab3c/a=b,1,2`: a spelling change at the break) without its
    /// replacement and with each odd value made even: it still forbids lower breaks, it never
    /// makes one (the fitter only adds a hyphen). libhyphen's non-standard path is never
    /// run (it leaks a replacement string on some inputs: found by fuzz-hyphenation).
    static func inhibitionsOnly(_ token: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        ArraySlice(token.prefix(while: { $0 > 0x20 }).map { (0x31...0x39).contains($0) && $0 & 1 == 1 ? $0 - 1 : $0 })
    }

    static func isKeyword(_ line: ArraySlice<UInt8>) -> Bool {
        (LineState.numberKeywords + ["NOHYPHEN"]).contains { line.starts(with: Array($0.utf8)) }
    }
}

/// One level's patterns as a trie (forward, for the states) and a trie of the reversed
/// patterns (for the suffixes), with each pattern's values (one per gap, letters + 1).
/// Flat arrays and one open-addressing table: the German file makes ~500,000 nodes.
struct Level {
    var verbatim: [[UInt8]] = []
    /// (node << 8 | byte) → child, for both tries; node 0 is the forward root, node 1 the reverse root.
    private var edges = EdgeTable()
    /// Per node: the forward trie's first child, next sibling and the byte leading to it.
    private var firstChild: [UInt32] = [0, 0]
    private var nextSibling: [UInt32] = [0, 0]
    private var edgeByte: [UInt8] = [0, 0]
    /// Per reverse-trie node that ends a pattern: where its values start in `values` (−1: none).
    private var valueStart: [Int32] = [-1, -1]
    private var values: [UInt8] = []

    private mutating func child(_ node: UInt32, _ byte: UInt8, isForward: Bool) -> UInt32 {
        let key = node << 8 | UInt32(byte)
        if let existing = edges.find(key) { return existing }
        let new = UInt32(firstChild.count)
        edges.insert(key, new)
        firstChild.append(0)
        edgeByte.append(byte)
        valueStart.append(-1)
        if isForward {
            nextSibling.append(firstChild[Int(node)])
            firstChild[Int(node)] = new
        } else {
            nextSibling.append(0)
        }
        return new
    }

    /// Adds one plain pattern (`.ab1c`); a later duplicate replaces an earlier one, as in libhyphen.
    /// More nodes than `(node << 8 | byte)` keys can number: the level is left unclosed.
    private(set) var isFull = false
    static let maximumNodes = 1 << 24 - 2

    mutating func add(pattern token: ArraySlice<UInt8>) {
        guard !isFull else { return }
        if firstChild.count + 2 * token.count >= Self.maximumNodes { isFull = true; return }
        var letters: [UInt8] = []
        var gaps: [UInt8] = [0]
        for byte in token {
            if (0x30...0x39).contains(byte) { gaps[gaps.count - 1] = byte - 0x30 } else { letters.append(byte); gaps.append(0) }
        }
        guard !letters.isEmpty, gaps.contains(where: { $0 != 0 }) else { return }
        var node: UInt32 = 0
        for byte in letters { node = child(node, byte, isForward: true) }
        var reverse: UInt32 = 1
        for byte in letters.reversed() { reverse = child(reverse, byte, isForward: false) }
        valueStart[Int(reverse)] = Int32(values.count)
        values += gaps
    }

    /// The keyword lines, then the closed patterns.
    mutating func write(to output: inout [UInt8]) {
        for line in verbatim { output += line + [UInt8(ascii: "\n")] }
        var path: [UInt8] = []
        var gaps: [UInt8] = []
        path.reserveCapacity(128)
        gaps.reserveCapacity(128)
        emit(node: 0, path: &path, gaps: &gaps, output: &output)
    }

    private func emit(node: UInt32, path: inout [UInt8], gaps: inout [UInt8], output: inout [UInt8]) {
        var next = firstChild[Int(node)]
        while next != 0 {
            path.append(edgeByte[Int(next)])
            if mergedValues(path, into: &gaps) { appendLine(path, gaps, to: &output) }
            emit(node: next, path: &path, gaps: &gaps, output: &output)
            path.removeLast()
            next = nextSibling[Int(next)]
        }
    }

    /// The values of every pattern that is a suffix of `word`, merged by maximum; false when all are zero.
    private func mergedValues(_ word: [UInt8], into gaps: inout [UInt8]) -> Bool {
        gaps.removeAll(keepingCapacity: true)
        gaps.append(contentsOf: repeatElement(0, count: word.count + 1))
        var any = false
        var reverse: UInt32 = 1
        var start = word.count
        while start > 0 {
            start -= 1
            guard let next = edges.find(reverse << 8 | UInt32(word[start])) else { break }
            reverse = next
            let from = Int(valueStart[Int(reverse)])
            guard from >= 0 else { continue }
            for k in 0..<(word.count - start + 1) where values[from + k] > gaps[start + k] {
                gaps[start + k] = values[from + k]
                any = true
            }
        }
        return any
    }

    private func appendLine(_ word: [UInt8], _ gaps: [UInt8], to output: inout [UInt8]) {
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

/// An open-addressing hash table from a nonzero 32-bit key to a 32-bit value (linear
/// probing, kept at most half full).
struct EdgeTable {
    private var keys = [UInt32](repeating: 0, count: 1 << 12)
    private var vals = [UInt32](repeating: 0, count: 1 << 12)
    private var count = 0

    @inline(__always)
    private static func slot(_ key: UInt32, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    func find(_ key: UInt32) -> UInt32? {
        let mask = keys.count - 1
        var i = Self.slot(key, mask)
        while true {
            let k = keys[i]
            if k == key { return vals[i] }
            if k == 0 { return nil }
            i = (i + 1) & mask
        }
    }

    mutating func insert(_ key: UInt32, _ value: UInt32) {
        if (count + 1) * 2 > keys.count { grow() }
        let mask = keys.count - 1
        var i = Self.slot(key, mask)
        while keys[i] != 0 { i = (i + 1) & mask }
        keys[i] = key
        vals[i] = value
        count += 1
    }

    private mutating func grow() {
        let oldKeys = keys, oldVals = vals
        keys = [UInt32](repeating: 0, count: oldKeys.count * 2)
        vals = [UInt32](repeating: 0, count: oldKeys.count * 2)
        count = 0
        for i in 0..<oldKeys.count where oldKeys[i] != 0 { insert(oldKeys[i], oldVals[i]) }
    }
}
