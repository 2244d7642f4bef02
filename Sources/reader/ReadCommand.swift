import Foundation
import Glibc
import ReaderApp
import ReaderCore
import ReaderState
import Storage
import Terminal
import TextContent

/// `reader [BOOK] [--chapter N] [--offset B] [--percent P] [--width N] [--theme T] …`:
/// the full-screen reader. Without a terminal on stdout it prints like `dump`.
enum ReadCommand {
    /// `reader [BOOK]`; `last` (`reader -r`, `reader last`): without BOOK, the last book
    /// read instead of the bookshelf.
    static func run(_ args: [String], last: Bool = false) throws {
        let stats = StartupStats()
        let o = try ReadOptions(args, environment: ProcessInfo.processInfo.environment)
        let store = FilePositionStore(StateStore(folder: o.directories.state))
        let onTerminal = Output.isTerminal(STDOUT_FILENO) && Output.isTerminal(STDIN_FILENO)
        // No BOOK on a terminal: the bookshelf (unless -r / last).
        if o.path == nil && !last && onTerminal { return try ShelfCommand.run(o, store: store) }
        // Which book: the one given, else the last one read, else the bundled sample.
        let path = o.path ?? BookSession.lastBook(in: store)
        let session = try Sessions.open(path, o.open, directories: o.directories, store: store)
        session.library = LibraryStore(stateFolder: o.directories.state)
        stats.phase("opened")
        let jumped = try Sessions.resolve(o.jumps, in: session.content)
        guard onTerminal else {
            // Piped: the laid-out text like `dump`, from the start or the jump (not the saved place).
            let layout = o.hyphenation.apply(to: o.layout, book: session.content)
            let (content, start) = DumpCommand.expanded(session.content, notes: o.notes, from: jumped ?? .zero)
            var printer = DumpPrinter(content: content, options: layout, color: false)
            printer.print(from: start, maxLines: nil)
            return
        }
        if let warning = session.stateWarning { Diagnostics.warning(warning) }
        let terminal = TerminalSession(options: TerminalOptions(mouse: true))
        do { try terminal.enter() } catch { throw CLIError.other("cannot use the terminal: \(error)", .internalError) }
        defer { terminal.leave() }
        stats.phase("terminal")
        try read(session, o, on: terminal, start: jumped, stats: stats)
    }

    /// Runs the full-screen reader on an open book on an entered terminal, until `q`.
    static func read(_ session: BookSession, _ o: ReadOptions, on terminal: TerminalDevice, start: ByteOffset?,
                     stats: StartupStats? = nil) throws {
        let layout = o.hyphenation.apply(to: o.layout, book: session.content)
        stats?.phase("hyphenation")
        let size = terminal.size()
        let model = session.makeModel(columns: size.columns, rows: size.rows, layout: layout, reveal: o.reveal, start: start)
        if session.path == nil { model.showMessage("This is the sample book. Open your own with: reader path/to/book.epub   (? for keys)") }
        let clock = SystemClock(countsSleep: o.reveal.catchUp)
        let loop = ReaderLoop(model: model, session: session, device: terminal, clock: clock, settings: o.loop)
        loop.onFirstFrame = { stats?.phase("first frame") }
        let revealStarted = clock.now()
        if o.startsRevealing { model.startReveal(at: revealStarted) }
        defer { stats?.reveal(model.reveal, seconds: clock.now() - revealStarted) }
        try loop.run()
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
        Diagnostics.statsLine(String(format: "reveal graphemes %d in %.3f s, rate %.1f", reveal.graphemesRevealed, seconds, reveal.settings.rate))
    }

    deinit {
        if enabled { Diagnostics.statsLine("startup " + phases.map { String(format: "%@ %.1f ms", $0.0, $0.1) }.joined(separator: ", ")) }
    }
}
