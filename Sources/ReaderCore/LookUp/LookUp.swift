/// What visual mode asks the dictionaries (Enter or `K` on a selection, a Ctrl/Alt-click):
/// the selected word, and for CJK text the characters from its start on, for the longest
/// entry that starts there.
public struct LookUpRequest: Hashable, Sendable {
    /// The word (the selection, or the word under a one-character selection).
    public var word: String
    /// For Chinese and Japanese: up to 16 characters of the text from the word's start
    /// (the block's end at most); nil for other scripts.
    public var following: String?

    /// A request.
    public init(word: String, following: String? = nil) {
        self.word = word
        self.following = following
    }
}

/// The dictionaries' answer: one section per dictionary that has the word.
public struct LookUpAnswer: Hashable, Sendable {
    /// What was found (the longest match for CJK, else the word).
    public var word: String
    /// Its entries, in the configured order of dictionaries.
    public var definitions: [Definition]
    /// Dictionaries that could not be read (one line each, shown in the status line).
    public var warnings: [String]

    /// An answer.
    public init(word: String, definitions: [Definition], warnings: [String] = []) {
        self.word = word
        self.definitions = definitions
        self.warnings = warnings
    }
}

/// One dictionary's entry for a word.
public struct Definition: Hashable, Sendable {
    /// The dictionary's title.
    public var dictionary: String
    /// The headword found.
    public var headword: String
    /// How it was found when not exactly: "case", "running → run"; empty when exact.
    public var matched: String
    /// The entry's text: plain, control characters removed, lines separated by `\n`.
    public var text: String

    /// A definition.
    public init(dictionary: String, headword: String, matched: String = "", text: String) {
        self.dictionary = dictionary
        self.headword = headword
        self.matched = matched
        self.text = text
    }
}
