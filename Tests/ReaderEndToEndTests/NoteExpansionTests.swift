import BookFormats
import TextContent
import XCTest
@testable import reader

/// `NoteExpansion` and `TextInsertions` (issue #14): the book `dump --notes` prints is a
/// valid `TextContent`, with every old offset where its text went.
final class NoteExpansionTests: XCTestCase {
    func book(_ name: String) throws -> TextContent {
        try EPUBReader.read(path: TmuxSessionTests.fixtures.appendingPathComponent("epub/" + name).path)
    }

    func testExpandedBooksAreValidAndKeepTheirText() throws {
        for name in ["notes-standard-ebooks.epub", "notes-rearnotes.epub", "notes-epub2.epub", "notes-aside.epub", "epub3-features.epub"] {
            let content = try book(name)
            for mode in [NotesMode.inline, .end] {
                let insertions = NoteExpansion.insertions(for: content, mode: mode)
                XCTAssertFalse(insertions.pieces.isEmpty, name)
                let expanded = insertions.apply(to: content)
                XCTAssertEqual(expanded.validate(), [], "\(name) \(mode)")
                XCTAssertEqual(expanded.chapters.count, content.chapters.count)
                XCTAssertEqual(expanded.bytes.count, content.bytes.count + insertions.pieces.reduce(0) { $0 + $1.bytes.count })
                // Taking the pieces out again gives the old text back.
                var rebuilt: [UInt8] = []
                var at = 0
                var inserted = 0
                for piece in insertions.pieces.sorted(by: { ($0.at, $0.isBlocks ? 1 : 0) < ($1.at, $1.isBlocks ? 1 : 0) }) {
                    let start = piece.at.rawValue + inserted
                    rebuilt += expanded.bytes[at..<start]
                    XCTAssertEqual(Array(expanded.bytes[start..<(start + piece.bytes.count)]), piece.bytes)
                    at = start + piece.bytes.count
                    inserted += piece.bytes.count
                }
                rebuilt += expanded.bytes[at...]
                XCTAssertEqual(rebuilt, content.bytes, "\(name) \(mode)")
                // Each run still covers its text (no insertion falls inside a reference), and
                // a target still points at the byte it pointed at.
                for run in content.styles {
                    let lower = insertions.newOffset(run.range.lowerBound)
                    let moved = try XCTUnwrap(expanded.styles.first { $0.style == run.style && $0.range.lowerBound == lower }, "\(run)")
                    if run.style == .noteReference {
                        XCTAssertEqual(Array(expanded.bytes[moved.range.intRange]), Array(content.bytes[run.range.intRange]))
                    }
                    if let t = run.target, t.rawValue < content.bytes.count {
                        XCTAssertEqual(moved.target.map { expanded.bytes[$0.rawValue] }, content.bytes[t.rawValue], "\(name): target of \(run)")
                    }
                }
            }
        }
    }
}

extension NoteExpansionTests {
    /// `end`: the notes are paragraphs of their chapter, after its last block, numbered.
    func testEndNotesArePartOfTheirChapter() throws {
        let content = try book("notes-standard-ebooks.epub")
        let expanded = NoteExpansion.expand(content, mode: .end)
        let first = expanded.chapters[expanded.chapters.firstIndex { $0.title == "I" }!]
        let texts = expanded.blocks(in: first.range).map { expanded.string(in: $0.range) }
        XCTAssertEqual(texts.suffix(2), ["[1] One clock ran fast, the other slow.",
                                         "[2] The tide tables came from the almanac. A second paragraph of the same note."])
        XCTAssertEqual(NoteExpansion.expand(content, mode: .off).bytes, content.bytes)
    }
}
