import ReaderCore
import Screen
import Terminal
import TextContent
import TextLayout

/// How the loop draws and when it saves.
public struct ReaderLoopSettings {
    /// Colours.
    public var theme: Theme
    /// Whether single-line texts (status, lists) get Arabic presentation forms.
    public var arabicShaping: Bool
    /// How frames are encoded (colours, synchronized output).
    public var encoder: ANSIEncoder.Options
    /// Seconds between saves of a changed position.
    public var saveInterval: Double
    /// Whether time spent stopped (Ctrl-Z, SIGSTOP) counts for the reveal (`--reveal-catch-up`).
    public var countsStoppedTime: Bool
    /// The reading layer's key bindings (the config file's `map` lines).
    public var keyMap: KeyMap
    /// Which fields the status line shows (`--status`).
    public var statusFields = StatusFields.standard
    /// Where `y` in visual mode copies to (`--clipboard-command`).
    public var clipboard = Clipboard.terminal
    /// The wall clock (seconds since 1970) for the reading statistics' dates.
    public var wallClock: () -> Double = WallClock.now

    /// Settings; the defaults are the reader's.
    public init(theme: Theme = .dark, arabicShaping: Bool = true, encoder: ANSIEncoder.Options = ANSIEncoder.Options(),
                saveInterval: Double = 2, countsStoppedTime: Bool = false, keyMap: KeyMap = KeyMap()) {
        self.keyMap = keyMap
        self.theme = theme
        self.arabicShaping = arabicShaping
        self.encoder = encoder
        self.saveInterval = saveInterval
        self.countsStoppedTime = countsStoppedTime
    }

    /// A renderer in these settings' theme and Arabic shaping (the reader's and the shelf's).
    func makeRenderer() -> Renderer {
        var renderer = Renderer(theme: theme)
        renderer.arabicShaping = arabicShaping
        return renderer
    }
}

/// The pager's main loop: draws the model's snapshot, waits for the next event (or the
/// model's next deadline, or the save timer), feeds it to the model and carries out the
/// effects it returns (quit, save). Events in, effects out; the model does no I/O.
public final class ReaderLoop {
    /// The reader's state (replaced once when a partial session's whole book arrives).
    public internal(set) var model: ReaderModel
    /// The open book (state saving, caches); a partial session is replaced by the whole
    /// book's once it is parsed (`ReaderLoop+Partial.swift`).
    public internal(set) var session: BookSession
    /// Makes the model of the whole book at a position, for a partial session (the
    /// executable sets it with the options it made the first model with); nil: the first
    /// model's layout options.
    public var makeWholeModel: ((BookSession, ByteOffset) -> ReaderModel)?
    /// Inputs that need the whole book, kept until it arrives (Esc drops them).
    var waitingInputs: [Input] = []
    /// Whether the whole book's parse failed (the partial session stays).
    var wholeBookFailed = false
    /// The whole book's warnings, once it arrived (the executable prints them on leaving).
    public internal(set) var lateWarnings: [String] = []
    /// Tells when the first frame went without hyphenation patterns (`begin` it before
    /// the first layout; the loop ends it after the first frame and lays out again).
    public var earlyHyphenation: EarlyHyphenation?
    /// The last frame drawn.
    public private(set) var frame: ScreenBuffer
    /// Frames written so far.
    public private(set) var framesDrawn = 0
    /// Called once, right after the first frame is written (the executable records the time).
    public var onFirstFrame: (() -> Void)?
    /// Draws the pictures of each frame (`PictureSetup.attach`); nil: placeholders.
    public var pictures: PictureDrawer?
    /// Sizes the pictures; its first problem is told once on the status line.
    public var pictureSizer: PictureSizer?
    private var toldPictureProblem = false
    /// The page (position and terminal size) whose next page's pictures were prepared.
    private var preparedAhead: (position: ByteOffset, columns: Int, rows: Int)?

    let device: TerminalDevice
    let clock: MonotonicClock
    let settings: ReaderLoopSettings
    private let encoder: ANSIEncoder
    private var renderer: Renderer
    private var previous: ScreenBuffer?
    var saver: SaveTimer
    private var lastFrame: Double
    /// The reading statistics of this session (time, characters, speed; time left).
    public internal(set) var stats: ReadingStatsRecorder
    private var shownTimeLeftAt: ByteOffset?

