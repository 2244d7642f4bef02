import ReaderCore
import ReaderState
import Screen
import Support
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
    /// Called once, after the first frame is written (`ShelfCommand` asks the terminal
    /// what it can draw there, so the list shows without waiting for the answer).
    public var onFirstFrame: (() -> Void)?
    /// The selected book's cover on the right of the list (issue #19); nil: none.
    public var coverPanel: ShelfCoverPanel? {
        didSet { model.showsCovers = coverPanel != nil }
    }
    /// Whether the selected book's cover is still being found or decoded: the loop polls
    /// every `coverPollMilliseconds` and draws it when it is ready.
    public private(set) var coverPending = false
    /// How often the loop looks for a cover being made.
    public static let coverPollMilliseconds = 10

    private let store: LibraryStore
    private let device: TerminalDevice
    private let wallClock: () -> Double
    private let encoder: ANSIEncoder
    private var renderer: Renderer
    private var previous: ScreenBuffer?
    private var framesDrawn = 0

    /// A shelf of the library in `store` on `device`; `wallClock` gives the time of day
    /// in seconds since 1970 (for "last read").
    public init(store: LibraryStore, device: TerminalDevice, settings: ReaderLoopSettings = ReaderLoopSettings(),
                sample: LibraryEntry? = nil, wallClock: @escaping () -> Double = WallClock.now,
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
        Set(entries.filter { FileSystem.status($0.path)?.isRegularFile != true }.map(\.key))
    }

    /// Runs until `q` or the end of input.
    public func run() throws {
        defer { leavePictures() }
        while try step() {}
    }

    /// One turn: draw, wait for an event, handle it. Returns false when the shelf should end.
    public func step() throws -> Bool {
        try draw()
        return handle(try device.nextEvent(timeoutMilliseconds: coverPending ? Self.coverPollMilliseconds : nil))
    }

    /// Writes the frame that changed.
    public func draw() throws {
        renderer.render(model.snapshot(now: wallClock()), into: &frame)
        let bytes = encodeFrame()
        if !bytes.isEmpty || previous == nil { try device.write(bytes) }
        previous = frame
        framesDrawn += 1
        if framesDrawn == 1, let hook = onFirstFrame {
            onFirstFrame = nil
            hook()
            if coverPanel != nil { try draw() }   // the list narrowed for the panel
        }
    }

    /// The frame's bytes: the cells that changed and the cover's sequences after them
    /// (as `ReaderLoop` draws a page's pictures).
    private func encodeFrame() -> [UInt8] {
        guard let panel = coverPanel else { return encoder.encode(from: previous, to: frame) }
        let (picture, pending) = panel.picture(for: model.showsHelp ? nil : model.selectedEntry, in: model.coverBox)
        coverPending = pending
        let pictures = picture.map { [$0] } ?? []
        let repainting = previous == nil || previous?.width != frame.width || previous?.height != frame.height
        var drawn = panel.drawer.frame(pictures, into: &frame, repainting: repainting)
        if drawn.repaint { previous = nil }
        let cells = encoder.encodeFrame(from: previous, to: frame)
        if cells.clears && !repainting && !drawn.repaint {
            drawn = panel.drawer.frame(pictures, into: &frame, repainting: true)
        }
        return encoder.appending(drawn.bytes, toFrame: cells.bytes)
    }

    /// Takes the cover off the terminal (kitty keeps pictures until told) and forgets
    /// what it holds: before the reader takes the terminal, and on leaving.
    private func leavePictures() {
        guard let panel = coverPanel else { return }
        let bytes = panel.leaveBytes
        if !bytes.isEmpty { try? device.write(bytes) }
        panel.drawer.forgetTerminal()
    }

    /// Applies one event; false when the shelf should end.
    private func handle(_ event: TerminalEvent) -> Bool {
        var action = ShelfAction.none
        switch event {
        case .key(let key): if let input = InputMapping.input(for: key) { action = model.handle(input) }
        case .mouse(let mouse): if let input = InputMapping.input(for: mouse) { action = model.handle(input) }
        case .resize(let size): model.resize(columns: size.columns, rows: size.rows)
        case .redraw:
            coverPanel?.drawer.forgetTerminal()   // the stop wrote the leave sequence (kitty's delete-all)
            redrawAll()
        case .timeout: break
        case .inputClosed: return false
        }
        switch action {
        case .none: break
        case .quit: return false
        case .remove(let key):
            do { try store.update { $0.remove(key: key) } } catch { model.message = "Could not update the library: \(error)" }
        case .open(let entry):
            leavePictures()
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
