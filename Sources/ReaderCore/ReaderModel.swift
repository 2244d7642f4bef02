import TextContent
import TextLayout

/// The reader for its host loop: the shared reading state, the stack of layers on it,
/// and the snapshot of what the screen shows. No I/O, no clock: every call that depends
/// on time takes it.
///
/// The host feeds inputs, resizes and time (`handle`, `resize`, `advance`), carries out the
/// returned `Effect`s (saving, quitting), and draws `snapshot` with a `Renderer`. Each of
/// those updates rebuilds the snapshot, so all layout (and any read of the layout cache
/// through `layouts.source`) happens during the update, never while drawing. The first
/// snapshot is built on first use, so a `layouts.source` set right after `init` serves
/// the first page too.
public final class ReaderModel {
    /// The reading state the layers share.
    let context: ReadingContext
    /// The layers, the reading layer at the bottom.
    public private(set) var stack: LayerStack
    private var built: PageSnapshot?

    /// Layouts of chapters for the current width; `layouts.source` is the hook for the
    /// host's on-disk layout cache.
    public let layouts: ChapterLayouts

    /// Creates a reader at `position` in a terminal of `columns` × `rows`, with the text
    /// column at most `preferredWidth` wide; `r` reveals with `revealSettings`. With
    /// `keepsAnalyses: false` a resize lays chapters out from scratch (benchmarks compare).
    public init(content: TextContent, position: ByteOffset, columns: Int, rows: Int, preferredWidth: Int = 80,
                baseOptions: LayoutOptions = LayoutOptions(), marks: [Mark] = [],
                revealSettings: RevealSettings = RevealSettings(), keepsAnalyses: Bool = true, jumps: [ByteOffset] = [],
                settings: ReadingSettings = ReadingSettings()) {
        context = ReadingContext(content: content, position: position, columns: columns, rows: rows,
                                 preferredWidth: preferredWidth, baseOptions: baseOptions, marks: marks,
                                 revealSettings: revealSettings, keepsAnalyses: keepsAnalyses, jumps: jumps, settings: settings)
        layouts = context.layouts
        stack = LayerStack(base: ReadingLayer())
    }

    // MARK: Updates

    /// Applies one input at `time`: the reveal is first moved to `time`, then the input
    /// goes down the layer stack. Returns what the host must do.
    @discardableResult
    public func handle(_ input: Input, at time: Double) -> [Effect] {
        var effects = context.advanceReveal(to: time)
        effects += stack.dispatch(input, at: time, in: context)
        context.revealAfterInput(at: time, hidden: stack.hidesText)
        update()
        return effects
    }

    /// `handle(input, at: 0)`: for tests and benchmarks without a clock.
    @discardableResult
    public func handle(_ input: Input) -> [Effect] {
        handle(input, at: 0)
    }

    /// The terminal was resized: lay out again at the new width, keeping the reading position.
    public func resize(columns: Int, rows: Int) {
        context.resize(columns: columns, rows: rows)
        update()
    }

    /// Moves the paced reveal to `time` (see `ReadingContext.advanceReveal`); returns
    /// `.positionChanged` when a page turned.
    @discardableResult
    public func advance(to time: Double) -> [Effect] {
        guard let before = context.reveal else { return [] }
        let effects = context.advanceReveal(to: time)
        if context.reveal != before || !effects.isEmpty { update() }
        return effects
    }

    /// When the model next changes the screen by itself (the reveal's next grapheme or
    /// page turn), never before `now`; nil when nothing will change without input.
    public func nextDeadline(after now: Double) -> Double? {
        context.nextRevealChange().map { max($0, now) }
    }

    /// Whether there is work for when the reader is idle: counting the matches of the
    /// search (for "match 3/42"), the analysis of a chapter on show (so that a resize only
    /// re-fits it). The host does it when no input is waiting.
    public var hasIdleWork: Bool {
        context.hasMatchesToCount || layouts.hasPendingAnalysis
            || (context.isVertical && context.verticalLayouts.chapterToLayOut(near: context.pager.anchor) != nil)
    }

    /// Does one piece of idle work: counts the matches in the next piece of the book
    /// (updating the snapshot when the status line's count changed), or else analyses
    /// one chapter (which changes nothing on screen), or in vertical text lays out the
    /// chapter next to the one on screen.
    public func doIdleWork() {
        if context.hasMatchesToCount {
            if context.countMatches() { update() }
        } else if layouts.hasPendingAnalysis {
            layouts.analyzePending()
        } else if context.isVertical, let chapter = context.verticalLayouts.chapterToLayOut(near: context.pager.anchor) {
            _ = context.verticalLayouts.columns(ofChapter: chapter)
        }
    }

    /// The process was stopped between `from` and `to` (Ctrl-Z, SIGSTOP): leave that time
    /// out of the reveal.
    public func excludeStop(from start: Double, to end: Double) {
        context.excludeRevealStop(from: start, to: end)
    }

    /// Starts the paced reveal of the current page at `time`, with `revealSettings`.
    public func startReveal(at time: Double) {
        context.startReveal(context.revealSettings, at: time)
        context.holdReveal(stack.hidesText, at: time)
        update()
    }

