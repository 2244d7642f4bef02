import Glibc

/// The paced reveal's clock: `CLOCK_MONOTONIC` in seconds.
///
/// On Linux that clock stops while the machine sleeps (suspend to RAM) and runs while the
/// process is stopped (Ctrl-Z, SIGSTOP). The rule for "after a stop" (docs/CLI.md):
///
/// * default (continue where it was): the machine's sleep is not counted (the monotonic
///   clock stops), and the main loop leaves out the time from the last frame drawn before
///   a stop to the `.redraw` that follows `SIGCONT`;
/// * `--reveal-catch-up`: the stopped time counts (nothing is left out), and so does the
///   machine's sleep: the clock adds how much `CLOCK_BOOTTIME` (which counts sleep) has
///   gained on `CLOCK_MONOTONIC` since the start.
struct RevealClock {
    /// Whether time asleep counts.
    let countsSleep: Bool
    private let sleepAtStart: Double

    init(countsSleep: Bool) {
        self.countsSleep = countsSleep
        sleepAtStart = Self.read(CLOCK_BOOTTIME) - Self.read(CLOCK_MONOTONIC)
    }

    /// Now, in seconds.
    func now() -> Double {
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
