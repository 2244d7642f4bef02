import XCTest
import Storage

final class XDGDirectoriesTests: XCTestCase {
    func testVariablesAndDefaults() {
        let d = XDGDirectories(environment: ["HOME": "/home/u", "XDG_STATE_HOME": "/s", "XDG_CACHE_HOME": "relative"])
        XCTAssertEqual(d.state, "/s/reader")
        XCTAssertEqual(d.cache, "/home/u/.cache/reader", "a relative path is ignored")
        let defaults = XDGDirectories(environment: ["HOME": "/h"])
        XCTAssertEqual(defaults.state, "/h/.local/state/reader")
        XCTAssertEqual(defaults.cache, "/h/.cache/reader")
    }
}
