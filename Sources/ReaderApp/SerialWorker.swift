import Support

/// Work run in the order it is given on one background thread at a time (a serial
/// `DispatchQueue`'s `async`, without Dispatch): the thread starts when work arrives and
/// ends when there is none left.
final class SerialWorker: @unchecked Sendable {
    private let lock = Lock()
    private var pending: [@Sendable () -> Void] = []
    private var running = false

    /// No work yet.
    init() {}

    /// Runs `work` after the work given before it, on the worker's thread.
    func async(_ work: @escaping @Sendable () -> Void) {
        let start: Bool = lock.withLock {
            pending.append(work)
            defer { running = true }
            return !running
        }
        if start { Threads.detach { [self] in drain() } }
    }

    /// Runs the pending work until there is none (then the thread ends).
    private func drain() {
        while true {
            lock.lock()
            guard !pending.isEmpty else {
                running = false
                lock.unlock()
                return
            }
            let work = pending.removeFirst()
            lock.unlock()
            work()
        }
    }
}
