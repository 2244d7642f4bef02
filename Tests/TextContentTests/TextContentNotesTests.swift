import XCTest
@testable import TextContent

/// Notes and links in the book model (issue #14): the builder's extents and note
/// classification, `TextContent.notes`, `noteRange(at:)`, `excerpt(_:omitting:)`, URLs.
final class TextContentNotesTests: XCTestCase {
    private func builder() -> TextContentBuilder {
        TextContentBuilder(metadata: BookMetadata(title: "T", format: .epub))
    }

    /// A paragraph with a link (`style`) to `key`, then a note block with id `key`.
    private func bookWithNote(style: InlineStyle = .link, isNote: Bool, recordEnd: Bool = true) -> TextContent {
        var b = builder()
        b.beginBlock(.paragraph)
        b.append("Text")
        let r = b.beginStyle(style, targetKey: "n.xhtml#n1")
        b.append("1")
        b.endStyle(r)
        b.append(" more.")
        b.endBlock()
        XCTAssertTrue(b.defineTarget("n.xhtml#n1", isNote: isNote))
        b.beginBlock(.footnote)
        b.append("The note. ")
        let back = b.beginStyle(.backlink, targetKey: "c.xhtml#r1")
        b.append("↩")
        b.endStyle(back)
        b.endBlock()
        if recordEnd { b.endTarget("n.xhtml#n1") }
        b.beginBlock(.paragraph)
        b.append("After the note.")
        return b.finish()
    }

    func testALinkToANoteBecomesANoteReferenceAndItsExtentIsANote() {
        let c = bookWithNote(isNote: true)
        XCTAssertEqual(c.validate(), [])
        let ref = c.styles.first { c.string(in: $0.range) == "1" }!
        XCTAssertEqual(ref.style, .noteReference)
        XCTAssertEqual(ref.target, c.block("The note. ↩")?.range.lowerBound)
        XCTAssertEqual(c.notes, [c.block("The note. ↩")!.range])
        XCTAssertEqual(c.noteRange(at: ref.target!), c.block("The note. ↩")!.range)
        XCTAssertEqual(c.string(in: c.noteRange(at: ref.target!)!), "The note. ↩")
    }

    func testALinkToAnElementThatIsNoNoteStaysALink() {
        let c = bookWithNote(isNote: false)
        let ref = c.styles.first { c.string(in: $0.range) == "1" }!
        XCTAssertEqual(ref.style, .link)
        XCTAssertNotNil(ref.target)
        XCTAssertEqual(c.notes, [], "only note references' targets are notes")
    }

    func testANoteReferenceToAnyBlockWithAnExtentRecordsIt() {
        let c = bookWithNote(style: .noteReference, isNote: false)
        XCTAssertEqual(c.notes.count, 1)
    }

    func testWithoutAnEndTheNoteIsTheBlockAtTheTarget() {
        let c = bookWithNote(isNote: true, recordEnd: false)
        XCTAssertEqual(c.notes, [])
        let ref = c.styles.first { $0.style == .noteReference }!
        XCTAssertEqual(c.string(in: c.noteRange(at: ref.target!)!), "The note. ↩")
    }

    func testAnEmptyExtentIsNotRecorded() {
        var b = builder()
        let r = b.beginStyle(.noteReference, targetKey: "k")
        b.append("1")
        b.endStyle(r)
        b.endBlock()
        b.defineTarget("k", isNote: true)
        b.endTarget("k")  // `<a id="k"/>`: nothing between
        b.beginBlock(.paragraph)
        b.append("2. The note.")
        let c = b.finish()
        XCTAssertEqual(c.notes, [])
        XCTAssertEqual(c.string(in: c.noteRange(at: c.styles[0].target!)!), "2. The note.")
    }

    /// `<p>Text<aside id="fn1">…`: the id is defined while the paragraph is still open, at
    /// what becomes the separator; the target and the note start at the note's text.
    func testATargetOnASeparatorMovesToTheNextBlock() {
        var b = builder()
        b.beginBlock(.paragraph)
        let r = b.beginStyle(.noteReference, targetKey: "fn1")
        b.append("Text")
        b.endStyle(r)
        b.defineTarget("fn1", isNote: true)
        b.endBlock()
        b.beginBlock(.footnote)
        b.append("The note.")
        b.endBlock()
        b.endTarget("fn1")
        let c = b.finish()
        XCTAssertEqual(c.styles[0].target, ByteOffset(5))
        XCTAssertEqual(c.notes, [ByteRange(5, 14)])
        XCTAssertEqual(c.string(in: c.noteRange(at: ByteOffset(5))!), "The note.")
    }

    func testTheFirstDefinitionWinsAndOnlyItsEndCounts() {
        var b = builder()
        b.append("x")
        let r = b.beginStyle(.noteReference, targetKey: "k")
        b.append("1")
        b.endStyle(r)
        b.endBlock()
        XCTAssertTrue(b.defineTarget("k"))
        b.beginBlock(.paragraph)
        b.append("First.")
        b.endBlock()
        b.endTarget("k")
        XCTAssertFalse(b.defineTarget("k"))
        b.beginBlock(.paragraph)
        b.append("Second, a duplicate id.")
        b.endBlock()
        b.endTarget("k")
        let c = b.finish()
        XCTAssertEqual(c.notes.map { c.string(in: $0) }, ["First."])
    }

