import Foundation
import XCTest

/// `reader config`, `reader config --default` and the config file's effect on the piped
/// reader, with `XDG_CONFIG_HOME` in a temporary folder.
final class ConfigEndToEndTests: XCTestCase {
    var home: URL!

    override func setUpWithError() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("reader-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home.appendingPathComponent("reader"), withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: home) }

    func write(_ text: String) throws {
        try text.write(to: home.appendingPathComponent("reader/config"), atomically: true, encoding: .utf8)
    }

    func run(_ arguments: [String]) throws -> ReaderRun.Outcome {
        try ReaderRun.reader(arguments, environment: ["XDG_CONFIG_HOME": home.path])
    }

    func testConfigPrintsEachSettingAndItsSource() throws {
        try write("# mine\nwidth 72\njustify yes\ntheme solarized\ncolour red\nmap ctrl+x next_page\nunmap space\n")
        let outcome = try run(["config", "--theme", "light", "--compact"])
        XCTAssertEqual(outcome.status, 0)
        XCTAssertEqual(outcome.stderr, "reader: warning: config:4: bad value 'solarized' for key 'theme' (dark, light or plain)\n"
                                       + "reader: warning: config:5: unknown key 'colour'\n")
        let lines = outcome.stdout.components(separatedBy: "\n")
        XCTAssertEqual(lines.first, "# \(home.path)/reader/config")
        XCTAssertTrue(lines.contains("width             72       # config:2"), outcome.stdout)
        XCTAssertTrue(lines.contains("justify           on       # config:3"), outcome.stdout)
        XCTAssertTrue(lines.contains("theme             light    # command line"), outcome.stdout)
        XCTAssertTrue(lines.contains("compact           on       # command line"), outcome.stdout)
        XCTAssertTrue(lines.contains("wrap              optimal  # default"), outcome.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix("map ctrl+x next_page") && $0.hasSuffix("# config:6") }, outcome.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix("unmap space") && $0.hasSuffix("# config:7") }, outcome.stdout)
    }

    func testWithoutAFileEverythingIsTheDefault() throws {
        let outcome = try run(["config"])
        XCTAssertEqual(outcome.status, 0)
        XCTAssertEqual(outcome.stderr, "")
        XCTAssertTrue(outcome.stdout.hasPrefix("# \(home.path)/reader/config (none)\n"), outcome.stdout)
        XCTAssertEqual(outcome.stdout.components(separatedBy: "# default").count - 1, 23, outcome.stdout)
        XCTAssertEqual(try run(["config", "--path"]).stdout, "\(home.path)/reader/config\n")
    }

    func testTheDefaultFileReadsBackUnchanged() throws {
        let defaults = try run(["config", "--default"])
        XCTAssertEqual(defaults.status, 0)
        XCTAssertTrue(defaults.stdout.contains("\nwidth auto\n"), defaults.stdout)
        XCTAssertTrue(defaults.stdout.contains("\nmap ctrl+f next_page\n"), defaults.stdout)
        let before = try run(["config"]).stdout
        try write(defaults.stdout)
        let after = try run(["config"])
        XCTAssertEqual(after.stderr, "")
        // The same values; only the sources (config:LINE) and the file line differ.
        func values(_ text: String) -> [String] {
            text.components(separatedBy: "\n").filter { !$0.hasPrefix("#") && !$0.hasPrefix("map") }
                .map { $0.components(separatedBy: "#")[0] }
        }
        XCTAssertEqual(values(before), values(after.stdout))
        XCTAssertFalse(after.stdout.contains("# default\n"), after.stdout)
    }

    func testTheFileSetsThePipedLayoutAndTheCommandLineWins() throws {
        let book = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/sample/sample.txt").path
        let plain = try run([book]).stdout.components(separatedBy: "\n")
        XCTAssertGreaterThan(plain.map(\.count).max()!, 40)
        try write("width 40\nwrap nonsense\n")
        let narrow = try run([book])
        XCTAssertEqual(narrow.status, 0)
        XCTAssertEqual(narrow.stderr, "reader: warning: config:2: bad value 'nonsense' for key 'wrap' (optimal or greedy)\n")
        XCTAssertLessThanOrEqual(narrow.stdout.components(separatedBy: "\n").map(\.count).max()!, 40)
        XCTAssertEqual(try run([book, "--width", "auto"]).stdout.components(separatedBy: "\n"), plain)
        try write("justify on\ncompact on\n")
        XCTAssertEqual(try run([book, "--justify=off", "--compact=no"]).stdout.components(separatedBy: "\n"), plain)
        XCTAssertNotEqual(try run([book]).stdout.components(separatedBy: "\n"), plain)
    }
}
