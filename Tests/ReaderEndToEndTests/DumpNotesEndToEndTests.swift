import Foundation
import XCTest

/// End-to-end (issue #14): `reader dump --notes inline|end|off` and the same option in
/// pipe mode, on the notes fixtures (`Tools/fixtures/make_epub_fixtures.py`, `notes()`).
final class DumpNotesEndToEndTests: XCTestCase {
    func fixture(_ name: String) -> String { TmuxSessionTests.fixtures.appendingPathComponent("epub/" + name).path }

    func testInlineNotesFollowTheirReferencesWithoutBacklinks() throws {
        let lines = try ReaderRun.lines(["dump", fixture("notes-standard-ebooks.epub"), "--notes", "inline", "--width", "200"])
        XCTAssertEqual(Array(lines.prefix(5)), [
            "I", "",
            "The harbour master kept two clocks.1 [One clock ran fast, the other slow.] Neither was right.", "",
            "He trusted the tide instead.2 [The tide tables came from the almanac. A second paragraph of the same note.]",
        ])
        XCTAssertTrue(lines.contains("In winter the clocks froze.3 [See also the first chapter.]"))
        // The endnotes chapter itself is printed as it is, backlinks and all.
        XCTAssertTrue(lines.contains("1. One clock ran fast, the other slow. ↩"))
    }

    func testInlineNotesWrapAsPartOfTheParagraph() throws {
        let lines = try ReaderRun.lines(["dump", fixture("notes-epub2.epub"), "--notes", "inline", "--width", "60"])
        XCTAssertEqual(Array(lines.prefix(5)), [
            "The Mill", "",
            "The wheel turned all night.1 [1. Water wheels were still",
            "common then.] By morning the sacks were full.[2] [2. Each",
            "sack held a hundredweight.]",
        ])
    }

    func testEndNotesAreNumberedPerChapterAndListedAtItsEnd() throws {
        let lines = try ReaderRun.lines(["dump", fixture("notes-standard-ebooks.epub"), "--notes", "end", "--width", "200"])
        XCTAssertEqual(Array(lines.prefix(14)), [
            "I", "",
            "The harbour master kept two clocks.1 [1] Neither was right.", "",
            "He trusted the tide instead.2 [2]", "",
            "[1] One clock ran fast, the other slow.", "",
            "[2] The tide tables came from the almanac. A second paragraph of the same note.", "",
            "II", "",
            "In winter the clocks froze.3 [1]", "",
        ])
        XCTAssertEqual(lines[14], "[1] See also the first chapter.")
    }

    func testOffIsTheDefaultAndChapterStartsStillWork() throws {
        let plain = try ReaderRun.stdout(["dump", fixture("notes-standard-ebooks.epub")])
        XCTAssertEqual(try ReaderRun.stdout(["dump", fixture("notes-standard-ebooks.epub"), "--notes", "off"]), plain)
        XCTAssertFalse(plain.contains("["))
        let second = try ReaderRun.lines(["dump", fixture("notes-standard-ebooks.epub"), "--notes", "end", "--chapter", "2"])
        XCTAssertEqual(Array(second.prefix(5)), ["II", "", "In winter the clocks froze.3 [1]", "", "[1] See also the first chapter."])
    }

    func testPipeModeTakesTheOption() throws {
        let piped = try ReaderRun.stdout([fixture("notes-rearnotes.epub"), "--notes", "inline", "--width", "200"])
        XCTAssertTrue(piped.contains("and turns again* [42. The ferry's turning is the poem's clock.] against the grey."), piped)
    }

    func testALoopOfNotesIsPrintedOncePerReference() throws {
        let lines = try ReaderRun.lines(["dump", fixture("notes-aside.epub"), "--notes", "inline", "--width", "300"])
        XCTAssertTrue(lines.contains("Broken: a missing file, a missing id, itself, c [See the other.]."), lines.joined(separator: "\n"))
        // The asides themselves (footnote blocks, indented): each expands the other once.
        XCTAssertTrue(lines.contains("  See the other [See the first.]."))
        XCTAssertTrue(lines.contains("  See the first [See the other.]."))
    }

    func testABadValueIsAUsageError() throws {
        XCTAssertEqual(try ReaderRun.reader(["dump", fixture("notes-epub2.epub"), "--notes", "margin"]).status, 2)
    }
}
