import XCTest
@testable import TextContent

/// The builder additions used by the EPUB parser: concatenation, explicit chapter starts,
/// byte-level whitespace collapsing, separators after preformatted text.
final class TextContentBuilderConcatenationTests: XCTestCase {
    private func builder() -> TextContentBuilder {
        TextContentBuilder(metadata: BookMetadata(title: "T", format: .epub))
    }

    func testAppendShiftsBlocksStylesTargetsAndSourceMap() {
        var a = builder()
        a.defineTarget("a.xhtml")
        a.beginBlock(.paragraph)
        a.anchor(source: "a.xhtml", offset: 10, linear: false)
        a.append("First")
        a.endBlock()

        var b = builder()
        b.defineTarget("b.xhtml")
        b.beginBlock(.heading, level: 1)
        b.anchor(source: "b.xhtml", offset: 20, linear: false)
        b.append("Second")
        b.endBlock()
        b.beginBlock(.paragraph)
        let link = b.beginStyle(.link, targetKey: "a.xhtml")
        b.append("back")
        b.endStyle(link)
        let note = b.beginStyle(.noteReference, targetKey: "b.xhtml#n")
        b.append("1")
        b.endStyle(note)
        b.endBlock()
        b.defineTarget("b.xhtml#n")
        b.beginBlock(.footnote)
        b.append("Note")
        b.endBlock()

        var book = builder()
        XCTAssertEqual(book.append(a), 0)
        XCTAssertEqual(book.append(b), 6)
        book.addChapter(title: "A", at: 0, source: "a.xhtml")
        book.addChapter(title: "B", at: 6, source: "b.xhtml")
        let c = book.finish()
        XCTAssertEqual(c.string(in: c.fullRange), "First\nSecond\nback1\nNote")
        XCTAssertEqual(c.blocks.map(\.kind), [.paragraph, .heading, .paragraph, .footnote])
        XCTAssertEqual(c.styles.map(\.target), [0, 19])
        XCTAssertEqual(c.styles.map(\.range), [ByteRange(13, 17), ByteRange(17, 18)])
        XCTAssertEqual(c.chapters.map(\.range), [ByteRange(0, 6), ByteRange(6, 23)])
        XCTAssertEqual(c.sourceMap.location(of: 7)?.path, "b.xhtml")
        XCTAssertEqual(c.sourceMap.location(of: 6)?.offset, 20)
        XCTAssertEqual(c.validate(), [])
    }

    func testTargetsOfAnEmptyFragmentPointAtTheNextText() {
        var book = builder()
        var a = builder()
        a.append("Text")
        book.append(a)
        var empty = builder()
        empty.defineTarget("empty.xhtml")
        book.append(empty)
        var c = builder()
        c.append("More")
        book.append(c)
        book.addTOCEntry(title: "Empty", level: 1, targetKey: "empty.xhtml", source: "x")
        let content = book.finish()
        XCTAssertEqual(content.toc.first?.target, 5)
        XCTAssertEqual(content.string(in: content.fullRange), "Text\nMore")
    }

    func testCollapsingWhitespaceFromBytes() {
        var b = builder()
        b.beginBlock(.paragraph)
        for chunk in ["  The keeper \n\t climbed ", " the", "\u{A0}stairs ", "\u{1B}[31m", " now  "] {
            var s = chunk
            s.withUTF8 { b.appendCollapsingWhitespace(utf8: $0) }
        }
        b.endBlock()
        let c = b.finish()
        XCTAssertEqual(c.string(in: c.fullRange), "The keeper climbed the\u{A0}stairs now")
        XCTAssertEqual(c.validate(), [])
    }

    func testSeparatorAfterPreformattedTextEndingInNewline() {
        var b = builder()
        b.beginBlock(.preformatted)
        b.append("code\n\n")
        b.endBlock()
        b.beginBlock(.paragraph)
        b.append("after")
        b.endBlock()
        let c = b.finish()
        // One trailing line break of the preformatted block is dropped (as browsers do);
        // the separator is always written.
        XCTAssertEqual(c.string(in: c.blocks[0].range), "code\n")
        XCTAssertEqual(c.blocks[1].range.lowerBound.rawValue, c.blocks[0].range.upperBound.rawValue + 1)
        XCTAssertEqual(c.string(in: c.fullRange), "code\n\nafter")
    }

    func testStyleStartedBeforeABlockDoesNotCoverTheSeparator() {
        var b = builder()
        b.append("One")
        b.endBlock()
        let t = b.beginStyle(.emphasis)
        b.beginBlock(.paragraph)
        b.append("Two")
        b.endStyle(t)
        let c = b.finish()
        XCTAssertEqual(c.styles.first?.range, ByteRange(4, 7))
    }

    func testPendingTargetsSurviveOutOfOrderInsertion() {
        var b = builder()
        b.defineTarget("t")
        b.beginBlock(.paragraph)
        let outer = b.beginStyle(.emphasis)
        b.append("a ")
        let link = b.beginStyle(.link, targetKey: "t")
        b.append("b")
        b.endStyle(link)
        b.endStyle(outer)  // inserted before the link run
        b.endBlock()
        let c = b.finish()
        XCTAssertEqual(c.styles.map(\.style), [.emphasis, .link])
        XCTAssertEqual(c.styles.map(\.target), [nil, 0])
    }
}
