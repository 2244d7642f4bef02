/// The clock arithmetic of the paced reveal: how far the reveal has progressed at a given
/// moment. Pure — the time is always an argument, never read from a clock.
///
/// Two quantities grow linearly with time between changes:
///
/// * **progress**, in *units* (one unit = one grapheme cluster's worth of time; pauses at
///   punctuation are extra units): it grows at `rate × speedFactor` units a second;
/// * **active time**, in seconds: it grows at `speedFactor` (1, or 10 while fast-forward is
///   on), so waits measured in it (the pause before turning a page) shrink with
///   fast-forward too.
///
/// Both stop while paused. Every change (rate, pause, fast-forward, a jump in progress)
/// first evaluates both at the moment of the change and restarts the lines from there, so
/// nothing already shown ever jumps, and the values at any moment are a function of the
/// time alone: a late frame just reads a larger value — errors never accumulate from
/// counting ticks.
public struct RevealSchedule: Hashable, Sendable {
    /// Units per second at normal speed (graphemes per second without pauses).
    public private(set) var rate: Double
    /// Whether the reveal is paused (neither progress nor active time grows).
    public private(set) var isPaused: Bool = false
    /// Whether fast-forward is on.
    public private(set) var isFastForward: Bool = false
    /// How much faster fast-forward is.
    public static let fastForwardFactor = 10.0

    // The linear pieces: at `originTime`, progress was `originProgress` and active time `originActive`.
    private var originTime: Double
    private var originProgress: Double = 0
    private var originActive: Double = 0

    /// Starts at progress 0 and active time 0 at moment `time` (seconds, any origin).
    public init(rate: Double, startingAt time: Double) {
        self.rate = max(RevealSchedule.minimumRate, rate)
        originTime = time
    }

    /// The slowest rate accepted (units per second).
    public static let minimumRate = 0.1

    /// 1, or `fastForwardFactor`; 0 while paused.
    public var speedFactor: Double { isPaused ? 0 : (isFastForward ? Self.fastForwardFactor : 1) }

    /// Units per second right now.
    public var unitsPerSecond: Double { rate * speedFactor }

    /// Progress (units) at `time`. Linear in `time` since the last change; `time` before
    /// the last change extrapolates back along the current line.
    public func progress(at time: Double) -> Double {
        originProgress + unitsPerSecond * (time - originTime)
    }

    /// Active time (seconds, scaled by fast-forward, paused time excluded) at `time`.
    public func activeTime(at time: Double) -> Double {
        originActive + speedFactor * (time - originTime)
    }

    /// The moment progress reaches `units`, or nil when it never will (paused).
    /// A moment in the past when it is already there.
    public func time(whenProgressReaches units: Double) -> Double? {
        let speed = unitsPerSecond
        guard speed > 0 else { return nil }
        return originTime + (units - originProgress) / speed
    }

    /// The moment active time reaches `seconds`, or nil when it never will (paused).
    public func time(whenActiveTimeReaches seconds: Double) -> Double? {
        let speed = speedFactor
        guard speed > 0 else { return nil }
        return originTime + (seconds - originActive) / speed
    }

    /// Restarts the linear pieces at `time` with the current values.
    private mutating func rebase(at time: Double) {
        originProgress = progress(at: time)
        originActive = activeTime(at: time)
        originTime = time
    }

    /// Changes the rate from `time` on; what was reached by then stays.
    public mutating func setRate(_ newRate: Double, at time: Double) {
        rebase(at: time)
        rate = max(Self.minimumRate, newRate)
    }

    /// Pauses or resumes at `time`.
    public mutating func setPaused(_ paused: Bool, at time: Double) {
        rebase(at: time)
        isPaused = paused
    }

    /// Turns fast-forward on or off at `time`.
    public mutating func setFastForward(_ on: Bool, at time: Double) {
        rebase(at: time)
        isFastForward = on
    }

    /// Sets the progress to `units` at `time` (a skip, or a restart on another page);
    /// active time is kept.
    public mutating func setProgress(_ units: Double, at time: Double) {
        rebase(at: time)
        originProgress = units
    }

    /// Leaves the interval `from…to` out, as if time had stood still: used after the
    /// process was stopped (Ctrl-Z, SIGSTOP) so the reveal continues where it was.
    /// Call it before any other change after `to`.
    public mutating func excludeInterval(from start: Double, to end: Double) {
        guard end > start else { return }
        rebase(at: start)
        originTime = end
    }
}
