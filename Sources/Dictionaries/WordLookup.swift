/// The lookup in one dictionary, step by step: the word exactly as given; then with its case
/// folded (`Running` → `running`); then, when the word has no entry at all, the English
/// inflection fallbacks in their order (`Inflections`), each exactly and case-folded. The
/// first step that finds something gives every entry it finds.
enum WordLookup {
    /// `word`'s entries in `source`, with how they matched.
    static func entries(_ word: String, in source: DictionarySource, inflections: Bool,
                        warn: (DictionaryProblem) -> Void) -> [(FoundEntry, matched: String)] {
        let exact = matching(word, in: source, warn: warn)
        if !exact.exact.isEmpty { return exact.exact.map { ($0, "exact") } }
        if !exact.folded.isEmpty { return exact.folded.map { ($0, "case") } }
        guard inflections else { return [] }
        for candidate in Inflections.candidates(word) {
            let found = matching(candidate.base, in: source, warn: warn)
            let all = found.exact + found.folded
            if !all.isEmpty { return all.map { ($0, candidate.how) } }
        }
        return []
    }

    /// The entries whose key is `word` byte for byte, and those equal to it case-folded.
    static func matching(_ word: String, in source: DictionarySource, warn: (DictionaryProblem) -> Void)
        -> (exact: [FoundEntry], folded: [FoundEntry]) {
        let folded = word.lowercased()
        var exact: [FoundEntry] = [], others: [FoundEntry] = []
        var seen = Set<FoundEntry>()
        // The index orders fold ASCII case; other letters' cases are searched for one by one.
        var forms = [word]
        for form in [folded, word.capitalizedFirst, word.uppercased()]
        where !forms.contains(where: { $0.asciiFolded == form.asciiFolded }) { forms.append(form) }
        for form in forms {
            for entry in source.candidates(form, warn: warn) where seen.insert(entry).inserted {
                if entry.key == word { exact.append(entry) } else if entry.key.lowercased() == folded { others.append(entry) }
            }
        }
        return (exact, others)
    }
}

extension String {
    /// ASCII letters lower-cased, everything else as it is (what the index orders fold).
    var asciiFolded: [UInt8] { utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 } }

    /// The first letter upper-cased, the rest lower-cased.
    var capitalizedFirst: String {
        guard let first else { return self }
        return first.uppercased() + dropFirst().lowercased()
    }
}
