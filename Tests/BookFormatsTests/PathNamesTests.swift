import Foundation
import Support
import XCTest
@testable import BookFormats

/// The book paths' names must stay what `NSString`'s path methods made them (titles made
/// from file names, resource paths in errors), where those do not fail.
final class PathNamesTests: XCTestCase {
    func testAgreesWithFoundation() {
        // Foundation traps on some paths (a one-character folder part, non-ASCII after
        // "//"), and names slash-only ones ""; the alphabet stays clear of those.
        let alphabet = ["a", ".", "/", " ", "é", "x.y"]
        var paths = [""]
        var level = [""]
        for _ in 0..<5 {
            level = level.flatMap { p in alphabet.map { p + $0 } }
            paths += level
        }
        for path in paths where !path.allSatisfy({ $0 == "/" }) && !(path.contains("//") && path.contains("é")) {
            let ns = path as NSString
            XCTAssertEqual(FilePath.lastComponent(path), ns.lastPathComponent, path)
            XCTAssertEqual(PathNames.stem(FilePath.lastComponent(path)), (ns.lastPathComponent as NSString).deletingPathExtension, path)
            let collapsed = path.split(separator: "/").joined(separator: "/")
            if collapsed.count > 1 || path.hasPrefix("/") {
                XCTAssertEqual(PathNames.folder(path), ns.deletingLastPathComponent, path)
            }
        }
    }

    func testNamesWhereFoundationTrapped() {
        XCTAssertEqual(PathNames.folder("a"), "")
        XCTAssertEqual(PathNames.folder("a/"), "")
        XCTAssertEqual(PathNames.folder("/a//b/c.html"), "/a/b")
        XCTAssertEqual(PathNames.stem("book."), "book")
        XCTAssertEqual(PathNames.stem(".epub"), ".epub")
        XCTAssertEqual(PathNames.stem(".."), "..")
    }
}
