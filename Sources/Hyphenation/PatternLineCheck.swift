/// The line-by-line part of `PatternFileCheck`: one line of a pattern file after the first.
struct LineState {
    let encoding: PatternEncoding
    var left: Int?
    var right: Int?
    var patterns = 0
    /// libhyphen counts the items of every NOHYPHEN line of a level but keeps only the last
    /// line's text: two lines make it read past the end of that text.
    var noHyphenLines = 0

    init(encoding: PatternEncoding) { self.encoding = encoding }

    static let numberKeywords = ["COMPOUNDLEFTHYPHENMIN", "COMPOUNDRIGHTHYPHENMIN", "LEFTHYPHENMIN", "RIGHTHYPHENMIN"]

    /// nil when the line is fine, else what is wrong with it.
    mutating func check(_ raw: ArraySlice<UInt8>, terminated: Bool) -> String? {
        let line = raw.last == UInt8(ascii: "\r") ? raw.dropLast() : raw
        guard raw.count <= PatternFileCheck.maximumLineBytes else {
            return "longer than \(PatternFileCheck.maximumLineBytes) bytes"
        }
        if encoding.isUTF8, String(validating: line, as: UTF8.self) == nil { return "not valid UTF-8" }
        guard let first = line.first, first > 0x20 else { return nil }   // blank: libhyphen ignores it
        if first == UInt8(ascii: "%") || first == UInt8(ascii: "#") { return nil }
        let text = String(decoding: line, as: UTF8.self)
        if text.hasPrefix("NEXTLEVEL") { noHyphenLines = 0; return nil }
        for keyword in Self.numberKeywords where text.hasPrefix(keyword) {
            return number(after: keyword, in: text)
        }
        if text.hasPrefix("NOHYPHEN") {
            noHyphenLines += 1
            guard noHyphenLines == 1 else { return "a second NOHYPHEN line in the same level" }
            return noHyphen(text, terminated: terminated)
        }
        return pattern(line)
    }

    private mutating func number(after keyword: String, in text: String) -> String? {
        let rest = text.dropFirst(keyword.count).trimmingWhitespace()
        guard let value = Int(rest), (0...20).contains(value) else { return "\(keyword) needs a number from 0 to 20" }
        if keyword == "LEFTHYPHENMIN" { left = value }
        if keyword == "RIGHTHYPHENMIN" { right = value }
        return nil
    }

    private func noHyphen(_ text: String, terminated: Bool) -> String? {
        let rest = text.dropFirst("NOHYPHEN".count).trimmingWhitespace()
        guard terminated, !rest.isEmpty, !rest.contains(" "),
              rest.split(separator: ",", omittingEmptySubsequences: false).allSatisfy({ !$0.isEmpty }) else {
            return "NOHYPHEN needs a comma-separated list without empty items, ending with a newline"
        }
        return nil
    }

    private mutating func pattern(_ line: ArraySlice<UInt8>) -> String? {
        let token = line.prefix(while: { $0 > 0x20 })
        let slash = token.firstIndex(of: UInt8(ascii: "/"))
        let body = slash.map { token[..<$0] } ?? token
        let letters = body.filter { !(0x30...0x39).contains($0) }
        guard !letters.isEmpty else { return "a pattern without letters" }
        if let slash, let problem = Self.nonStandard(token[(slash + 1)...], letters: letters.count) { return problem }
        if slash == nil, line.contains(UInt8(ascii: "/")) { return "a '/' after the pattern" }
        patterns += 1
        return nil
    }

    /// `repl=repl` or `repl=repl,index,cut` with 1 ≤ index, 1 ≤ cut, index + cut − 1 ≤ the pattern's letters.
    static func nonStandard(_ part: ArraySlice<UInt8>, letters: Int) -> String? {
        let fields = part.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        guard fields.count == 1 || fields.count == 3, fields[0].contains(UInt8(ascii: "=")),
              fields[0].count <= 40, !fields[0].contains(UInt8(ascii: "/")) else {
            return "a malformed non-standard pattern"
        }
        guard fields.count == 3 else { return nil }
        guard let index = Int(String(decoding: fields[1], as: UTF8.self)),
              let cut = Int(String(decoding: fields[2], as: UTF8.self)),
              index >= 1, cut >= 1, index + cut - 1 <= letters else {
            return "a non-standard pattern whose position or length is outside it"
        }
        return nil
    }
}

extension Substring {
    func trimmingWhitespace() -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[start...end]
    }
}