    func testAppendShiftsExtentsAndNoteKeys() {
        var a = builder()
        a.beginBlock(.paragraph)
        a.append("Chapter text")
        let r = a.beginStyle(.link, targetKey: "notes.xhtml#n1")
        a.append("1")
        a.endStyle(r)
        a.endBlock()
        var notes = builder()
        notes.beginBlock(.heading, level: 2)
        notes.append("Notes")
        notes.endBlock()
        notes.defineTarget("notes.xhtml#n1", isNote: true)
        notes.beginBlock(.footnote)
        notes.append("A note in another document.")
        notes.endBlock()
        notes.endTarget("notes.xhtml#n1")
        a.append(notes)
        let c = a.finish()
        XCTAssertEqual(c.validate(), [])
        XCTAssertEqual(c.styles[0].style, .noteReference)
        XCTAssertEqual(c.notes.map { c.string(in: $0) }, ["A note in another document."])
    }

    func testNotesAreSortedOneAStartTheLongestKept() {
        var b = builder()
        for key in ["b", "a", "inner"] {
            let r = b.beginStyle(.noteReference, targetKey: key)
            b.append(key + " ")
            b.endStyle(r)
        }
        b.endBlock()
        b.defineTarget("a")
        b.defineTarget("inner")  // `<li id="a"><p id="inner">`: the same start
        b.beginBlock(.footnote)
        b.append("Note a.")
        b.endBlock()
        b.endTarget("inner")
        b.beginBlock(.footnote)
        b.append("Its second paragraph.")
        b.endBlock()
        b.endTarget("a")
        b.defineTarget("b")
        b.beginBlock(.footnote)
        b.append("Note b.")
        b.endBlock()
        b.endTarget("b")
        let c = b.finish()
        XCTAssertEqual(c.validate(), [])
        XCTAssertEqual(c.notes.map { c.string(in: $0) }, ["Note a.\nIts second paragraph.", "Note b."])
    }

    func testExcerptDropsTheBacklinkAndKeepsOtherLinks() {
        var b = builder()
        b.beginBlock(.paragraph)
        b.append("See ")
        let link = b.beginStyle(.link, url: "https://example.org/x")
        b.append("this")
        b.endStyle(link)
        b.append(". ")
        let back = b.beginStyle(.backlink, targetKey: "c#r")
        b.append("↩")
        b.endStyle(back)
        b.endBlock()
        b.beginBlock(.paragraph)
        b.append("Second ")
        let e = b.beginStyle(.emphasis)
        b.append("part")
        b.endStyle(e)
        let c = b.finish()
        let x = c.excerpt(c.fullRange)
        XCTAssertEqual(x.validate(), [])
        XCTAssertEqual(x.blockTexts, ["See this.", "Second part"])
        XCTAssertEqual(x.styles.map(\.style), [.link, .emphasis])
        XCTAssertEqual(x.string(in: x.styles[0].range), "this")
        XCTAssertEqual(x.styles[0].url, "https://example.org/x")
        XCTAssertEqual(x.string(in: x.styles[1].range), "part")
        // Nothing omitted: the backlink stays.
        XCTAssertEqual(c.excerpt(c.fullRange, omitting: { _ in false }).blockTexts, ["See this. ↩", "Second part"])
    }

    func testAnOversizedNoteIsCutAtABlockEnd() {
        var b = builder()
        let r = b.beginStyle(.noteReference, targetKey: "long")
        b.append("1")
        b.endStyle(r)
        b.endBlock()
        b.defineTarget("long", isNote: true)
        for i in 0..<400 {
            b.beginBlock(.paragraph)
            b.append("Paragraph \(i) of a chapter that is far too long to be read as one note.")
            b.endBlock()
        }
        b.endTarget("long")
        let c = b.finish()
        XCTAssertEqual(c.notes.count, 1)
        XCTAssertGreaterThan(c.notes[0].count, TextContent.maximumNoteLength)
        let range = c.noteRange(at: c.styles[0].target!)!
        XCTAssertLessThanOrEqual(range.count, TextContent.maximumNoteLength)
        XCTAssertGreaterThan(range.count, TextContent.maximumNoteLength - 200)
        XCTAssertTrue(c.blocks.contains { $0.range.upperBound == range.upperBound }, "cut at a block end")
    }

    func testURLsArePrintableASCII() {
        XCTAssertEqual(TextContentBuilder.printableURL("http://example.org/a b?q=ü\u{1B}[31m"),
                       "http://example.org/a%20b?q=%C3%BC%1B[31m")
        var b = builder()
        let l = b.beginStyle(.link, url: "mailto:a\u{7F}@b\n")
        b.append("mail")
        b.endStyle(l)
        let c = b.finish()
        XCTAssertEqual(c.styles[0].url, "mailto:a%7F@b%0A")
        XCTAssertTrue(c.styles[0].isLink)
        XCTAssertEqual(c.validate(), [])
        var bad = c
        bad.styles[0].url = "a b"
        XCTAssertEqual(bad.validate().count, 1)
    }

    func testValidateChecksNotes() {
        var c = bookWithNote(isNote: true)
        XCTAssertEqual(c.validate(), [])
        c.notes = [ByteRange(5, 7), ByteRange(2, 3)]
        XCTAssertTrue(c.validate().contains("notes not sorted"))
        c.notes = [ByteRange(0, c.bytes.count + 1)]
        XCTAssertFalse(c.validate().isEmpty)
    }
}

private extension TextContent {
    var blockTexts: [String] { blocks.map { string(in: $0.range) } }
    func block(_ text: String) -> Block? { blocks.first { string(in: $0.range) == text } }
}
