import XCTest
import TextContent
@testable import BookFormats

/// Notes in EPUBs (issue #14), one fixture per convention real books use
/// (`Tools/fixtures/make_epub_fixtures.py`, `notes()`): which links are note references,
/// where they point, and that a note's range is the note's own text, not its chapter.
final class EPUBNotesTests: XCTestCase {
    /// The run whose text is `text` (the first one of `style` when given).
    private func run(_ text: String, _ style: InlineStyle? = nil, in c: TextContent) -> StyleRun? {
        c.styles.first { c.string(in: $0.range) == text && (style == nil || $0.style == style) }
    }

    /// The note a reference reads, as printed by `dump --notes`: its excerpt's blocks.
    private func noteText(of ref: StyleRun, in c: TextContent) -> [String]? {
        guard let target = ref.target, let range = c.noteRange(at: target) else { return nil }
        return c.excerpt(range).blocks.map { c.excerpt(range).string(in: $0.range) }
    }

    func testStandardEbooksEndnotes() throws {
        let c = try EPUBFixtures.read("notes-standard-ebooks.epub")
        XCTAssertEqual(c.validate(), [])
        for n in ["1", "2", "3"] {
            let ref = try XCTUnwrap(run(n, .noteReference, in: c), "reference \(n)")
            XCTAssertEqual(ref.target.map { c.blockIndex(atOrAfter: $0) }.map { c.blocks[$0].kind }, .footnote)
        }
        let one = run("1", .noteReference, in: c)!
        XCTAssertEqual(c.string(in: c.noteRange(at: one.target!)!), "One clock ran fast, the other slow. ↩")
        XCTAssertEqual(noteText(of: one, in: c), ["One clock ran fast, the other slow."])
        // A note of two paragraphs: both, its own link kept (with its URL), no backlink.
        let two = run("2", .noteReference, in: c)!
        XCTAssertEqual(noteText(of: two, in: c), ["The tide tables came from the almanac.", "A second paragraph of the same note."])
        let excerpt = c.excerpt(c.noteRange(at: two.target!)!)
        XCTAssertEqual(excerpt.styles.filter { $0.style == .link }.map(\.url), ["https://example.org/tides"])
        XCTAssertFalse(excerpt.styles.contains { $0.style == .backlink })
        // The backlinks are backlinks, pointing at their references.
        let backlinks = c.styles.filter { $0.style == .backlink }
        XCTAssertEqual(backlinks.count, 3)
        XCTAssertEqual(backlinks[0].target, one.range.lowerBound)
        // The notes are the three <li>, each exactly its note.
        XCTAssertEqual(c.notes.count, 3)
        XCTAssertEqual(c.string(in: c.notes[1]), "The tide tables came from the almanac.\nA second paragraph of the same note. ↩")
        // The note's own internal link stays a link.
        let inner = try XCTUnwrap(run("the first chapter", in: c))
        XCTAssertEqual(inner.style, .link)
        XCTAssertEqual(inner.target, c.chapters.first { $0.title == "I" }?.range.lowerBound)
    }

    func testRearnotesInTheSameDocument() throws {
        let c = try EPUBFixtures.read("notes-rearnotes.epub")
        XCTAssertEqual(c.validate(), [])
        let ref = try XCTUnwrap(run("*", .noteReference, in: c))
        XCTAssertEqual(c.string(in: c.noteRange(at: ref.target!)!), "42. The ferry's turning is the poem's clock.")
        XCTAssertEqual(c.notes.count, 1, "the note nobody refers to is not listed")
        // The note's link to its line is kept, and points at the line.
        let excerpt = c.excerpt(c.noteRange(at: ref.target!)!)
        XCTAssertEqual(excerpt.styles.map(\.style), [.link])
        let line = try XCTUnwrap(run("42.", .link, in: c))
        XCTAssertEqual(line.target.map { c.string(in: ByteRange($0, $0 + 14)) }, "and turns agai")
    }

    func testEPUB2PlainLinksIntoANotesDocument() throws {
        let c = try EPUBFixtures.read("notes-epub2.epub")
        XCTAssertEqual(c.validate(), [])
        let one = try XCTUnwrap(run("1", in: c))
        XCTAssertEqual(one.style, .noteReference)
        XCTAssertEqual(c.string(in: c.noteRange(at: one.target!)!), "1. Water wheels were still common then.")
        // <p><a id="n2"></a>2. …</p>: an empty anchor, so no extent; the block at the target.
        let two = try XCTUnwrap(run("[2]", in: c))
        XCTAssertEqual(two.style, .noteReference)
        XCTAssertEqual(c.string(in: c.noteRange(at: two.target!)!), "2. Each sack held a hundredweight.")
        XCTAssertEqual(c.notes.map { c.string(in: $0) }, ["1. Water wheels were still common then."])
        // A link into a chapter that is not a notes document stays a link; a link into
        // the notes document without a fragment is not a note either.
        XCTAssertEqual(run("a heading", in: c)?.style, .link)
    }

