/// How long the main loop may sleep while revealing: until the next grapheme is due (or
/// the page turns), but never sooner than one frame (1/60 s) after the last frame, so at
/// high rates several graphemes appear per frame and the loop never spins.
public enum RevealTiming {
    /// The shortest time between two frames.
    public static let frameInterval = 1.0 / 60

    /// The poll timeout in whole milliseconds (rounded up, so the wake is never early)
    /// for a change due at `next`, at `now`, with the last frame drawn at `lastFrame`.
    public static func timeoutMilliseconds(next: Double, now: Double, lastFrame: Double) -> Int {
        let wake = max(next, lastFrame + frameInterval)
        let seconds = max(0, wake - now)
        return Int(min(seconds * 1000, 86_400_000).rounded(.up))
    }
}
