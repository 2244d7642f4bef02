import Foundation
import XCTest

/// Every format through the real binary: `info` names it, `dump` prints its text, and
/// `cache build` caches it (docs/FORMATS.md).
final class FormatsEndToEndTests: XCTestCase {
    func fixture(_ path: String) -> String { TmuxSessionTests.fixtures.appendingPathComponent(path).path }

    /// (fixture, formatName, a line `dump` prints).
    let books: [(String, String, String)] = [
        ("html/book.html", "HTML", "Someone knocked; it was only the wind."),
        ("html/chapters.xhtml", "XHTML", "Im Frühling kam eine Familie mit drei Kindern."),
        ("markdown/book.md", "Markdown", "It rang at noon."),
        ("fb2/elements.fb2", "FB2 2.0", ""),
        ("fb2/zipped.fb2.zip", "FB2 2.0", ""),
        ("mobi/mobi6-utf8.mobi", "MOBI 6", ""),
        ("mobi/palmdoc.pdb", "PalmDOC", ""),
        ("epub/epub2-ncx.epub", "EPUB 2.0", ""),
        ("sample/sample.txt", "TXT", ""),
    ]

    func testInfoNamesTheFormatAndDumpPrintsTheText() throws {
        for (path, name, line) in books {
            let info = try ReaderRun.reader(["info", "--json", fixture(path)])
            XCTAssertEqual(info.status, 0, "\(path): \(info.stderr)")
            let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any])
            XCTAssertEqual(json["formatName"] as? String, name, path)
            let human = try ReaderRun.reader(["info", fixture(path)])
            XCTAssertTrue(human.stdout.contains("Format:    \(name)\n"), "\(path): \(human.stdout)")
            guard !line.isEmpty else { continue }
            let dump = try ReaderRun.reader(["dump", "--width", "200", fixture(path)])
            XCTAssertEqual(dump.status, 0, "\(path): \(dump.stderr)")
            XCTAssertTrue(dump.stdout.split(separator: "\n").contains { $0 == line }, "\(path): \(dump.stdout)")
            let piped = try ReaderRun.reader([fixture(path)])
            XCTAssertTrue(piped.stdout.contains(line), "\(path): piping prints the text")
        }
    }

    func testCacheBuildTakesEveryFormat() throws {
        let paths = books.map { fixture($0.0) }
        let build = try ReaderRun.reader(["cache", "build", "--width", "60"] + paths)
        XCTAssertEqual(build.status, 0, build.stderr)
        XCTAssertTrue((build.stdout + build.stderr).contains("\(paths.count) of \(paths.count) books"), build.stdout + build.stderr)
    }

    func testInfoReportsAFixedLayout() throws {
        let info = try ReaderRun.reader(["info", "--json", fixture("epub/fxl-manga-rtl.epub")])
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(json["fixedLayout"] as? Bool, true, info.stdout)
        XCTAssertEqual(json["direction"] as? String, "rtl")
        XCTAssertEqual(json["images"] as? Int, 4)
        let human = try ReaderRun.reader(["info", fixture("epub/fxl-manga-rtl.epub")])
        XCTAssertTrue(human.stdout.contains("Layout:    fixed (pre-paginated)\n"), human.stdout)
        let reflowable = try ReaderRun.reader(["info", "--json", fixture("epub/cover-epub3.epub")])
        XCTAssertTrue(reflowable.stdout.contains("\"fixedLayout\": false"), reflowable.stdout)
        XCTAssertFalse(try ReaderRun.reader(["info", fixture("epub/cover-epub3.epub")]).stdout.contains("Layout:"))
    }

    func testInfoReportsTheCoverFromItsHeader() throws {
        let info = try ReaderRun.reader(["info", "--json", fixture("epub/cover-epub3.epub")])
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any])
        let cover = try XCTUnwrap(json["cover"] as? [String: Any], info.stdout)
        XCTAssertEqual(cover["source"] as? String, "images/cover.png")
        XCTAssertEqual(cover["format"] as? String, "PNG")
        XCTAssertEqual(cover["width"] as? Int, 6)
        XCTAssertEqual(cover["height"] as? Int, 9)
        let human = try ReaderRun.reader(["info", fixture("epub/cover-epub2.epub")])
        XCTAssertTrue(human.stdout.contains("Cover:     PNG 4×2 (cover.png)\n"), human.stdout)
        let none = try ReaderRun.reader(["info", "--json", fixture("sample/sample.txt")])
        XCTAssertTrue(none.stdout.contains("\"cover\": null"), none.stdout)
    }
}

