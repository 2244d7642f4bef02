import Synchronization

/// Lets the reader's first frame be laid out before the hyphenation patterns are loaded
/// (issue #20: loading English patterns takes 20–45 ms, German seconds). The reader makes
/// it early before its first layout (`begin`) and ends that once the first frame is on
/// screen (`end`); words asked meanwhile get no points and their patterns load on another
/// thread, and `relayoutDue` tells the loop to lay the page out again when they are in.
/// Outside the reader (dump, info, cache build) it is never early.
public final class EarlyHyphenation: Sendable {
    /// The process's one (the reader has one first frame).
    public static let shared = EarlyHyphenation()

    private let early = Atomic<Bool>(false)
    private let answered = Atomic<Bool>(false)
    private let loadsRunning = Atomic<Int>(0)

    /// A new one, not early.
    public init() {}

    /// Words asked from now on get no points until their patterns are loaded.
    public func begin() { early.store(true, ordering: .releasing) }

    /// Words asked from now on wait for their patterns (the first frame is out).
    public func end() { early.store(false, ordering: .releasing) }

    /// Whether words are answered without waiting for patterns.
    public var isEarly: Bool { early.load(ordering: .acquiring) }

    /// Whether some word was answered without its patterns and no load is still running:
    /// the lines laid out so far should be laid out again (once: it resets).
    public var relayoutDue: Bool {
        guard answered.load(ordering: .acquiring), loadsRunning.load(ordering: .acquiring) == 0 else { return false }
        return answered.exchange(false, ordering: .acquiringAndReleasing)
    }

    /// Whether a relayout will be due once the loads running finish.
    public var relayoutPending: Bool { answered.load(ordering: .acquiring) }

    func answeredWithoutPatterns() { answered.store(true, ordering: .releasing) }
    func loadStarted() { loadsRunning.add(1, ordering: .acquiringAndReleasing) }
    func loadFinished() { loadsRunning.subtract(1, ordering: .acquiringAndReleasing) }
}
