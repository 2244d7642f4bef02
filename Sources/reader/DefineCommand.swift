import Dictionaries
import ReaderApp
import Storage
import Support

/// `reader define WORD… [--json] [--dictionaries NAMES]`: each word looked up in the
/// dictionaries installed (docs/DICTIONARIES.md): dictd's in /usr/share/dictd, StarDict's
/// under the XDG data folders. Plain output: for each word, a section per dictionary (its
/// title, how the word matched when not exactly, then the entry's text); `--json`: one array
/// of {dictionary, headword, matched, text} (with `word` when several words are asked).
/// Exit status 0 when every word was found, 8 when one was not (`ExitCode.notFound`).
enum DefineCommand {
    static let specs: [Arguments.Spec] = [
        .init(name: "json", short: nil, takesValue: false),
        .init(name: "dictionaries", short: nil, takesValue: true),
    ]

    /// One entry in `--json`.
    struct JSONEntry: Encodable {
        var word: String
        var dictionary: String
        var headword: String
        var matched: String
        var text: String
    }

    static func run(_ args: [String]) throws {
        let a = try Arguments(args, specs: specs)
        let words = a.positionals.filter { !$0.isEmpty }
        guard !words.isEmpty else { throw CLIError.usage("define needs a WORD") }
        let environment = Environment.variables()
        if let given = a.value("dictionaries"), ConfigKey.named("dictionaries")?.normalized(given) == nil {
            throw CLIError.usage("bad value '\(given)' for --dictionaries (all, or dictionary names separated by commas)")
        }
        let order = a.value("dictionaries").flatMap { $0 == "all" ? nil : $0 } ?? configuredOrder(environment)
        let (shelf, warnings) = DictionaryShelf.discover(environment: environment, order: DictionaryOrder(parsing: order ?? ""))
        for w in warnings { Diagnostics.warning(w) }
        guard !shelf.isEmpty else {
            throw CLIError.other("no dictionary found (install dict-wn or dict-gcide, or put StarDict files in ~/.local/share/stardict/dic)",
                                 .notFound)
        }
        var results: [(word: String, entries: [DictionaryEntry])] = []
        for word in words { results.append((word, shelf.lookUp(word))) }
        for w in shelf.takeWarnings() { Diagnostics.warning(w) }
        var out = Output()
        if a.has("json") {
            let list = results.flatMap { r in
                r.entries.map { JSONEntry(word: r.word, dictionary: $0.dictionary, headword: $0.headword, matched: $0.matched, text: $0.text) }
            }
            try out.writeJSON(list)
        } else {
            out.write(text(results))
        }
        out.flush()
        let missing = results.filter { $0.entries.isEmpty }.map(\.word)
        if !missing.isEmpty {
            throw CLIError.other("not found: " + missing.map { "'\($0)'" }.joined(separator: ", "), .notFound)
        }
    }

    /// The plain text: per word, a section per entry — `── title ──` (with `(running → run)`
    /// when not an exact match), then the text.
    static func text(_ results: [(word: String, entries: [DictionaryEntry])]) -> String {
        var text = ""
        for (word, entries) in results where !entries.isEmpty {
            if results.count > 1 { text += "\(EntryText.clean(word))\n" }
            var last = ""
            for e in entries {
                if e.dictionary != last {
                    let how = e.matched == "exact" ? "" : e.matched == "case" ? "" : " (\(e.matched))"
                    text += (text.isEmpty ? "" : "\n") + "── \(e.dictionary)\(how) ──\n"
                    last = e.dictionary
                } else {
                    text += "\n"
                }
                text += e.text + "\n"
            }
        }
        return text
    }

    /// The `dictionaries` key of the config file, if it sets one (`all`: the shelf's own order).
    static func configuredOrder(_ environment: [String: String]) -> String? {
        let file = ReaderConfig.load(XDGDirectories(environment: environment))
        return file.setting("dictionaries").map(\.value).flatMap { $0 == "all" ? nil : $0 }
    }
}
