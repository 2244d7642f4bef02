import Glibc

/// A source of monotonic time in seconds. The reader's loop reads time only through it:
/// the paced reveal, the save timer and the frame pacing share one clock, and tests inject
/// a `ManualClock`.
public protocol MonotonicClock: AnyObject {
    /// Now, in seconds (an arbitrary origin; only differences matter).
    func now() -> Double
}

/// The system's clock: `CLOCK_MONOTONIC`, optionally counting the time the machine slept.
///
/// On Linux `CLOCK_MONOTONIC` stops while the machine sleeps (suspend to RAM) and runs while
/// the process is stopped (Ctrl-Z, SIGSTOP). The rule for "after a stop" (docs/CLI.md):
///
/// * default (continue where it was): the machine's sleep is not counted (the monotonic
///   clock stops), and the loop leaves out the time from the last frame drawn before a stop
///   to the `.redraw` that follows `SIGCONT`;
/// * `--reveal-catch-up` (`countsSleep`): the stopped time counts, and so does the
///   machine's sleep: the clock adds how much `CLOCK_BOOTTIME` (which counts sleep) has
///   gained on `CLOCK_MONOTONIC` since the start.
public final class SystemClock: MonotonicClock {
    /// Whether time asleep counts.
    public let countsSleep: Bool
    private let sleepAtStart: Double

    /// A clock that counts the machine's sleep when `countsSleep`.
    public init(countsSleep: Bool = false) {
        self.countsSleep = countsSleep
        sleepAtStart = Self.read(CLOCK_BOOTTIME) - Self.read(CLOCK_MONOTONIC)
    }

    public func now() -> Double {
        let monotonic = Self.read(CLOCK_MONOTONIC)
        guard countsSleep else { return monotonic }
        let slept = Self.read(CLOCK_BOOTTIME) - monotonic - sleepAtStart
        return monotonic + max(0, slept)
    }

    private static func read(_ clock: clockid_t) -> Double {
        var ts = timespec()
        clock_gettime(clock, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// A clock that moves only when told to (tests, and the in-memory terminal, which advances
/// it by the timeout of each wait that ends in `.timeout`).
public final class ManualClock: MonotonicClock {
    /// The current time in seconds.
    public private(set) var time: Double

    /// A clock at `time`.
    public init(time: Double = 1000) {
        self.time = time
    }

    public func now() -> Double { time }

    /// Moves the clock forward by `seconds` (never backward).
    public func advance(by seconds: Double) {
        time += max(0, seconds)
    }
}
