import XCTest
@testable import Dictionaries

/// What is looked up for a word as selected on the page.
final class QueryWordTests: XCTestCase {
    func testPunctuationAroundIsDropped() {
        XCTAssertEqual(QueryWord.normalize("“Running,”"), "Running")
        XCTAssertEqual(QueryWord.normalize("  don’t. "), "don't")
        XCTAssertEqual(QueryWord.normalize("co-op"), "co-op")
        XCTAssertEqual(QueryWord.normalize("(A.B.)"), "A.B")
        XCTAssertEqual(QueryWord.normalize("'hood"), "hood")
        XCTAssertEqual(QueryWord.normalize("\u{1B}[31mred"), "red")
        XCTAssertEqual(QueryWord.normalize("..."), "")
        XCTAssertEqual(QueryWord.normalize("日本語。"), "日本語")
    }
}
