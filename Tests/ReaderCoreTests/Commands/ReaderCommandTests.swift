import XCTest
import TextContent
@testable import ReaderCore

/// The `:` command parser, on its own.
final class ReaderCommandTests: XCTestCase {
    func parse(_ text: String) -> ReaderCommand? {
        ReaderCommand.parse(text, chapterCount: 12, textLength: 5000)
    }

    func testChapters() {
        XCTAssertEqual(parse("chapter 5"), .chapter(4))
        XCTAssertEqual(parse("c 1"), .chapter(0))
        XCTAssertEqual(parse("ch 12"), .chapter(11))
        XCTAssertEqual(parse("7"), .chapter(6))
        XCTAssertEqual(parse("chapter 13"), .message("The book has 12 chapters (1–12)"))
        XCTAssertEqual(parse("chapter"), .message("Usage: :chapter N (1–12)"))
        XCTAssertEqual(parse("chapter 0"), .message("The book has 12 chapters (1–12)"))
        XCTAssertEqual(parse("chapter x"), .message("Usage: :chapter N (1–12)"))
        XCTAssertEqual(parse("13"), .message("The book has 12 chapters (1–12)"))
        XCTAssertEqual(parse("999"), .message("The book has 12 chapters (1–12)"))
        XCTAssertEqual(parse("0"), .message("The book has 12 chapters (1–12)"))
        XCTAssertEqual(parse("-3"), .message("The book has 12 chapters (1–12)"))
        XCTAssertEqual(ReaderCommand.parse("2", chapterCount: 1, textLength: 10), .message("The book has 1 chapter"))
    }

    func testOffsetsAndPercentages() {
        XCTAssertEqual(parse("offset 1234"), .offset(1234))
        XCTAssertEqual(parse("o 5000"), .offset(5000))
        XCTAssertEqual(parse("offset 5001"), .message("The text has 5000 bytes: an offset is 0–5000"))
        XCTAssertEqual(parse("offset -1"), .message("The text has 5000 bytes: an offset is 0–5000"))
        XCTAssertEqual(parse("offset x"), .message("Usage: :offset B (0–5000)"))
        XCTAssertEqual(parse("42%"), .percent(42))
        XCTAssertEqual(parse("12.5%"), .percent(12.5))
        XCTAssertEqual(parse("101%"), .message("A percentage is 0–100"))
        XCTAssertEqual(parse("150%"), .message("A percentage is 0–100"))
        XCTAssertEqual(parse("-5%"), .message("A percentage is 0–100"))
        XCTAssertEqual(parse("nan%"), .message("A percentage is 0–100"))
        XCTAssertEqual(parse("0%"), .percent(0))
        XCTAssertEqual(parse("100%"), .percent(100))
        XCTAssertEqual(parse("abc%"), .message("Unknown command: abc%  (try :chapter N, :offset B, :42%)"))
    }

    func testOthers() {
        XCTAssertNil(parse(""))
        XCTAssertNil(parse("   "))
        XCTAssertEqual(parse("q"), .message("Press q to quit"))
        XCTAssertEqual(parse("quit"), .message("Press q to quit"))
        XCTAssertEqual(parse("nonsense here"), .message("Unknown command: nonsense here  (try :chapter N, :offset B, :42%)"))
    }
}
