import XCTest
import TextContent
@testable import ReaderCore

/// Matching the book's text: every script, smart case, phrases across soft wraps.
final class BookSearchTests: XCTestCase {
    /// A one-chapter book of `paragraphs`.
    static func book(_ paragraphs: [String]) -> TextContent {
        var b = TextContentBuilder(metadata: BookMetadata(title: "Search", format: .txt))
        b.beginChapter(title: "One", source: "@1")
        for p in paragraphs {
            b.beginBlock(.paragraph)
            b.append(p)
        }
        return b.finish()
    }

    func texts(_ pattern: String, in content: TextContent) throws -> [String] {
        let search = try BookSearch(pattern: pattern, content: content)
        return search.matches(in: ByteRange(0, content.bytes.count)).map { content.string(in: $0) }
    }

    func testSmartCaseInLatinCyrillicAndGreek() throws {
        let content = Self.book(["Pierre met pierre.", "Наташа и НАТАША.", "Σοφία, σοφία, ΣΟΦΊΑ."])
        XCTAssertEqual(try texts("pierre", in: content), ["Pierre", "pierre"])
        XCTAssertEqual(try texts("Pierre", in: content), ["Pierre"], "an upper-case letter: case matters")
        XCTAssertEqual(try texts("наташа", in: content), ["Наташа", "НАТАША"])
        XCTAssertEqual(try texts("Наташа", in: content), ["Наташа"])
        XCTAssertEqual(try texts("σοφία", in: content), ["Σοφία", "σοφία", "ΣΟΦΊΑ"])
        XCTAssertEqual(try texts("наташа\\S", in: content), ["НАТАША."], "an escape such as \\S is not an upper-case letter")
        XCTAssertEqual(try texts("\\p{L}ierre", in: content), ["Pierre", "pierre"])
        XCTAssertEqual(try texts("σοφία", in: content).count, 3)
        XCTAssertFalse(BookSearch.hasUpperCaseLetter("\\bword\\W\\D\\N{LATIN SMALL LETTER A}"))
        XCTAssertTrue(BookSearch.hasUpperCaseLetter("\\bWord"))
        XCTAssertTrue(BookSearch.hasUpperCaseLetter("[A-Z]"))
        XCTAssertFalse(BookSearch.hasUpperCaseLetter("\\x4Fk\\u00C9t\\pL\\p{Lu}\\x{1F600}"))
        XCTAssertTrue(BookSearch.hasUpperCaseLetter("\\x41Pierre"), "an escape without braces ends")
        XCTAssertTrue(BookSearch.hasUpperCaseLetter("\\p{L}Pierre"))
        XCTAssertTrue(BookSearch.hasUpperCaseLetter("\\x41Bob"), "two hex digits, then the text")
    }

    func testMatchesOverlappingARangeAreFoundWhole() throws {
        let content = Self.book(["one red fox", "red fox two red", "fox"])
        let search = try BookSearch(pattern: "red fox", content: content)
        let text = content.string(in: content.fullRange)
        let second = try XCTUnwrap(text.range(of: "fox two")).lowerBound.utf16Offset(in: text)   // ASCII: bytes = UTF-16
        let found = search.matches(overlapping: ByteRange(second, second + 3))
        XCTAssertEqual(found.map { content.string(in: $0) }, ["red fox"], "starts before the range")
        XCTAssertEqual(search.matches(in: ByteRange(second, second + 3)), [], "cut by the range itself")
        XCTAssertEqual(search.matches(overlapping: content.fullRange).count, 2, "not across the paragraph break")
    }

    func testEmptyMatchesAreSkipped() throws {
        let content = Self.book(["aaa b aa"])
        let search = try BookSearch(pattern: "a*", content: content)
        let first = try XCTUnwrap(search.next(from: .zero))
        XCTAssertEqual(first, ByteRange(0, 3))
        XCTAssertEqual(search.next(after: first), ByteRange(6, 8), "not the empty match after it")
        XCTAssertEqual(search.next(after: ByteRange(6, 8)), first, "wraps")
    }
}
