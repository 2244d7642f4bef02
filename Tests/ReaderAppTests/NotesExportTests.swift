import Foundation
import ReaderCore
import ReaderState
import Storage
import TextContent
import XCTest
@testable import ReaderApp

/// `reader notes`' document, its Markdown, and the JSON round trip through `notes import`.
final class NotesExportTests: XCTestCase {
    var folder: URL!
    var directories: XDGDirectories!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reader-notes-\(UUID().uuidString)")
        directories = XDGDirectories(state: folder.appendingPathComponent("state").path, cache: folder.appendingPathComponent("cache").path)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    var book: String { ReaderLoopTests.fixtures.appendingPathComponent("sample/sample.txt").path }

    func open(state: String = "state") throws -> BookSession {
        try BookSession.open(book, options: BookOpenOptions(), directories: directories,
                             store: FilePositionStore(StateStore(folder: folder.appendingPathComponent(state).path)))
    }

    /// Three highlights: in two chapters, one with a two-line note holding an escape.
    func highlighted() throws -> BookSession {
        let session = try open()
        let content = session.content
        XCTAssertGreaterThanOrEqual(content.chapters.count, 2)
        func words(in chapter: Int, skip: Int) -> ByteRange {
            let r = content.chapters[chapter].range
            let text = Array(content.bytes[r.lowerBound.rawValue..<r.upperBound.rawValue])
            let spaces = text.indices.filter { text[$0] == 0x20 }
            return ByteRange(r.lowerBound.rawValue + spaces[skip] + 1, r.lowerBound.rawValue + spaces[skip + 4])
        }
        let marks = [TextHighlight(id: "a1", range: words(in: 0, skip: 2), color: .green, note: "first line\nsecond \u{1B}[31mline"),
                     TextHighlight(id: "b2", range: words(in: 0, skip: 10), color: .yellow),
                     TextHighlight(id: "c3", range: words(in: 1, skip: 3), color: .purple, note: "# not a heading")]
        try session.saveHighlights(marks, now: Date(timeIntervalSince1970: 1_000))
        return session
    }

    func testTheDocumentHasEveryFieldAndWhereEachHighlightIsNow() throws {
        let session = try highlighted()
        let doc = session.notesDocument()
        XCTAssertEqual(doc.format, "reader-notes")
        XCTAssertEqual(doc.book.title, session.content.metadata.title)
        XCTAssertEqual(doc.book.key, session.key)
        XCTAssertEqual(doc.highlights.map(\.id), ["a1", "b2", "c3"])
        XCTAssertEqual(doc.highlights.map(\.chapter), [0, 0, 1])
        XCTAssertEqual(doc.highlights[2].chapterTitle, session.content.chapters[1].title)
        XCTAssertTrue(doc.highlights.allSatisfy { $0.found && $0.created == 1_000 && $0.percent >= 0 && $0.percent <= 100 })
        for h in doc.highlights {
            XCTAssertEqual(h.quote, session.content.string(in: ByteRange(h.start, h.end)))
            XCTAssertFalse(h.before?.isEmpty ?? true)
        }
        XCTAssertEqual(doc.highlights[0].note, "first line\nsecond line", "the escape sequence is dropped")
        let decoded = try JSONDecoder().decode(NotesDocument.self, from: try doc.json())
        XCTAssertEqual(decoded, doc)
    }

    func testMarkdownHasTheTitleChaptersQuotesNotesAndPositions() throws {
        let session = try highlighted()
        let doc = session.notesDocument()
        let md = NotesMarkdown.render(doc)
        XCTAssertTrue(md.hasPrefix("# \(doc.book.title)\n"))
        XCTAssertTrue(md.contains("\n## \(session.content.chapters[0].title)\n"))
        XCTAssertTrue(md.contains("\n## \(session.content.chapters[1].title)\n"))
        XCTAssertTrue(md.contains("\n> \(doc.highlights[1].quote)\n"))
        XCTAssertTrue(md.contains("\nfirst line  \nsecond line\n"), "a note's lines as hard breaks")
        XCTAssertTrue(md.contains("\n\\# not a heading\n"), "a note line that Markdown would read as a heading is escaped")
        XCTAssertTrue(md.contains("· \(NotesMarkdown.percent(doc.highlights[2].percent)) · purple"))
        XCTAssertFalse(md.utf8.contains(0x1B))
        // Chapter headings in book order, each once.
        XCTAssertEqual(md.components(separatedBy: "\n## ").count - 1, 2)
    }

    func testMarkdownEscapesLinesThatWouldBeMarkup() {
        XCTAssertEqual(NotesMarkdown.escapeLine("# x"), "\\# x")
        XCTAssertEqual(NotesMarkdown.escapeLine("1. x"), "1\\. x")
        XCTAssertEqual(NotesMarkdown.escapeLine("- x <b>"), "\\- x &lt;b>")
        XCTAssertEqual(NotesMarkdown.escapeLine("plain words"), "plain words")
        XCTAssertEqual(NotesMarkdown.blockquote("one\ntwo"), "> one\n>\n> two")
    }

    func testAJSONExportImportsBackIntoAFreshStateAndAgainChangesNothing() throws {
        let session = try highlighted()
        let file = folder.appendingPathComponent("notes.json")
        try session.notesDocument().json().write(to: file)
        let fresh = try open(state: "other")
        XCTAssertNil(fresh.state.highlights)
        let result = try fresh.importNotes(try BookSession.readNotes(at: file.path))
        XCTAssertEqual(result, BookSession.NotesImport(added: 3, updated: 0, unchanged: 0, notFound: 0))
        let reopened = try open(state: "other")
        XCTAssertEqual(reopened.savedHighlights, session.savedHighlights)
        XCTAssertEqual(reopened.state.highlights?.map(\.created), [1_000, 1_000, 1_000])
        let again = try reopened.importNotes(try BookSession.readNotes(at: file.path))
        XCTAssertEqual(again, BookSession.NotesImport(added: 0, updated: 0, unchanged: 3, notFound: 0))
    }

    func testANewerCopyInTheFileUpdatesAndAQuoteNotInTheBookIsCounted() throws {
        let session = try highlighted()
        var doc = session.notesDocument()
        doc.highlights[1].note = "added later"
        doc.highlights[1].updated = 2_000
        doc.highlights[2].quote = "words that are in no book at all, anywhere"
        doc.highlights[2].before = "nothing"
        doc.highlights[2].after = "nothing"
        doc.highlights[2].id = "zz"
        doc.highlights.append(doc.highlights[0])
        doc.highlights[3].id = "\u{1B}]52;c;evil\u{07}"
        let result = try session.importNotes(doc)
        XCTAssertEqual(result, BookSession.NotesImport(added: 0, updated: 1, unchanged: 2, notFound: 1))
        XCTAssertEqual(session.state.highlights?.first { $0.id == "b2" }?.note, "added later")
        XCTAssertEqual(session.state.highlights?.count, 3)
    }

    func testFilesThatAreNotNotesAreRefusedWithTheirName() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let bad = folder.appendingPathComponent("bad.json")
        for text in ["{", "[]", "{\"format\": \"other\", \"version\": 1, \"book\": {}, \"highlights\": []}"] {
            try Data(text.utf8).write(to: bad)
            XCTAssertThrowsError(try BookSession.readNotes(at: bad.path)) { error in
                XCTAssertEqual((error as? BookSession.NotesFileError)?.message.hasPrefix(bad.path + ": "), true)
            }
        }
        XCTAssertThrowsError(try BookSession.readNotes(at: folder.appendingPathComponent("missing.json").path))
    }
}
