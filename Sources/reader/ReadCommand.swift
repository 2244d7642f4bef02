import Glibc
import ReaderApp
import ReaderCore
import ReaderState
import Storage
import Support
import Terminal
import TerminalGraphics
import TextContent
import TextLayout
import Screen

/// `reader [BOOK] [--chapter N] [--offset B] [--percent P] [--width N] [--theme T] …`:
/// the full-screen reader. Without a terminal on stdout it prints like `dump`.
enum ReadCommand {
    /// `reader [BOOK]`; `last` (`reader -r`, `reader last`): without BOOK, the last book
    /// read instead of the bookshelf.
    static func run(_ args: [String], last: Bool = false) throws {
        let stats = StartupStats()
        let environment = Environment.variables()
        let config = ReaderConfig.load(XDGDirectories(environment: environment))
        var settings = EffectiveSettings()
        settings.apply(config: config)
        let layers = SettingLayers(settings: settings, args: args, environment: environment, keyMap: config.keyMap)
        let o = try ReadOptions(settings.arguments + args, environment: environment)
        let store = FilePositionStore(StateStore(folder: o.directories.state))
        let onTerminal = Output.isTerminal(STDOUT_FILENO) && Output.isTerminal(STDIN_FILENO)
        if !onTerminal { MallocSettings.apply() }   // full-screen: after the first frame (`read`)
        // No BOOK on a terminal: the bookshelf (unless -r / last).
        if o.path == nil && !last && onTerminal { return try ShelfCommand.run(o, layers: layers, store: store) }
        // Which book: the one given, else the last one read, else the bundled sample.
        let path = o.path ?? BookSession.lastBook(in: store)
        // A big book opens at its saved place before the rest is parsed (issue #20), unless
        // a jump or the reveal needs the whole book from the start.
        var open = o.open
        open.opensPartially = onTerminal && o.jumps.isEmpty && !o.startsRevealing
        let session = try Sessions.open(path, open, directories: o.directories, store: store)
        session.library = LibraryStore(stateFolder: o.directories.state)
        session.stats = ReadingStatsStore(stateFolder: o.directories.state)
        stats.phase("opened")
        let (options, defaultWidth) = try layers.options(for: session, base: o)
        let jumped = try Sessions.resolve(options.jumps, in: session.content)
        guard onTerminal else {
            // Piped: the laid-out text like `dump`, from the start or the jump (not the saved place).
            let layout = options.hyphenation.apply(to: options.layout, book: session.content)
            let (content, start) = DumpCommand.expanded(session.content, notes: options.notes, from: jumped ?? .zero)
            var printer = DumpPrinter(content: content, options: layout, color: false)
            DumpCommand.print(&printer, session: session, cacheLayouts: options.notes == .off, from: start, maxLines: nil)
            return
        }
        if let warning = session.stateWarning { Diagnostics.warning(warning) }
        let terminal = TerminalSession(options: TerminalOptions(mouse: true))
        do { try terminal.enter() } catch { throw CLIError.other("cannot use the terminal: \(error)", .internalError) }
        var lateWarnings: [String] = []
        defer { for w in lateWarnings { Diagnostics.warning("\(session.path ?? ""): \(w)") } }  // after leaving
        defer { terminal.leave() }
        stats.phase("terminal")
        lateWarnings = try read(session, options, defaultWidth: defaultWidth, on: terminal, start: jumped, stats: stats)
    }

    /// Runs the full-screen reader on an open book on an entered terminal, until `q`;
    /// `=` in it goes back to `defaultWidth`. Returns the warnings of a partial session's
    /// whole book, which arrived while the reader was on (to print once it has left).
    @discardableResult
    static func read(_ session: BookSession, _ o: ReadOptions, defaultWidth: Int, on terminal: TerminalDevice, start: ByteOffset?,
                     stats: StartupStats? = nil) throws -> [String] {
        let size = terminal.size()
        // The first page does not wait for the hyphenation patterns: it is set again when
        // they are loaded (a few ms after it shows).
        EarlyHyphenation.shared.begin()
        let model = makeModel(session, o, defaultWidth: defaultWidth, columns: size.columns, rows: size.rows, start: start)
        stats?.phase("hyphenation")
        if session.path == nil { model.showMessage("This is the sample book. Open your own with: reader path/to/book.epub   (? for keys)") }
        let clock = SystemClock(countsSleep: o.reveal.catchUp)
        let loop = ReaderLoop(model: model, session: session, device: terminal, clock: clock, settings: o.loop)
        loop.onFirstFrame = {
            stats?.phase("first frame")
            MallocSettings.apply()
        }
        loop.earlyHyphenation = .shared
        loop.makeWholeModel = { [unowned loop] whole, position in
            makeModel(whole, o, defaultWidth: defaultWidth, columns: loop.model.columns, rows: loop.model.screenRows, start: position)
        }
        attachPictures(to: loop, o, terminal: terminal, size: size)
        let revealStarted = clock.now()
        if o.startsRevealing { model.startReveal(at: revealStarted) }
        defer { stats?.reveal(model.reveal, seconds: clock.now() - revealStarted) }
        try loop.run()
        return loop.lateWarnings
    }

