import Foundation
import XCTest

/// A book's own settings (what `+`/`-`, `c` and the `o` panel save in its state file)
/// through the whole program: they override the config file, the command line overrides
/// them, and `reader config BOOK` names them.
final class BookSettingsEndToEndTests: XCTestCase {
    var home: URL!
    var book: String { DumpTypesetEndToEndTests.book }

    override func setUpWithError() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("reader-book-settings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home.appendingPathComponent("config/reader"), withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: home) }

    var environment: [String: String] {
        ["XDG_CONFIG_HOME": home.appendingPathComponent("config").path, "XDG_STATE_HOME": home.appendingPathComponent("state").path,
         "XDG_CACHE_HOME": home.appendingPathComponent("cache").path]
    }

    func run(_ arguments: [String]) throws -> ReaderRun.Outcome {
        try ReaderRun.reader(arguments, environment: environment)
    }

    /// Saves `settings` as the book's own, in the state file the reader would write.
    func saveBookSettings(_ settings: [String: String]) throws {
        XCTAssertEqual(try run(["add", book]).status, 0)
        let list = try JSONSerialization.jsonObject(with: Data(try run(["list", "--json"]).stdout.utf8)) as? [[String: Any]]
        let key = try XCTUnwrap(list?.first?["key"] as? String)
        let state: [String: Any] = ["version": 1, "key": key, "lastPath": book, "title": "sample",
                                    "position": ["chapter": 0, "offset": 0], "bookmarks": [], "updated": 0, "settings": settings]
        let folder = home.appendingPathComponent("state/reader/books")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: state).write(to: folder.appendingPathComponent(key + ".json"))
    }

    func widest(_ text: String) -> Int { text.split(separator: "\n").map(\.count).max() ?? 0 }

    func testTheBooksOwnSettingsSitBetweenTheConfigFileAndTheCommandLine() throws {
        try "width 60\n".write(to: home.appendingPathComponent("config/reader/config"), atomically: true, encoding: .utf8)
        XCTAssertEqual(widest(try run([book]).stdout), 60, "the config file's width")
        try saveBookSettings(["width": "40", "justify": "on"])
        let piped = try run([book])
        XCTAssertEqual(piped.stderr, "")
        XCTAssertEqual(widest(piped.stdout), 40, "the book's width wins over the config file")
        XCTAssertEqual(widest(try run([book, "--width", "50"]).stdout), 50, "the command line wins over the book")
        let config = try run(["config", book]).stdout
        XCTAssertTrue(config.contains("width             40       # book"), config)
        XCTAssertTrue(config.contains("justify           on       # book"), config)
    }

    func testABadBookSettingIsWarnedAboutAndSkipped() throws {
        try saveBookSettings(["width": "wide", "theme": "light"])
        let piped = try run([book])
        XCTAssertEqual(piped.status, 0)
        XCTAssertTrue(piped.stderr.contains("book settings"), piped.stderr)
        XCTAssertTrue(piped.stderr.contains("'wide'"), piped.stderr)
        XCTAssertEqual(widest(piped.stdout), 80, "the default width")
    }

    func testFitWidthKeptForABookIsNamedAndABadFitIsRefused() throws {
        try saveBookSettings(["fit": "width"])
        let config = try run(["config", book])
        XCTAssertEqual(config.stderr, "")
        let line = config.stdout.split(separator: "\n").first { $0.hasPrefix("fit ") }
        XCTAssertEqual(line?.split(separator: " ").map(String.init), ["fit", "width", "#", "book"], config.stdout)
        let bad = try run([book, "--fit", "wide"])
        XCTAssertNotEqual(bad.status, 0)
        XCTAssertTrue(bad.stderr.contains("--fit must be page or width, not 'wide'"), bad.stderr)
    }
}
