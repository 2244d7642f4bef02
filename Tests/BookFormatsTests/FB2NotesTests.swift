import XCTest
import TextContent
@testable import BookFormats

/// Notes in FB2 (`<body name="notes">`, "comments"): `type="note"` links are note
/// references, a plain link to a note becomes one, and the popup's range is the note.
final class FB2NotesTests: XCTestCase {
    private func reference(_ text: String, in c: TextContent) throws -> StyleRun {
        try XCTUnwrap(c.styles.first { c.string(in: $0.range) == text && $0.style == .noteReference }, text)
    }

    private func note(of ref: StyleRun, in c: TextContent) -> String? {
        guard let target = ref.target, let range = c.noteRange(at: target) else { return nil }
        return c.string(in: range)
    }

    func testNotesBodyHoldsNotesThePopupShows() throws {
        let c = try FB2Fixtures.read("elements.fb2")
        let one = try reference("[1]", in: c)
        XCTAssertEqual(note(of: one, in: c), "1\nThe log book is kept in the tower.\nIts second page is torn.")
        // A plain link (no type="note") into the notes body is a note reference too.
        let two = try reference("[2]", in: c)
        XCTAssertEqual(note(of: two, in: c), "2\nHe slept by day.")
        XCTAssertEqual(c.notes.count, 2)
        XCTAssertEqual(c.block("He slept by day.")?.kind, .footnote)
        XCTAssertEqual(c.block("2")?.kind, .footnote, "a note's title is part of the note, not a heading")
        XCTAssertEqual(c.block("Endnotes")?.kind, .heading)
        // The notes are their own last chapter.
        XCTAssertEqual(c.chapters.last?.title, "Endnotes")
        XCTAssertTrue(c.chapters.last!.range.contains(one.target!))
        // The excerpt the popup draws is a valid book.
        XCTAssertEqual(c.excerpt(c.noteRange(at: one.target!)!).validate(), [])
    }

    func testCommentsBodyAndAMissingNote() throws {
        let c = try FB2Fixtures.read("notes.fb2")
        XCTAssertEqual(c.chapters.map(\.title), ["Only Chapter", "Notes", "Comments"])
        XCTAssertEqual(note(of: try reference("1", in: c), in: c), "1\nFirst note, one paragraph.")
        let star = try reference("*", in: c)
        XCTAssertEqual(note(of: star, in: c), "A comment of two paragraphs.\nIts second one.")
        let excerpt = c.excerpt(c.noteRange(at: star.target!)!)
        XCTAssertEqual(excerpt.styles.map(\.style), [.emphasis])
        // A note reference to an id that does not exist has no target (nothing to show).
        XCTAssertNil(try reference("9", in: c).target)
        XCTAssertEqual(c.notes.count, 2)
    }

    func testSectionsInTheNotesBodyAreNotChapters() throws {
        let c = try FB2Fixtures.read("elements.fb2")
        XCTAssertFalse(c.chapters.contains { $0.title == "1" || $0.title == "2" })
        XCTAssertFalse(c.toc.contains { $0.title == "1" })
    }
}
