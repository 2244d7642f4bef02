import XCTest
import TextContent
@testable import BookFormats

/// Formats are told by content, not by name (except Markdown, and `.epub`, which always
/// gets the EPUB reader's errors).
final class FormatSnifferTests: XCTestCase {
    private func detect(_ s: String, _ path: String = "book") -> DetectedFormat {
        FormatSniffer.detect(head: Array(s.utf8), path: path)
    }

    func testMarkupRoots() {
        XCTAssertEqual(detect("<?xml version=\"1.0\" encoding=\"windows-1251\"?>\n<FictionBook xmlns=\"http://www.gribuser.ru/xml/fictionbook/2.0\">"), .fb2)
        XCTAssertEqual(detect("\u{FEFF}<?xml version=\"1.0\"?><!-- made by hand --><fb:FictionBook>"), .fb2)
        XCTAssertEqual(detect("<!DOCTYPE html>\n<html><body>"), .html)
        XCTAssertEqual(detect("  <!doctype HTML PUBLIC \"-//W3C//DTD HTML 4.01//EN\">"), .html)
        XCTAssertEqual(detect("<?xml version=\"1.0\"?>\n<!DOCTYPE html PUBLIC \"x\" \"y\">\n<html xmlns=\"http://www.w3.org/1999/xhtml\">"), .html)
        XCTAssertEqual(detect("<HTML><HEAD>"), .html)
        XCTAssertEqual(detect("<p>a fragment is text</p>"), .text)
        XCTAssertEqual(detect("Chapter 1\n<html> in prose"), .text)
    }

    func testUTF16Markup() {
        let utf16 = [UInt8]([0xFF, 0xFE]) + Array("<FictionBook>".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        XCTAssertEqual(FormatSniffer.detect(head: utf16, path: "x"), .fb2)
        let be = Array("<html>".utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
        XCTAssertEqual(FormatSniffer.detect(head: be, path: "x"), .html)
    }

    func testPalmDatabases() {
        var head = [UInt8](repeating: 0x41, count: 78)
        head.replaceSubrange(60..<68, with: Array("BOOKMOBI".utf8))
        XCTAssertEqual(FormatSniffer.detect(head: head, path: "a.azw3"), .mobi)
        head.replaceSubrange(60..<68, with: Array("TEXtREAd".utf8))
        XCTAssertEqual(FormatSniffer.detect(head: head, path: "a.txt"), .mobi, "content, not the name")
        head.replaceSubrange(60..<68, with: Array("DATAxxxx".utf8))
        XCTAssertEqual(FormatSniffer.detect(head: head, path: "a.pdb"), .text)
    }

    func testZips() {
        func zip(first name: String) -> [UInt8] {
            var h: [UInt8] = [0x50, 0x4B, 3, 4] + [UInt8](repeating: 0, count: 22)
            h += [UInt8(name.utf8.count), 0, 0, 0] + Array(name.utf8)
            return h
        }
        XCTAssertEqual(FormatSniffer.detect(head: zip(first: "mimetype"), path: "book.zip"), .epub)
        XCTAssertEqual(FormatSniffer.detect(head: zip(first: "Book.FB2"), path: "book.zip"), .fb2Zip)
        XCTAssertEqual(FormatSniffer.detect(head: zip(first: "readme.txt"), path: "book.fb2.zip"), .fb2Zip)
        XCTAssertEqual(FormatSniffer.detect(head: zip(first: "Book.fb2"), path: "book.epub"), .epub, ".epub keeps the EPUB errors")
    }

    func testMarkdownByNameOnly() {
        XCTAssertEqual(detect("# Title", "notes.md"), .markdown)
        XCTAssertEqual(detect("# Title", "NOTES.MARKDOWN"), .markdown)
        XCTAssertEqual(detect("# Title", "notes.txt"), .text)
        XCTAssertEqual(detect("<html>", "page.md"), .html, "content wins over the name")
    }

    func testFormatCodesAreStable() {
        for f in [BookFormat.epub, .txt, .fb2, .mobi, .html, .markdown] { XCTAssertEqual(BookFormat(code: f.code), f) }
        XCTAssertEqual(BookFormat.epub.code, 0)
        XCTAssertEqual(BookFormat.txt.code, 1)
        XCTAssertNil(BookFormat(code: 6))
    }
}
