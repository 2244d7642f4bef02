import Foundation
import XCTest

/// `reader stats [BOOK] [--json]` as the binary runs it, over statistics files written as
/// an earlier reading session leaves them (docs/STATS.md, "Files").
final class StatsEndToEndTests: XCTestCase {
    var folder: URL!
    var environment: [String: String] { ["XDG_STATE_HOME": folder.appendingPathComponent("state").path,
                                         "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
                                         "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path, "PATH": "/usr/bin:/bin"] }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reader-stats-e2e-\(UUID().uuidString)")
        let books = folder.appendingPathComponent("books")
        try FileManager.default.createDirectory(at: books, withIntermediateDirectories: true)
        for name in ["epub/epub3-features.epub", "txt/en_utf8_lf.txt"] {
            let source = TmuxSessionTests.fixtures.appendingPathComponent(name)
            try FileManager.default.copyItem(at: source, to: books.appendingPathComponent(source.lastPathComponent))
        }
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    func reader(_ args: [String]) throws -> ReaderRun.Outcome {
        try ReaderRun.run(TmuxSessionTests.binary, args, environment: environment)
    }

    private func writeStats(key: String, title: String, seconds: Double, days: [String: Double], lastRead: Double) throws {
        let url = folder.appendingPathComponent("state/reader/stats/books/\(key).json")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let object: [String: Any] = ["key": key, "title": title, "seconds": seconds, "characters": ["alphabetic": Int(seconds) * 20],
                                     "days": days, "lastRead": lastRead]
        try JSONSerialization.data(withJSONObject: object).write(to: url)
    }

    func testStatsAsJSONPerBookAndPerDayAndForOneBook() throws {
        let empty = try reader(["stats"])
        XCTAssertEqual(empty.status, 0, empty.stderr)
        XCTAssertEqual(empty.stdout, "No reading recorded yet.\n")
        XCTAssertEqual(try reader(["add", folder.appendingPathComponent("books").path]).status, 0)
        let list = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try reader(["list", "--json"]).stdout.utf8)) as? [[String: Any]])
        let txt = try XCTUnwrap(list.first { ($0["format"] as? String) == "txt" })
        let epub = try XCTUnwrap(list.first { ($0["format"] as? String) == "epub" })
        try writeStats(key: txt["key"] as! String, title: "Plain", seconds: 600, days: ["2026-11-30": 300, "2026-12-01": 300], lastRead: 2000)
        try writeStats(key: epub["key"] as! String, title: "Features", seconds: 120, days: ["2026-12-01": 120], lastRead: 1000)

        let all = try reader(["stats", "--json"])
        XCTAssertEqual(all.status, 0, all.stderr)
        let doc = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(all.stdout.utf8)) as? [String: Any])
        let books = try XCTUnwrap(doc["books"] as? [[String: Any]])
        XCTAssertEqual(books.map { $0["title"] as? String }, ["Plain", "Features"], "most recently read first")
        XCTAssertEqual(books.first?["seconds"] as? Double, 600)
        XCTAssertEqual(books.first?["charactersPerMinute"] as? Double, 1200)
        let days = try XCTUnwrap(doc["days"] as? [[String: Any]])
        XCTAssertEqual(days.map { $0["date"] as? String }, ["2026-12-01", "2026-11-30"])
        XCTAssertEqual(days.map { $0["minutes"] as? Double }, [7, 5])
        let speeds = try XCTUnwrap(doc["speeds"] as? [String: Double])
        XCTAssertEqual(speeds, ["alphabetic": 1000, "cjk": 400], "the defaults before any speed is learned")

        let one = try reader(["stats", txt["path"] as! String, "--json"])
        XCTAssertEqual(one.status, 0, one.stderr)
        let oneDoc = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(one.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((oneDoc["books"] as? [[String: Any]])?.map { $0["title"] as? String }, ["Plain"])
        XCTAssertEqual((oneDoc["days"] as? [[String: Any]])?.count, 2)

        let plain = try reader(["stats"]).stdout
        XCTAssertTrue(plain.contains("Plain") && plain.contains("10 min") && plain.contains("2026-12-01  7 min"), plain)
        XCTAssertEqual(try reader(["stats", "--bogus"]).status, 2)
        XCTAssertEqual(try reader(["stats", folder.appendingPathComponent("nothing.epub").path]).status, 3)
    }
}
