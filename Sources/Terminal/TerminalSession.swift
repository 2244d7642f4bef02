import Glibc

/// The full-screen terminal: raw mode, alternate screen, signals and input events.
///
/// Typical use (the reader's `ReaderLoop` in ReaderApp does this through `TerminalDevice`;
/// see docs/TERMINAL.md):
///
/// ```swift
/// let session = TerminalSession()
/// try session.enter()
/// defer { session.leave() }
/// var previous: ScreenBuffer? = nil
/// while running {
///     renderer.render(model.snapshot, into: &frame)      // ReaderCore, pure
///     try session.write(encoder.encode(from: previous, to: frame))
///     previous = frame
///     switch try session.nextEvent(timeoutMilliseconds: msUntilNextDeadline) {
///     case .key(let k): model.handle(input(k), at: clock.now())
///     case .resize(let size): model.resize(columns: size.columns, rows: size.rows)
///     case .redraw: previous = nil                        // full redraw next frame
///     case .timeout: break                                // time is an event: advance(to: now)
///     case .inputClosed: running = false
///     case .mouse(let m): model.handle(input(m), at: clock.now())
///     }
/// }
/// ```
///
/// The terminal is restored on every exit path: `leave()` (call it in a `defer`), `deinit`,
/// `atexit`, SIGINT/SIGTERM/SIGHUP/SIGQUIT/SIGABRT (restore, then re-raise with the
/// previous — normally default — action) and crash signals. Ctrl-Z (ISIG is off, so it
/// arrives as a byte) and an external SIGTSTP restore the terminal before stopping; on
/// SIGCONT the session re-enters raw mode and the alternate screen and reports `.redraw`.
///
/// Only one session can be active per process (signal handlers are process-wide).
/// Not thread-safe: use it from one thread (the main loop).
public final class TerminalSession {
    /// The descriptor read for input (and whose termios is changed).
    public let inputFD: Int32
    /// The descriptor written to.
    public let outputFD: Int32
    /// The options given at creation.
    public let options: TerminalOptions
    /// True between a successful `enter()` and `leave()`.
    public private(set) var isActive = false

    private let writer: TerminalWriter
    private var decoder = KeyDecoder()
    private var queue: [TerminalEvent] = []
    private var savedTermios = termios()
    private var rawTermios = termios()
    private var pipeRead: Int32 = -1
    private var pipeWrite: Int32 = -1
    private var escapeSince: Int64? = nil
    private var inputClosed = false
    private var lastSize = TerminalSize.fallback
    private var readBuffer = [UInt8](repeating: 0, count: 4096)

    nonisolated(unsafe) private static var someSessionActive = false

    /// Creates a session for the given descriptors (default: stdin and stdout). Nothing is
    /// changed until `enter()`.
    public init(inputFD: Int32 = 0, outputFD: Int32 = 1, options: TerminalOptions = TerminalOptions()) {
        self.inputFD = inputFD
        self.outputFD = outputFD
        self.options = options
        self.writer = TerminalWriter(fd: outputFD)
    }

    deinit { leave() }

    /// Bytes written before `options.leaveSequence` on leaving, also from the signal
    /// handlers (e.g. deleting the pictures the reader sent, issue #19); at most 128 bytes
    /// (longer is ignored).
    public private(set) var leavePrefix: [UInt8] = []

    /// Sets `leavePrefix` (and what a signal handler writes while the session is entered).
    public func setLeavePrefix(_ bytes: [UInt8]) {
        guard bytes.count <= 128 else { return }
        leavePrefix = bytes
        if isActive { SignalHandling.setLeave(bytes + options.leaveSequence) }
    }

    /// Saves the termios, installs signal handlers, enters raw mode and writes
    /// `options.enterSequence`.
    /// - Throws: `TerminalError.notATerminal` if input or output is not a tty,
    ///   `.alreadyActive` if another session is active, `.systemCall` on failure.
    public func enter() throws {
        guard !isActive else { return }
        guard !TerminalSession.someSessionActive else { throw TerminalError.alreadyActive }
        guard Sys.isTerminal(inputFD) else { throw TerminalError.notATerminal(fd: inputFD) }
        guard Sys.isTerminal(outputFD) else { throw TerminalError.notATerminal(fd: outputFD) }
        savedTermios = try Sys.getAttributes(inputFD)
        rawTermios = Sys.rawMode(from: savedTermios)
        (pipeRead, pipeWrite) = try Sys.makePipe()

        SignalHandling.arm(ttyFD: inputFD, outFD: outputFD, wakeFD: pipeWrite,
                           saved: savedTermios, leave: leavePrefix + options.leaveSequence)
        if options.installSignalHandlers { SignalHandling.install() }
        TerminalSession.someSessionActive = true
        isActive = true
        do {
            try Sys.setAttributes(inputFD, rawTermios, when: TCSAFLUSH)
            try writer.write(options.enterSequence)
        } catch {
            leave()
            throw error
        }
        decoder.reset()
        queue.removeAll()
        inputClosed = false
        escapeSince = nil
        lastSize = size()
    }

