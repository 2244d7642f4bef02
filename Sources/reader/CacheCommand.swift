import BookFormats
import Glibc
import LayoutCache
import ReaderApp
import ReaderCore
import ReaderState
import Storage
import Support
import Terminal
import TextContent
import TextLayout

/// `reader cache build|verify|stats|clear`: the on-disk layout and content caches (docs/CACHE.md).
///
/// * `build [--width N]... [--line-break S] [--indent N] [--compact] [--justify] [--jobs J]
///   [--height N]... [--writing-mode auto|vertical|horizontal]
///   [--max-size SIZE] [--encoding NAME] [--force] BOOK...` lays out whole books at each
///   width, one independent job per (book, width) on J threads, and stores them, with each
///   book's parse in the content cache (once per book); books that ask for vertical text
///   (all with `--writing-mode vertical`) are also set in columns of each `--height` (23
///   rows by default), a job each; layouts and parses already in the
///   cache (and valid for the book) are kept unless `--force`.
/// * `verify [--width N]... [layout options] BOOK...` compares each cached parse with a
///   fresh one, loads each cached layout, decodes every chapter and compares it with a
///   fresh layout (and times both): an end-to-end check.
/// * `stats` prints the number of layout files, their size and the books they cover, and
///   the parsed books of the content cache.
/// * `clear` removes every layout and content cache file (and the remembered book keys).
///
/// The folder is `$XDG_CACHE_HOME/reader/layout`; the size limit is `--max-size`, else
/// `READER_CACHE_MAX`, else 500 MiB.
enum CacheCommand {
    static let buildSpecs: [Arguments.Spec] = [
        .init(name: "width", short: "w", takesValue: true),
        .init(name: "line-break", short: nil, takesValue: true),
        .init(name: "indent", short: nil, takesValue: true),
        .init(name: "compact", short: nil, takesValue: false, optionalValue: true),
        .init(name: "justify", short: nil, takesValue: false, optionalValue: true),
        .init(name: "wrap", short: nil, takesValue: true),
        .init(name: "hyphenate", short: nil, takesValue: true),
        .init(name: "ruby", short: nil, takesValue: true),
        .init(name: "jobs", short: "j", takesValue: true),
        .init(name: "max-size", short: nil, takesValue: true),
        .init(name: "encoding", short: nil, takesValue: true),
        .init(name: "force", short: "f", takesValue: false),
        .init(name: "height", short: nil, takesValue: true),
        .init(name: "writing-mode", short: nil, takesValue: true),
        .init(name: "direction", short: nil, takesValue: true),
        .init(name: "arabic-shaping", short: nil, takesValue: true),
    ]

    static func run(_ args: [String]) throws {
        guard let sub = args.first else { throw CLIError.usage("cache needs build, stats or clear") }
        let rest = Array(args.dropFirst())
        let environment = Environment.variables()
        switch sub {
        case "build":
            let configured = BuildDefaults(ReaderConfig.load(XDGDirectories(environment: environment)))
            let a = try Arguments(configured.arguments + rest, specs: buildSpecs)
            try build(a, cache: try cache(a, environment: environment), defaults: configured)
        case "verify":
            let configured = BuildDefaults(ReaderConfig.load(XDGDirectories(environment: environment)))
            let a = try Arguments(configured.arguments + rest, specs: buildSpecs.filter { !["jobs", "force"].contains($0.name) })
            try verify(a, cache: try cache(a, environment: environment), defaults: configured)
        case "stats":
            let a = try Arguments(rest, specs: [.init(name: "max-size", short: nil, takesValue: true)])
            guard a.positionals.isEmpty else { throw CLIError.usage("cache stats takes no arguments") }
            stats(try cache(a, environment: environment), contentCache(environment))
        case "clear":
            let a = try Arguments(rest, specs: [])
            guard a.positionals.isEmpty else { throw CLIError.usage("cache clear takes no arguments") }
            let c = try cache(a, environment: environment)
            let removed = c.clear(), parsed = contentCache(environment).clear()
            ContentKeyMemo(cacheRoot: XDGDirectories(environment: environment).cache).clear()
            var out = Output()
            out.write("removed \(removed.files) layout cache file\(removed.files == 1 ? "" : "s") (\(ByteCount.human(removed.bytes))) from \(c.folder)\n")
            out.write("removed \(parsed.files) parsed book\(parsed.files == 1 ? "" : "s") (\(ByteCount.human(parsed.bytes))) from \(contentCache(environment).folder)\n")
            out.flush()
        default:
            throw CLIError.usage("unknown cache command '\(sub)' (build, verify, stats or clear)")
        }
    }

    /// The cache folder and size limit from the environment and `--max-size`.
    static func cache(_ a: Arguments, environment: [String: String]) throws -> LayoutCache {
        var limit = LayoutCache.defaultMaxBytes
        if let v = a.value("max-size") {
            guard let n = CacheSizeLimit.parse(v) else { throw CLIError.usage("--max-size must be a size like 500M or 2G, not '\(v)'") }
            limit = n
        } else if let v = environment["READER_CACHE_MAX"], !v.isEmpty {
            guard let n = CacheSizeLimit.parse(v) else { throw CLIError.usage("READER_CACHE_MAX must be a size like 500M or 2G, not '\(v)'") }
            limit = n
        }
        return LayoutCache(cacheRoot: XDGDirectories(environment: environment).cache, maxBytes: limit)
    }

