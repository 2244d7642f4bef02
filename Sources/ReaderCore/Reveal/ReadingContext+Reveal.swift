import TextContent
import TextLayout

/// The paced reveal inside the reader: starting and stopping, time advancing, page turns,
/// relayouts. Every entry point takes the time (seconds on the host's monotonic clock);
/// nothing reads a clock. Its keys are the reading layer's (`ReadingLayer`).
extension ReadingContext {
    /// Whether the paced reveal is on.
    public var isRevealing: Bool { reveal != nil }

    /// Starts revealing the current page at `time`.
    func startReveal(_ settings: RevealSettings, at time: Double) {
        var state = RevealState(settings: settings, page: currentRevealPage(rhythm: settings.rhythm), at: time)
        state.pageKey = currentRevealPageKey()
        reveal = state
    }

    /// Leaves reveal mode: the whole page is shown.
    func stopReveal() {
        reveal = nil
    }

    /// Moves the reveal to `time`: reveals what is due and turns pages whose wait is over
    /// (several, after a long gap with catch-up). A relayout since the last call (a resize)
    /// keeps the revealed offset. Returns `.positionChanged` when a page turned.
    func advanceReveal(to time: Double) -> [Effect] {
        guard reveal != nil else { return [] }
        if reveal?.pageKey != currentRevealPageKey() { refreshRevealPage(at: time, keepRevealed: true) }
        var turned = false
        // Bounded: each turn moves at least one line, or finishes at the end of the book.
        while var state = reveal {
            let turnTime = state.advance(to: time)
            reveal = state
            guard let turnTime, turnRevealPage(at: turnTime) else { break }
            turned = true
        }
        return turned ? [.positionChanged] : []
    }

    /// The next moment the reveal changes the screen, or nil (paused, done, off).
    func nextRevealChange() -> Double? {
        guard let state = reveal, !state.schedule.isPaused else { return nil }
        return state.nextChange()
    }

    /// The process was stopped between `start` and `end`: leave that time out of the reveal.
    func excludeRevealStop(from start: Double, to end: Double) {
        reveal?.excludeStop(from: start, to: end)
    }

    /// Turns to the next page at `time`, keeping what is revealed; at the end of the book
    /// the reveal is done. Returns whether the page moved.
    func turnRevealPage(at time: Double) -> Bool {
        guard reveal != nil else { return false }
        let before = pager.place
        pageDown()
        guard pager.place != before else {
            reveal?.finish()
            return false
        }
        refreshRevealPage(at: time, keepRevealed: true)
        return true
    }

    /// After an input: a jump elsewhere restarts the reveal there (unless the revealed
    /// point is still on the new page, as after one line down); while a layer hides the
    /// text (`hidden`) the reveal is held.
    func revealAfterInput(at time: Double, hidden: Bool) {
        guard let state = reveal else { return }
        if state.pageKey != currentRevealPageKey() {
            let page = currentRevealPage(rhythm: state.settings.rhythm)
            let keep = state.revealed >= page.start && state.revealed <= page.end && state.phase != .done
            refreshRevealPage(at: time, keepRevealed: keep, page: page)
        }
        holdReveal(hidden, at: time)
    }

    /// Holds the reveal while the text is hidden (or releases it).
    func holdReveal(_ hidden: Bool, at time: Double) {
        reveal?.setHeld(hidden, at: time)
    }

    // MARK: Private

    private func refreshRevealPage(at time: Double, keepRevealed: Bool, page: RevealPage? = nil) {
        guard var state = reveal else { return }
        state.setPage(page ?? currentRevealPage(rhythm: state.settings.rhythm), at: time, keepRevealed: keepRevealed)
        state.pageKey = currentRevealPageKey()
        reveal = state
    }

    private func currentRevealPage(rhythm: RevealRhythm) -> RevealPage {
        if isVertical, let page = verticalPage { return RevealPage(vertical: page, content: content, rhythm: rhythm) }
        return RevealPage(lines: visibleLines().map(\.line), content: content, options: layouts.options, rhythm: rhythm)
    }

    private func currentRevealPageKey() -> RevealPageKey {
        if isVertical {
            return RevealPageKey(top: verticalPage?.start ?? pager.anchor, rows: textRows, options: layouts.options,
                                 columns: VerticalGrid.columnsPerPage(width: textWidth))
        }
        return RevealPageKey(top: visibleLines().first?.line.start ?? pager.anchor, rows: textRows, options: layouts.options)
    }
}

/// What a reveal page depends on: its top line, the rows and the layout. When it changes
/// (a resize, a scroll) the page is rebuilt.
struct RevealPageKey: Hashable {
    var top: ByteOffset
    var rows: Int
    var options: LayoutOptions
    /// Columns a page holds in vertical text; nil in lines.
    var columns: Int? = nil
}