    /// Restores everything `enter()` changed: writes `options.leaveSequence` (SGR reset,
    /// mouse off, auto-wrap on, cursor shown, main screen), puts back the exact saved termios
    /// and the previous signal dispositions. Idempotent; never throws.
    public func leave() {
        guard isActive else { return }
        try? writer.write(leavePrefix + options.leaveSequence)
        try? Sys.setAttributes(inputFD, savedTermios, when: TCSADRAIN)
        SignalHandling.disarm()
        if options.installSignalHandlers { SignalHandling.uninstall() }
        Sys.close(pipeRead)
        Sys.close(pipeWrite)
        pipeRead = -1
        pipeWrite = -1
        isActive = false
        TerminalSession.someSessionActive = false
        decoder.reset()
        queue.removeAll()
    }

    /// The terminal size via TIOCGWINSZ on the output (then input) descriptor; 80×24 if
    /// neither reports one.
    public func size() -> TerminalSize {
        Sys.windowSize(outputFD) ?? Sys.windowSize(inputFD) ?? .fallback
    }

    /// Writes bytes (typically an `ANSIEncoder` frame) completely.
    public func write(_ bytes: [UInt8]) throws {
        try writer.write(bytes)
    }

    /// Stops the process like Ctrl-Z in a shell: the terminal is restored first; when the
    /// shell continues it (`fg`), raw mode and the alternate screen come back and the next
    /// event is `.redraw`. Called automatically for Ctrl-Z when `options.suspendOnCtrlZ`.
    public func suspend() {
        guard isActive else { return }
        if options.installSignalHandlers {
            SignalHandling.suspendSelf()   // the handlers restore, stop, and wake us with 'C'
        } else {
            try? writer.write(options.leaveSequence)
            try? Sys.setAttributes(inputFD, savedTermios, when: TCSADRAIN)
            SignalHandling.stopSelf()
            resume()
        }
    }

    /// Waits for the next event.
    ///
    /// - Parameter timeoutMilliseconds: how long to wait at most; nil waits indefinitely,
    ///   0 only collects what is already there. The caller computes it from its next
    ///   deadline (e.g. the paced reveal), so "sleep until the deadline or input" is one call.
    /// - Returns: a key, mouse, resize, redraw or input-closed event, or `.timeout`.
    ///   A lone ESC is reported as `.escape` once `options.escapeTimeoutMilliseconds` pass
    ///   without further input. The wait never exceeds the caller's timeout: if the deadline
    ///   comes first, `.timeout` is returned and the ESC is reported by a later call.
    public func nextEvent(timeoutMilliseconds: Int?) throws -> TerminalEvent {
        if !queue.isEmpty { return queue.removeFirst() }
        let start = Sys.monotonicMilliseconds()
        let deadline = timeoutMilliseconds.map { start + Int64(max(0, $0)) }
        var polledOnce = false
        while true {
            let now = Sys.monotonicMilliseconds()
            // Resolve a pending ESC whose time is up.
            if let since = escapeSince, now - since >= Int64(options.escapeTimeoutMilliseconds) {
                escapeSince = nil
                enqueue(decoder.flush())
            }
            if !queue.isEmpty { return queue.removeFirst() }
            if inputClosed { return .inputClosed }
            if let deadline, now >= deadline, polledOnce { return .timeout }

            var wait: Int64 = deadline.map { max(0, $0 - now) } ?? -1
            if let since = escapeSince {
                let escWait = max(0, since + Int64(options.escapeTimeoutMilliseconds) - now)
                wait = wait < 0 ? escWait : min(wait, escWait)
            }
            let revents = try Sys.poll([inputFD, pipeRead], timeoutMilliseconds: Int32(clamping: wait))
            polledOnce = true
            guard let revents else {
                // EINTR (a signal): the pipe tells why. Read it now, so that a `.redraw`
                // after SIGCONT comes before a `.timeout` whose deadline passed while the
                // process was stopped (the caller may want to leave the stopped time out).
                drainWakePipe()
                continue
            }
            if revents[1] & Int16(POLLIN) != 0 { drainWakePipe() }
            if revents[0] != 0 { try readInput() }
        }
    }

