import Glibc

/// Everything a signal handler may touch, in plain C memory allocated once and never
/// freed: handlers only read these fields, call write(2), tcsetattr(3), sigaction(2),
/// pthread_sigmask(3) and raise(3) — all async-signal-safe — and never allocate, lock or
/// retain Swift objects.
struct SignalContext {
    /// Non-zero while a session is entered (the terminal needs restoring).
    var active: Int32 = 0
    /// The terminal whose termios is restored.
    var ttyFD: Int32 = -1
    /// Where the leave sequence is written.
    var outFD: Int32 = -1
    /// Write end of the self-pipe that wakes the main loop ('W' resize, 'C' continued).
    var wakeFD: Int32 = -1
    /// The termios saved on entering.
    var saved: UnsafeMutablePointer<termios>
    /// The leave sequence.
    var leaveBytes: UnsafeMutablePointer<UInt8>
    var leaveCount: Int = 0
    /// Dispositions that were in place before ours, indexed by signal number.
    var previous: UnsafeMutablePointer<sigaction>
    /// Our SIGTSTP disposition, reinstalled after resuming.
    var ourSuspendAction: UnsafeMutablePointer<sigaction>
}

/// Capacity of `SignalContext.leaveBytes`.
let maxLeaveBytes = 256
/// Size of the `previous` table (signal numbers 0..<65 on Linux).
let signalTableSize = 65

/// The single signal context of the process. Created on first use, which `SignalHandling`
/// forces on the main thread before any handler is installed.
nonisolated(unsafe) let signalContext: UnsafeMutablePointer<SignalContext> = {
    let saved = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    saved.initialize(to: termios())
    let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: maxLeaveBytes)
    bytes.initialize(repeating: 0, count: maxLeaveBytes)
    let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: signalTableSize)
    previous.initialize(repeating: sigaction(), count: signalTableSize)
    let ours = UnsafeMutablePointer<sigaction>.allocate(capacity: 1)
    ours.initialize(to: sigaction())
    let c = UnsafeMutablePointer<SignalContext>.allocate(capacity: 1)
    c.initialize(to: SignalContext(saved: saved, leaveBytes: bytes, previous: previous, ourSuspendAction: ours))
    return c
}()

/// Writes the leave sequence and restores the saved termios. Async-signal-safe.
private func restoreTerminalFromSignal() {
    let c = signalContext
    guard c.pointee.active != 0 else { return }
    var p = UnsafeRawPointer(c.pointee.leaveBytes)
    var left = c.pointee.leaveCount
    while left > 0 {
        let n = write(c.pointee.outFD, p, left)
        if n > 0 { p += n; left -= n } else if n < 0 && errno == EINTR { continue } else { break }
    }
    _ = tcsetattr(c.pointee.ttyFD, TCSANOW, c.pointee.saved)
}

/// Writes one byte to the self-pipe. Async-signal-safe.
private func wake(_ byte: UInt8) {
    var b = byte
    _ = write(signalContext.pointee.wakeFD, &b, 1)
}

/// SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT: restore, put back the previous disposition
/// (normally the default: terminate) and re-raise; the signal is delivered again as soon
/// as this handler returns.
private func terminatingHandler(_ sig: Int32) {
    restoreTerminalFromSignal()
    signalContext.pointee.active = 0
    _ = sigaction(sig, signalContext.pointee.previous + Int(sig), nil)
    _ = raise(sig)
}

/// SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP: restore and put back the previous disposition
/// (e.g. the Swift runtime's backtracer). A real fault re-executes the faulting instruction
/// and reaches that disposition; a signal sent by kill(2) is re-raised.
private func faultHandler(_ sig: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?) {
    restoreTerminalFromSignal()
    signalContext.pointee.active = 0
    _ = sigaction(sig, signalContext.pointee.previous + Int(sig), nil)
    if let info, info.pointee.si_code <= 0 { _ = raise(sig) }
}

/// SIGTSTP (Ctrl-Z from another source, or `TerminalSession.suspend()`): restore the
/// terminal, stop with the default action, and after SIGCONT reinstall this handler.
/// The SIGCONT handler wakes the main loop, which re-enters raw mode and redraws.
private func suspendHandler(_ sig: Int32) {
    let savedErrno = errno
    restoreTerminalFromSignal()
    var dfl = sigaction()
    dfl.__sigaction_handler.sa_handler = SIG_DFL
    sigemptyset(&dfl.sa_mask)
    _ = sigaction(SIGTSTP, &dfl, nil)
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGTSTP)
    _ = pthread_sigmask(SIG_UNBLOCK, &set, nil)
    _ = raise(SIGTSTP)                 // stops here until SIGCONT
    _ = sigaction(SIGTSTP, signalContext.pointee.ourSuspendAction, nil)
    // Also wake the main loop here: in an orphaned process group the kernel discards the
    // stop, no SIGCONT follows, and the terminal must still be re-entered.
    wake(UInt8(ascii: "C"))
    errno = savedErrno
}

