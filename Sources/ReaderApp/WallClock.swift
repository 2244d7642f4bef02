import Glibc

/// The wall clock, seconds since 1970 from `clock_gettime(CLOCK_REALTIME)`: the dates the
/// reader saves (positions, highlights, the library, the reading statistics). Foundation's
/// `Date()` gives the same figure, but its code would be paged in for it on every save
/// (docs/PERFORMANCE.md, "Foundation off the reading path").
public enum WallClock {
    /// Now, in seconds since 1970 (the nanoseconds as the fraction).
    public static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
