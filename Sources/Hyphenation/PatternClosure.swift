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
/// Work (`PatternLevel`): each distinct pattern prefix once (the patterns sorted), and for
/// each, its suffixes looked up in a hash table of the patterns. German (78,000 lines) is
/// the largest: ~5 MB of working memory. Keywords are kept as they are; non-standard
/// patterns (`…/…=…`) keep only their inhibitions (`inhibitionsOnly`).
enum PatternClosure {
    /// The file with each level's plain patterns replaced by the closed ones.
    static func close(_ bytes: [UInt8]) -> [UInt8] {
        var lines = LineScan(bytes)
        guard let header = lines.next() else { return bytes }
        var output = Array(header) + [UInt8(ascii: "\n")]
        var level = PatternLevel()
        var overflow = false
        while let raw = lines.next() {
            let line = raw.last == UInt8(ascii: "\r") ? raw.dropLast() : raw
            guard let first = line.first, first > 0x20, first != UInt8(ascii: "%"), first != UInt8(ascii: "#") else { continue }
            if line.starts(with: Array("NEXTLEVEL".utf8)) {
                overflow = overflow || level.isFull
                level.write(to: &output)
                output += Array("NEXTLEVEL\n".utf8)
                level = PatternLevel()
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
        return overflow ? bytes : output    // a level too big to close: as it was
    }

    /// The lines of a file, without their line feeds, one at a time (a trailing line feed
    /// ends the last line; it does not start an empty one).
    struct LineScan {
        let bytes: [UInt8]
        var position = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }

        mutating func next() -> ArraySlice<UInt8>? {
            guard position < bytes.count || (position == 0 && bytes.isEmpty) else { return nil }
            let end = bytes[position...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            defer { position = end + 1 }
            return bytes[position..<end]
        }
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
