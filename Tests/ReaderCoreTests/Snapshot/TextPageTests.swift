import XCTest
import Screen
import TextContent
@testable import ReaderCore

final class TextPageTests: XCTestCase {
    func testAPlacedClusterIsSmallAndPlain() {
        XCTAssertEqual(MemoryLayout<PageCluster>.stride, 32)
        XCTAssertTrue(_isPOD(PageCluster.self), "nothing reference-counted in a placed cluster")
        let c = PageCluster(grapheme: PackedGrapheme("漢"), column: 7, width: 2, match: .current)
        XCTAssertEqual(c.text, "漢")
        XCTAssertEqual(c.column, 7)
        XCTAssertEqual(c.width, 2)
    }

    /// What each row shows with `kind`, as text.
    func marked(_ kind: MatchKind, in m: ReaderModel) -> [String] {
        m.snapshot.page!.lines.map { $0.clusters.filter { $0.match == kind }.map(\.text).joined() }
    }

    func testAPhraseAcrossASoftWrapIsOneMatchHighlightedOnBothLinesAlsoAtThePageEdges() throws {
        // At width 20: "abcd efgh 1111 2222" / "3333 4444 5555 6666" / "7777 8888 9999 abcd" / "efgh 0000 1212 3434"…
        let content = BookSearchTests.book(["abcd efgh 1111 2222 3333 4444 5555 6666 7777 8888 9999 abcd efgh 0000 1212 3434 5656 7878 9090 1111 2323 4545"])
        let tall = ReaderModel(content: content, position: .zero, columns: 20, rows: 5)
        for c in "/abcd efgh" { tall.handle(.character(c)) }
        tall.handle(.enter)
        XCTAssertEqual(tall.snapshot.page!.lines.count, 4)
        XCTAssertEqual(marked(.current, in: tall), ["abcdefgh", "", "", ""])
        XCTAssertEqual(marked(.match, in: tall), ["", "", "abcd", "efgh"], "both halves of the wrapped match")
        tall.handle(.character("n"))
        XCTAssertNil(tall.message)
        XCTAssertEqual(tall.content.string(in: try XCTUnwrap(tall.currentMatch)), "abcd efgh", "one match across the wrap")

        let short = ReaderModel(content: content, position: .zero, columns: 20, rows: 4)
        for c in "/abcd efgh" { short.handle(.character(c)) }
        short.handle(.enter)
        XCTAssertEqual(marked(.match, in: short), ["", "", "abcd"], "its first half on the last row")
        for _ in 0..<3 { short.handle(.character("j")) }
        XCTAssertEqual(short.snapshot.page!.lines.first?.clusters.map(\.text).joined(), "efgh000012123434")
        XCTAssertEqual(marked(.match, in: short).first, "efgh", "its second half on the top row")
    }
}
