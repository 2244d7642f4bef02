extension Hyphenation {
    /// The UTF-8 byte offsets where a soft hyphen (U+00AD, the two bytes C2 AD) starts in
    /// `word`, ascending. Each is a break opportunity chosen by the author: when the line
    /// breaks there, the line shows `word[..<offset]` and a visible hyphen, and the next
    /// line starts at `offset + 2`; when it does not, the soft hyphen shows nothing.
    /// Pattern hyphenation refuses words with soft hyphens: the author's choice wins.
    public static func softHyphens(in word: UnsafeBufferPointer<UInt8>, into offsets: inout [Int]) {
        offsets.removeAll(keepingCapacity: true)
        guard word.count >= 2 else { return }
        var i = 0
        while i < word.count - 1 {
            if word[i] == 0xC2, word[i + 1] == 0xAD {
                offsets.append(i)
                i += 2
            } else {
                i += 1
            }
        }
    }

    /// `softHyphens(in:into:)` for a string.
    public static func softHyphens(in word: some StringProtocol) -> [Int] {
        var offsets: [Int] = []
        var copy = String(word)
        copy.withUTF8 { softHyphens(in: $0, into: &offsets) }
        return offsets
    }
}
