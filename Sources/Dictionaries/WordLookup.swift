/// The lookup in one dictionary, step by step: the word as given, exactly and with its case
/// folded (`Running` → `running`; dictd's own "exact" match ignores case too, and Webster's
/// has `Walk` entries and a `walk` line pointing into `Arm`'s entry); then, when the word
/// has no entry at all, the English inflection fallbacks in their order (`Inflections`). The
/// first step that finds something gives every entry it finds: entries under their own
/// headword (their text starts with it) before those found inside another entry, and in
/// each group exact matches before case-folded ones.
enum WordLookup {
    /// `word`'s entries in `source`, with how they matched.
    static func entries(_ word: String, in source: DictionarySource, inflections: Bool,
                        warn: (DictionaryProblem) -> Void) -> [(FoundEntry, matched: String)] {
        let direct = matching(word, in: source, warn: warn)
        if !direct.exact.isEmpty || !direct.folded.isEmpty {
            return ranked(direct.exact.map { ($0, "exact") } + direct.folded.map { ($0, "case") })
        }
        guard inflections else { return [] }
        for candidate in Inflections.candidates(word) {
            let found = matching(candidate.base, in: source, warn: warn)
            let all = found.exact + found.folded
            if !all.isEmpty { return ranked(all.map { ($0, candidate.how) }) }
        }
        return []
    }

    /// Main entries (text starting with the key) first, the order otherwise kept.
    private static func ranked(_ found: [(FoundEntry, matched: String)]) -> [(FoundEntry, matched: String)] {
        let main = found.filter { isMain($0.0) }
        return main + found.filter { !isMain($0.0) }
    }

    private static func isMain(_ entry: FoundEntry) -> Bool {
        let first = entry.text.prefix(while: { $0 != "\n" }).drop(while: { $0 == " " }).lowercased()
        return first.hasPrefix(entry.key.lowercased()) || first.hasPrefix(entry.headword.lowercased())
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
