import Foundation
import TestSupport
import XCTest
@testable import ReaderApp

/// `reader notes` without Foundation writes and reads what it did with it: the JSON bytes
/// of `JSONEncoder`, the files `JSONDecoder` and `FileHandle` read, the Markdown
/// replacements of `replacingOccurrences`.
final class NotesFoundationParityTests: XCTestCase {
    static let document = NotesDocument(
        book: NotesDocument.Book(title: "A/B \"quoted\" \\ tab\t Σοφία 漢字 👍🏽", authors: ["Ann </script>", ""], language: "en-GB",
                                 key: "0123abcd-ff", path: "/home/u/Books/a b/c.epub"),
        highlights: [
            NotesDocument.Highlight(id: "a1", start: 0, end: 12, chapter: 0, chapterTitle: "Chapter <1> / *one*", percent: 0,
                                    color: "green", note: "line one\nline two\u{7F}\u{1F}", quote: "quote/with/slashes",
                                    before: "", after: nil, created: 1_700_000_000.123456, updated: 0.1, found: true),
            NotesDocument.Highlight(id: "b2", start: 1_234_567, end: 1_234_600, chapter: 41, chapterTitle: nil, percent: 33.3,
                                    color: "purple", note: nil, quote: "e\u{301} <\u{301} *\u{FE0F} \u{2028}\u{2029}",
                                    before: "1e-7", after: "x", created: 1e-7, updated: 123_456_789_012.5, found: false),
        ])

    func testTheJSONIsTheBytesFoundationsEncoderWrote() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let bytes: [UInt8] = try Self.document.json()
        XCTAssertEqual(bytes, Array(try encoder.encode(Self.document)))
        XCTAssertEqual(try JSONDecoder().decode(NotesDocument.self, from: Data(bytes)), Self.document)
    }

    func testAFileIsReadAsFoundationReadIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reader-notes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("notes.json")
        try JSONEncoder().encode(Self.document).write(to: file)   // compact, slashes escaped: read all the same
        XCTAssertEqual(try BookSession.readNotes(at: file.path), Self.document)
        try (Data([0xEF, 0xBB, 0xBF]) + JSONEncoder().encode(Self.document)).write(to: file)
        XCTAssertEqual(try BookSession.readNotes(at: file.path), Self.document, "after a byte order mark")
        func message(_ path: String) -> String? {
            do { _ = try BookSession.readNotes(at: path) } catch { return (error as? BookSession.NotesFileError)?.message }
            return nil
        }
        // A folder opens but gives no bytes (as FileHandle's read did): not a notes file, not unreadable.
        XCTAssertEqual(message(folder.path), "\(folder.path): not a notes file written by 'reader notes --format json'")
        XCTAssertEqual(message(folder.path + "/missing.json"), "\(folder.path)/missing.json: cannot read the notes file")
    }

    /// Scalars after which Foundation keeps a target: combining marks, variation selectors,
    /// emoji modifiers, tags, ZWNJ — and after which it replaces: ZWJ, spacing marks, jamo.
    static let neighbours: [Unicode.Scalar] = ["\u{301}", "\u{338}", "\u{20E3}", "\u{FE0F}", "\u{1F3FB}", "\u{E0061}", "\u{200C}",
                                               "\u{200D}", "\u{903}", "\u{E33}", "\u{1161}", "\u{600}", "\u{D}", "\u{A}",
                                               "\u{BBE}", "\u{FF9E}", "\u{1171E}", "\u{CC0}", "\u{1715}", "a", "<", "*"]

    func testReplacementsAreFoundationsAroundEveryMark() {
        var scalars = Self.neighbours
        scalars += (0x300...0x36F).compactMap(Unicode.Scalar.init)
        for target in ["<", "*", "\n"] {
            for scalar in scalars {
                for text in ["x" + target + String(scalar) + "y", String(scalar) + target, target + String(scalar)] {
                    XCTAssertEqual(text.replacingUnmarked(target.unicodeScalars.first!, with: "@#"),
                                   text.replacingOccurrences(of: target, with: "@#"), "\(text.unicodeScalars.map(\.value))")
                }
            }
        }
    }

    func testReplacementsAreFoundationsInRandomText() {
        var random = SplitMix64(seed: 52)
        let pieces = Self.neighbours.map { String($0) } + ["\r\n", "e\u{301}", "👍🏽", "🇺🇸", "\u{1100}\u{1161}", " ", "#"]
        for _ in 0..<5_000 {
            let text = (0..<random.below(10)).map { _ in pieces[random.below(pieces.count)] }.joined()
            for (target, replacement) in [("<", "&lt;"), ("\n", " "), ("*", "\\*")] {
                XCTAssertEqual(Array(text.replacingUnmarked(target.unicodeScalars.first!, with: replacement).unicodeScalars),
                               Array(text.replacingOccurrences(of: target, with: replacement).unicodeScalars),
                               "\(text.unicodeScalars.map(\.value))")
            }
        }
    }

    func testTheMarkdownOfAHardDocumentIsUnchanged() {
        // Escapes that the file's comment promised: "<" with an accent on it stays as it is.
        XCTAssertEqual(NotesMarkdown.escapeLine("<\u{301}b> and <b>"), "<\u{301}b> and &lt;b>")
        XCTAssertEqual(NotesMarkdown.inline("a*\u{301}b*c\nd\r\ne"), "a*\u{301}b\\*c d\r e")
        let markdown = NotesMarkdown.render(Self.document)
        XCTAssertTrue(markdown.hasPrefix("# A/B \"quoted\" \\ tab\t Σοφία 漢字 👍🏽\n\n*Ann &lt;/script>, *\n"))
        XCTAssertTrue(markdown.contains("\n## Chapter &lt;1> / \\*one\\*\n"))
        XCTAssertTrue(markdown.contains("\n> e\u{301} <\u{301} *\u{FE0F} \u{2028}\u{2029}\n"))
    }
}