    /// The reader's model of `session` in `columns` × `rows`, with the options' layout (its
    /// hyphenation chosen for this book) and display settings.
    static func makeModel(_ session: BookSession, _ o: ReadOptions, defaultWidth: Int, columns: Int, rows: Int,
                          start: ByteOffset?) -> ReaderModel {
        let layout = o.hyphenation.apply(to: o.layout, book: session.content)
        let display = ReadingSettings(theme: ThemeName(of: o.loop.theme), margin: o.margin, defaultWidth: defaultWidth,
                                      hyphenation: layout.hyphenation ?? HyphenationChoice.offer(for: session.content),
                                      pictureFit: o.pictureFit)
        let model = session.makeModel(columns: columns, rows: rows, layout: layout, reveal: o.reveal, start: start, display: display)
        model.setDictionary(DictionaryLookUp(environment: Environment.variables(), order: o.dictionaries).answer)
        if let mode = o.writingMode {
            model.setWritingMode(mode)
        } else {
            model.followChapterWritingModes()   // auto: each chapter as the book asks (columns, lines)
        }
        return model
    }
}

extension ReadCommand {
    /// Pictures for a book with images (issue #19): `--images`, else the terminal's answers
    /// to the graphics queries (asked only then, waiting at most 100 ms).
    static func attachPictures(to loop: ReaderLoop, _ o: ReadOptions, terminal: TerminalDevice, size: TerminalSize) {
        guard o.images != .off, loop.session.mayShowPictures else { return }
        let environment = Environment.variables()
        let answer = terminalAnswer(terminal, detecting: o.images == nil, cellSizeKnown: size.pixelWidth > 0)
        let graphics = PictureSetup.graphics(choice: o.images, answer: answer, environment: environment,
                                             colors: o.loop.encoder.colors)
        PictureSetup.attach(to: loop, graphics: graphics, cell: PictureSetup.cellSize(size, answer: answer), environment: environment)
        if let session = terminal as? TerminalSession, let leave = loop.pictures?.leaveBytes { session.setLeavePrefix(leave) }
    }

    /// The terminal's answers to the graphics queries (when `detecting`) and to the cell
    /// size query (when the window's pixels are unknown).
    /// DA1 goes last: every terminal answers it, after the others, so its reply ends the wait.
    static func terminalAnswer(_ terminal: TerminalDevice, detecting: Bool, cellSizeKnown: Bool) -> [UInt8] {
        guard detecting || !cellSizeKnown else { return [] }
        let queries = (cellSizeKnown ? [] : CellSize.query) + (detecting ? GraphicsDetection.queries : Array("\u{1B}[c".utf8))
        return (try? terminal.query(queries, timeoutMilliseconds: 100, isComplete: GraphicsDetection.isComplete)) ?? []
    }
}

/// The settings layers under the command line (docs/CONFIG.md): the defaults and the
/// config file, then — once a book is open — the book's own settings.
struct SettingLayers {
    /// Defaults and the config file.
    var settings: EffectiveSettings
    /// The command line (applied last: it wins).
    let args: [String]
    let environment: [String: String]
    /// The config file's key map.
    let keyMap: KeyMap

    /// `o` (the options without a book's settings) with `session`'s own settings applied
    /// between the config file and the command line, the key map set; and the width `=`
    /// returns to (without the book's settings). Warnings go to stderr unless
    /// `printWarnings` is false (under a full-screen shelf).
    func options(for session: BookSession, base o: ReadOptions, printWarnings: Bool = true) throws -> (ReadOptions, defaultWidth: Int) {
        let defaultWidth = o.layout.width
        var o = o
        let book = ReaderConfig.bookSettings(session.state, printWarnings: printWarnings)
        if !book.settings.isEmpty {
            var layered = settings
            layered.apply(book.settings, source: "book")
            let path = o.path
            o = try ReadOptions(layered.arguments + args, environment: environment)
            o.path = path
        }
        o.loop.keyMap = keyMap
        return (o, defaultWidth)
    }
}

/// `READER_STATS=1`: the startup phases (ms since the command started) and the reveal's
/// count, on stderr when the command ends (the benchmark scripts read them).
final class StartupStats {
    private let clock = SystemClock()
    private let started: Double
    private var phases: [(String, Double)] = []
    private let enabled = getenv("READER_STATS") != nil

    init() { started = clock.now() }

    /// Records that `name` is done.
    func phase(_ name: String) { phases.append((name, (clock.now() - started) * 1000)) }

    /// Prints the reveal's figures (when there was a reveal).
    func reveal(_ reveal: RevealState?, seconds: Double) {
        guard enabled, let reveal else { return }
        Diagnostics.statsLine("reveal graphemes \(reveal.graphemesRevealed) in \(DecimalText.fixed(seconds, places: 3)) s, "
                              + "rate \(DecimalText.fixed(reveal.settings.rate, places: 1))")
    }

    deinit {
        if enabled { Diagnostics.statsLine("startup " + phases.map { "\($0.0) \(DecimalText.fixed($0.1, places: 1)) ms" }.joined(separator: ", ")) }
    }
}