    /// The content cache (parsed books) of the environment's cache folder.
    static func contentCache(_ environment: [String: String]) -> ContentCache {
        ContentCache(cacheRoot: XDGDirectories(environment: environment).cache)
    }

    /// The layout cache's files, size and books, then the content cache's parsed books.
    static func stats(_ cache: LayoutCache, _ content: ContentCache) {
        let s = cache.stats(), c = content.stats()
        var out = Output()
        out.write("Folder:   \(cache.folder)\n")
        out.write("Entries:  \(s.entries)\n")
        out.write("Size:     \(ByteCount.human(s.totalBytes)) (\(s.totalBytes) bytes; limit \(ByteCount.human(cache.maxBytes)))\n")
        out.write("Books:    \(s.books)\n")
        out.write("Content:  \(content.folder)\n")
        out.write("Parsed:   \(c.files) book\(c.files == 1 ? "" : "s"), \(ByteCount.human(c.bytes)) (\(c.bytes) bytes; limit \(ByteCount.human(content.maxBytes)))\n")
        out.flush()
    }

    // MARK: verify

    static func verify(_ a: Arguments, cache: LayoutCache, defaults: BuildDefaults = BuildDefaults()) throws {
        guard !a.positionals.isEmpty else { throw CLIError.usage("cache verify needs at least one BOOK") }
        let base = try DumpCommand.layoutOptions(a)
        let widths = try a.all("width").map { v -> Int in
            guard let n = Int(v), (1...10_000).contains(n) else { throw CLIError.usage("--width must be a whole number from 1 to 10000, not '\(v)'") }
            return n
        }
        var out = Output()
        var mismatches = 0, misses = 0
        for path in a.positionals {
            let session = try Sessions.open(path, BookOpenOptions(encoding: a.value("encoding")))
            let content = session.content, key = session.key
            switch try verifyContent(session, path: path, encoding: a.value("encoding"), out: &out) {
            case .same: break
            case .different: mismatches += 1
            case .missing: misses += 1
            }
            let hyphenated = try DumpCommand.hyphenationChoice(a).apply(to: base, book: content)
            for w in widths.isEmpty ? [defaultWidth(base, defaults, terminal: TerminalSize.ofStandardStreams())] : widths {
                var o = hyphenated
                o.width = w
                var cached: CachedBookLayout?
                let openTime = seconds { cached = cache.open(bookKey: key, options: o, content: content) }
                guard let layout = cached else {
                    misses += 1
                    out.write("miss  width \(w)  \(path)\n")
                    continue
                }
                var decoded: [LineCollection?] = []
                let decodeTime = seconds { decoded = (0..<layout.chapterCount).map { layout.lines(chapter: $0) } }
                var fresh: [LineCollection] = []
                let layoutTime = seconds { fresh = BookLayoutBuilder.layoutChapters(of: content, options: o) }
                let bad = zip(decoded, fresh).filter { $0.0 != $0.1 }.count
                mismatches += bad
                out.write("\(bad == 0 ? "ok  " : "BAD ")  width \(w)  \(layout.chapterCount) chapters  \(layout.totalLineCount) lines  "
                          + "\(layout.fileSize) bytes  open \(milliseconds(openTime))  decode all \(milliseconds(decodeTime))  "
                          + "layout all \(milliseconds(layoutTime))  \(path)\n")
            }
        }
        out.flush()
        if mismatches > 0 {
            throw CLIError.other("\(mismatches) cached chapter\(mismatches == 1 ? "" : "s") or parsed book\(mismatches == 1 ? "" : "s") differ from a fresh layout or parse", .internalError)
        }
        if misses > 0 { throw CLIError.other("\(misses) layout\(misses == 1 ? "" : "s") or parsed book\(misses == 1 ? "" : "s") not cached", .invalidBook) }
    }

    /// What `verify` found of a book's parse in the content cache.
    enum ContentCheck { case same, different, missing }

    /// Compares the parse `session` read from the content cache with a fresh parse of the
    /// file (their `TextContentCodec` encodings, byte for byte) and prints one line with
    /// both times; `.missing` when the book was not in the content cache.
    static func verifyContent(_ session: BookSession, path: String, encoding: String?, out: inout Output) throws -> ContentCheck {
        guard !session.parsedNow else {
            out.write("miss  content  \(path)\n")
            return .missing
        }
        var cached: TextContent?, fresh: BookSession?
        let loadTime = seconds { cached = session.contentCache.load(bookKey: session.contentKey) }
        let parseTime = try seconds {
            fresh = try Sessions.open(path, BookOpenOptions(encoding: encoding, useContentCache: false), printWarnings: false)
        }
        guard let cached, let fresh else {
            out.write("miss  content  \(path)\n")
            return .missing
        }
        let same = TextContentCodec.encode(cached, key: "") == TextContentCodec.encode(fresh.content, key: "")
        out.write("\(same ? "ok  " : "BAD ")  content  \(cached.chapters.count) chapters  \(cached.bytes.count) bytes of text  "
                  + "load \(milliseconds(loadTime))  uncached open \(milliseconds(parseTime))  \(path)\n")
        return same ? .same : .different
    }

