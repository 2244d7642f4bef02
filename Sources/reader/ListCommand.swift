import TextLayout
import ReaderApp
import ReaderState
import Storage
import Support
import TextContent

/// `reader list [--json] [--sort recent|title|author|progress]`: the library, as a plain
/// table (title, author, progress, last read, path; control characters replaced) or as a
/// JSON array.
enum ListCommand {
    static let specs: [Arguments.Spec] = [
        .init(name: "json", short: nil, takesValue: false),
        .init(name: "sort", short: nil, takesValue: true),
    ]

    /// One entry in `--json`.
    struct JSONEntry: Encodable {
        var title: String
        var authors: [String]
        var language: String
        var format: String
        var path: String
        var key: String
        var fileSize: Int
        var progress: Double
        var added: Double
        var lastOpened: Double?
        var missing: Bool
    }

    static func run(_ args: [String]) throws {
        let a = try Arguments(args, specs: specs)
        guard a.positionals.isEmpty else { throw CLIError.usage("list takes no BOOK, only --json and --sort") }
        let sort = try a.choice("sort", ["recent": LibrarySort.recent, "title": .title, "author": .author, "progress": .progress],
                                default: "recent")
        let directories = XDGDirectories(environment: Environment.variables())
        let (library, warning) = LibraryStore(stateFolder: directories.state).load()
        if let warning { Diagnostics.warning(warning) }
        let entries = library.sorted(by: sort)
        let missing = ShelfLoop.missingKeys(entries)
        var out = Output()
        if a.has("json") {
            let list = entries.map {
                JSONEntry(title: $0.title, authors: $0.authors, language: $0.language, format: $0.format, path: $0.path, key: $0.key,
                          fileSize: $0.fileSize, progress: $0.progress, added: $0.added, lastOpened: $0.lastOpened,
                          missing: missing.contains($0.key))
            }
            try out.writeJSON(list)
        } else {
            out.write(table(entries, missing: missing, now: WallClock.now()))
        }
        out.flush()
    }

    /// The plain table, one book a line.
    static func table(_ entries: [LibraryEntry], missing: Set<String>, now: Double) -> String {
        var text = ""
        for e in entries {
            let percent = "\(Int((e.progress * 100).rounded(.down)))%"
            let last = missing.contains(e.key) ? "missing" : RelativeDate.text(e.lastOpened, now: now)
            let fields = [fit(plain(e.title), 40), fit(plain(e.authorLine), 24), pad(percent, 5), pad(last, 13), plain(e.path)]
            text += fields.joined(separator: "  ") + "\n"
        }
        return text
    }

    /// One line of plain text: control and bidi formatting characters become "?".
    static func plain(_ s: String) -> String {
        String(String.UnicodeScalarView(s.unicodeScalars.map { sc in
            (sc.value < 0x20 || (0x7F...0x9F).contains(sc.value) || TextSanitizer.isBidiControl(sc)) ? "?" : sc
        }))
    }

    /// `s` cut with "…" or padded with spaces to `width` terminal cells (a CJK character
    /// takes two), so the columns line up.
    static func fit(_ s: String, _ width: Int) -> String {
        guard CellWidth.of(s) > width else { return pad(s, width) }
        var cut = "", used = 0
        for c in s {
            let w = CellWidth.of(String(c))
            if used + w > width - 1 { break }
            cut.append(c)
            used += w
        }
        return pad(cut + "…", width)
    }

    static func pad(_ s: String, _ width: Int) -> String { s + String(repeating: " ", count: max(0, width - CellWidth.of(s))) }
}