    /// Asks the terminal something: writes `bytes`, then reads its answer until
    /// `isComplete(answer)` holds or `timeoutMilliseconds` pass (monotonic clock), and
    /// returns the answer (empty when the terminal said nothing). The answer never reaches
    /// the key decoder: keys typed after it, even in the same read, are decoded as usual
    /// and come from later `nextEvent` calls (see `TerminalAnswer.split`; keys typed before
    /// the answer begins stay in it), so the query whose reply completes the answer (DA1)
    /// must be the last of `bytes`. A resize or a continue meanwhile is queued as usual;
    /// end of input ends the wait and is reported by `nextEvent`.
    public func query(_ bytes: [UInt8], timeoutMilliseconds: Int, isComplete: ([UInt8]) -> Bool) throws -> [UInt8] {
        try writer.write(bytes)
        let deadline = Sys.monotonicMilliseconds() + Int64(max(0, timeoutMilliseconds))
        var answer: [UInt8] = []
        var complete = false
        while !complete && !inputClosed {
            let now = Sys.monotonicMilliseconds()
            guard now < deadline else { break }
            let revents = try Sys.poll([inputFD, pipeRead], timeoutMilliseconds: Int32(clamping: deadline - now))
            guard let revents else { drainWakePipe(); continue }
            if revents[1] & Int16(POLLIN) != 0 { drainWakePipe() }
            guard revents[0] != 0 else { continue }
            let n = try readBuffer.withUnsafeMutableBytes { try Sys.read(inputFD, $0) }
            guard let n else { continue }
            if n == 0 { closeInput(); break }
            answer += readBuffer[0..<n]
            complete = isComplete(answer)
        }
        let parts = TerminalAnswer.split(answer, isComplete: isComplete)
        if !parts.input.isEmpty { feed(parts.input[...]) }
        return parts.answer
    }

    // MARK: - Private

    private func enqueue(_ events: [InputEvent]) {
        for e in events {
            switch e {
            case .key(let k):
                if options.suspendOnCtrlZ && k == .ctrl("z") {
                    suspend()
                    drainWakePipe()
                } else {
                    queue.append(.key(k))
                }
            case .mouse(let m):
                queue.append(.mouse(m))
            }
        }
    }

    private func readInput() throws {
        let n = try readBuffer.withUnsafeMutableBytes { try Sys.read(inputFD, $0) }
        guard let n else { return }
        if n == 0 {
            closeInput()
            return
        }
        feed(readBuffer[0..<n])
    }

    /// Input bytes to the key decoder, and the escape timer for what it holds back.
    private func feed(_ bytes: ArraySlice<UInt8>) {
        enqueue(decoder.feed(bytes))
        if decoder.hasPendingInput {
            if escapeSince == nil { escapeSince = Sys.monotonicMilliseconds() }
        } else {
            escapeSince = nil
        }
    }

    /// End of input: what the decoder holds, then `.inputClosed`.
    private func closeInput() {
        inputClosed = true
        escapeSince = nil
        enqueue(decoder.flush())
        queue.append(.inputClosed)
    }

    /// Handles the bytes written by signal handlers: 'W' (resize) and 'C' (continued).
    private func drainWakePipe() {
        var buf = [UInt8](repeating: 0, count: 64)
        var resized = false, continued = false
        while pipeRead >= 0 {
            let n = (try? buf.withUnsafeMutableBytes { try Sys.read(pipeRead, $0) }) ?? nil
            guard let n, n > 0 else { break }
            for b in buf[0..<n] {
                if b == UInt8(ascii: "W") { resized = true }
                if b == UInt8(ascii: "C") { continued = true }
            }
        }
        if continued { resume() }
        if resized || continued {
            let s = size()
            if s != lastSize || resized {
                lastSize = s
                queue.removeAll { if case .resize = $0 { return true } else { return false } }
                queue.append(.resize(s))
            }
        }
    }

    /// Re-enters raw mode and the alternate screen after the process was continued.
    private func resume() {
        guard isActive else { return }
        try? Sys.setAttributes(inputFD, rawTermios, when: TCSANOW)
        try? writer.write(options.enterSequence)
        decoder.reset()
        escapeSince = nil
        if !queue.contains(.redraw) { queue.append(.redraw) }
    }

    /// Runs `body` inside an entered session and leaves it afterwards, whether `body`
    /// returns or throws.
    public static func run<T>(inputFD: Int32 = 0, outputFD: Int32 = 1,
                              options: TerminalOptions = TerminalOptions(),
                              _ body: (TerminalSession) throws -> T) throws -> T {
        let session = TerminalSession(inputFD: inputFD, outputFD: outputFD, options: options)
        try session.enter()
        defer { session.leave() }
        return try body(session)
    }
}
