import Terminal

/// A terminal in memory for headless tests of the whole loop: it replays a script of
/// events, keeps every byte written, and moves a `ManualClock` when time is meant to pass.
public final class MemoryTerminal: TerminalDevice {
    /// One thing the user does.
    public enum Step: Equatable {
        /// An event arrives (a key, a resize…).
        case event(TerminalEvent)
        /// The user does nothing for this many seconds: waits end in `.timeout` and the
        /// clock moves by each wait's timeout until the time has passed.
        case pause(Double)
        /// The process is stopped (Ctrl-Z, SIGSTOP) for this many seconds during the wait,
        /// then continued: the clock moves and `.redraw` arrives, as `TerminalSession` reports it.
        case stopped(Double)
    }

    /// The size reported (a `.resize` step changes it too).
    public var terminalSize: TerminalSize
    /// What is left of the script; when it is empty the input is closed.
    public var script: [Step]
    /// Every byte written.
    public private(set) var written: [UInt8] = []
    /// Number of writes.
    public private(set) var writes = 0
    /// When set, writes after this many fail (a terminal that went away).
    public var failingAfterWrites: Int?
    /// The error a failing write throws.
    public struct WriteFailed: Error {}
    /// The timeouts the loop asked for, in order (nil: wait for input).
    public private(set) var timeoutsAsked: [Int?] = []
    /// The canned answers to queries, one per `query` call in order (what the terminal
    /// would send back); when none is left the terminal says nothing.
    public var answers: [[UInt8]] = []
    /// The bytes of every `query` call, in order (kept apart from `written`).
    public private(set) var queries: [[UInt8]] = []
    private let clock: ManualClock?

    /// A terminal of `size` that replays `script`, moving `clock` during pauses.
    public init(size: TerminalSize, script: [Step] = [], clock: ManualClock? = nil) {
        terminalSize = size
        self.script = script
        self.clock = clock
    }

    /// Adds keys to the script, one `.key` event per character.
    public func type(_ text: String) {
        for c in text { script.append(.event(.key(KeyEvent(.character(c))))) }
    }

    /// Adds an event to the script.
    public func send(_ event: TerminalEvent) {
        script.append(.event(event))
    }

    public func size() -> TerminalSize { terminalSize }

    public func write(_ bytes: [UInt8]) throws {
        if let limit = failingAfterWrites, writes >= limit { throw WriteFailed() }
        written += bytes
        writes += 1
    }

    /// Takes the next canned answer. An answer that `isComplete` does not accept (none at
    /// all included) is what a real terminal gives after the whole timeout: the clock moves
    /// by `timeoutMilliseconds` instead of anyone waiting.
    public func query(_ bytes: [UInt8], timeoutMilliseconds: Int, isComplete: ([UInt8]) -> Bool) throws -> [UInt8] {
        queries.append(bytes)
        let answer = answers.isEmpty ? [] : answers.removeFirst()
        if !isComplete(answer) { clock?.advance(by: Double(max(0, timeoutMilliseconds)) / 1000) }
        return answer
    }

    public func nextEvent(timeoutMilliseconds: Int?) throws -> TerminalEvent {
        timeoutsAsked.append(timeoutMilliseconds)
        guard let step = script.first else { return .inputClosed }
        switch step {
        case .event(let event):
            script.removeFirst()
            if case .resize(let size) = event { terminalSize = size }
            return event
        case .pause(let seconds):
            let wait = min(seconds, timeoutMilliseconds.map { Double($0) / 1000 } ?? seconds)
            clock?.advance(by: wait)
            if seconds - wait <= 1e-9 { script.removeFirst() } else { script[0] = .pause(seconds - wait) }
            return .timeout
        case .stopped(let seconds):
            script.removeFirst()
            clock?.advance(by: seconds)
            return .redraw
        }
    }
}
