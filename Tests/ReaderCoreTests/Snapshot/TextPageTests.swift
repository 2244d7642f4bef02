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
}
