/// What a pattern file says before libhyphen reads it, or why it must not be read.
///
/// libhyphen trusts its input: an empty `NOHYPHEN` item writes before its buffer, a bad
/// non-standard pattern (`/…=…,i,c`) indexes past the word, a line over 99 bytes is
/// split and a warning printed on stderr. So every line is checked first: the first line
/// names a character set we can map (`PatternEncoding`); then comments (`%`, `#`),
/// keywords with a number 0–20 (`LEFTHYPHENMIN 2`…), `NEXTLEVEL`, one `NOHYPHEN a,b` per
/// level with no empty item, and patterns (no NUL, at least one letter, valid UTF-8 in a UTF-8 file,
/// non-standard parts well formed). At least one pattern is required.
struct PatternFileHeader: Sendable {
    let encoding: PatternEncoding
    let leftMinimum: Int?
    let rightMinimum: Int?
    let patternCount: Int
}

enum PatternFileCheck {
    /// libhyphen reads lines into a 100-byte buffer (newline and NUL included).
    static let maximumLineBytes = 98
    /// The largest Debian file is under 1.1 MB (German).
    static let maximumFileBytes = 16 << 20

    /// Checks the whole file; the error is the reason shown in the warning.
    static func check(_ bytes: [UInt8]) -> Result<PatternFileHeader, PatternFileError> {
        guard !bytes.isEmpty else { return .failure(.init("empty file")) }
        guard !bytes.contains(0) else { return .failure(.init("contains NUL bytes (not a text file)")) }
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        let first = lines[0].last == UInt8(ascii: "\r") ? lines[0].dropLast() : lines[0]
        let declaration = String(decoding: first, as: UTF8.self)
        guard let encoding = PatternEncoding(declaration: declaration) else {
            return .failure(.init("first line is not a known character set (\(printable(first.prefix(24))))"))
        }
        var state = LineState(encoding: encoding)
        for (index, line) in lines.enumerated().dropFirst() {
            let terminated = index < lines.count - 1 || bytes.last == UInt8(ascii: "\n")
            if let problem = state.check(line, terminated: terminated) {
                return .failure(.init("line \(index + 1): \(problem)"))
            }
        }
        guard state.patterns > 0 else { return .failure(.init("no patterns")) }
        return .success(PatternFileHeader(encoding: encoding, leftMinimum: state.left,
                                          rightMinimum: state.right, patternCount: state.patterns))
    }

    /// At most `limit` bytes as printable ASCII (others as `?`), for messages.
    static func printable(_ bytes: some Sequence<UInt8>) -> String {
        String(bytes.map { (0x20..<0x7F).contains($0) ? Character(Unicode.Scalar($0)) : "?" })
    }
}

/// Why a pattern file was refused.
struct PatternFileError: Error, Sendable {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
