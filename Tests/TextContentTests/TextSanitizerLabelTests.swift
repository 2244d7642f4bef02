import XCTest
@testable import TextContent

/// Labels (titles, TOC entries, metadata, warnings) also lose bidi formatting characters
/// and line breaks: they must not reorder or break the status line.
final class TextSanitizerLabelTests: XCTestCase {
    func testLabelsLoseBidiControlsAndLineBreaks() {
        XCTAssertEqual(TextSanitizer.sanitizeLabel("a\u{202E}b\u{202C}c\u{2066}d\u{2069}e\u{200F}f\u{061C}g"), "abcdefg")
        XCTAssertEqual(TextSanitizer.sanitizeLabel("one\ntwo\tthree"), "one two three")
        XCTAssertEqual(TextSanitizer.sanitizeLabel("x\u{1B}]0;t\u{7}y\u{9B}2Jz"), "xyz")
        XCTAssertEqual(TextSanitizer.sanitizeLabel("שלום عربي"), "שלום عربي")
    }

    func testBodyTextKeepsBidiControls() {
        XCTAssertEqual(TextSanitizer.sanitize("a\u{202E}b"), "a\u{202E}b")
    }

    func testBuilderSanitisesEveryLabel() {
        var b = TextContentBuilder(metadata: BookMetadata(title: "T\u{202E}x", authors: ["A\u{2067}"], format: .epub))
        b.beginChapter(title: "C\u{202D}1", source: "c")
        b.addTOCEntry(title: "E\u{200E}1\n2", level: 1, target: .zero, source: "c")
        b.beginBlock(.paragraph)
        b.append("body \u{202E}kept")
        b.warn("w\u{202E}\nx")
        let c = b.finish()
        XCTAssertEqual(c.metadata.title, "Tx")
        XCTAssertEqual(c.metadata.authors, ["A"])
        XCTAssertEqual(c.chapters.first?.title, "C1")
        XCTAssertEqual(c.toc.first?.title, "E1 2")
        XCTAssertEqual(c.warnings, ["w x"])
        XCTAssertTrue(c.string(in: c.fullRange).contains("\u{202E}"))
    }
}
