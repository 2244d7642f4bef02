import BookFormats
import ReaderApp
import ReaderState
import Support
import Terminal
import TextContent
import TerminalGraphics
import Storage
import Screen

/// `reader` with no BOOK on a terminal: the bookshelf. Enter runs the reader on the
/// selected book in the same terminal session; `q` in the book comes back to the shelf.
/// With an empty library the shelf lists the bundled sample and says how to add books.
enum ShelfCommand {
    /// The sample's entry on an empty shelf (its path is "").
    static let sampleEntry = LibraryEntry(key: "sample", path: "", title: "The bundled sample book",
                                          authors: ["reader"], format: "txt", fileSize: SampleBook.text.utf8.count, added: 0)

    static func run(_ o: ReadOptions, layers: SettingLayers, store: PositionStore) throws {
        let library = LibraryStore(stateFolder: o.directories.state)
        let terminal = TerminalSession(options: TerminalOptions(mouse: true))
        do { try terminal.enter() } catch { throw CLIError.other("cannot use the terminal: \(error)", .internalError) }
        defer { terminal.leave() }
        let stats = ReadingStatsStore(stateFolder: o.directories.state)
        var shelf: ShelfLoop?
        shelf = ShelfLoop(store: library, device: terminal, settings: o.loop, sample: sampleEntry) { entry in
            let message = open(entry, o, layers: layers, store: store, library: library, terminal: terminal)
            shelf?.model.readingSpeed = LearnedReadingSpeed(store: stats)   // what this book taught
            return message
        }
        shelf?.model.readingSpeed = LearnedReadingSpeed(store: stats)
        shelf?.onFirstFrame = { [weak shelf] in if let shelf { attachCovers(to: shelf, o, terminal: terminal) } }
        try shelf?.run()
    }

    /// The selected book's cover on the right (issue #19), when the terminal can draw
    /// pictures: `--images` (or the config file's `images`), else the terminal's answers,
    /// asked after the first frame so the list does not wait for them; `off` (and symbols
    /// without colours, NO_COLOR) shows none.
    static func attachCovers(to shelf: ShelfLoop, _ o: ReadOptions, terminal: TerminalSession) {
        guard o.images != .off else { return }
        let size = terminal.size()
        let answer = ReadCommand.terminalAnswer(terminal, detecting: o.images == nil, cellSizeKnown: size.pixelWidth > 0)
        guard let panel = ShelfCoverPanel.make(choice: o.images, answer: answer, environment: Environment.variables(),
                                               colors: o.loop.encoder.colors, cell: PictureSetup.cellSize(size, answer: answer))
        else { return }
        shelf.coverPanel = panel
        terminal.setLeavePrefix(panel.leaveBytes)
    }

    /// Runs the reader on `entry` (the sample when its path is ""); a message when it cannot be opened.
    static func open(_ entry: LibraryEntry, _ o: ReadOptions, layers: SettingLayers, store: PositionStore, library: LibraryStore,
                     terminal: TerminalDevice) -> String? {
        do {
            // Warnings are not printed: stderr is under the full-screen shelf. A big book
            // opens at its place before the rest is read, as from the command line.
            var open = o.open
            open.opensPartially = !o.startsRevealing
            let session = try Sessions.open(entry.path.isEmpty ? nil : entry.path, open, directories: o.directories,
                                            store: store, printWarnings: false)
            session.library = library
            session.stats = ReadingStatsStore(stateFolder: o.directories.state)
            let (options, defaultWidth) = try layers.options(for: session, base: o, printWarnings: false)
            try ReadCommand.read(session, options, defaultWidth: defaultWidth, on: terminal, start: nil)
            return nil
        } catch let e as CLIError {
            return e.message
        } catch {
            return "\(error)"
        }
    }
}
