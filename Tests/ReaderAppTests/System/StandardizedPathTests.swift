import Foundation
import Support
import XCTest
@testable import ReaderApp

/// `FilePath.standardized` against what it replaces on the reading path, Foundation's
/// `URL(fileURLWithPath:).standardizedFileURL.path`.
final class StandardizedPathTests: XCTestCase {
    func testPathsAreFoundationsStandardizedPaths() {
        let paths = ["book.epub", "./book.epub", "../book.epub", "../../x/../y.txt", "/a/b/../c", "/a/./b", "a//b", "/a//b/",
                     "/a/b/", ".", "..", "../..", "../../../../../../../..", "/..", "/../a", "a/..", "", "a b%20c", "/a/b/..",
                     "/a/b/.", "x/./", "/./", "/", "//", "///a", "a/b/../../..", "%", "é/ü", ":x", "a?b#c", "a;b",
                     "/a/b/...", ".hidden", "a/.../b", "a/~", "/~/x", "~x/../y", "..a/b..", "/tmp/./../tmp//x/"]
        for path in paths where !path.hasPrefix("~") {
            XCTAssertEqual(FilePath.standardized(path), URL(fileURLWithPath: path).standardizedFileURL.path, "'\(path)'")
        }
    }

    func testALeadingTildeIsAName() {
        // Foundation put the home folder there; the reader opened ./~/x.
        XCTAssertEqual(FilePath.standardized("~/x", workingFolder: "/w"), "/w/~/x")
        XCTAssertEqual(FilePath.standardized("../b.epub", workingFolder: "/home/u/books"), "/home/u/b.epub")
    }
}
