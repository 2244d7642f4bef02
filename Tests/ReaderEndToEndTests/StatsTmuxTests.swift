import Foundation
import Glibc
import XCTest

/// The real binary in tmux records reading: the status line shows the time left in the
/// chapter, line scrolls a second apart count, and `reader stats --json` shows them.
extension TmuxSessionTests {
    func testReadingIsRecordedAndReaderStatsShowsIt() throws {
        let book = Self.fixtures.appendingPathComponent("sample/sample.txt").path
        try start(book, extra: "--chapter 2")
        _ = try waitForScreen("the time left") { self.statusLine($0).contains("min left in chapter") }
        for _ in 0..<4 {
            usleep(1_500_000)   // a line (≤ 80 letters) in 1.5 s: a reading pace (over 1.2 s at the default speed)
            try tmux(["send-keys", "j"])
        }
        usleep(300_000)
        try tmux(["send-keys", "q"])
        XCTAssertEqual(waitForFile(folder.appendingPathComponent("exit.code"))?.trimmingCharacters(in: .whitespacesAndNewlines), "0")
        let outcome = try ReaderRun.run(Self.binary, ["stats", "--json"],
                                        environment: ["XDG_STATE_HOME": folder.appendingPathComponent("state").path, "PATH": "/usr/bin:/bin"])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let doc = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let books = try XCTUnwrap(doc["books"] as? [[String: Any]])
        XCTAssertEqual(books.count, 1, outcome.stdout)
        let seconds = books.first?["seconds"] as? Double ?? 0
        XCTAssertGreaterThan(seconds, 4.5, outcome.stdout)    // four scrolls of 1.5 s (the first from the first frame)
        XCTAssertLessThan(seconds, 20, outcome.stdout)
        XCTAssertGreaterThan((books.first?["characters"] as? [String: Int])?["alphabetic"] ?? 0, 100, outcome.stdout)
        XCTAssertEqual((doc["days"] as? [[String: Any]])?.count, 1)
    }
}