    /// A loop for `model` on `device`, reading time from `clock`.
    public init(model: ReaderModel, session: BookSession, device: TerminalDevice, clock: MonotonicClock,
                settings: ReaderLoopSettings = ReaderLoopSettings()) {
        self.model = model
        self.session = session
        self.device = device
        self.clock = clock
        self.settings = settings
        encoder = ANSIEncoder(options: settings.encoder)
        renderer = settings.makeRenderer()
        frame = ScreenBuffer(width: model.columns, height: model.screenRows)
        let now = clock.now()
        saver = SaveTimer(interval: settings.saveInterval, now: now)
        lastFrame = now
        stats = ReadingStatsRecorder(key: session.key, content: session.content, store: session.stats,
                                     wallClock: settings.wallClock)
        model.statusFields = settings.statusFields
    }

    /// Runs until `q` or the end of input. A changed position is saved on the way out,
    /// also when writing to the terminal fails.
    public func run() throws {
        defer {
            if saver.isDirty { save() }
            recordInLibrary()
            session.finishStoring()
            if let leave = pictures?.leaveBytes, !leave.isEmpty { try? device.write(leave) }
        }
        while try step() {}
    }

    /// One turn: draw, wait for one event (or a deadline), handle it. Returns false when
    /// the reader should stop.
    public func step() throws -> Bool {
        try draw()
        let event = try device.nextEvent(timeoutMilliseconds: timeout(now: clock.now()))
        if earlyHyphenation?.relayoutDue == true { model.relayout() }
        var running = adoptWholeBook()
        running = handle(event) && running
        if saver.isDirty && (saver.isDue(at: clock.now()) || !running) { save() }
        return running
    }

    /// Moves the model to now and writes the frame that changed.
    public func draw() throws {
        if !model.advance(to: clock.now()).isEmpty { saver.markDirty() }
        observeReading()
        if let drawer = pictures { tellPictureProblem(drawer) }
        renderer.render(model.snapshot, into: &frame)
        let bytes = encodeFrame()
        if !bytes.isEmpty || previous == nil { try device.write(bytes) }
        prepareAhead()
        previous = frame
        lastFrame = clock.now()
        framesDrawn += 1
        if let size = model.verticalLayoutSize { session.settleVertical(height: size.height, readings: size.readings) }
        if framesDrawn == 1 {
            // Record the book and the starting place once the page is on screen (the state
            // write fsyncs, which can take a while on a busy disk).
            onFirstFrame?()
            earlyHyphenation?.end()
            session.completion?.start()  // a partial session's whole book, now that the page is out
            save()
            session.settle(layoutOptions: model.layouts.options)
            recordInLibrary()
        }
    }

    /// The frame's bytes: the cells that changed (all of them after a repaint) and the
    /// pictures' sequences after them, inside the frame's synchronized update.
    /// When the encoder chose to clear the screen by itself (a full redraw was shorter),
    /// the pictures it erased are drawn again.
    private func encodeFrame() -> [UInt8] {
        guard let drawer = pictures else { return encoder.encode(from: previous, to: frame) }
        let shown = model.snapshot.pictures
        let repainting = previous == nil || previous?.width != frame.width || previous?.height != frame.height
        var drawn = drawer.frame(shown, into: &frame, repainting: repainting)
        if drawn.repaint { previous = nil }
        let cells = encoder.encodeFrame(from: previous, to: frame)
        if cells.clears && !repainting && !drawn.repaint {
            drawn = drawer.frame(shown, into: &frame, repainting: true)
        }
        return encoder.appending(drawn.bytes, toFrame: cells.bytes)
    }

    /// Hands the next page's pictures to the drawer to decode in the background, once a
    /// page (not at every frame of the reveal).
    private func prepareAhead() {
        guard let drawer = pictures else { return }
        let page = (position: model.position, columns: model.columns, rows: model.screenRows)
        if let done = preparedAhead, done == page { return }
        preparedAhead = page
        drawer.prepare(model.picturesAhead)
    }

    /// Puts the first picture that could not be shown on the status line, once a book.
    private func tellPictureProblem(_ drawer: PictureDrawer) {
        guard !toldPictureProblem, let problem = pictureSizer?.firstProblem ?? drawer.firstProblem else { return }
        toldPictureProblem = true
        let count = pictureSizer?.failures ?? 0
        model.showMessage(count > 1 ? "\(count) images shown as placeholders (\(problem))" : "Image shown as a placeholder (\(problem))")
    }

