import BookFormats
import Foundation
import Glibc
import LayoutCache
import ReaderCore
import ReaderState
import Screen
import Terminal
import TextContent
import TextLayout

/// `reader [BOOK] [--chapter N] [--offset B] [--percent P] [--width N] [--theme T] …`:
/// the full-screen reader. Without a terminal on stdout it prints like `dump`.
enum ReadCommand {
    static let specs: [Arguments.Spec] = DumpCommand.specs.filter { $0.name != "lines" && $0.name != "color" && $0.name != "logical" } + [
        .init(name: "percent", short: "p", takesValue: true),
        .init(name: "theme", short: nil, takesValue: true),
    ] + RevealOptions.specs

    /// How often a changed position is saved while reading (a killed process loses at most this).
    static let saveInterval = 2.0

    static func run(_ args: [String]) throws {
        let started = monotonicSeconds()
        var phases: [(String, Double)] = []
        func phase(_ name: String) { phases.append((name, (monotonicSeconds() - started) * 1000)) }
        defer {
            if getenv("READER_STATS") != nil {
                Diagnostics.statsLine("startup " + phases.map { String(format: "%@ %.1f ms", $0.0, $0.1) }.joined(separator: ", "))
            }
        }
        let a = try Arguments(args, specs: specs)
        guard a.positionals.count <= 1 else { throw CLIError.usage("give one BOOK") }
        let options = try DumpCommand.layoutOptions(a)
        let revealSettings = try RevealOptions.settings(a)
        // Compiling the line-break tables of the style in use takes ~10 ms: done on another
        // thread while the book is parsed, or after the first frame when it comes from the
        // content cache (that frame needs no line breaking then).
        let style = options.lineBreakStyle
        let warmLineBreaking = { Thread.detachNewThread { _ = LineBreaks.opportunities(in: "a b", style: style) } }
        var warmed = false
        let environment = ProcessInfo.processInfo.environment
        let directories = XDGDirectories(environment: environment)
        let store = StateStore(folder: directories.state)
        let theme: Theme
        switch a.value("theme") {
        case nil: theme = environment["NO_COLOR"].map { $0.isEmpty } == false ? .plain : .dark
        case let name?:
            guard let t = Theme.named(name) else { throw CLIError.usage("--theme must be dark, light or plain, not '\(name)'") }
            theme = t
        }

        // Which book: the one given, else the last one read, else the bundled sample.
        var path = a.positionals.first
        var notice: String?
        if path == nil, let last = store.lastBook(), FileManager.default.fileExists(atPath: last) { path = last }
        let content: TextContent
        let key: String
        var parsed = false   // parsed now (not from the content cache): store it after the first frame
        let contentCache = ContentCache(cacheRoot: directories.cache)
        let encoding = a.value("encoding")
        if let path {
            do { try BookLoader.checkFile(path: path) } catch let e as BookError { throw CLIError.book(e) }
            // The parsed book comes from the content cache when this file was opened before.
            guard let hash = ContentHash.ofFile(path) else {
                _ = try BookOpener.open(path, encoding: encoding)  // reports why it cannot be read
                throw CLIError.book(.unreadable(path: path, reason: "cannot read"))
            }
            key = hash
            phase("hashed")
            if !FileManager.default.fileExists(atPath: contentCache.path(bookKey: Self.contentKey(key, encoding: encoding))) {
                warmLineBreaking()
                warmed = true
            }
            if let cached = contentCache.load(bookKey: Self.contentKey(key, encoding: encoding), parserVersion: ContentCache.parserVersion) {
                content = cached
                for w in content.warnings { Diagnostics.warning("\(path): \(w)") }
            } else {
                content = try BookOpener.open(path, encoding: encoding)
                parsed = true
            }
            phase("opened")
        } else {
            content = try SampleBook.load()
            key = Array(SampleBook.text.utf8).withUnsafeBytes { ContentHash.of($0) }
            notice = "This is the sample book. Open your own with: reader path/to/book.epub   (? for keys)"
        }

        // Saved state, then command-line jumps.
        var state = BookState(key: key, lastPath: path.map { URL(fileURLWithPath: $0).standardizedFileURL.path } ?? "",
                              title: content.metadata.title)
        switch store.load(key: key) {
        case .found(let saved): state = saved
        case .recovered(let warning): Diagnostics.warning(warning)
        case .none: break
        }
        if let p = path { state.lastPath = URL(fileURLWithPath: p).standardizedFileURL.path }
        var position = ByteOffset(min(state.position.offset, content.bytes.count))
        if let n = try a.int("chapter", in: 1...Int(Int32.max)) {
            guard n <= content.chapters.count else { throw CLIError.usage("--chapter \(n): the book has \(content.chapters.count) chapters") }
            position = content.chapters[n - 1].range.lowerBound
        }
        if let b = try a.int("offset", in: 0...Int(Int32.max)) {
            guard b <= content.bytes.count else { throw CLIError.usage("--offset \(b) is past the end of the text (\(content.bytes.count) bytes)") }
            position = ByteOffset(b)
        }
        if let p = a.value("percent") {
            guard let value = Double(p.hasSuffix("%") ? String(p.dropLast()) : p), value >= 0, value <= 100 else {
                throw CLIError.usage("--percent must be a number from 0 to 100, not '\(p)'")
            }
            position = Progress.offset(forPercent: value, in: content)
        }

        guard Output.isTerminal(STDOUT_FILENO), Output.isTerminal(STDIN_FILENO) else {
            // Piped: print the laid-out text like `dump` — from the start, or from where
            // --chapter/--offset/--percent say, not from the saved reading position.
            let explicit = a.has("chapter") || a.has("offset") || a.has("percent")
            var printer = DumpPrinter(content: content, options: options, color: false)
            printer.print(from: explicit ? position : .zero, maxLines: nil)
            return
        }

        let preferred = try a.int("width", in: 1...10_000) ?? 80
        let session = TerminalSession(options: TerminalOptions(mouse: true))
        do { try session.enter() } catch {
            throw CLIError.other("cannot use the terminal: \(error)", .internalError)
        }
        defer { session.leave() }
        phase("terminal")
        let size = session.size()
        var base = options
        base.width = preferred
        let model = ReaderModel(content: content, position: position, columns: size.columns, rows: size.rows,
                                preferredWidth: preferred, baseOptions: base,
                                marks: state.bookmarks.map { Mark(offset: ByteOffset(min($0.position.offset, content.bytes.count)), label: $0.label) },
                                revealSettings: revealSettings)
        // Chapters come from the layout cache when it has this book at these options.
        let cached = CachedLayouts(cacheRoot: directories.cache, bookKey: key, content: content)
        model.layouts.source = { options, chapter in cached.lines(options: options, chapter: chapter) }
        var renderer = Renderer(theme: theme)
        renderer.arabicShaping = options.arabicShaping
        let encoder = ANSIEncoder(options: .fromEnvironment(environment))
        var previous: ScreenBuffer?
        var frame = ScreenBuffer(width: size.columns, height: size.rows)
        var dirty = false
        var lastSave = monotonicSeconds()

        func save() {
            state.position = SavedPosition(chapter: model.progress.chapter, offset: model.position.rawValue)
            state.bookmarks = model.marks.map {
                Bookmark(position: SavedPosition(chapter: content.chapterIndex(containing: $0.offset) ?? 0, offset: $0.offset.rawValue),
                         label: $0.label, created: Date().timeIntervalSince1970)
            }
            state.updated = Date().timeIntervalSince1970
            state.title = content.metadata.title
            do { try store.save(state) } catch { model.showMessage("Could not save the reading position: \(error)") }
            dirty = false
            lastSave = monotonicSeconds()
        }
        if let notice { model.showMessage(notice) }
        let clock = RevealClock(countsSleep: revealSettings.catchUp)
        let revealStarted = clock.now()
        if a.has("reveal") { model.startReveal(at: revealStarted) }
        defer {
            if getenv("READER_STATS") != nil, let reveal = model.reveal {
                Diagnostics.statsLine(String(format: "reveal graphemes %d in %.3f s, rate %.1f", reveal.graphemesRevealed,
                                             clock.now() - revealStarted, reveal.settings.rate))
            }
        }
        var lastFrame = revealStarted

        var running = true
        var firstFrame = true
        while running {
            if !model.advance(to: clock.now()).isEmpty { dirty = true }
            renderer.render(model.snapshot, into: &frame)
            try session.write(encoder.encode(from: previous, to: frame))
            previous = frame
            lastFrame = clock.now()
            if firstFrame {
                phase("first frame")
                // Record the book and the starting place once the page is on screen (the
                // atomic writes fsync, which can take a while on a busy disk).
                firstFrame = false
                if let path { try? store.setLastBook(URL(fileURLWithPath: path).standardizedFileURL.path) }
                save()
                if parsed {
                    _ = try? contentCache.store(content, bookKey: Self.contentKey(key, encoding: encoding),
                                            parserVersion: ContentCache.parserVersion)
                }
                cached.fillInBackground(options: model.layouts.options)
                if !warmed { warmLineBreaking() }
            }
            var timeout = dirty ? Int(saveInterval * 1000) : nil
            if let next = model.nextDeadline(after: clock.now()) {
                timeout = min(timeout ?? Int.max, RevealTiming.timeoutMilliseconds(next: next, now: clock.now(), lastFrame: lastFrame))
            }
            let event = try session.nextEvent(timeoutMilliseconds: timeout)
            var effects: [Effect] = []
            switch event {
            case .key(let key):
                if let input = Self.input(for: key) { effects = model.handle(input, at: clock.now()) }
            case .mouse(let mouse):
                switch mouse.kind {
                case .wheelUp: effects = model.handle(.wheelUp, at: clock.now())
                case .wheelDown: effects = model.handle(.wheelDown, at: clock.now())
                default: break
                }
            case .resize(let newSize):
                model.resize(columns: newSize.columns, rows: newSize.rows)
            case .redraw:
                // Continued after a stop (Ctrl-Z, SIGSTOP): the reveal goes on from what
                // was on screen, unless --reveal-catch-up counts the stopped time.
                if !revealSettings.catchUp { model.excludeStop(from: lastFrame, to: clock.now()) }
                previous = nil
                let now = session.size()
                model.resize(columns: now.columns, rows: now.rows)
            case .timeout:
                break
            case .inputClosed:
                running = false
            }
            for effect in effects {
                switch effect {
                case .quit: running = false
                case .positionChanged: dirty = true
                case .bookmarksChanged: save()
                }
            }
            if dirty && (monotonicSeconds() - lastSave >= saveInterval || !running) { save() }
        }
        save()
    }

    /// The content cache key of a book file: its content hash, and the encoding when one
    /// was forced (a TXT decoded another way is another book).
    static func contentKey(_ hash: String, encoding: String?) -> String {
        encoding.map { hash + "-" + $0.lowercased().filter { $0.isLetter || $0.isNumber } } ?? hash
    }

    /// Maps a decoded key to the reader's input.
    static func input(for event: KeyEvent) -> Input? {
        if event.modifiers.contains(.control), case .character(let c) = event.key {
            return .control(Character(c.lowercased()))
        }
        switch event.key {
        case .character(let c): return .character(c)
        case .enter: return .enter
        case .escape: return .escape
        case .backspace: return .backspace
        case .tab: return .tab
        case .up: return .up
        case .down: return .down
        case .left: return .left
        case .right: return .right
        case .pageUp: return .pageUp
        case .pageDown: return .pageDown
        case .home: return .home
        case .end: return .end
        case .insert, .delete, .function: return nil
        }
    }

    static func monotonicSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
