import Foundation
import XCTest
import Support

/// The reader's state files (ReaderState's `BookState`, `Library`, `BookReadingStats`),
/// mirrored field for field here (SupportTests cannot import ReaderState): written with
/// the options their stores use, byte for byte as Foundation writes them, and files
/// Foundation wrote (older ones without the newer optional keys, too) read back.
final class JSONStateFileTests: XCTestCase {
    private func assertWritesLikeFoundation<T: Codable & Equatable>(_ value: T, pretty: Bool, file: StaticString = #filePath, line: UInt = #line) throws {
        let format: JSONEncoder.OutputFormatting = pretty ? [.prettyPrinted, .sortedKeys] : [.sortedKeys]
        let expected = try JSONOracle.foundationBytes(value, format)
        let actual = try JSONTextEncoder(prettyPrinted: pretty).encode(value)
        XCTAssertEqual(String(decoding: actual, as: UTF8.self), String(decoding: expected, as: UTF8.self), file: file, line: line)
        XCTAssertEqual(try JSONTextDecoder().decode(T.self, from: expected), value, file: file, line: line)
    }

    func testBookState() throws {
        var state = BookState(key: "9f86d081884c7d65-1048576", lastPath: "/home/r/Books/Le Petit Prince.epub", title: "Le Petit Prince — « Édition » 1/2",
                              position: SavedPosition(chapter: 4, offset: 120_331, document: "OEBPS/Text/ch04.xhtml", documentOffset: 2_048),
                              bookmarks: [Bookmark(position: SavedPosition(chapter: 0, offset: 0), label: "Chapitre I\t\"Le dessin\"", created: 1_764_950_001.123)],
                              updated: 1_764_950_123.25)
        try assertWritesLikeFoundation(state, pretty: true)
        state.jumps = [SavedPosition(chapter: 1, offset: 10), SavedPosition(chapter: 2, offset: 99_999_999)]
        state.settings = ["width": "72", "theme": "light", "justify": "on", "hyphenate": "fr"]
        state.highlights = [StoredHighlight(id: "h-1", start: 100, end: 142, chapter: 1, color: "yellow", note: "note\nwith lines 😀", quote: "C'était le 1/2",
                                            created: 1_764_950_001, updated: 1_764_950_002.5, before: "…avant ", after: nil)]
        try assertWritesLikeFoundation(state, pretty: true)
    }

    func testLibrary() throws {
        var entries: [LibraryEntry] = []
        for i in 0..<50 {
            let key: String = String(UInt64(i) &* 0x9E37_79B9_7F4A_7C15, radix: 16) + "-\(i * 1000)"
            let authors: [String] = i % 3 == 0 ? [] : ["Author \(i)", "Ünïcode"]
            let lastOpened: Double? = i % 5 == 0 ? nil : 1.71e9 + Double(i)
            let textBytes: Int? = i % 2 == 0 ? nil : i * 4096
            entries.append(LibraryEntry(key: key, path: "/books/\(i)/Title \(i).epub", title: "Title \(i) / \"quoted\"", authors: authors,
                                        language: i % 2 == 0 ? "en" : "", format: i % 4 == 0 ? "txt" : "epub", fileSize: 1000 * i,
                                        added: 1.7e9 + Double(i) / 3, lastOpened: lastOpened, progress: Double(i) / 49, textBytes: textBytes))
        }
        try assertWritesLikeFoundation(Library(version: 1, entries: entries), pretty: false)
        try assertWritesLikeFoundation(Library(version: 1, entries: []), pretty: false)
    }

    func testReadingStats() throws {
        let stats = BookReadingStats(key: "k", title: "T", seconds: 3_600.75, characters: ["alphabetic": 120_000, "cjk": 3_000],
                                     days: ["2026-12-01": 1_800.5, "2026-12-02": 1_800.25, "2026-11-30": 0.1], lastRead: 1.7649e9)
        try assertWritesLikeFoundation(stats, pretty: false)
        try assertWritesLikeFoundation(BookReadingStats(key: "k", title: "", seconds: 0, characters: [:], days: [:], lastRead: nil), pretty: false)
    }

    /// A file written before `jumps`, `settings`, `highlights`, `document` existed, with
    /// a key the reader no longer writes: it loads, the absent keys nil.
    func testOlderFileLoads() throws {
        let old = #"""
        {
          "bookmarks" : [

          ],
          "key" : "abc-12",
          "lastPath" : "\/tmp\/a.epub",
          "obsolete" : {"x" : [1, 2.5, null]},
          "position" : {
            "chapter" : 3,
            "offset" : 120
          },
          "title" : "A",
          "updated" : 1700000000,
          "version" : 1
        }
        """#
        let ours = try JSONTextDecoder().decode(BookState.self, from: Array(old.utf8))
        XCTAssertEqual(ours, try JSONOracle.foundationDecode(BookState.self, Array(old.utf8)))
        XCTAssertEqual(ours.position, SavedPosition(chapter: 3, offset: 120))
        XCTAssertNil(ours.jumps)
        XCTAssertEqual(ours.lastPath, "/tmp/a.epub")
    }

    /// Dictionaries keyed by a `CodingKeyRepresentable` enum are objects in both.
    func testCodingKeyRepresentableKeys() throws {
        enum Sort: String, Codable, CodingKeyRepresentable { case title, added = "date-added" }
        let value: [Sort: Int] = [.title: 1, .added: 2]
        for format in JSONOracle.formats {
            XCTAssertEqual(try format.ours.encode(value), try JSONOracle.foundationBytes(value, format.foundation))
        }
        XCTAssertEqual(try JSONTextDecoder().decode([Sort: Int].self, from: Array(#"{"date-added":2,"title":1}"#.utf8)), value)
    }
}

// Mirrors of ReaderState's types (same names, types and optionality; synthesized Codable).

private struct SavedPosition: Codable, Hashable {
    var chapter: Int
    var offset: Int
    var document: String?
    var documentOffset: Int?
}

private struct Bookmark: Codable, Hashable {
    var position: SavedPosition
    var label: String
    var created: Double
}

private struct StoredHighlight: Codable, Hashable {
    var id: String
    var start: Int
    var end: Int
    var chapter: Int
    var color: String
    var note: String?
    var quote: String
    var created: Double
    var updated: Double
    var before: String?
    var after: String?
}

private struct BookState: Codable, Hashable {
    var version: Int = 1
    var key: String
    var lastPath: String
    var title: String
    var position: SavedPosition
    var bookmarks: [Bookmark]
    var updated: Double
    var jumps: [SavedPosition]?
    var settings: [String: String]?
    var highlights: [StoredHighlight]?

    init(key: String, lastPath: String, title: String, position: SavedPosition, bookmarks: [Bookmark], updated: Double) {
        self.key = key
        self.lastPath = lastPath
        self.title = title
        self.position = position
        self.bookmarks = bookmarks
        self.updated = updated
    }
}

private struct LibraryEntry: Codable, Hashable {
    var key: String
    var path: String
    var title: String
    var authors: [String]
    var language: String
    var format: String
    var fileSize: Int
    var added: Double
    var lastOpened: Double?
    var progress: Double
    var textBytes: Int?
}

private struct Library: Codable, Hashable {
    var version: Int = 1
    var entries: [LibraryEntry]
}

private struct BookReadingStats: Codable, Equatable {
    var key: String
    var title: String
    var seconds: Double
    var characters: [String: Int]
    var days: [String: Double]
    var lastRead: Double?
}