/// SIGCONT: ask the main loop to re-enter raw mode and redraw.
private func continueHandler(_ sig: Int32) {
    let savedErrno = errno
    wake(UInt8(ascii: "C"))
    errno = savedErrno
}

/// SIGWINCH: ask the main loop to report the new size.
private func resizeHandler(_ sig: Int32) {
    let savedErrno = errno
    wake(UInt8(ascii: "W"))
    errno = savedErrno
}

/// atexit(3): restore if a session is still active when the process exits.
private func exitHandler() {
    restoreTerminalFromSignal()
    signalContext.pointee.active = 0
}

/// Installs and removes the process-wide handlers; main-thread only.
enum SignalHandling {
    static let terminating: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT]
    static let faults: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP]
    nonisolated(unsafe) static var installed: [Int32] = []
    nonisolated(unsafe) static var atexitRegistered = false

    /// Publishes the restore data for handlers (before the terminal is changed).
    static func arm(ttyFD: Int32, outFD: Int32, wakeFD: Int32, saved: termios, leave: [UInt8]) {
        let c = signalContext
        c.pointee.active = 0
        c.pointee.ttyFD = ttyFD
        c.pointee.outFD = outFD
        c.pointee.wakeFD = wakeFD
        c.pointee.saved.pointee = saved
        let n = min(leave.count, maxLeaveBytes)
        for i in 0..<n { c.pointee.leaveBytes[i] = leave[i] }
        c.pointee.leaveCount = n
        c.pointee.active = 1
        if !atexitRegistered {
            atexitRegistered = true
            atexit { exitHandler() }
        }
    }

    /// Replaces the leave sequence handlers write (handlers skip restoring meanwhile).
    static func setLeave(_ leave: [UInt8]) {
        let c = signalContext
        let wasActive = c.pointee.active
        c.pointee.active = 0
        let n = min(leave.count, maxLeaveBytes)
        for i in 0..<n { c.pointee.leaveBytes[i] = leave[i] }
        c.pointee.leaveCount = n
        c.pointee.active = wasActive
    }

    /// Tells handlers there is nothing to restore any more.
    static func disarm() {
        signalContext.pointee.active = 0
    }

    /// Installs the handlers. A signal that was ignored (e.g. SIGHUP under nohup) stays ignored.
    static func install() {
        _ = signalContext  // force creation on this thread before any handler can run
        func set(_ sig: Int32, flags: Int32, _ configure: (inout sigaction) -> Void) {
            var old = sigaction()
            _ = sigaction(sig, nil, &old)
            let ignored = old.__sigaction_handler.sa_handler.map { unsafeBitCast($0, to: Int.self) == 1 } ?? false
            if ignored && sig != SIGWINCH && sig != SIGCONT { return }  // SIG_IGN is (handler)1
            signalContext.pointee.previous[Int(sig)] = old
            var sa = sigaction()
            sigemptyset(&sa.sa_mask)
            sa.sa_flags = flags
            configure(&sa)
            if sig == SIGTSTP { signalContext.pointee.ourSuspendAction.pointee = sa }
            _ = sigaction(sig, &sa, nil)
            installed.append(sig)
        }
        for sig in terminating {
            set(sig, flags: Int32(SA_RESTART)) { $0.__sigaction_handler.sa_handler = terminatingHandler }
        }
        for sig in faults {
            set(sig, flags: Int32(SA_SIGINFO | SA_ONSTACK)) { $0.__sigaction_handler.sa_sigaction = faultHandler }
        }
        set(SIGTSTP, flags: Int32(SA_RESTART)) { $0.__sigaction_handler.sa_handler = suspendHandler }
        set(SIGCONT, flags: Int32(SA_RESTART)) { $0.__sigaction_handler.sa_handler = continueHandler }
        set(SIGWINCH, flags: Int32(SA_RESTART)) { $0.__sigaction_handler.sa_handler = resizeHandler }
    }

    /// Puts back the dispositions found by `install()`.
    static func uninstall() {
        for sig in installed {
            _ = sigaction(sig, signalContext.pointee.previous + Int(sig), nil)
        }
        installed.removeAll()
    }

    /// Stops the process the way Ctrl-Z would (through our SIGTSTP handler if installed).
    static func suspendSelf() {
        _ = raise(SIGTSTP)
    }

    /// Stops the process without going through handlers (used when none are installed).
    static func stopSelf() {
        _ = raise(SIGSTOP)
    }
}
