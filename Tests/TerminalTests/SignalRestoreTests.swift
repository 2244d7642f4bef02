import XCTest
import Glibc
@testable import Terminal

/// End-to-end checks of the restore-on-exit paths: the test binary re-runs itself as a
/// child process (selecting `testChildHelper`), which enters a session on a pseudo-terminal
/// and then dies by a signal, a crash or `exit()`. The parent checks how it died, that the
/// enter *and* leave sequences reached the terminal, and that the termios is restored.
final class SignalRestoreTests: XCTestCase {
    /// Runs only inside the child (selected by environment); a no-op in a normal test run.
    func testChildHelper() throws {
        guard let fdText = getenv("READER_TERM_CHILD_FD"), let how = getenv("READER_TERM_CHILD_HOW") else { return }
        let fd = Int32(String(cString: fdText))!
        let session = TerminalSession(inputFD: fd, outputFD: fd)
        try session.enter()
        if let prefix = getenv("READER_TERM_CHILD_PREFIX") { session.setLeavePrefix(Array(String(cString: prefix).utf8)) }
        switch String(cString: how) {
        case "exit": exit(7)
        case "crash":
            let empty: [Int] = []
            print(empty[Int(getpid()) % 3 + 1])
        default: raise(Int32(String(cString: how))!)
        }
        XCTFail("still alive")
    }

    private func selfPath() -> String {
        var buf = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buf, buf.count - 1)
        return n > 0 ? String(cString: buf) : CommandLine.arguments[0]
    }

    /// Spawns the child; returns (raw wait status, bytes the terminal received, termios restored?).
    private func runChild(_ how: String, prefix: String? = nil) throws -> (Int32, [UInt8], Bool) {
        var master: Int32 = -1, slave: Int32 = -1
        guard openpty(&master, &slave, nil, nil, nil) == 0 else { throw XCTSkip("openpty failed") }
        defer { close(master); close(slave) }
        var before = termios()
        tcgetattr(slave, &before)

        setenv("READER_TERM_CHILD_FD", String(slave), 1)
        setenv("READER_TERM_CHILD_HOW", how, 1)
        if let prefix { setenv("READER_TERM_CHILD_PREFIX", prefix, 1) } else { unsetenv("READER_TERM_CHILD_PREFIX") }
        setenv("SWIFT_BACKTRACE", "enable=no", 1)
        defer {
            unsetenv("READER_TERM_CHILD_FD"); unsetenv("READER_TERM_CHILD_HOW"); unsetenv("SWIFT_BACKTRACE")
            unsetenv("READER_TERM_CHILD_PREFIX")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let path = selfPath()
        let args = [path, "TerminalTests.SignalRestoreTests/testChildHelper"]
        var argv: [UnsafeMutablePointer<CChar>?] = args.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, path, &actions, nil, &argv, environ)
        guard rc == 0 else { throw XCTSkip("posix_spawn failed: \(rc)") }

        // Drain the master while waiting, so the child's writes never block.
        var received: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 4096)
        var status: Int32 = 0
        let start = Sys.monotonicMilliseconds()
        while true {
            var pfd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            if poll(&pfd, 1, 50) > 0 {
                let n = read(master, &buf, buf.count)
                if n > 0 { received += buf[0..<n] }
            }
            if waitpid(pid, &status, WNOHANG) == pid { break }
            if Sys.monotonicMilliseconds() - start > 60_000 { kill(pid, SIGKILL); XCTFail("child hung"); break }
        }
        while true {  // what is left
            var pfd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 100) > 0 else { break }
            let n = read(master, &buf, buf.count)
            if n <= 0 { break }
            received += buf[0..<n]
        }
        var after = termios()
        tcgetattr(slave, &after)
        let same = withUnsafeBytes(of: &before) { b in withUnsafeBytes(of: &after) { a in Array(a) == Array(b) } }
        return (status, received, same)
    }

    private func check(_ how: String, prefix: String? = nil, file: StaticString = #filePath, line: UInt = #line,
                       status expected: (Int32) -> Bool) throws {
        let (status, received, restored) = try runChild(how, prefix: prefix)
        XCTAssertTrue(expected(status), "\(how): wait status \(status)", file: file, line: line)
        let options = TerminalOptions()
        XCTAssertEqual(received, options.enterSequence + Array((prefix ?? "").utf8) + options.leaveSequence,
                       "\(how): terminal saw \(String(decoding: received, as: UTF8.self).debugDescription)",
                       file: file, line: line)
        XCTAssertTrue(restored, "\(how): termios restored", file: file, line: line)
    }

    func testTerminatingSignalsRestoreThenKill() throws {
        for sig in [SIGTERM, SIGHUP, SIGINT, SIGQUIT] {
            try check(String(sig)) { status in status & 0x7F == sig }
        }
    }

    func testASIGTERMWritesTheLeavePrefixFirst() throws {
        // What the reader sets when kitty pictures are on screen: delete them all.
        try check(String(SIGTERM), prefix: "\u{1B}_Ga=d,d=A,q=2\u{1B}\\") { status in status & 0x7F == SIGTERM }
    }

    func testCrashRestores() throws {
        try check("crash") { status in [SIGILL, SIGTRAP].contains(status & 0x7F) }
    }

    func testExitWithoutLeaveRestoresViaAtexit() throws {
        try check("exit") { status in status & 0x7F == 0 && (status >> 8) & 0xFF == 7 }
    }
}
