import Foundation
import XCTest

/// `reader cache build` and vertical text (issue #23): a book that asks for vertical text
/// gets its columns cached at each `--height` (23 rows by default), a horizontal book only
/// with `--writing-mode vertical`, none with `--writing-mode horizontal`; a bad height is
/// a usage error.
final class VerticalCacheBuildEndToEndTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reader-vcache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    let vertical = TmuxSessionTests.fixtures.appendingPathComponent("epub/conformance/vertical-ja.epub").path
    let horizontal = TmuxSessionTests.fixtures.appendingPathComponent("epub/epub2-ncx.epub").path

    func build(_ args: [String]) throws -> ReaderRun.Outcome {
        let env = ["XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
                   "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
                   "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path, "PATH": "/usr/bin:/bin"]
        return try ReaderRun.run(TmuxSessionTests.binary, ["cache", "build"] + args, environment: env)
    }

    /// The heights of the vertical files in the layout folder, read from their identities.
    func verticalHeights() -> [Int] {
        let layout = folder.appendingPathComponent("cache/reader/layout")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: layout.path)) ?? []
        return names.compactMap { name -> Int? in
            guard let data = FileManager.default.contents(atPath: layout.appendingPathComponent(name).path) else { return nil }
            let head = String(decoding: data.prefix(400), as: UTF8.self)
            guard head.contains("reader-vertical;"), let r = head.range(of: "height=") else { return nil }
            return Int(head[r.upperBound...].prefix { $0.isNumber })
        }.sorted()
    }

    func testAVerticalBookGetsColumnsAtEachHeight() throws {
        let out = try build(["--height", "15", "--height", "30", vertical, horizontal])
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertEqual(verticalHeights(), [15, 30], "the vertical book only")
        XCTAssertTrue(out.stdout.contains("2 vertical layouts written (columns of 15, 30 rows)"), out.stdout)
        let again = try build(["--height", "15", vertical])
        XCTAssertTrue(again.stdout.contains("0 vertical layouts written"), again.stdout)
        XCTAssertTrue(again.stdout.contains("already cached"), again.stdout)
    }

    func testTheDefaultHeightAndTheWritingModes() throws {
        XCTAssertEqual(try build([vertical]).status, 0)
        XCTAssertEqual(verticalHeights(), [23], "a 24-row terminal's columns by default")
        XCTAssertEqual(try build(["--writing-mode", "vertical", "--height", "9", horizontal]).status, 0)
        XCTAssertEqual(verticalHeights(), [9, 23], "every book with --writing-mode vertical")
        XCTAssertEqual(try build(["--writing-mode", "horizontal", "--height", "12", vertical]).status, 0)
        XCTAssertEqual(verticalHeights(), [9, 23], "none with --writing-mode horizontal")
    }

    func testABadHeightIsAUsageError() throws {
        let out = try build(["--height", "1", vertical])
        XCTAssertEqual(out.status, 2)
        XCTAssertTrue(out.stderr.contains("--height must be a whole number from 2 to 1000"), out.stderr)
        XCTAssertEqual(out.stderr.split(separator: "\n").count, 1)
    }
}
