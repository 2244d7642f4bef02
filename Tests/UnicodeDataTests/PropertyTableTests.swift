import XCTest
import UnicodeData

final class PropertyTableTests: XCTestCase {
    func testUnicodeVersion() { XCTAssertEqual(unicodeVersion, "15.0.0") }
}
