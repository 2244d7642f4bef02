import XCTest
@testable import Support

final class FilePathTests: XCTestCase {
    func testJoin() {
        XCTAssertEqual(FilePath.join("/a", "b"), "/a/b")
        XCTAssertEqual(FilePath.join("/a/", "b"), "/a/b")
        XCTAssertEqual(FilePath.join("", "b"), "b")
        XCTAssertEqual(FilePath.join("/", "b"), "/b")
    }

    func testLastComponent() {
        XCTAssertEqual(FilePath.lastComponent("/a/b/c.txt"), "c.txt")
        XCTAssertEqual(FilePath.lastComponent("/a/b/"), "b")
        XCTAssertEqual(FilePath.lastComponent("c"), "c")
        XCTAssertEqual(FilePath.lastComponent("/"), "/")
        XCTAssertEqual(FilePath.lastComponent("/書/本.epub"), "本.epub")
    }

    func testParent() {
        XCTAssertEqual(FilePath.parent("/a/b/c"), "/a/b")
        XCTAssertEqual(FilePath.parent("/a/b/c/"), "/a/b")
        XCTAssertEqual(FilePath.parent("/a"), "/")
        XCTAssertEqual(FilePath.parent("a"), ".")
        XCTAssertEqual(FilePath.parent("a/b"), "a")
        XCTAssertEqual(FilePath.parent("/"), "/")
        XCTAssertEqual(FilePath.parent("/a//b"), "/a")
    }

    func testPathExtension() {
        XCTAssertEqual(FilePath.pathExtension("/a/b.epub"), "epub")
        XCTAssertEqual(FilePath.pathExtension("/a.d/b"), "")
        XCTAssertEqual(FilePath.pathExtension(".hidden"), "")
        XCTAssertEqual(FilePath.pathExtension("x.tar.gz"), "gz")
        XCTAssertEqual(FilePath.pathExtension("x."), "")
    }

    func testAbsolute() {
        XCTAssertEqual(FilePath.absolute("/x/y", workingFolder: "/w"), "/x/y")
        XCTAssertEqual(FilePath.absolute("y", workingFolder: "/w"), "/w/y")
        XCTAssertTrue(FilePath.absolute("y").hasPrefix("/"))
        XCTAssertTrue(FilePath.currentFolder().hasPrefix("/"))
    }
}

extension FilePathTests {
    func testTrimmingTrailingSlashes() {
        XCTAssertEqual(FilePath.trimmingTrailingSlashes("/a/b//"), "/a/b")
        XCTAssertEqual(FilePath.trimmingTrailingSlashes("/"), "/")
        XCTAssertEqual(FilePath.trimmingTrailingSlashes("///"), "/")
        XCTAssertEqual(FilePath.trimmingTrailingSlashes("a"), "a")
    }
}
