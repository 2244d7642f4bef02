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
        env["XDG_CONFIG_HOME"] = folder.appendingPathComponent("config").path   // not the user's own
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

    /// A build follows the config file's layout settings (width, margin, justify, indent…;
    /// docs/CONFIG.md), so the reader opened afterwards in a terminal of the same size lays
    /// out nothing: it finds the build's file and writes none of its own.
    func testABuildFollowsTheConfigFileSoTheReaderFindsItsLayout() throws {
        let config = folder.appendingPathComponent("config/reader")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try "width 64\nmargin 3\njustify on\nindent 2\nwrap greedy\n"
            .write(to: config.appendingPathComponent("config"), atomically: true, encoding: .utf8)
        let book = TmuxSessionTests.fixtures.appendingPathComponent("sample/sample.txt").path
        _ = try runOnTerminal(["cache", "build", book], before: "stty cols 66 rows 30; ")
        let layout = folder.appendingPathComponent("cache/reader/layout")
        let built = try FileManager.default.contentsOfDirectory(atPath: layout.path)
        XCTAssertEqual(built.count, 1)
        let header = String(decoding: FileManager.default.contents(atPath: layout.appendingPathComponent(built[0]).path)!.prefix(400),
                            as: UTF8.self)
        XCTAssertTrue(header.contains(";width=60;indent=2;") && header.contains(";justify=1;"),
                      "66 columns less two margins of 3, the configured indent and justification: \(header)")
        // `cache verify` in the same terminal checks what was built, with the same defaults.
        let verified = try runOnTerminal(["cache", "verify", book], before: "stty cols 66 rows 30; ")
        XCTAssertTrue(verified.contains("ok    width 60"), verified)

        // The reader in a 66-column tmux pane with the same folders.
        let socket = "reader-cache-config-\(getpid())"
        let run = "XDG_STATE_HOME='\(folder.path)/state' XDG_CACHE_HOME='\(folder.path)/cache' XDG_CONFIG_HOME='\(folder.path)/config' "
            + "'\(TmuxSessionTests.binary.path)' '\(book)'; sleep 60"
        XCTAssertEqual(system("tmux -L \(socket) new-session -d -x 66 -y 30 \"\(run)\" > /dev/null 2>&1 < /dev/null"), 0)
        defer { _ = system("tmux -L \(socket) kill-server > /dev/null 2>&1") }
        let screen = folder.appendingPathComponent("screen.txt").path
        var shown = ""
        for _ in 0..<200 where !shown.contains("The Clockmaker of Harrow Lane") {
            usleep(50_000)
            _ = system("tmux -L \(socket) capture-pane -p > '\(screen)' 2> /dev/null")
            shown = (try? String(contentsOfFile: screen, encoding: .utf8)) ?? ""
        }
        XCTAssertTrue(shown.contains("The Clockmaker of Harrow Lane"), shown)
        usleep(1_000_000)   // the background layout of the rest, had it been needed
        _ = system("tmux -L \(socket) send-keys q > /dev/null 2>&1")
        usleep(500_000)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: layout.path), built, "the reader wrote no layout of its own")
    }
}