    /// How long to wait for input: until the save is due or the model changes the screen
    /// by itself (the reveal), whichever comes first; nil waits for input. With idle work
    /// to do, only what input is already there is collected (0).
    func timeout(now: Double) -> Int? {
        if model.hasIdleWork || timeLeftPending { return 0 }
        let polling = wholeBookPending || earlyHyphenation?.relayoutPending == true
        var timeout: Int? = polling ? Self.partialPollMilliseconds : nil
        if let due = saver.deadline { timeout = min(timeout ?? Int.max, Int((max(0, due - now) * 1000).rounded(.up))) }
        if let next = model.nextDeadline(after: now) {
            timeout = min(timeout ?? Int.max, RevealTiming.timeoutMilliseconds(next: next, now: now, lastFrame: lastFrame))
        }
        return timeout
    }

    /// Whether the status line waits for its first time-left estimate.
    private var timeLeftPending: Bool { model.statusFields.wantsTimeLeft && shownTimeLeftAt == nil }

    /// A key as the key map turns it, when the reading layer gets it first (with a list,
    /// prompt or popup on top, keys go to it as they are); nil for an unmapped key.
    private func mapped(_ input: Input) -> Input? {
        model.stack.layers.count == 1 ? settings.keyMap.translate(input) : input
    }

    /// Applies one event; returns false when the reader should stop.
    private func handle(_ event: TerminalEvent) -> Bool {
        let now = clock.now()
        var effects: [Effect] = []
        switch event {
        case .key(let key):
            if let input = InputMapping.input(for: key).flatMap(mapped) { effects = apply(input, at: now) }
        case .mouse(let mouse):
            if let input = InputMapping.input(for: mouse) { effects = apply(input, at: now) }
        case .resize(let size):
            model.resize(columns: size.columns, rows: size.rows)
        case .redraw:
            // Continued after a stop (Ctrl-Z, SIGSTOP): the reveal goes on from what was
            // on screen, unless --reveal-catch-up counts the stopped time.
            if !settings.countsStoppedTime { model.excludeStop(from: lastFrame, to: now) }
            previous = nil
            let size = device.size()
            model.resize(columns: size.columns, rows: size.rows)
        case .timeout:
            // Nothing waiting: the model's idle work (a chapter's analysis for resizes).
            if model.hasIdleWork { model.doIdleWork() }
        case .inputClosed:
            return false
        }
        return carryOut(effects)
    }

    /// Carries out the model's effects; returns false when the reader should stop.
    func carryOut(_ effects: [Effect]) -> Bool {
        var running = true
        for effect in effects {
            switch effect {
            case .quit: running = false
            case .positionChanged: saver.markDirty()
            case .bookmarksChanged: save()
            case .settingsChanged:
                applyDisplaySettings()
                save()
            case .highlightsChanged: saveHighlights()
            case .copy(let text): copy(text)
            }
        }
        return running
    }

    /// Shows the position to the statistics and, when it moved (or the speed changed), puts
    /// the time left on the status line — not before the first frame is on screen (counting
    /// the book's characters takes a pass over its text), but at the wait right after it.
    private func observeReading() {
        let counted = stats.observe(model, at: clock.now())
        guard framesDrawn > 0, model.statusFields.wantsTimeLeft, counted || shownTimeLeftAt != model.position else { return }
        shownTimeLeftAt = model.position
        let estimate = stats.timeLeft(at: model.position)
        model.setTimeLeft(chapter: estimate.chapterText, book: estimate.bookText)
    }

    /// The theme and Arabic shaping the settings now ask for (`c`, the settings panel).
    private func applyDisplaySettings() {
        renderer.theme = model.settings.theme.theme
        renderer.arabicShaping = model.layoutOptions.arabicShaping
    }

    /// Records the book and how far it is read in the session's library (if it has one).
    func recordInLibrary() {
        session.recordInLibrary(progress: Double(model.progress.perMille) / 1000)
    }

    /// Saves the position, bookmarks and the settings changed for this book now; a
    /// failure is shown on the status line.
    func save() {
        do {
            try session.save(position: model.position, marks: model.marks, jumps: model.jumps.entries,
                             settings: model.settings.changed)
        } catch {
            model.showMessage("Could not save the reading position: \(error)")
        }
        do { try stats.save() } catch { model.showMessage("Could not save the reading statistics: \(error)") }
        saver.saved(at: clock.now())
    }
}
