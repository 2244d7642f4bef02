import XCTest
import Glibc
@testable import Terminal

/// Tests against a real pseudo-terminal: the session runs on the slave side, the test plays
/// the terminal emulator on the master side.
final class TerminalSessionTests: XCTestCase {
    var master: Int32 = -1
    var slave: Int32 = -1

    override func setUpWithError() throws {
        var m: Int32 = -1, s: Int32 = -1
        var ws = winsize(ws_row: 30, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&m, &s, nil, nil, &ws) == 0 else { throw XCTSkip("openpty failed: errno \(errno)") }
        master = m
        slave = s
    }

    override func tearDown() {
        if master >= 0 { close(master) }
        if slave >= 0 { close(slave) }
    }

    /// Everything the master side can read within `ms` of quiet.
    func readMaster(quietMilliseconds ms: Int32 = 100) -> [UInt8] {
        var out: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 4096)
        while true {
            var pfd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, ms) > 0 else { break }
            let n = read(master, &buf, buf.count)
            if n <= 0 { break }
            out += buf[0..<n]
        }
        return out
    }

    func type(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    func termiosBytes(_ fd: Int32) -> [UInt8] {
        var t = termios()
        XCTAssertEqual(tcgetattr(fd, &t), 0)
        return withUnsafeBytes(of: &t) { Array($0) }
    }

    func handlerBits(_ sig: Int32) -> Int {
        var sa = sigaction()
        sigaction(sig, nil, &sa)
        return unsafeBitCast(sa.__sigaction_handler, to: Int.self)
    }

    func testEnterLeaveRestoresExactly() throws {
        let before = termiosBytes(slave)
        let intBefore = handlerBits(SIGINT), winchBefore = handlerBits(SIGWINCH)
        let options = TerminalOptions(mouse: true)
        let session = TerminalSession(inputFD: slave, outputFD: slave, options: options)
        try session.enter()
        XCTAssertTrue(session.isActive)
        XCTAssertEqual(readMaster(), options.enterSequence)
        XCTAssertEqual(String(decoding: options.enterSequence, as: UTF8.self),
                       "\u{1B}[?1049h\u{1B}[8l\u{1B}[?25l\u{1B}[?7l\u{1B}[?1002h\u{1B}[?1006h")

        var raw = termios()
        tcgetattr(slave, &raw)
        XCTAssertEqual(raw.c_lflag & tcflag_t(ICANON | ECHO | ISIG | IEXTEN), 0)
        XCTAssertEqual(raw.c_iflag & tcflag_t(ICRNL | IXON), 0)
        XCTAssertNotEqual(raw.c_oflag & tcflag_t(OPOST), 0, "output processing kept")
        withUnsafeBytes(of: &raw.c_cc) { XCTAssertEqual($0[Int(VMIN)], 1); XCTAssertEqual($0[Int(VTIME)], 0) }
        XCTAssertNotEqual(handlerBits(SIGINT), intBefore, "SIGINT handler installed")
        XCTAssertEqual(session.size(), TerminalSize(columns: 100, rows: 30))

        session.leave()
        XCTAssertFalse(session.isActive)
        XCTAssertEqual(readMaster(), options.leaveSequence)
        XCTAssertEqual(String(decoding: options.leaveSequence, as: UTF8.self),
                       "\u{1B}[0m\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?7h\u{1B}[?25h\u{1B}[8h\u{1B}[?1049l")
        XCTAssertEqual(termiosBytes(slave), before, "termios restored byte for byte")
        XCTAssertEqual(handlerBits(SIGINT), intBefore, "SIGINT disposition restored")
        XCTAssertEqual(handlerBits(SIGWINCH), winchBefore, "SIGWINCH disposition restored")
        session.leave()  // idempotent
        XCTAssertEqual(readMaster(quietMilliseconds: 20), [])
    }

    func testKeysEscapeTimeoutAndCtrlC() throws {
        try TerminalSession.run(inputFD: slave, outputFD: slave) { session in
            _ = readMaster()
            type(Array("q".utf8))
            XCTAssertEqual(try session.nextEvent(timeoutMilliseconds: 1000), .key(.char("q")))
            type([0x1B, 0x5B, 0x41])
            XCTAssertEqual(try session.nextEvent(timeoutMilliseconds: 1000), .key(KeyEvent(.up)))
            type([0x03])  // ISIG is off: Ctrl-C is a key, not a signal
            XCTAssertEqual(try session.nextEvent(timeoutMilliseconds: 1000), .key(.ctrl("c")))
            let t0 = Sys.monotonicMilliseconds()
            type([0x1B])
            XCTAssertEqual(try session.nextEvent(timeoutMilliseconds: 1000), .key(KeyEvent(.escape)))
            let waited = Sys.monotonicMilliseconds() - t0
            XCTAssertGreaterThanOrEqual(waited, 20)
            XCTAssertLessThan(waited, 500)
            type(Array("漢".utf8))
            XCTAssertEqual(try session.nextEvent(timeoutMilliseconds: 1000), .key(.char("漢")))
        }
    }

    func testTimeout() throws {
        try TerminalSession.run(inputFD: slave, outputFD: slave) { session in
            let t0 = Sys.monotonicMilliseconds()
            XCTAssertEqual(try session.nextEvent(timeoutMilliseconds: 60), .timeout)
            let waited = Sys.monotonicMilliseconds() - t0
            XCTAssertGreaterThanOrEqual(waited, 55)
            XCTAssertLessThan(waited, 1000)
            XCTAssertEqual(try session.nextEvent(timeoutMilliseconds: 0), .timeout)
        }
    }

    func testResizeAndContinueViaSignals() throws {
        try TerminalSession.run(inputFD: slave, outputFD: slave) { session in
            _ = readMaster()
            var ws = winsize(ws_row: 40, ws_col: 120, ws_xpixel: 0, ws_ypixel: 0)
            XCTAssertEqual(ioctl(master, UInt(TIOCSWINSZ), &ws), 0)
            raise(SIGWINCH)
            XCTAssertEqual(try session.nextEvent(timeoutMilliseconds: 1000), .resize(TerminalSize(columns: 120, rows: 40)))
            raise(SIGCONT)
            XCTAssertEqual(try session.nextEvent(timeoutMilliseconds: 1000), .redraw)
            XCTAssertEqual(readMaster(), session.options.enterSequence, "re-entered after SIGCONT")
        }
    }

    func testInputClosed() throws {
        let session = TerminalSession(inputFD: slave, outputFD: slave)
        try session.enter()
        defer { session.leave() }
        close(master)
        master = -1
        XCTAssertEqual(try session.nextEvent(timeoutMilliseconds: 1000), .inputClosed)
        XCTAssertEqual(try session.nextEvent(timeoutMilliseconds: 1000), .inputClosed)
    }

    func testNotATerminalAndAlreadyActive() throws {
        var fds: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&fds), 0)
        defer { close(fds[0]); close(fds[1]) }
        XCTAssertThrowsError(try TerminalSession(inputFD: fds[0], outputFD: slave).enter()) {
            XCTAssertEqual($0 as? TerminalError, .notATerminal(fd: fds[0]))
        }
        XCTAssertThrowsError(try TerminalSession(inputFD: slave, outputFD: fds[1]).enter()) {
            XCTAssertEqual($0 as? TerminalError, .notATerminal(fd: fds[1]))
        }
        let a = TerminalSession(inputFD: slave, outputFD: slave)
        try a.enter()
        XCTAssertThrowsError(try TerminalSession(inputFD: slave, outputFD: slave).enter()) {
            XCTAssertEqual($0 as? TerminalError, .alreadyActive)
        }
        a.leave()
    }

    func testRunLeavesOnThrow() throws {
        struct Boom: Error {}
        let before = termiosBytes(slave)
        XCTAssertThrowsError(try TerminalSession.run(inputFD: slave, outputFD: slave) { _ in throw Boom() })
        XCTAssertEqual(termiosBytes(slave), before)
        let out = readMaster()
        XCTAssertTrue(out.starts(with: TerminalOptions().enterSequence))
        XCTAssertTrue(out.reversed().starts(with: TerminalOptions().leaveSequence.reversed()))
    }

    func testDeinitLeaves() throws {
        let before = termiosBytes(slave)
        do {
            let s = TerminalSession(inputFD: slave, outputFD: slave)
            try s.enter()
        }
        XCTAssertEqual(termiosBytes(slave), before)
    }

    func testWriterWritesLargeBuffersFully() throws {
        var fds: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&fds), 0)
        _ = fcntl(fds[1], F_SETFL, O_NONBLOCK)  // force partial writes and EAGAIN
        let payload = (0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let reader = fds[0]
        nonisolated(unsafe) var received: [UInt8] = []
        let done = expectation(description: "read all")
        Thread.detachNewThread {
            var buf = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = read(reader, &buf, buf.count)
                if n <= 0 { break }
                received += buf[0..<n]
            }
            done.fulfill()
        }
        try TerminalWriter(fd: fds[1]).write(payload)
        close(fds[1])
        wait(for: [done], timeout: 10)
        close(fds[0])
        XCTAssertEqual(received, payload)
    }

    // MARK: - Queries

    let kittyOK = Array("\u{1B}_Gi=31;OK\u{1B}\\".utf8)
    let version = Array("\u{1B}P>|kitty(0.26.5)\u{1B}\\".utf8)
    let da1 = Array("\u{1B}[?62;22c".utf8)
    let queries = Array("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[>0q\u{1B}[c".utf8)

    /// Writes `bytes` on the terminal's side after `milliseconds`, from another thread.
    func answerLater(_ bytes: [UInt8], after milliseconds: UInt32) -> XCTestExpectation {
        let done = expectation(description: "answered")
        let fd = master
        Thread.detachNewThread {
            usleep(milliseconds * 1000)
            _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            done.fulfill()
        }
        return done
    }

    func testQueryAnswersInOneRead() throws {
        try TerminalSession.run(inputFD: slave, outputFD: slave) { session in
            _ = readMaster()
            type(kittyOK + version + da1)
            let t0 = Sys.monotonicMilliseconds()
            let answer = try session.query(queries, timeoutMilliseconds: 1000, isComplete: TerminalAnswerTests.hasDA1)
            XCTAssertEqual(answer, kittyOK + version + da1)
            XCTAssertLessThan(Sys.monotonicMilliseconds() - t0, 500, "returns once complete, not at the deadline")
            XCTAssertEqual(readMaster(), queries, "the queries were written")
            XCTAssertEqual(try session.nextEvent(timeoutMilliseconds: 0), .timeout, "no key events from the answer")
        }
    }

    func testQueryAnswerSplitAcrossReads() throws {
        try TerminalSession.run(inputFD: slave, outputFD: slave) { session in
            _ = readMaster()
            type(kittyOK + Array(version.prefix(5)))
            let rest = answerLater(Array(version.dropFirst(5)) + da1, after: 50)
            let answer = try session.query(queries, timeoutMilliseconds: 2000, isComplete: TerminalAnswerTests.hasDA1)
            wait(for: [rest], timeout: 5)
            XCTAssertEqual(answer, kittyOK + version + da1)
            XCTAssertEqual(try session.nextEvent(timeoutMilliseconds: 0), .timeout)
        }
    }

    func testQueryWithoutAnswerTimesOut() throws {
        try TerminalSession.run(inputFD: slave, outputFD: slave) { session in
            _ = readMaster()
            let t0 = Sys.monotonicMilliseconds()
            let answer = try session.query(queries, timeoutMilliseconds: 80, isComplete: TerminalAnswerTests.hasDA1)
            let waited = Sys.monotonicMilliseconds() - t0
            XCTAssertEqual(answer, [])
            XCTAssertGreaterThanOrEqual(waited, 75)
            XCTAssertLessThan(waited, 1000)
        }
    }

    func testKeysAfterTheAnswerAreKeyEvents() throws {
        try TerminalSession.run(inputFD: slave, outputFD: slave) { session in
            _ = readMaster()
            type(kittyOK + da1 + Array("j\u{1B}[Bq".utf8))
            let answer = try session.query(queries, timeoutMilliseconds: 1000, isComplete: TerminalAnswerTests.hasDA1)
            XCTAssertEqual(answer, kittyOK + da1)
            XCTAssertEqual(try session.nextEvent(timeoutMilliseconds: 1000), .key(.char("j")))
            XCTAssertEqual(try session.nextEvent(timeoutMilliseconds: 1000), .key(KeyEvent(.down)))
            XCTAssertEqual(try session.nextEvent(timeoutMilliseconds: 1000), .key(.char("q")))
            type(Array("k".utf8))
            XCTAssertEqual(try session.nextEvent(timeoutMilliseconds: 1000), .key(.char("k")), "later keys as usual")
        }
    }

    func testKeysWithoutAnyAnswerAreKeyEvents() throws {
        try TerminalSession.run(inputFD: slave, outputFD: slave) { session in
            _ = readMaster()
            type(Array("jj".utf8))
            let answer = try session.query(queries, timeoutMilliseconds: 60, isComplete: TerminalAnswerTests.hasDA1)
            XCTAssertEqual(answer, [])
            XCTAssertEqual(try session.nextEvent(timeoutMilliseconds: 1000), .key(.char("j")))
            XCTAssertEqual(try session.nextEvent(timeoutMilliseconds: 1000), .key(.char("j")))
        }
    }

    func testCellSizeQuery() throws {
        let cellAnswer = Array("\u{1B}[6;16;8t".utf8)
        let isComplete = { (bytes: [UInt8]) in
            String(decoding: bytes, as: UTF8.self).range(of: "\u{1B}\\[6;[0-9]+;[0-9]+t", options: .regularExpression) != nil
        }
        try TerminalSession.run(inputFD: slave, outputFD: slave) { session in
            _ = readMaster()
            let later = answerLater(cellAnswer + Array("x".utf8), after: 30)
            let answer = try session.query(Array("\u{1B}[16t".utf8), timeoutMilliseconds: 2000, isComplete: isComplete)
            wait(for: [later], timeout: 5)
            XCTAssertEqual(answer, cellAnswer)
            XCTAssertEqual(readMaster(), Array("\u{1B}[16t".utf8))
            XCTAssertEqual(try session.nextEvent(timeoutMilliseconds: 1000), .key(.char("x")))
        }
    }

    func testQueryEndsAtEndOfInput() throws {
        let session = TerminalSession(inputFD: slave, outputFD: slave)
        try session.enter()
        defer { session.leave() }
        _ = readMaster()
        close(master)
        master = -1
        let t0 = Sys.monotonicMilliseconds()
        let answer = try session.query([], timeoutMilliseconds: 5000, isComplete: TerminalAnswerTests.hasDA1)
        XCTAssertLessThan(Sys.monotonicMilliseconds() - t0, 2000, "not the whole timeout")
        XCTAssertEqual(answer, [])
        XCTAssertEqual(try session.nextEvent(timeoutMilliseconds: 1000), .inputClosed)
    }

    func testSizeReportsPixels() throws {
        var ws = winsize(ws_row: 30, ws_col: 100, ws_xpixel: 800, ws_ypixel: 480)
        XCTAssertEqual(ioctl(master, UInt(TIOCSWINSZ), &ws), 0)
        let session = TerminalSession(inputFD: slave, outputFD: slave)
        XCTAssertEqual(session.size(), TerminalSize(columns: 100, rows: 30, pixelWidth: 800, pixelHeight: 480))
        XCTAssertEqual(TerminalSize(columns: 100, rows: 30).pixelWidth, 0, "pixels default to unknown")
    }
}
