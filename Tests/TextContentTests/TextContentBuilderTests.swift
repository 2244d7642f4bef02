import XCTest
@testable import TextContent

final class TextContentBuilderTests: XCTestCase {
    private func makeBook() -> TextContent {
        var b = TextContentBuilder(metadata: BookMetadata(title: "T", format: .epub))
        b.anchor(source: "ch1.xhtml", offset: 100, linear: true)
        b.defineTarget("ch1.xhtml")
        b.beginChapter(title: "One", level: 1, source: "ch1.xhtml")
        b.beginBlock(.heading, level: 1)
        b.appendCollapsingWhitespace("  Chapter\n   One  ")
        b.endBlock()
        b.beginBlock(.paragraph)
        b.appendCollapsingWhitespace("Some ")
        let em = b.beginStyle(.emphasis)
        b.appendCollapsingWhitespace(" emphatic ")
        b.endStyle(em)
        b.appendCollapsingWhitespace(" text")
        let ref = b.beginStyle(.noteReference, targetKey: "ch2.xhtml#n1")
        b.append("1")
        b.endStyle(ref)
        b.appendLineBreak()
        b.append("second line")
        b.endBlock()
        b.beginBlock(.paragraph)
        b.endBlock()  // empty: dropped
        b.anchor(source: "ch2.xhtml", offset: 0, linear: false)
        b.defineTarget("ch2.xhtml")
        b.beginChapter(title: "Two", level: 1, source: "ch2.xhtml")
        b.beginBlock(.footnote)
        b.defineTarget("ch2.xhtml#n1")
        b.append("A note.")
        b.endBlock()
        b.addTOCEntry(title: "One", level: 1, targetKey: "ch1.xhtml", source: "ch1.xhtml")
        b.addTOCEntry(title: "Note", level: 2, targetKey: "ch2.xhtml#n1", source: "ch2.xhtml#n1")
        b.addTOCEntry(title: "Missing", level: 2, targetKey: "nowhere.xhtml", source: "nowhere.xhtml")
        return b.finish()
    }

    func testTextBlocksAndSeparators() {
        let c = makeBook()
        XCTAssertEqual(c.string(in: c.fullRange), "Chapter One\nSome emphatic text1\nsecond line\nA note.")
        XCTAssertEqual(c.blocks.map(\.kind), [.heading, .paragraph, .footnote])
        XCTAssertEqual(c.blocks.map { c.string(in: $0.range) }, ["Chapter One", "Some emphatic text1\nsecond line", "A note."])
        XCTAssertEqual(c.validate(), [])
    }

    func testStylesAndResolvedTargets() {
        let c = makeBook()
        XCTAssertEqual(c.styles.count, 2)
        XCTAssertEqual(c.string(in: c.styles[0].range), "emphatic ")
        XCTAssertEqual(c.styles[1].style, .noteReference)
        XCTAssertEqual(c.string(in: c.styles[1].range), "1")
        let note = c.blocks[2].range.lowerBound
        XCTAssertEqual(c.styles[1].target, note)
    }

    func testChaptersCoverTheTextAndTOCResolves() {
        let c = makeBook()
        XCTAssertEqual(c.chapters.map(\.title), ["One", "Two"])
        XCTAssertEqual(c.chapters[0].range.lowerBound, 0)
        XCTAssertEqual(c.chapters[0].range.upperBound, c.chapters[1].range.lowerBound)
        XCTAssertEqual(c.chapters[1].range.upperBound.rawValue, c.bytes.count)
        XCTAssertEqual(c.string(in: c.chapters[1].range), "A note.")
        XCTAssertEqual(c.toc.map(\.title), ["One", "Note"])
        XCTAssertEqual(c.toc[1].target, c.blocks[2].range.lowerBound)
        XCTAssertEqual(c.warnings.count, 1, "the unresolvable TOC entry is reported")
        XCTAssertEqual(c.chapterIndex(containing: c.blocks[2].range.lowerBound), 1)
        XCTAssertEqual(c.chapterIndex(containing: 0), 0)
    }

    func testSourceMapLinearAndNonLinearAnchors() {
        let c = makeBook()
        let start = c.sourceMap.location(of: 3)
        XCTAssertEqual(start, SourceLocation(path: "ch1.xhtml", offset: 103, isExact: true))
        let note = c.sourceMap.location(of: c.blocks[2].range.lowerBound + 2)
        XCTAssertEqual(note?.path, "ch2.xhtml")
        XCTAssertEqual(note?.offset, 0)
        XCTAssertEqual(note?.isExact, false)
    }

    func testControlCharactersNeverEnterTheBuffer() {
        var b = TextContentBuilder(metadata: BookMetadata(title: "x", format: .txt))
        b.append("safe\u{1B}[2Jtext\u{7}\u{9B}1m")
        b.beginChapter(title: "Evil\u{1B}]0;pwned\u{7}Title", source: "@0")
        let c = b.finish()
        XCTAssertEqual(c.string(in: c.fullRange), "safetext")
        XCTAssertEqual(c.chapters.first?.title, "EvilTitle")
        XCTAssertEqual(c.validate(), [])
    }

    func testBookWithoutChaptersGetsOne() {
        var b = TextContentBuilder(metadata: BookMetadata(title: "Untitled", format: .txt))
        b.append("just text")
        let c = b.finish()
        XCTAssertEqual(c.chapters.count, 1)
        XCTAssertEqual(c.chapters[0].title, "Untitled")
        XCTAssertEqual(c.chapters[0].range, c.fullRange)
    }

    func testBlocksInRangeUsesBinarySearch() {
        var b = TextContentBuilder(metadata: BookMetadata(title: "x", format: .txt))
        for i in 0..<100 { b.beginBlock(.paragraph); b.append("para \(i)") }
        let c = b.finish()
        let mid = c.blocks[50].range
        let found = c.blocks(in: ByteRange(mid.lowerBound + 1, mid.upperBound + 3))
        XCTAssertEqual(found.map { c.string(in: $0.range) }, ["para 50", "para 51"])
    }
}
