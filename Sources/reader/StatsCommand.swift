import BookFormats
import ReaderApp
import ReaderState
import Storage
import Support

/// `reader stats [BOOK] [--json]`: the reading statistics (docs/STATS.md) — per book the
/// time read, the characters, the speed and when it was last read; per day the minutes;
/// and the learned speeds. With BOOK only that book (found by its content hash).
enum StatsCommand {
    static let specs: [Arguments.Spec] = [.init(name: "json", short: nil, takesValue: false)]

    /// One book in `--json`.
    struct JSONBook: Encodable {
        var key: String
        var title: String
        var seconds: Double
        var characters: [String: Int]
        var charactersPerMinute: Double?
        var lastRead: Double?
    }

    /// One day in `--json`.
    struct JSONDay: Encodable {
        var date: String
        var minutes: Double
    }

    /// The whole `--json` document.
    struct JSONStats: Encodable {
        var books: [JSONBook]
        var days: [JSONDay]
        var speeds: [String: Double]
    }

    static func run(_ args: [String]) throws {
        let a = try Arguments(args, specs: specs)
        guard a.positionals.count <= 1 else { throw CLIError.usage("stats takes at most one BOOK") }
        let directories = XDGDirectories(environment: Environment.variables())
        let store = ReadingStatsStore(stateFolder: directories.state)
        var books = store.loadAll()
        if let path = a.positionals.first {
            do { try BookLoader.checkFile(path: path) } catch let e as BookError { throw CLIError.book(e) }
            guard let key = ContentHash.ofFile(path) else { throw CLIError.other("\(path): cannot read", .unreadable) }
            books = books.filter { $0.key == key }
        }
        let stats = document(books, speeds: ReadingSpeeds(store.speeds()))
        var out = Output()
        if a.has("json") {
            try out.writeJSON(stats)
        } else {
            out.write(text(stats, now: WallClock.now()))
        }
        out.flush()
    }

    /// The statistics of `books`, their days summed over the books, newest first.
    static func document(_ books: [BookReadingStats], speeds: ReadingSpeeds) -> JSONStats {
        var days: [String: Double] = [:]
        for book in books { days.merge(book.days, uniquingKeysWith: +) }
        let list = books.map {
            JSONBook(key: $0.key, title: $0.title, seconds: $0.seconds, characters: $0.characters,
                     charactersPerMinute: $0.seconds >= 60 ? (Double($0.totalCharacters) / ($0.seconds / 60)).rounded() : nil,
                     lastRead: $0.lastRead)
        }
        let speedList = Dictionary(uniqueKeysWithValues: ScriptClass.allCases.map { ($0.rawValue, speeds.charactersPerMinute($0).rounded()) })
        return JSONStats(books: list, days: days.sorted { $0.key > $1.key }.map { JSONDay(date: $0.key, minutes: ($0.value / 6).rounded() / 10) },
                         speeds: speedList)
    }

    /// The plain text: the books, the days, the speeds.
    static func text(_ stats: JSONStats, now: Double) -> String {
        guard !stats.books.isEmpty else { return "No reading recorded yet.\n" }
        var text = "Books\n"
        for b in stats.books {
            let chars = b.characters.values.reduce(0, +)
            let speed = b.charactersPerMinute.map { "\(Int($0)) characters/min" } ?? "—"
            let fields = [ListCommand.fit(ListCommand.plain(b.title.isEmpty ? b.key : b.title), 40),
                          ListCommand.pad(TimeLeftEstimate.duration(b.seconds), 11), ListCommand.pad("\(chars) characters", 18),
                          ListCommand.pad(speed, 20), RelativeDate.text(b.lastRead, now: now)]
            text += "  " + fields.joined(separator: "  ") + "\n"
        }
        text += "Days\n"
        for d in stats.days { text += "  \(d.date)  \(TimeLeftEstimate.duration(d.minutes * 60))\n" }
        let speeds = ScriptClass.allCases.map { "\($0.rawValue) \(Int(stats.speeds[$0.rawValue] ?? 0))" }
        text += "Speed (characters a minute): " + speeds.joined(separator: ", ") + "\n"
        return text
    }
}
