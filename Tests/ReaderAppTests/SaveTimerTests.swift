import XCTest
@testable import ReaderApp

final class SaveTimerTests: XCTestCase {
    func testNothingIsDueUntilThePositionChanges() {
        var timer = SaveTimer(interval: 2, now: 10)
        XCTAssertNil(timer.deadline)
        XCTAssertFalse(timer.isDue(at: 100))
        timer.markDirty()
        XCTAssertEqual(timer.deadline, 12)
        XCTAssertFalse(timer.isDue(at: 11.9))
        XCTAssertTrue(timer.isDue(at: 12))
        timer.saved(at: 12.5)
        XCTAssertNil(timer.deadline)
        timer.markDirty()
        XCTAssertEqual(timer.deadline, 14.5, "the interval counts from the last save")
    }
}
