import XCTest
@testable import BookFormats

/// Href resolution and entry-name safety.
final class EPUBPathTests: XCTestCase {
    func testRelativeResolution() {
        XCTAssertEqual(EPUBPath.resolve("ch1.xhtml", relativeTo: "OEBPS/content.opf")?.key, "OEBPS/ch1.xhtml")
        XCTAssertEqual(EPUBPath.resolve("../text/ch1.xhtml#s2", relativeTo: "OEBPS/package/content.opf")?.key, "OEBPS/text/ch1.xhtml#s2")
        XCTAssertEqual(EPUBPath.resolve("./a/./b.xhtml", relativeTo: "x.opf")?.key, "a/b.xhtml")
        XCTAssertEqual(EPUBPath.resolve("#n1", relativeTo: "OEBPS/notes.xhtml")?.key, "OEBPS/notes.xhtml#n1")
        XCTAssertEqual(EPUBPath.resolve("", relativeTo: "OEBPS/notes.xhtml")?.key, "OEBPS/notes.xhtml")
    }

    func testPercentDecodingAndNonASCII() {
        XCTAssertEqual(EPUBPath.resolve("chapter%20two.xhtml#a%20b", relativeTo: "t/x.xhtml")?.path, "t/chapter two.xhtml")
        XCTAssertEqual(EPUBPath.resolve("chapter%20two.xhtml#a%20b", relativeTo: "t/x.xhtml")?.fragment, "a b")
        XCTAssertEqual(EPUBPath.resolve("%E7%AB%A0%E4%B8%89.xhtml", relativeTo: "t/x.xhtml")?.path, "t/章三.xhtml")
        XCTAssertEqual(EPUBPath.resolve("章三.xhtml", relativeTo: "t/x.xhtml")?.path, "t/章三.xhtml")
        XCTAssertEqual(EPUBPath.percentDecode("100%"), "100%")
        XCTAssertEqual(EPUBPath.percentDecode("%zz"), "%zz")
        XCTAssertEqual(EPUBPath.percentDecode("%FF"), "%FF")  // not UTF-8: left alone
    }

    /// RFC 3986 §5.2.4: `..` at the root stays at the root — the result is an entry name
    /// inside the book, never a path that climbs out of it.
    func testClimbingAboveTheRootStaysAtTheRoot() {
        XCTAssertEqual(EPUBPath.resolve("../../images/photo.jpg", relativeTo: "ch1.xhtml")?.path, "images/photo.jpg")
        XCTAssertEqual(EPUBPath.resolve("../../evil.xhtml", relativeTo: "OEBPS/content.opf")?.path, "evil.xhtml")
        XCTAssertEqual(EPUBPath.resolve("a/../../b", relativeTo: "content.opf")?.path, "b")
        XCTAssertEqual(EPUBPath.resolve("/../x/./y.xhtml#f", relativeTo: "OEBPS/a.xhtml")?.key, "x/y.xhtml#f")
        XCTAssertEqual(EPUBPath.resolve("a/../b", relativeTo: "content.opf")?.path, "b")
        XCTAssertNil(EPUBPath.resolve("..", relativeTo: "content.opf"), "the root itself names no entry")
        XCTAssertNil(EPUBPath.resolve("../", relativeTo: "OEBPS/content.opf"))
        for href in ["../../../../etc/passwd", "..%2F..%2Fetc/passwd", "/../../etc/passwd"] {
            let path = EPUBPath.resolve(href, relativeTo: "OEBPS/text/c.xhtml")?.path ?? ""
            XCTAssertFalse(path.hasPrefix("/") || path.split(separator: "/").contains(".."), "\(href) → \(path)")
        }
    }

    func testExternalHrefs() {
        XCTAssertNil(EPUBPath.resolve("https://example.org/x", relativeTo: "a.xhtml"))
        XCTAssertNil(EPUBPath.resolve("mailto:someone@example.org", relativeTo: "a.xhtml"))
        XCTAssertTrue(EPUBPath.isExternal("http://x"))
        XCTAssertFalse(EPUBPath.isExternal("ch1.xhtml#a:b"))
        XCTAssertFalse(EPUBPath.isExternal("1:2.xhtml"))
    }

    func testUnsafeEntryNames() {
        for name in ["/abs.xhtml", "../x", "a/../../x", "a/..", "a\\b", "C:/x", ""] {
            XCTAssertFalse(ZipArchive.isSafeName(name), name)
        }
        for name in ["mimetype", "OEBPS/ch1.xhtml", "OEBPS/章三.xhtml", "a/..b/c", "a/b../c"] {
            XCTAssertTrue(ZipArchive.isSafeName(name), name)
        }
    }

    /// Links out of the book that keep a URL: http, https, mailto only (issue #14).
    func testExternalURLs() {
        XCTAssertEqual(EPUBPath.externalURL("  https://example.org/x "), "https://example.org/x")
        XCTAssertEqual(EPUBPath.externalURL("HTTP://example.org"), "HTTP://example.org")
        XCTAssertEqual(EPUBPath.externalURL("mailto:a@b.org"), "mailto:a@b.org")
        for href in ["javascript:alert(1)", "file:///etc/passwd", "data:text/plain,x", "ftp://x", "notes.xhtml#n1", "#n1", ""] {
            XCTAssertNil(EPUBPath.externalURL(href), href)
        }
        XCTAssertNil(EPUBPath.externalURL("https://example.org/" + String(repeating: "a", count: 9000)))
    }

    /// EPUB 2 notes documents, by file name.
    func testNotesDocumentNames() {
        for name in ["OEBPS/notes.html", "endnotes.xhtml", "Text/Footnotes01.htm", "note.html", "ch-notes.xhtml", "ENDNOTE.XHTML"] {
            XCTAssertTrue(EPUBPath.namesNotes(name), name)
        }
        for name in ["chapter1.xhtml", "notebook.html", "notes/chapter1.xhtml", "denote.html", "annotated.xhtml"] {
            XCTAssertFalse(EPUBPath.namesNotes(name), name)
        }
    }
}
