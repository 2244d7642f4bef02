import Support

/// Work running on other threads that a thread may wait for: a count of it under a
/// condition (what a `DispatchGroup`'s `enter`, `leave` and `wait` did, without Dispatch).
final class BackgroundWork: @unchecked Sendable {
    private let condition = Condition()
    private var running = 0

    /// Nothing running.
    init() {}

    /// One more piece of work has started.
    func enter() {
        condition.withLock { running += 1 }
    }

    /// One piece of work is done; waiters wake when it was the last.
    func leave() {
        condition.lock()
        running -= 1
        if running == 0 { condition.broadcast() }
        condition.unlock()
    }

    /// Blocks until no work is running.
    func wait() {
        condition.lock()
        while running > 0 { condition.wait() }
        condition.unlock()
    }
}
