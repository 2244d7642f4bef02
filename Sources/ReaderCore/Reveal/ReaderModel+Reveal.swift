import TextContent
import TextLayout

/// The paced reveal inside the reader: keys, page turns, relayouts. Every entry point
/// takes the time (seconds on the host's monotonic clock); the model reads no clock.
extension ReaderModel {
    /// Whether the paced reveal is on.
    public var isRevealing: Bool { reveal != nil }

    /// Starts revealing the current page at `time`.
    public func startReveal(_ settings: RevealSettings, at time: Double) {
        var state = RevealState(settings: settings, page: currentRevealPage(rhythm: settings.rhythm), at: time)
        state.pageKey = currentRevealPageKey()
        reveal = state
        holdRevealIfHidden(at: time)
    }

    /// Leaves reveal mode: the whole page is shown.
    public func stopReveal() {
        reveal = nil
    }

    /// Applies an input at `time`. While revealing (and reading), Space/Enter, `+`/`-`,
    /// `p`, `>`, `r` and Esc control the reveal; any other key works as usual, and a
    /// jump elsewhere restarts the reveal on the new page. Without reveal, `r` starts it
    /// with `settings`.
    @discardableResult
    public func handle(_ input: Input, at time: Double, settings: RevealSettings) -> [Effect] {
        var effects = advanceReveal(to: time)
        guard var state = reveal, mode == .reading else {
            if reveal == nil, mode == .reading, input == .character("r") {
                startReveal(settings, at: time)
                return effects
            }
            effects += handle(input)
            revealAfterInput(at: time)
            return effects
        }
        switch input {
        case .character(" "), .enter:
            if case .revealing = state.phase {
                state.showRest(at: time)
                reveal = state
            } else {
                reveal = state
                if turnRevealPage(at: time) { effects.append(.positionChanged) }
            }
        case .character("+"), .character("="):
            state.setRate(RevealSettings.faster(state.settings.rate), at: time)
            reveal = state
        case .character("-"), .character("_"):
            state.setRate(RevealSettings.slower(state.settings.rate), at: time)
            reveal = state
        case .character("p"):
            state.togglePause(at: time)
            reveal = state
        case .character(">"):
            state.toggleFastForward(at: time)
            reveal = state
        case .character("r"), .escape:
            stopReveal()
        default:
            effects += handle(input)
            revealAfterInput(at: time)
        }
        return effects
    }

    /// Moves the reveal to `time`: reveals what is due and turns pages whose wait is over
    /// (several, after a long gap with catch-up). A relayout since the last call (a resize)
    /// keeps the revealed offset. Returns `.positionChanged` when a page turned.
    @discardableResult
    public func advanceReveal(to time: Double) -> [Effect] {
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
    public func nextRevealChange() -> Double? {
        guard let state = reveal, !state.schedule.isPaused else { return nil }
        return state.nextChange()
    }

    /// The process was stopped between `start` and `end`: leave that time out of the reveal.
    public func excludeRevealStop(from start: Double, to end: Double) {
        reveal?.excludeStop(from: start, to: end)
    }

    // MARK: Private

    /// Turns to the next page at `time`, keeping what is revealed; at the end of the book
    /// the reveal is done. Returns whether the page moved.
    private func turnRevealPage(at time: Double) -> Bool {
        guard var state = reveal else { return false }
        let before = pager.anchor
        pager.scroll(by: textRows, in: layouts)
        guard pager.anchor != before else {
            state.finish()
            reveal = state
            return false
        }
        reveal = state
        refreshRevealPage(at: time, keepRevealed: true)
        return true
    }

    /// After a key handled by the reader: a jump elsewhere restarts the reveal there
    /// (unless the revealed point is still on the new page, as after one line down);
    /// overlays hold it.
    private func revealAfterInput(at time: Double) {
        guard let state = reveal else { return }
        if reveal?.pageKey != currentRevealPageKey() {
            let page = currentRevealPage(rhythm: state.settings.rhythm)
            let keep = state.revealed >= page.start && state.revealed <= page.end && state.phase != .done
            refreshRevealPage(at: time, keepRevealed: keep, page: page)
        }
        holdRevealIfHidden(at: time)
    }

    private func holdRevealIfHidden(at time: Double) {
        let hidden: Bool
        switch mode {
        case .reading, .prompt: hidden = false
        case .contents, .bookmarks, .help: hidden = true
        }
        reveal?.setHeld(hidden, at: time)
    }

    private func refreshRevealPage(at time: Double, keepRevealed: Bool, page: RevealPage? = nil) {
        guard var state = reveal else { return }
        state.setPage(page ?? currentRevealPage(rhythm: state.settings.rhythm), at: time, keepRevealed: keepRevealed)
        state.pageKey = currentRevealPageKey()
        reveal = state
    }

    private func currentRevealPage(rhythm: RevealRhythm) -> RevealPage {
        RevealPage(lines: pager.visibleLines(in: layouts).map(\.line), content: content, options: layouts.options, rhythm: rhythm)
    }

    private func currentRevealPageKey() -> RevealPageKey {
        RevealPageKey(top: pager.visibleLines(in: layouts).first?.line.start ?? pager.anchor, rows: textRows, options: layouts.options)
    }
}

/// What a reveal page depends on: its top line, the rows and the layout. When it changes
/// (a resize, a scroll) the page is rebuilt.
struct RevealPageKey: Hashable {
    var top: ByteOffset
    var rows: Int
    var options: LayoutOptions
}
