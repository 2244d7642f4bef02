import Foundation
import XCTest
@testable import BookFormats

/// The EPUB parser's thread count is bounded as `ProcessInfo.activeProcessorCount` bounded it.
final class ActiveProcessorsTests: XCTestCase {
    func testAgreesWithProcessInfo() {
        XCTAssertEqual(ActiveProcessors.count(), ProcessInfo.processInfo.activeProcessorCount)
    }
}
