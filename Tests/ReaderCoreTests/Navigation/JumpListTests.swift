import XCTest
import TextContent
@testable import ReaderCore

final class JumpListTests: XCTestCase {
    func testBackAndForwardLikeABrowser() {
        var list = JumpList()
        XCTAssertNil(list.back(from: 5), "nothing to go back to")
        list.push(10)          // jumped from 10 to 20
        list.push(20)          // jumped from 20 to 30
        XCTAssertEqual(list.back(from: 30), 20)
        XCTAssertEqual(list.back(from: 20), 10)
        XCTAssertNil(list.back(from: 10), "the oldest entry")
        XCTAssertEqual(list.forward(from: 10), 20)
        XCTAssertEqual(list.forward(from: 20), 30, "forward returns to where the first back started")
        XCTAssertNil(list.forward(from: 30))
        XCTAssertEqual(list.entries, [10, 20])
        XCTAssertEqual(list.index, 2, "not navigating any more")
    }

    func testPlacesMovedToWhileNavigatingAreKept() {
        var list = JumpList()
        list.push(10)
        XCTAssertEqual(list.back(from: 30), 10)
        // Scrolled from 10 to 12 before going forward: 12 is where back comes to next.
        XCTAssertEqual(list.forward(from: 12), 30)
        XCTAssertEqual(list.back(from: 31), 12)
    }

    func testANewJumpAfterGoingBackDropsTheEntriesAhead() {
        var list = JumpList()
        list.push(10)
        list.push(20)
        XCTAssertEqual(list.back(from: 30), 20)
        list.push(21)          // jumped elsewhere from 21
        XCTAssertEqual(list.entries, [10, 21])
        XCTAssertNil(list.forward(from: 40))
        XCTAssertEqual(list.back(from: 40), 21)
    }

    func testAtMostALimitOfEntriesAndNoRepeats() {
        var list = JumpList()
        for i in 0..<250 { list.push(ByteOffset(i)) }
        list.push(249)
        XCTAssertEqual(list.entries.count, JumpList.limit)
        XCTAssertEqual(list.entries.first, ByteOffset(250 - JumpList.limit))
        XCTAssertEqual(list.entries.last, 249)
        XCTAssertEqual(JumpList((0..<300).map { ByteOffset($0) }).entries.count, JumpList.limit)
    }
}
