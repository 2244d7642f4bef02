import Foundation
import XCTest

/// `reader cache build` on a terminal (run under `script`, which gives it a pseudo-terminal,
/// so the progress bar is drawn): messages get lines of their own, and a book's warnings
/// are printed once however many widths are built (issue #13, item 5).
final class CacheBuildEndToEndTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reader-cache-build-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: TmuxSessionTests.binary.path))
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs `reader ARGS` on a pseudo-terminal (after the shell command `before`, e.g. an
    /// `stty` that sets its size); returns everything it wrote (stdout and stderr).
    func runOnTerminal(_ args: [String], before: String = "") throws -> String {
        let quoted = ([TmuxSessionTests.binary.path] + args).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        p.arguments = ["-qec", before + quoted.joined(separator: " "), "/dev/null"]
        var env = ProcessInfo.processInfo.environment
        env["XDG_STATE_HOME"] = folder.appendingPathComponent("state").path
        env["XDG_CACHE_HOME"] = folder.appendingPathComponent("cache").path
        p.environment = env
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, String(decoding: data, as: UTF8.self))
        return String(decoding: data, as: UTF8.self)
    }

    /// A TXT book that opens with a warning (one broken UTF-8 sequence).
    func bookWithAWarning() throws -> String {
        var bytes = Array(("Chapter 1\n\n" + String(repeating: "Some café text here. ", count: 200) + "\n\n").utf8)
        bytes += Array("bad ".utf8) + [0xFF] + Array(" bytes here\n".utf8)
        bytes += Array(String(repeating: "More text. ", count: 300).utf8)
        let path = folder.appendingPathComponent("broken.txt").path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        return path
    }

    func testAWarningIsPrintedOnceOnALineOfItsOwn() throws {
        let book = try bookWithAWarning()
        let output = try runOnTerminal(["cache", "build", "--force", "--jobs", "1", "-w", "60", "-w", "100", book])
        XCTAssertTrue(output.contains("ETA"), "the progress bar is drawn on a terminal: \(output.debugDescription)")
        let warnings = output.components(separatedBy: "reader: warning:")
        XCTAssertEqual(warnings.count - 1, 1, "one warning per book, not one per width: \(output.debugDescription)")
        for before in warnings.dropLast() {
            XCTAssertTrue(before.isEmpty || before.hasSuffix("\n") || before.hasSuffix("\r\u{1B}[K"),
                          "the bar's line is cleared before a message: \(output.debugDescription)")
        }
        XCTAssertTrue(output.contains("2 cache files written"), output)
    }

    /// Without `--width`/`--height`, in a terminal, what the reader opened in that terminal
    /// lays out: its text width (70 columns less the margins: 66; at most 80) and, for a book set in
    /// columns, its column height (30 rows less the status line: 29) — so the first open
    /// after the build finds both.
    func testInATerminalTheDefaultsAreWhatTheReaderThereLaysOut() throws {
        let book = TmuxSessionTests.fixtures.appendingPathComponent("epub/conformance/vertical-ja.epub").path
        _ = try runOnTerminal(["cache", "build", book], before: "stty cols 70 rows 30; ")
        let layout = folder.appendingPathComponent("cache/reader/layout")
        let identities = try FileManager.default.contentsOfDirectory(atPath: layout.path).map { name -> String in
            let data = FileManager.default.contents(atPath: layout.appendingPathComponent(name).path) ?? Data()
            return String(decoding: data.prefix(400), as: UTF8.self)
        }
        XCTAssertEqual(identities.count, 2, "one file of lines, one of columns")
        XCTAssertTrue(identities.contains { $0.contains("reader-layout;") && $0.contains(";width=66;") }, "\(identities)")
        XCTAssertTrue(identities.contains { $0.contains("reader-vertical;") && $0.contains(";height=29;") }, "\(identities)")
    }
}
