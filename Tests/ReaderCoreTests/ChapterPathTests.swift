import XCTest
import TextContent
@testable import ReaderCore

final class ChapterPathTests: XCTestCase {
    func testEnclosingChaptersComeFromTheLevels() {
        var b = TextContentBuilder(metadata: BookMetadata(title: "Levels", format: .txt))
        for (title, level) in [("Book", 1), ("Part", 2), ("A", 3), ("B", 4), ("C", 3), ("", 2), ("D", 3), ("Appendix", 1)] {
            b.beginChapter(title: title, level: level, source: "@\(title)")
            b.beginBlock(.paragraph)
            b.append("Text \(title).")
        }
        let content = b.finish()
        XCTAssertEqual(ChapterPath.titles(ofChapter: 0, in: content), ["Book"])
        XCTAssertEqual(ChapterPath.titles(ofChapter: 3, in: content), ["Book", "Part", "A", "B"])
        XCTAssertEqual(ChapterPath.titles(ofChapter: 4, in: content), ["Book", "Part", "C"])
        XCTAssertEqual(ChapterPath.titles(ofChapter: 6, in: content), ["Book", "D"], "an untitled part is left out")
        XCTAssertEqual(ChapterPath.titles(ofChapter: 7, in: content), ["Appendix"])
    }
}
