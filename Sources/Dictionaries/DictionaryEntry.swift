/// One dictionary's entry for a looked-up word: a plain value, its text already safe for a
/// terminal (`EntryText`: no control character, no escape sequence).
public struct DictionaryEntry: Sendable, Hashable, Codable {
    /// The dictionary's title (dictd's `00-database-short`, StarDict's `bookname`, or the
    /// file name).
    public var dictionary: String
    /// The headword as the dictionary spells it.
    public var headword: String
    /// The entry's text: lines separated by `\n`, no control characters.
    public var text: String
    /// How the word was found: `exact`, `case` (case-folded), or the fallback that matched,
    /// e.g. `running → run`.
    public var matched: String

    /// An entry (the text is taken as given: pass it through `EntryText.clean` first).
    public init(dictionary: String, headword: String, text: String, matched: String) {
        self.dictionary = dictionary
        self.headword = headword
        self.text = text
        self.matched = matched
    }

    /// The text's lines.
    public var lines: [String] { text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

    /// The lines with their kind (a heuristic over the usual layouts: the first line that
    /// starts with the headword, and lines that start with a part of speech).
    public var structuredLines: [DictionaryLine] {
        var sawHeadword = false
        return lines.map { line in
            let trimmed = line.drop(while: { $0 == " " })
            if !sawHeadword && !trimmed.isEmpty {
                sawHeadword = true
                if trimmed.lowercased().hasPrefix(headword.lowercased()) { return DictionaryLine(text: line, kind: .headword) }
            }
            return DictionaryLine(text: line, kind: DictionaryLine.isPartOfSpeech(trimmed) ? .partOfSpeech : .body)
        }
    }

    private enum CodingKeys: String, CodingKey { case dictionary, headword, matched, text }
}

/// A line of an entry with what it seems to be.
public struct DictionaryLine: Sendable, Hashable {
    /// What a line is.
    public enum Kind: Sendable, Hashable {
        /// The line naming the headword (often with its pronunciation).
        case headword
        /// A line that starts with a part of speech (`n 1: …`, `adj.`, `v. t.`).
        case partOfSpeech
        /// Anything else.
        case body
    }

    /// The line's text.
    public var text: String
    /// Its kind.
    public var kind: Kind

    /// The parts of speech a line may start with (WordNet's and Webster's abbreviations).
    static let partsOfSpeech: Set<String> = ["n", "v", "adj", "adv", "noun", "verb", "adjective", "adverb", "pron",
                                              "prep", "conj", "interj", "a", "p. p", "p. pr", "v. t", "v. i"]

    static func isPartOfSpeech(_ line: Substring) -> Bool {
        let word = line.prefix(while: { $0.isLetter })
        guard !word.isEmpty, partsOfSpeech.contains(word.lowercased()) else { return false }
        let rest = line.dropFirst(word.count)
        guard let next = rest.first else { return false }
        return next == "." || next == ":" || next == " " && rest.dropFirst().first.map({ $0.isNumber || $0 == ":" }) == true
    }
}
