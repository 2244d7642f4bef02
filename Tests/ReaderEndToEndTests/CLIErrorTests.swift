import Foundation
import Glibc
import XCTest

/// Every failure a user can cause (docs/ERRORS.md) ends with exactly one line on stderr,
/// `reader: …`, the documented exit code, and never a Swift trap or stack trace.
final class CLIErrorTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reader-errors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: TmuxSessionTests.binary.path))
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    struct Outcome {
        var status: Int32
        var stderr: String
    }

    /// Runs the binary with `args` (stdout to `stdout`, default /dev/null), optionally as
    /// another user through setpriv.
    func run(_ args: [String], stdout: String = "/dev/null", asUser uid: Int? = nil) throws -> Outcome {
        let p = Process()
        if let uid {
            p.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            p.arguments = ["--reuid=\(uid)", "--regid=\(uid)", "--clear-groups", TmuxSessionTests.binary.path] + args
        } else {
            p.executableURL = TmuxSessionTests.binary
            p.arguments = args
        }
        var env = ProcessInfo.processInfo.environment
        env["XDG_STATE_HOME"] = folder.appendingPathComponent("state").path
        env["XDG_CACHE_HOME"] = folder.appendingPathComponent("cache").path
        p.environment = env
        let err = Pipe()
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        p.standardOutput = FileHandle(forWritingAtPath: stdout)
        try p.run()
        let data = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Outcome(status: p.terminationStatus, stderr: String(decoding: data, as: UTF8.self))
    }

    func check(_ args: [String], exit code: Int32, contains text: String, stdout: String = "/dev/null", asUser uid: Int? = nil,
               file: StaticString = #filePath, line: UInt = #line) throws {
        let o = try run(args, stdout: stdout, asUser: uid)
        let what = args.joined(separator: " ")
        XCTAssertEqual(o.status, code, "\(what): \(o.stderr)", file: file, line: line)
        let lines = o.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 2, "\(what): exactly one line expected: \(o.stderr.debugDescription)", file: file, line: line)
        XCTAssertTrue(o.stderr.hasPrefix("reader: "), "\(what): \(o.stderr)", file: file, line: line)
        XCTAssertTrue(o.stderr.contains(text), "\(what): \(o.stderr)", file: file, line: line)
        for bad in ["Fatal error", "Backtrace", "Crash", "Thread 0", "at /"] {
            XCTAssertFalse(o.stderr.contains(bad), "\(what): \(o.stderr)", file: file, line: line)
        }
    }

    var sample: String { TmuxSessionTests.fixtures.appendingPathComponent("sample/sample.txt").path }
    func epub(_ name: String) -> String { TmuxSessionTests.fixtures.appendingPathComponent("epub/\(name)").path }

    func testDRMAndBrokenMOBIAndFB2ExitWith4() throws {
        func fixture(_ p: String) -> String { TmuxSessionTests.fixtures.appendingPathComponent(p).path }
        try check(["info", fixture("mobi/drm.mobi")], exit: 4, contains: "DRM-protected: this book cannot be opened")
        try check(["dump", fixture("mobi/drm.mobi")], exit: 4, contains: "DRM-protected: this book cannot be opened")
        try check(["info", fixture("mobi/truncated-header.mobi")], exit: 4, contains: "invalid MOBI: ")
        try check(["info", fixture("mobi/offsets-past-end.mobi")], exit: 4, contains: "invalid MOBI: ")
        try check(["info", fixture("fb2/no-body.fb2")], exit: 4, contains: "invalid FB2: ")
        try check(["info", fixture("fb2/no-document.fb2.zip")], exit: 4, contains: "invalid FB2: ")
    }

    func testBrokenDocumentsExitWith4() throws {
        try check(["info", TmuxSessionTests.fixtures.appendingPathComponent("html/empty-body.html").path], exit: 4,
                  contains: "no readable text: the HTML file has no text")
        let big = folder.appendingPathComponent("big.md")
        FileManager.default.createFile(atPath: big.path, contents: nil)
        let h = try FileHandle(forWritingTo: big)
        try h.truncate(atOffset: UInt64(300 << 20))   // sparse: 300 MiB of NUL, over the HTML/Markdown limits
        try h.close()
        try check(["info", big.path], exit: 6, contains: "limit exceeded")
    }

    func testBadCommandLinesExitWith2() throws {
        try check(["--bogus"], exit: 2, contains: "unknown option '--bogus'")
        try check(["info"], exit: 2, contains: "needs a BOOK")
        try check(["dump", sample, "--width", "abc"], exit: 2, contains: "--width must be")
        try check(["dump", sample, "--width", "0"], exit: 2, contains: "--width must be")
        try check(["dump", sample, "--chapter", "999"], exit: 2, contains: "--chapter 999")
        try check(["dump", sample, "--offset", "-3"], exit: 2, contains: "--offset")
        try check([sample, "--percent", "200"], exit: 2, contains: "--percent")
        try check(["cache", "frob"], exit: 2, contains: "unknown cache command")
        try check([sample, "--status", "percent,clock"], exit: 2, contains: "--status takes fields separated by commas")
        try check(["stats", sample, sample], exit: 2, contains: "stats takes at most one BOOK")
    }

    func testARateAfterABareRevealSuggestsTheEqualsSign() throws {
        // Issue #13: `--reveal 45` said "give one BOOK" (the rate is optional, so 45 was a BOOK).
        try check([sample, "--reveal", "45"], exit: 2, contains: "did you mean --reveal=45?")
        try check(["--reveal", "45", sample], exit: 2, contains: "did you mean --reveal=45?")
        try check(["--reveal", "300wpm"], exit: 2, contains: "did you mean --reveal=300wpm?")
    }

    func testFilesThatCannotBeReadExitWith3() throws {
        try check([folder.appendingPathComponent("missing.epub").path], exit: 3, contains: "no such file")
        try check(["info", folder.path], exit: 3, contains: "is a directory")
        try check([folder.path], exit: 3, contains: "is a directory")
        try check(["dump", "/dev/zero"], exit: 3, contains: "not a regular file")
        let fifo = folder.appendingPathComponent("fifo.txt").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        try check([fifo], exit: 3, contains: "not a regular file")
    }

    /// chmod 000 stops everyone but root; as root the binary is run as `nobody` (setpriv),
    /// so the permission check is exercised either way.
    func testUnreadableFileExitsWith3() throws {
        let book = folder.appendingPathComponent("locked.txt")
        try "Some text.\n".write(to: book, atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(book.path, 0o000), 0)
        XCTAssertEqual(chmod(folder.path, 0o755), 0)
        let uid: Int? = geteuid() == 0 ? 65534 : nil
        try check([book.path], exit: 3, contains: "permission denied", asUser: uid)
        try check(["info", book.path], exit: 3, contains: "permission denied", asUser: uid)
    }

    func testBrokenBooksExitWith4() throws {
        for (name, text) in [("empty.epub", "file is empty"), ("not-a-zip.epub", "not a zip archive"),
                             ("truncated.epub", "truncated"), ("no-container.epub", "container.xml"),
                             ("missing-opf.epub", "missing"), ("empty-spine.epub", "spine"),
                             ("all-missing.epub", "no readable text"), ("billion-laughs.epub", "entity")] {
            try check([epub(name)], exit: 4, contains: text)
            try check(["info", epub(name)], exit: 4, contains: text)
        }
    }

    func testUndecodableTextAndUnknownEncodingExitWith5() throws {
        let binary = folder.appendingPathComponent("binary.txt")
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: binary)
        try check(["info", binary.path], exit: 5, contains: "cannot decode text")
        try check([sample, "--encoding", "NOPE"], exit: 5, contains: "unknown encoding 'NOPE'")
    }

    func testSafetyLimitsExitWith6() throws {
        try check([epub("zip-bomb.epub")], exit: 6, contains: "compression ratio")
    }

    func testNotesFilesThatCannotBeImported() throws {
        try check(["notes"], exit: 2, contains: "notes needs a BOOK")
        try check(["notes", sample, "--format", "pdf"], exit: 2, contains: "--format must be md or json")
        try check(["notes", "import", sample], exit: 2, contains: "notes import needs a BOOK and a FILE.json")
        let missing = folder.appendingPathComponent("missing.json").path
        try check(["notes", "import", sample, missing], exit: 3, contains: "\(missing): cannot read the notes file")
        let bad = folder.appendingPathComponent("bad.json")
        try Data("{\"format\": \"something else\"}".utf8).write(to: bad)
        try check(["notes", "import", sample, bad.path], exit: 9, contains: "\(bad.path): not a notes file")
    }

    func testOutputFailureExitsWith7() throws {
        try check(["dump", sample], exit: 7, contains: "cannot write output", stdout: "/dev/full")
    }

    /// File names are shown, but never as terminal controls or bidi overrides.
    func testHostileFileNamesAreNeutralisedInMessages() throws {
        let name = folder.appendingPathComponent("evil\u{1B}]0;owned\u{07}\u{202E}txt.epub").path
        let o = try run([name])
        XCTAssertEqual(o.status, 3)
        XCTAssertFalse(o.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, o.stderr.debugDescription)
        XCTAssertFalse(o.stderr.unicodeScalars.contains { $0.value == 0x202E }, o.stderr.debugDescription)
    }
}
