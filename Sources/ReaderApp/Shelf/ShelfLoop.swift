import Foundation
import ReaderCore
import ReaderState
import Screen
import Terminal

/// The bookshelf's loop: draws the shelf, feeds keys to the `ShelfModel`, and carries out
/// what they ask: open a book (`openBook` runs the reader on the same device and returns
/// when the reader quits: the shelf then reloads the library, for the new progress, and
/// redraws in full), remove an entry from the library file, quit.
public final class ShelfLoop {
    /// The shelf's state.
    public let model: ShelfModel
    /// The last frame drawn.
    public private(set) var frame: ScreenBuffer
    /// Runs the reader on `entry` (path "" is the bundled sample) and returns when it quits;
    /// the result is a message for the shelf's status line (why it could not be opened), or nil.
    public var openBook: (LibraryEntry) -> String?

    private let store: LibraryStore
    private let device: TerminalDevice
    private let wallClock: () -> Double
    private let encoder: ANSIEncoder
    private var renderer: Renderer
    private var previous: ScreenBuffer?

    /// A shelf of the library in `store` on `device`; `wallClock` gives the time of day
    /// in seconds since 1970 (for "last read").
    public init(store: LibraryStore, device: TerminalDevice, settings: ReaderLoopSettings = ReaderLoopSettings(),
                sample: LibraryEntry? = nil, wallClock: @escaping () -> Double = { Date().timeIntervalSince1970 },
                openBook: @escaping (LibraryEntry) -> String?) {
        self.store = store
        self.device = device
        self.wallClock = wallClock
        self.openBook = openBook
        encoder = ANSIEncoder(options: settings.encoder)
        renderer = settings.makeRenderer()
        let size = device.size()
        let (library, warning) = store.load()
        model = ShelfModel(entries: library.entries, missing: Self.missingKeys(library.entries), columns: size.columns,
                           rows: size.rows, sample: sample)
        model.message = warning
        frame = ScreenBuffer(width: size.columns, height: size.rows)
    }

    /// Keys of the entries whose file is no longer a regular file at its path.
    public static func missingKeys(_ entries: [LibraryEntry]) -> Set<String> {
        var missing = Set<String>()
        var st = stat()
        for e in entries where stat(e.path, &st) != 0 || (st.st_mode & S_IFMT) != S_IFREG { missing.insert(e.key) }
        return missing
    }

    /// Runs until `q` or the end of input.
    public func run() throws {
        while try step() {}
    }

    /// One turn: draw, wait for an event, handle it. Returns false when the shelf should end.
    public func step() throws -> Bool {
        try draw()
        return handle(try device.nextEvent(timeoutMilliseconds: nil))
    }

    /// Writes the frame that changed.
    public func draw() throws {
        renderer.render(model.snapshot(now: wallClock()), into: &frame)
        let bytes = encoder.encode(from: previous, to: frame)
        if !bytes.isEmpty || previous == nil { try device.write(bytes) }
        previous = frame
    }

    /// Applies one event; false when the shelf should end.
    private func handle(_ event: TerminalEvent) -> Bool {
        var action = ShelfAction.none
        switch event {
        case .key(let key): if let input = InputMapping.input(for: key) { action = model.handle(input) }
        case .mouse(let mouse): if let input = InputMapping.input(for: mouse) { action = model.handle(input) }
        case .resize(let size): model.resize(columns: size.columns, rows: size.rows)
        case .redraw: redrawAll()
        case .timeout: break
        case .inputClosed: return false
        }
        switch action {
        case .none: break
        case .quit: return false
        case .remove(let key):
            do { try store.update { $0.remove(key: key) } } catch { model.message = "Could not update the library: \(error)" }
        case .open(let entry):
            let message = openBook(entry)
            reload()
            model.message = message
            redrawAll()
        }
        return true
    }

    /// Reads the library again (the reader recorded the book's progress; another process may have added books).
    public func reload() {
        let library = store.load().library
        model.replace(entries: library.entries, missing: Self.missingKeys(library.entries))
    }

    /// The next frame is drawn whole, at the terminal's size (after the reader or a stop).
    private func redrawAll() {
        previous = nil
        let size = device.size()
        model.resize(columns: size.columns, rows: size.rows)
    }
}
