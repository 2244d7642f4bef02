import CHyphen
import Glibc

/// One loaded pattern file: the hyphenation points of words in its language.
///
/// Get one from `HyphenationLibrary.hyphenator(for:)` (or `Hyphenation.hyphenator(for:)`);
/// it lives as long as the library that loaded it (the system library: the process). It
/// is immutable and `points` may run on any number of threads at once (libhyphen only
/// reads the pattern automaton; every call has its own buffers).
public final class Hyphenator: @unchecked Sendable {
    /// The pattern file's stem: `en_US` for `hyph_en_US.dic`.
    public let name: String
    /// The file that was loaded (symbolic links resolved).
    public let path: String
    /// Fewest characters before a break: the file's `LEFTHYPHENMIN`, else `HyphenMinimums`.
    public let leftMinimum: Int
    /// Fewest characters after a break: the file's `RIGHTHYPHENMIN`, else `HyphenMinimums`.
    public let rightMinimum: Int

    let dictionary: UnsafeMutablePointer<HyphenDict>
    let encoding: PatternEncoding

    init(name: String, path: String, header: PatternFileHeader, dictionary: UnsafeMutablePointer<HyphenDict>) {
        self.name = name
        self.path = path
        self.dictionary = dictionary
        self.encoding = header.encoding
        let language = String(name.prefix(while: { $0 != "_" && $0 != "-" }))
        let table = HyphenMinimums.forLanguage(language)
        leftMinimum = max(1, header.leftMinimum.flatMap { $0 > 0 ? $0 : nil } ?? table.left)
        rightMinimum = max(1, header.rightMinimum.flatMap { $0 > 0 ? $0 : nil } ?? table.right)
    }

    deinit { hnj_hyphen_free(dictionary) }

    /// The UTF-8 byte offsets inside `word` after which a hyphen may go, ascending; empty
    /// when the word is refused (see `WordScan`) or has no point. `points` is cleared
    /// first and keeps its capacity, so a caller reusing one array allocates nothing.
    ///
    /// An offset `p` means: the line may end with `word[..<p]` followed by a hyphen and
    /// the next line starts with `word[p...]`. Words already containing a hyphen are
    /// refused: the line breaker already breaks after an existing hyphen. Words with soft
    /// hyphens are refused too: use `Hyphenation.softHyphens(in:)`.
    public func points(in word: UnsafeBufferPointer<UInt8>, into points: inout [Int]) {
        points.removeAll(keepingCapacity: true)
        guard let scan = WordScan(word, minimumUnits: leftMinimum + rightMinimum) else { return }
        let capacity = (scan.coreEnd - scan.coreStart) * 3 + 8
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { encoded in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: capacity) { breaks in
                guard let prepared = WordPreparation(word, scan: scan, encoding: encoding, left: leftMinimum,
                                                     right: rightMinimum, encoded: encoded, breaks: breaks) else { return }
                runPatterns(encoded, prepared, breaks: breaks, into: &points)
            }
        }
    }

    /// `points(in:into:)` for a string (its UTF-8 offsets).
    public func points(in word: some StringProtocol) -> [Int] {
        var result: [Int] = []
        var copy = String(word)
        copy.withUTF8 { points(in: $0, into: &result) }
        return result
    }

    /// Runs libhyphen over the prepared bytes and keeps the odd values where a break is allowed
    /// and the point is a standard one (non-standard points — a spelling change at the break,
    /// old German `Schiff-fahrt` — are dropped: the fitter only adds a hyphen).
    private func runPatterns(_ encoded: UnsafeMutableBufferPointer<UInt8>, _ prepared: WordPreparation,
                             breaks: UnsafeMutableBufferPointer<Int32>, into points: inout [Int]) {
        let size = prepared.byteCount
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: size + 5) { hyphens in
            var rep: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
            var pos: UnsafeMutablePointer<Int32>?
            var cut: UnsafeMutablePointer<Int32>?
            let word = UnsafeRawPointer(encoded.baseAddress!).assumingMemoryBound(to: CChar.self)
            let status = hnj_hyphen_hyphenate2(dictionary, word, Int32(size), hyphens.baseAddress, nil, &rep, &pos, &cut)
            defer { Self.release(rep, pos, cut, count: size) }
            guard status == 0 else { return }
            for k in 0..<prepared.characterCount where hyphens[k] & 1 == 1 && breaks[k] >= 0 {
                if let rep, rep[k] != nil { continue }
                points.append(Int(breaks[k]))
            }
        }
    }

    private static func release(_ rep: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                _ pos: UnsafeMutablePointer<Int32>?, _ cut: UnsafeMutablePointer<Int32>?, count: Int) {
        if let rep {
            for i in 0..<count { free(rep[i]) }
            free(rep)
        }
        free(pos)
        free(cut)
    }
}
