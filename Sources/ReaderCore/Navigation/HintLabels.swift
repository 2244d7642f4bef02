/// The labels `F` puts on the links of a page, like vimium's: home-row letters, all of
/// one length so none is the start of another (9 links: one letter each; up to 81: two;
/// up to 729: three; links past that get no label).
public enum HintLabels {
    /// The letters, best first.
    public static let alphabet: [Character] = ["a", "s", "d", "f", "g", "h", "j", "k", "l"]
    /// The most links labelled.
    public static let limit = 729

    /// Labels for `count` links, in their order.
    public static func labels(count: Int) -> [String] {
        let n = min(max(0, count), limit)
        guard n > 0 else { return [] }
        var length = 1
        var capacity = alphabet.count
        while capacity < n { length += 1; capacity *= alphabet.count }
        return (0..<n).map { index in
            var rest = index
            var label: [Character] = []
            for _ in 0..<length {
                label.append(alphabet[rest % alphabet.count])
                rest /= alphabet.count
            }
            return String(label.reversed())
        }
    }
}
