import TextContent
import TextLayout

/// Where the reveal of the current page stands.
public enum RevealPhase: Hashable, Sendable {
    /// Graphemes are appearing.
    case revealing
    /// The page is fully shown; the next page comes when active time reaches `turnAt`.
    case waiting(turnAt: Double)
    /// The end of the book is fully shown.
    case done
}

/// The paced reveal of one page after another: ties a `RevealSchedule` (time → progress)
/// to a `RevealPage` (progress → clusters) and keeps the result as a byte offset.
///
/// `revealed` is a `ByteOffset` into the book: clusters that start before it are drawn.
/// Being an offset, it survives a relayout (a resize): the new page's clusters are
/// counted up to it and the reveal goes on from the same character. Pure: every call
/// takes the time.
public struct RevealState: Hashable, Sendable {
    /// The user's settings; `rate` follows `+`/`-`.
    public private(set) var settings: RevealSettings
    /// Time → progress.
    public private(set) var schedule: RevealSchedule
    /// The current page's clusters.
    public private(set) var page: RevealPage
    /// Clusters starting before this offset are shown.
    public private(set) var revealed: ByteOffset
    /// Revealing, waiting to turn the page, or done.
    public private(set) var phase: RevealPhase = .revealing
    /// Paused by the user (`p`).
    public private(set) var isPausedByUser = false
    /// Paused because an overlay (help, contents…) hides the text.
    public private(set) var isHeld = false
    /// Graphemes revealed by the clock so far (not by skipping): for statistics.
    public private(set) var graphemesRevealed = 0
    /// The page's progress origin: the page is at progress `schedule.progress − pageBase`.
    private var pageBase: Double = 0
    /// What the page was built from (kept by `ReaderModel` to notice a relayout).
    var pageKey: RevealPageKey?

    /// Starts revealing `page` at `time`.
    public init(settings: RevealSettings, page: RevealPage, at time: Double) {
        self.settings = settings
        schedule = RevealSchedule(rate: settings.rate, startingAt: time)
        self.page = page
        revealed = page.start
        if page.count == 0 { phase = .waiting(turnAt: settings.pageWait) }
    }

    /// Clusters of the current page shown now (as of the last `advance`).
    public var shownCount: Int { page.count(below: revealed) }

    /// Moves the reveal to `time`. Returns the moment the page should have been turned
    /// (≤ `time`) when its wait is over, else nil. The host turns the page and calls
    /// `setPage(_:at:keepRevealed:)` with that moment, then advances again.
    public mutating func advance(to time: Double) -> Double? {
        if case .revealing = phase {
            let before = shownCount
            let shown = max(before, page.count(atProgress: schedule.progress(at: time) - pageBase))
            graphemesRevealed += shown - before
            revealed = max(revealed, page.revealedOffset(count: shown))
            if shown >= page.count {
                // Full at the moment the last cluster was due (not when we noticed).
                let fullTime = min(time, schedule.time(whenProgressReaches: pageBase + page.total) ?? time)
                phase = .waiting(turnAt: schedule.activeTime(at: fullTime) + settings.pageWait)
            }
        }
        if case .waiting(let turnAt) = phase, schedule.activeTime(at: time) >= turnAt {
            return min(time, schedule.time(whenActiveTimeReaches: turnAt) ?? time)
        }
        return nil
    }

    /// The next moment something visible changes (a cluster is due, or the page turns),
    /// or nil when nothing will without input (paused, done).
    public func nextChange() -> Double? {
        switch phase {
        case .done: return nil
        case .waiting(let turnAt): return schedule.time(whenActiveTimeReaches: turnAt)
        case .revealing:
            let next = shownCount
            guard next < page.count else { return schedule.time(whenProgressReaches: pageBase + page.total) }
            return schedule.time(whenProgressReaches: pageBase + page.due[next])
        }
    }

    /// Shows a new page from `time` on. With `keepRevealed`, what is already revealed stays
    /// (a relayout, a page turn, a small scroll) and the reveal goes on from the same
    /// character; otherwise it restarts at the page's start.
    public mutating func setPage(_ newPage: RevealPage, at time: Double, keepRevealed: Bool) {
        page = newPage
        if !keepRevealed || revealed < newPage.start { revealed = newPage.start }
        let shown = page.count(below: revealed)
        if shown >= page.count {
            if case .waiting = phase {} else { phase = .waiting(turnAt: schedule.activeTime(at: time) + settings.pageWait) }
            return
        }
        phase = .revealing
        pageBase = schedule.progress(at: time) - page.progress(forCount: shown)
    }

    /// Space/Enter while revealing: the rest of the page at once; the wait before the
    /// next page starts now.
    public mutating func showRest(at time: Double) {
        guard case .revealing = phase else { return }
        revealed = page.revealedOffset(count: page.count)
        phase = .waiting(turnAt: schedule.activeTime(at: time) + settings.pageWait)
    }

    /// The end of the book is shown: nothing more to do.
    public mutating func finish() {
        revealed = page.revealedOffset(count: page.count)
        phase = .done
    }

    /// Changes the rate from `time` on (`+`/`-`); nothing shown changes.
    public mutating func setRate(_ rate: Double, at time: Double) {
        settings.rate = rate
        schedule.setRate(rate, at: time)
    }

    /// `p`: pauses or resumes.
    public mutating func togglePause(at time: Double) {
        isPausedByUser.toggle()
        schedule.setPaused(isPausedByUser || isHeld, at: time)
    }

    /// Holds the reveal while an overlay hides the text (or releases it).
    public mutating func setHeld(_ held: Bool, at time: Double) {
        guard held != isHeld else { return }
        isHeld = held
        schedule.setPaused(isPausedByUser || isHeld, at: time)
    }

    /// `>`: fast-forward on or off.
    public mutating func toggleFastForward(at time: Double) {
        schedule.setFastForward(!schedule.isFastForward, at: time)
    }

    /// The process was stopped from `start` to `end` (Ctrl-Z, SIGSTOP): leave that time out
    /// so the reveal continues where it was.
    public mutating func excludeStop(from start: Double, to end: Double) {
        schedule.excludeInterval(from: start, to: end)
    }
}
