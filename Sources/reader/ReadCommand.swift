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
    static func run(_ args: [String]) throws {
        let stats = StartupStats()
        let environment = ProcessInfo.processInfo.environment
        let config = ReaderConfig.load(XDGDirectories(environment: environment))
        var settings = EffectiveSettings()
        settings.apply(config: config)
        var o = try ReadOptions(settings.arguments + args, environment: environment)
        let store = FilePositionStore(StateStore(folder: o.directories.state))
        // Which book: the one given, else the last one read, else the bundled sample.
        let path = o.path ?? BookSession.lastBook(in: store)
        let session = try Sessions.open(path, o.open, directories: o.directories, store: store)
        stats.phase("opened")
        // The book's own settings, between the config file and the command line (`=` in
        // the reader goes back to the width without them).
        let defaultWidth = o.layout.width
        let book = ReaderConfig.bookSettings(session.state)
        if !book.settings.isEmpty {
            settings.apply(book.settings, source: "book")
            o = try ReadOptions(settings.arguments + args, environment: environment)
        }
        o.loop.keyMap = config.keyMap
        let jumped = try Sessions.resolve(o.jumps, in: session.content)
        let layout = o.hyphenation.apply(to: o.layout, book: session.content)
        stats.phase("hyphenation")
        guard Output.isTerminal(STDOUT_FILENO), Output.isTerminal(STDIN_FILENO) else {
            // Piped: the laid-out text like `dump`, from the start or the jump (not the saved place).
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
        let size = terminal.size()
        let display = ReadingSettings(theme: ThemeName(of: o.loop.theme), defaultWidth: defaultWidth,
                                      hyphenation: layout.hyphenation ?? HyphenationChoice.offer(for: session.content))
        let model = session.makeModel(columns: size.columns, rows: size.rows, layout: layout, reveal: o.reveal, start: jumped,
                                      display: display)
        if path == nil { model.showMessage("This is the sample book. Open your own with: reader path/to/book.epub   (? for keys)") }
        let clock = SystemClock(countsSleep: o.reveal.catchUp)
        let loop = ReaderLoop(model: model, session: session, device: terminal, clock: clock, settings: o.loop)
        loop.onFirstFrame = { stats.phase("first frame") }
        let revealStarted = clock.now()
        if o.startsRevealing { model.startReveal(at: revealStarted) }
        defer { stats.reveal(model.reveal, seconds: clock.now() - revealStarted) }
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
