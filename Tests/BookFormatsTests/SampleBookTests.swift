import XCTest
import TextContent
@testable import BookFormats

final class SampleBookTests: XCTestCase {
    func testEmbeddedSampleMatchesTheFixture() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/sample/sample.txt")
        let fixture = try String(contentsOf: url, encoding: .utf8)
        XCTAssertEqual(SampleBook.text, fixture, "regenerate Sources/BookFormats/SampleBook.swift from the fixture")
    }

    func testSampleOpensWithChapters() throws {
        let book = try SampleBook.load()
        XCTAssertEqual(book.validate(), [])
        XCTAssertEqual(book.chapters.map(\.title).suffix(3), ["CHAPTER I. The Shop", "CHAPTER II. The Visitor", "CHAPTER III. The Mending"])
    }
}