    /// The seconds `body` took (`SystemClock`).
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let clock = SystemClock(), start = clock.now()
        try body()
        return clock.now() - start
    }

    /// "12.34 ms", as `verify` prints its timings.
    static func milliseconds(_ seconds: Double) -> String { DecimalText.fixed(seconds * 1000, places: 2) + " ms" }

    // MARK: build

    static func build(_ a: Arguments, cache: LayoutCache, defaults: BuildDefaults = BuildDefaults()) throws {
        let books = a.positionals
        guard !books.isEmpty else { throw CLIError.usage("cache build needs at least one BOOK") }
        let base = try DumpCommand.layoutOptions(a)
        var widths: [Int] = []
        for v in a.all("width") {
            guard let n = Int(v), (1...10_000).contains(n) else {
                throw CLIError.usage("--width must be a whole number from 1 to 10000, not '\(v)'")
            }
            if !widths.contains(n) { widths.append(n) }
        }
        // By default what the reader would lay out: in a terminal, its text width (the
        // configured width at most, the configured margins off) and its column height (the
        // status line off); elsewhere the configured width, else 80.
        let terminal = TerminalSize.ofStandardStreams()
        if widths.isEmpty { widths = [defaultWidth(base, defaults, terminal: terminal)] }
        let vertical = try verticalHeights(a, terminal: terminal)
        let cores = max(1, ActiveProcessors.count())
        let jobCount = try a.int("jobs", in: 1...1024) ?? cores
        var jobs: [CacheBuild.Job] = []
        for (b, path) in books.enumerated() {
            for w in widths {
                var o = base
                o.width = w
                jobs.append(CacheBuild.Job(book: b, path: path, options: o))
            }
            for h in vertical.heights {
                jobs.append(CacheBuild.Job(book: b, path: path, options: base, vertical: .init(height: h, always: vertical.always)))
            }
        }
        let build = CacheBuild(jobs: jobs, bookCount: books.count, cache: cache, encoding: a.value("encoding"),
                               progress: Output.isTerminal(STDERR_FILENO), force: a.has("force"),
                               hyphenation: try DumpCommand.hyphenationChoice(a))
        let threads = min(jobCount, jobs.count)
        // `--jobs` threads in all: one per job, or, with fewer jobs than that, the rest
        // helping to parse EPUBs.
        let summary = build.run(threads: threads, parseThreads: jobCount / threads)

        var out = Output()
        out.write(summary.text(widths: widths.count, jobs: threads, heights: vertical.heights))
        out.flush()
        if summary.failedBooks > 0 {
            throw CLIError.other("\(summary.failedBooks) of \(books.count) book\(books.count == 1 ? "" : "s") could not be cached", .invalidBook)
        }
        if summary.writeFailures > 0 {
            throw CLIError.other("\(summary.writeFailures) cache file\(summary.writeFailures == 1 ? "" : "s") could not be written", .outputFailed)
        }
    }

    /// The width `cache build` and `verify` lay out at without `--width`: what the reader
    /// would lay out — in a terminal, its columns less the configured margins, at most the
    /// configured width (else `base`'s, 80); elsewhere that width.
    static func defaultWidth(_ base: LayoutOptions, _ defaults: BuildDefaults, terminal: TerminalSize?) -> Int {
        let preferred = defaults.preferredWidth ?? base.width
        return terminal.map { ReadingContext.textWidth(columns: $0.columns, preferred: preferred, margin: defaults.margin) } ?? preferred
    }

    /// The column heights `cache build` sets vertical text at (`--height N`, repeatable;
    /// default the terminal's rows less the status line, else 23, a 24-row terminal's) and
    /// whether every book gets them (`--writing-mode vertical`) or only those that ask for
    /// vertical text (auto, the default); none with `--writing-mode horizontal`.
    static func verticalHeights(_ a: Arguments, terminal: TerminalSize? = nil) throws -> (heights: [Int], always: Bool) {
        let mode = try a.choice("writing-mode", ["auto": 0, "vertical": 1, "horizontal": 2], default: "auto")
        var heights: [Int] = []
        for v in a.all("height") {
            guard let n = Int(v), (2...1_000).contains(n) else {
                throw CLIError.usage("--height must be a whole number from 2 to 1000, not '\(v)'")
            }
            if !heights.contains(n) { heights.append(n) }
        }
        if mode == 2 { return ([], false) }
        return (heights.isEmpty ? [max(2, (terminal?.rows ?? 24) - 1)] : heights, mode == 1)
    }
}