    func testAsideFootnotesAndARIARoles() throws {
        let c = try EPUBFixtures.read("notes-aside.epub")
        XCTAssertEqual(c.validate(), [])
        let a = try XCTUnwrap(run("a", .noteReference, in: c))
        XCTAssertEqual(c.string(in: c.noteRange(at: a.target!)!), "Six in winter; eight in summer.")
        let b = try XCTUnwrap(run("b", in: c))
        XCTAssertEqual(b.style, .noteReference, "role=doc-noteref")
        XCTAssertEqual(noteText(of: b, in: c), ["Bottle glass, melted down."], "role=doc-backlink left out")
        XCTAssertEqual(run("back", in: c)?.style, .backlink)
        XCTAssertNil(run("back", in: c)?.target, "its #top is not in the book")
    }

    func testBrokenSelfAndLoopingLinks() throws {
        let c = try EPUBFixtures.read("notes-aside.epub")
        XCTAssertNil(run("a missing file", in: c)?.target)
        XCTAssertEqual(run("a missing file", in: c)?.style, .link)
        XCTAssertNil(run("a missing id", in: c)?.target)
        let me = try XCTUnwrap(run("itself", in: c))
        XCTAssertEqual(me.target, me.range.lowerBound, "a link to itself points at itself")
        // A loop: c → loop-a → loop-b → loop-a; each note is its own aside.
        let loopStart = try XCTUnwrap(run("c", .noteReference, in: c))
        XCTAssertEqual(noteText(of: loopStart, in: c), ["See the other."])
        let other = try XCTUnwrap(run("the other", .noteReference, in: c))
        XCTAssertEqual(noteText(of: other, in: c), ["See the first."])
        let first = try XCTUnwrap(run("the first", .noteReference, in: c))
        XCTAssertEqual(first.target, loopStart.target)
    }

    func testAChapterAsANoteIsCut() throws {
        let c = try EPUBFixtures.read("notes-aside.epub")
        let d = try XCTUnwrap(run("d", .noteReference, in: c))
        let chapter = c.chapters[c.chapterIndex(containing: d.target!)!]
        XCTAssertTrue(c.notes.contains { $0.lowerBound == d.target && $0.count > TextContent.maximumNoteLength })
        let range = try XCTUnwrap(c.noteRange(at: d.target!))
        XCTAssertLessThanOrEqual(range.count, TextContent.maximumNoteLength)
        XCTAssertLessThan(range.upperBound, chapter.range.upperBound)
        XCTAssertTrue(c.string(in: range).hasPrefix("The Long Chapter\nParagraph 0 of"))
    }

    func testExternalLinksKeepPrintableURLsOnlyForWebAndMail() throws {
        let c = try EPUBFixtures.read("notes-aside.epub")
        XCTAssertEqual(run("web", in: c)?.url, "http://example.org/a%20b?q=%C3%BC")
        XCTAssertEqual(run("mail", in: c)?.url, "MAILTO:keeper@example.org")
        for name in ["script", "file", "data"] {
            let r = try XCTUnwrap(run(name, in: c), name)
            XCTAssertEqual(r.style, .link, name)
            XCTAssertNil(r.url, name)
            XCTAssertNil(r.target, name)
        }
        XCTAssertNil(run("web", in: c)?.target)
    }

    func testOneDocumentAloneKeepsItsSameDocumentNotes() throws {
        let package = try EPUBPackage(path: EPUBFixtures.path("notes-aside.epub"))
        let c = try package.document(at: 0)
        XCTAssertEqual(c.validate(), [])
        XCTAssertEqual(run("a", .noteReference, in: c).flatMap { c.noteRange(at: $0.target!) }.map { c.string(in: $0) },
                       "Six in winter; eight in summer.")
        XCTAssertNil(run("d", .noteReference, in: c)?.target, "the long chapter is another document")
    }

    func testFiveThousandLinksOnOnePage() throws {
        let dir = TestEPUBWriter.temporaryDirectory()
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        var body = "<p>"
        for i in 0..<5000 { body += "<a epub:type=\"noteref\" href=\"#n\(i % 50)\">\(i)</a> " }
        body += "</p>"
        for i in 0..<50 { body += "<aside epub:type=\"footnote\" id=\"n\(i)\"><p>Note \(i).</p></aside>" }
        let path = dir.appendingPathComponent("links.epub").path
        try TestEPUBWriter.write(path, [
            .init("META-INF/container.xml", TestEPUBWriter.container),
            .init("content.opf", TestEPUBWriter.opf([("a", "a.xhtml")])),
            .init("a.xhtml", TestEPUBWriter.xhtml(body)),
        ])
        let c = try EPUBReader.read(path: path)
        XCTAssertEqual(c.validate(), [])
        let refs = c.styles.filter { $0.style == .noteReference }
        XCTAssertEqual(refs.count, 5000)
        XCTAssertEqual(c.notes.count, 50)
        XCTAssertEqual(c.string(in: c.noteRange(at: refs[4999].target!)!), "Note 49.")
    }
}