    /// Draws pictures in place of image blocks, sized by `sizing` (nil: placeholders; see
    /// `ChapterLayouts.setPictureSizing`), and rebuilds the page.
    public func setPictureSizing(_ sizing: ((ImageReference, Int, Int) -> PictureBox?)?) {
        context.layouts.setPictureSizing(sizing)
        update()
    }

    /// Lays the chapters out again at the same place (`ChapterLayouts.relayout`) and
    /// rebuilds the page: what a layout depends on outside the options has changed.
    public func relayout() {
        context.layouts.relayout()
        update()
    }

    /// Shows a one-line message on the status line until the next input.
    public func showMessage(_ text: String) {
        context.showMessage(text)
        update()
    }

    /// Shows `text` ("loading…") in place of the chapter counter and the percentage while
    /// the book is only partly known (nil: the figures again).
    public func setLoading(_ text: String?) {
        context.loading = text
        update()
    }

    /// The text shown in place of the figures while the book is only partly known.
    public var loading: String? { context.loading }

    /// Which fields the status line shows (`--status`).
    public var statusFields: StatusFields {
        get { context.statusFields }
        set {
            context.statusFields = newValue
            update()
        }
    }

    /// Sets the time-left texts of the status line (nil: no estimate); shown only when the
    /// status fields ask for them.
    public func setTimeLeft(chapter: String?, book: String?) {
        guard context.timeLeft != (chapter, book) else { return }
        context.timeLeft = (chapter, book)
        update()
    }

    /// Where vertical pages read chapters' columns from before laying them out (the
    /// session sets the layout cache's).
    public var verticalSource: VerticalColumnSource? {
        get { context.verticalSource }
        set { context.verticalSource = newValue }
    }

    /// The column height and readings setting of the vertical text on screen (what the
    /// layout cache is filled for); nil in horizontal text.
    public var verticalLayoutSize: (height: Int, readings: Bool)? {
        guard context.isVertical else { return nil }
        let layouts = context.verticalLayouts
        return (layouts.height, layouts.readings)
    }

    /// Sets the text as the chapter on screen asks, chapter by chapter (`--writing-mode
    /// auto`: `ReadingContext+ChapterModes`).
    public func followChapterWritingModes() {
        context.followChapterModes()
        update()
    }

    /// Sets the text in lines or in vertical columns (what `V` switches), the place kept.
    public func setWritingMode(_ mode: WritingMode) {
        context.followsChapterModes = false
        guard context.writingMode != mode else { return }
        context.writingMode = mode
        update()
    }

    /// Jumps to the start of chapter `index` (clamped).
    public func jumpToChapter(_ index: Int) {
        context.jumpToChapter(index)
        update()
    }

    /// Puts `layer` on top of the stack at `time`, as if a key had pushed it (a layer that
    /// hides the text holds the reveal from then on).
    public func push(_ layer: any Layer, at time: Double = 0) {
        stack.push(layer)
        context.holdReveal(stack.hidesText, at: time)
        update()
    }

    /// Builds the snapshot from the state and the visible layers.
    func update() {
        context.followModeAtAnchor()
        var snapshot = PageSnapshot(geometry: context.geometry, status: StatusLine(context))
        stack.compose(into: &snapshot, context: context)
        built = snapshot
    }

    // MARK: What the host reads

    /// What the screen shows: built by the last update (the first one on first use).
    public var snapshot: PageSnapshot {
        if built == nil { update() }
        return built!
    }

    /// The reading position to save: the offset of the first text on screen.
    public var position: ByteOffset { context.pager.anchor }
    /// Where the screen is: `position` and, inside a page taller than the screen (fit
    /// width, `z`), the rows of it above the screen.
    public var place: PagerPlace { context.pager.place }
    /// Progress at the reading position.
    public var progress: Progress { context.progress }
    /// Bookmarks, sorted by offset.
    public var marks: [Mark] { context.marks }
    /// The jump list (saved with the book's state).
    public var jumps: JumpList { context.jumps }
    /// The paced reveal, while it is on (for statistics).
    public var reveal: RevealState? { context.reveal }
    /// Terminal size in cells.
    public var columns: Int { context.columns }
    /// Terminal size in rows.
    public var screenRows: Int { context.screenRows }

    /// The book.
    public var content: TextContent { context.content }
    /// Scrolling state; `pager.anchor` is `position`.
    public var pager: Pager { context.pager }
    /// The status line's message, if any.
    public var message: String? { context.message }
    /// The active search, if any.
    public var search: BookSearch? { context.search }
    /// The current search match (highlighted).
    public var currentMatch: ByteRange? { context.currentMatch }
    /// The link `Tab` selected, if any (the range of its style run).
    public var selectedLink: ByteRange? { context.selectedLink }
    /// Width of the text column now.
    public var textWidth: Int { context.textWidth }
    /// The display settings, and what was changed inside the reader.
    public var settings: ReadingSettings { context.settings }
    /// The layout options now (the settings panel may have changed them).
    public var layoutOptions: LayoutOptions { context.layouts.options }
    /// Rows of text (the last row is the status line).
    public var textRows: Int { context.textRows }
    /// The layer that gets inputs first.
    public var topLayer: any Layer { stack.top }
}
