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
        directories = XDGDirectories(state: folder.appendingPathComponent("state").path, cache: folder.appendingPathComponent("cache").path)
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
        func locate(_ h: StoredHighlight, in content: TextContent) -> ByteRange? { BookSession.anchored([h], in: content).first?.1 }
        let range = try XCTUnwrap(locate(stored, in: content))
        XCTAssertEqual(content.string(in: range), "Call me Ishmael")
        XCTAssertEqual(range.lowerBound.rawValue, "A new first sentence. ".utf8.count, "the occurrence nearest the old offset")
        var gone = stored
        gone.quote = "not in the book"
        XCTAssertNil(locate(gone, in: content))
        var past = stored
        past.start = 1_000_000
        past.end = 1_000_015
        XCTAssertNotNil(locate(past, in: content), "offsets past the book: found by the quote, no crash")
    }

    /// A book file edited in place gets a new key; its first opening carries over the old
    /// version's highlights (found again in the new text), bookmarks and place.
    func testHighlightsCarryOverToAnEditedFile() throws {
        let book = folder.appendingPathComponent("book.txt")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let first = "Call me Ishmael. Some years ago, never mind how long precisely, having little money in my purse.\n\n"
        let second = "It is a way I have of driving off the spleen and regulating the circulation, whenever I find myself grim.\n"
        try Data((first + second).utf8).write(to: book)
        let store = FilePositionStore(StateStore(folder: directories.state))
        let session = try BookSession.open(book.path, options: BookOpenOptions(), directories: directories, store: store)
        let text = session.content.string(in: ByteRange(0, session.content.bytes.count))
        func range(of s: String, in text: String) -> ByteRange {
            let r = text.range(of: s)!
            return ByteRange(text.utf8.distance(from: text.startIndex, to: r.lowerBound), text.utf8.distance(from: text.startIndex, to: r.upperBound))
        }
        let marks = [TextHighlight(id: "a", range: range(of: "never mind how long precisely", in: text), color: .green, note: "how long?"),
                     TextHighlight(id: "b", range: range(of: "driving off the spleen", in: text), color: .yellow, note: nil)]
        try session.saveHighlights(marks, now: Date(timeIntervalSince1970: 10))
        let saved = try XCTUnwrap(session.state.highlights)
        XCTAssertEqual(saved[0].before, "Call me Ishmael. Some years ago, ")
        XCTAssertEqual(saved[1].after?.hasPrefix(" and regulating the circulation"), true)
        // A new edition: a line in front, a word changed inside the second quote.
        let edited = "A NOTE ON THE TEXT.\n\n" + first + second.replacingOccurrences(of: "off the spleen", with: "away the spleen")
        try Data(edited.utf8).write(to: book)
        let reopened = try BookSession.open(book.path, options: BookOpenOptions(), directories: directories, store: store)
        XCTAssertNotEqual(reopened.key, session.key)
        let newText = reopened.content.string(in: ByteRange(0, reopened.content.bytes.count))
        let found = reopened.savedHighlights
        XCTAssertEqual(found.map(\.id), ["a", "b"])
        XCTAssertEqual(found.map { reopened.content.string(in: $0.range) }, ["never mind how long precisely", "driving away the spleen"])
        XCTAssertEqual(found[0].range, range(of: "never mind how long precisely", in: newText))
        XCTAssertEqual(found[0].note, "how long?")
        XCTAssertEqual(reopened.stateWarning?.contains("carried over"), true)
        XCTAssertEqual(reopened.stateWarning?.contains("2 of 2 highlight"), true)
        // The carried state is this version's: saved under the new key, the old one kept.
        try reopened.save(position: ByteOffset(5), marks: [])
        let states = try FileManager.default.contentsOfDirectory(atPath: URL(fileURLWithPath: directories.state).appendingPathComponent("books").path)
        XCTAssertEqual(Set(states), ["\(session.key).json", "\(reopened.key).json"])
        let again = try BookSession.open(book.path, options: BookOpenOptions(), directories: directories, store: store)
        XCTAssertEqual(again.savedHighlights, found)
        XCTAssertNil(again.stateWarning)
    }

    /// A hand-edited or stale state: a highlight past the end of the book whose quote is
    /// not in it is not shown, the reader says so, nothing crashes, and it stays stored.
    func testAHighlightPointingPastTheBookIsSkippedWithAMessage() throws {
        let store = MemoryPositionStore()
        let first = try open(store)
        var state = first.state
        state.highlights = [StoredHighlight(id: "gone", start: 9_000_000, end: 9_000_010, chapter: 99, color: "nonsense", note: nil,
                                            quote: "no such words in the sample", created: 0, updated: 0),
                            StoredHighlight(id: "here", start: -5, end: 2, chapter: 0, color: "blue", note: nil,
                                            quote: first.content.string(in: ByteRange(0, 12)), created: 0, updated: 0)]
        try store.save(state)
        let session = try open(store)
        let model = session.makeModel(columns: 60, rows: 12, layout: LayoutOptions())
        XCTAssertEqual(model.highlights.map(\.id), ["here"])
        XCTAssertEqual(model.highlights.first?.range, ByteRange(0, 12))
        XCTAssertEqual(model.message, "1 highlight's text is not in this book (kept in its state; reader notes lists them)")
        XCTAssertEqual(session.notesDocument().highlights.map(\.found), [true, false])
    }
}
