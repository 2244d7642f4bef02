import Foundation
import Glibc
import XCTest
@testable import ReaderApp

/// `ShellCommand`, which runs `--clipboard-command` in place of Foundation's `Process`.
final class ShellCommandTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reader-shell-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        signal(SIGPIPE, SIG_IGN)   // as Clipboard.run does
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    func run(_ command: String, input: String = "", timeout: Double = 5) throws -> Int32? {
        try ShellCommand.start(command, input: Array(input.utf8)).waitForExit(timeout: timeout)
    }

    func output(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    func testTheExitStatusOrTheSignalThatEndedIt() throws {
        XCTAssertEqual(try run("true"), 0)
        XCTAssertEqual(try run("exit 3"), 3)
        XCTAssertEqual(try run("exit 255"), 255)
        XCTAssertEqual(try run("kill -9 $$"), 9, "the signal's number, as Process.terminationStatus")
        XCTAssertEqual(try run("kill -TERM $$"), SIGTERM)
    }

    func testTheInputArrivesWholeAndTheOutputGoesNowhere() throws {
        let text = String(repeating: "Call me Ishmael. Σοφία 漢字\n", count: 20_000)   // beyond a pipe's 64 KB
        XCTAssertEqual(try run("cat > '\(folder.path)/in'; echo out; echo err >&2", input: text), 0)
        XCTAssertEqual(try output("in"), text)
        XCTAssertEqual(try run("cat > '\(folder.path)/empty'"), 0, "no input: end of file at once")
        XCTAssertEqual(try output("empty"), "")
    }

    func testACommandThatReadsNothingNeitherBlocksNorKillsTheCaller() throws {
        XCTAssertEqual(try run("exit 0", input: String(repeating: "x", count: 4 << 20)), 0)
    }

    func testATimeoutLeavesItRunningUntilTerminated() throws {
        let shell = try ShellCommand.start("exec sleep 5", input: [])
        let start = Date()
        XCTAssertNil(shell.waitForExit(timeout: 0.2))
        XCTAssertLessThan(Date().timeIntervalSince(start), 2)
        XCTAssertEqual(kill(shell.pid, 0), 0, "still running")
        shell.terminate()
        let deadline = Date().addingTimeInterval(5)
        while kill(shell.pid, 0) == 0 && Date() < deadline { usleep(10_000) }
        XCTAssertEqual(kill(shell.pid, 0), -1, "ended and waited for (no zombie left)")
        XCTAssertEqual(errno, ESRCH)
    }

    func testItHasNoDescriptorOfTheCallersButItsStandardOnes() throws {
        let inherited = open(folder.appendingPathComponent("open-without-cloexec").path, O_CREAT | O_WRONLY, 0o644)
        XCTAssertGreaterThan(inherited, 2)
        defer { close(inherited) }
        // The shell's own tests: no fork, so $$ is the process started.
        XCTAssertEqual(try run("[ ! -e /proc/$$/fd/\(inherited) ]"), 0, "a descriptor without close-on-exec is closed")
        XCTAssertEqual(try run("[ -p /proc/$$/fd/0 ]"), 0, "standard input is the pipe")
        XCTAssertEqual(try run("[ \"$(readlink /proc/$$/fd/1)\" = /dev/null ] && [ \"$(readlink /proc/$$/fd/2)\" = /dev/null ]"), 0)
    }

    func testOpenDescriptorsAreListedForAnOlderGlibc() throws {
        let fd = open(folder.appendingPathComponent("listed").path, O_CREAT | O_WRONLY, 0o644)
        defer { close(fd) }
        let listed = ShellCommand.openDescriptors(from: 3)
        XCTAssertTrue(listed.contains(fd))
        XCTAssertFalse(listed.contains(2))
        XCTAssertEqual(listed, listed.sorted())
    }

    func testItRunsInAProcessGroupOfItsOwn() throws {
        // Field 5 of /proc/PID/stat is the process group ("sh" has no space in its name).
        XCTAssertEqual(try run("set -- $(cat /proc/$$/stat); [ \"$5\" = \"$$\" ]"), 0)
    }

    func testStatusesDecodeAsTheWaitMacros() {
        XCTAssertEqual(ShellCommand.decode(0), 0)
        XCTAssertEqual(ShellCommand.decode(3 << 8), 3)
        XCTAssertEqual(ShellCommand.decode(SIGKILL), SIGKILL)
        XCTAssertEqual(ShellCommand.decode(SIGSEGV | 0x80), SIGSEGV, "a core dump flag is not the signal")
    }
}
