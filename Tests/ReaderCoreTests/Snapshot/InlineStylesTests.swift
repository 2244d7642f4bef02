import XCTest
import TextContent
@testable import ReaderCore

final class InlineStylesTests: XCTestCase {
    func testKeepsOrderAndOnlyTheLastPlaceOfARepeatedStyle() {
        var styles = InlineStyles()
        XCTAssertTrue(styles.isEmpty)
        XCTAssertEqual(Array(styles), [])
        styles.append(.link)
        styles.append(.emphasis)
        styles.append(.code)
        XCTAssertEqual(Array(styles), [.link, .emphasis, .code])
        styles.append(.link)
        XCTAssertEqual(Array(styles), [.emphasis, .code, .link], "link applies last now")
        styles.append(.link)
        XCTAssertEqual(Array(styles), [.emphasis, .code, .link])
    }

    func testEveryStyleFits() {
        var styles = InlineStyles()
        for s in InlineStyle.allCases.reversed() { styles.append(s) }
        XCTAssertEqual(Array(styles), InlineStyle.allCases.reversed())
        for s in InlineStyle.allCases { styles.append(s) }
        XCTAssertEqual(Array(styles), InlineStyle.allCases)
    }
}
