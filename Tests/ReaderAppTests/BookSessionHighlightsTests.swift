import Foundation
import ReaderCore
import ReaderState
import Storage
import TextContent
import TextLayout
import XCTest
@testable import ReaderApp

/// Highlights kept with the book's state: written, read back, found again by their text.
final class BookSessionHighlightsTests: XCTestCase {
    var folder: URL!
    var directories: XDGDirectories!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reader-highlights-\(UUID().uuidString)")
        directories = XDGDirectories(state: folder.appendingPathComponent("state"), cache: folder.appendingPathComponent("cache"))
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    func open(_ store: PositionStore) throws -> BookSession {
        try BookSession.open(ReaderLoopTests.fixtures.appendingPathComponent("sample/sample.txt").path, options: BookOpenOptions(),
                             directories: directories, store: store)
    }

    func testHighlightsMadeInVisualModeComeBackWithTheBook() throws {
        let store = MemoryPositionStore()
        let session = try open(store)
        let model = session.makeModel(columns: 60, rows: 12, layout: LayoutOptions())
        model.handle(.character("v"))
        model.handle(.character("e"))
        model.handle(.character("h"))
        model.handle(.character(" "))   // the next page: a selection apart from the first
        model.handle(.character("v"))
        model.handle(.character("a"))
        for c in "a note" { model.handle(.character(c)) }
        model.handle(.enter)
        XCTAssertEqual(model.highlights.count, 2)
        XCTAssertNotEqual(model.highlights[0].id, model.highlights[1].id)
        try session.saveHighlights(model.highlights, now: Date(timeIntervalSince1970: 50))
        // A position save keeps them.
        try session.save(position: ByteOffset(3), marks: [])
        let saved = try XCTUnwrap(store.states[session.key]?.highlights)
        XCTAssertEqual(saved.map(\.created), [50, 50])
        XCTAssertEqual(saved.map(\.quote), model.highlights.map { model.content.string(in: $0.range) })
        let reopened = try open(store).makeModel(columns: 80, rows: 20, layout: LayoutOptions())
        XCTAssertEqual(reopened.highlights, model.highlights)
        XCTAssertEqual(reopened.highlights.compactMap(\.note), ["a note"])
    }

    func testAHighlightIsFoundAgainByItsTextWhenTheOffsetsMoved() throws {
        var b = TextContentBuilder(metadata: BookMetadata(title: "T", format: .txt))
        b.beginChapter(title: "One", source: "@1")
        b.beginBlock(.paragraph)
        b.append("A new first sentence. Call me Ishmael. Some years ago, call me Ishmael again.")
        let content = b.finish()
        let text = content.string(in: ByteRange(0, content.bytes.count))
        let at = text.utf8.count - "call me Ishmael again.".utf8.count - 10
        let stored = StoredHighlight(id: "x", start: at, end: at + 15, chapter: 0, color: "green", note: nil,
                                     quote: "Call me Ishmael", created: 0, updated: 0)
        let range = try XCTUnwrap(BookSession.locate(stored, in: content))
        XCTAssertEqual(content.string(in: range), "Call me Ishmael")
        XCTAssertEqual(range.lowerBound.rawValue, "A new first sentence. ".utf8.count, "the occurrence nearest the old offset")
        var gone = stored
        gone.quote = "not in the book"
        XCTAssertNil(BookSession.locate(gone, in: content))
        var past = stored
        past.start = 1_000_000
        past.end = 1_000_015
        XCTAssertNotNil(BookSession.locate(past, in: content), "offsets past the book: found by the quote, no crash")
    }
}
