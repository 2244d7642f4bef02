import XCTest
import TextContent
@testable import BookFormats

/// A Markdown file as a book: cmark-gfm's HTML through the walker, front matter, headings
/// as chapters, GFM tables, strikethrough and footnotes.
final class MarkdownReaderTests: XCTestCase {
    func testFrontMatterMetadataAndChapters() throws {
        let book = try BookLoader.load(path: DocumentFixtures.markdown("book.md"))
        XCTAssertEqual(book.metadata.format, .markdown)
        XCTAssertEqual(book.metadata.format.displayName(version: book.metadata.version), "Markdown")
        XCTAssertEqual(book.metadata.title, "Notes from the Harbour")
        XCTAssertEqual(book.metadata.authors, ["Cleo Dunn", "Dev Arden"])
        XCTAssertEqual(book.metadata.language, "en-GB")
        XCTAssertEqual(book.chapters.map(\.title), ["Notes from the Harbour", "Morning", "Evening"])
        XCTAssertEqual(book.toc.map(\.title), ["Notes from the Harbour", "Morning", "The Bell", "Evening"])
        let text = String(decoding: book.bytes, as: UTF8.self)
        XCTAssertFalse(text.contains("title:"), "front matter is not shown")
        XCTAssertTrue(text.hasPrefix("Written in a small room by the water."))
        XCTAssertEqual(book.validate(), [])
    }

    func testInlineStylesTablesListsQuotesAndCode() throws {
        let book = try MarkdownReader.read(path: DocumentFixtures.markdown("book.md"))
        XCTAssertEqual(book.texts(of: .emphasis), ["six"])
        XCTAssertEqual(book.texts(of: .strong), ["always"])
        XCTAssertEqual(book.texts(of: .strikethrough), ["never"])
        XCTAssertTrue(book.blockTexts.contains { $0.contains("Read “the log” at") }, "smart quotes")
        XCTAssertEqual(book.styles.first { $0.style == .link && book.string(in: $0.range) == "https://example.org/log" }?.url,
                       "https://example.org/log", "autolink")
        XCTAssertTrue(book.blockTexts.contains("Boat | Crew"))
        XCTAssertTrue(book.blockTexts.contains("Tern | 4"))
        XCTAssertEqual(book.blocks.filter { $0.kind == .listItem }.map { book.string(in: $0.range) }, ["ropes", "nets", "old", "new"])
        XCTAssertTrue(book.blocks.contains { $0.kind == .blockquote && book.string(in: $0.range) == "A harbour is a promise that the sea keeps." })
        XCTAssertTrue(book.blocks.contains { $0.kind == .preformatted && book.string(in: $0.range) == "  code   keeps   its spaces" })
        XCTAssertTrue(book.blockTexts.contains("[image: a boat at dusk]"))
    }

    func testFootnotesAreNotes() throws {
        let book = try MarkdownReader.read(path: DocumentFixtures.markdown("book.md"))
        let refs = book.styles.filter { $0.style == .noteReference }
        XCTAssertEqual(refs.count, 2)
        let notes = try refs.map { try XCTUnwrap(book.noteRange(at: try XCTUnwrap($0.target))) }
        let popup = notes.map { book.excerpt($0) }.map { String(decoding: $0.bytes, as: UTF8.self) }
        XCTAssertEqual(popup, ["The tide decided everything.", "Oil lamps, mostly."])
    }

    func testWithoutFrontMatterOrHeadings() throws {
        let plain = try BookLoader.load(path: DocumentFixtures.markdown("plain.md"))
        XCTAssertEqual(plain.metadata.title, "plain", "the file name without a heading")
        XCTAssertEqual(plain.chapters.count, 1)
        let setext = try BookLoader.load(path: DocumentFixtures.markdown("setext.markdown"))
        XCTAssertEqual(setext.metadata.title, "Part One")
        XCTAssertEqual(setext.chapters.map(\.title), ["Part One", "Part Two"])
        XCTAssertEqual(setext.chapters.map(\.level), [1, 2])
        let bom = try BookLoader.load(path: DocumentFixtures.markdown("bom-crlf.md"))
        XCTAssertEqual(bom.metadata.title, "Títol")
        XCTAssertEqual(bom.blockTexts, ["Títol", "Text català."])
    }

    func testFrontMatterForms() {
        let list = MarkdownFrontMatter(Array("---\ntitle: 'A: B'\nauthors:\n  - One\n  - \"Two\"\nlanguage: ja\n...\nBody".utf8))
        XCTAssertEqual(list.title, "A: B")
        XCTAssertEqual(list.authors, ["One", "Two"])
        XCTAssertEqual(list.language, "ja")
        XCTAssertEqual(list.bodyStart, Array("---\ntitle: 'A: B'\nauthors:\n  - One\n  - \"Two\"\nlanguage: ja\n...\n".utf8).count)
        let unclosed = MarkdownFrontMatter(Array("---\ntitle: x\n\n# Heading".utf8))
        XCTAssertEqual(unclosed, MarkdownFrontMatter(Array("".utf8)), "an unclosed block is Markdown (a rule), not front matter")
        XCTAssertEqual(MarkdownFrontMatter(Array("# Title\n---\n".utf8)).bodyStart, 0)
    }

    func testHostileMarkdownIsBoundedAndClean() throws {
        // Deeply nested quotes and lists, an escape sequence, a NUL: a valid book, no control bytes.
        var md = String(repeating: ">", count: 5000) + " deep\n\n" + String(repeating: "- ", count: 3000) + "item\n\n"
        md += "Text \u{1B}[31mred\u{1B}[0m and \u{0}nul [x](javascript:alert(1)).\n"
        let book = try MarkdownReader.read(bytes: Array(md.utf8), path: "hostile.md")
        XCTAssertEqual(book.validate(), [])
        XCTAssertFalse(book.bytes.contains(0x1B))
        XCTAssertFalse(book.bytes.contains(0))
        XCTAssertTrue(String(decoding: book.bytes, as: UTF8.self).contains("deep"))
        XCTAssertNil(book.styles.first { $0.url?.hasPrefix("javascript") == true }, "only http(s)/mailto links leave the book")
    }
}

/// GitHub-style heading ids, so links inside a Markdown file are followed.
final class HeadingAnchorsTests: XCTestCase {
    func testSlugsAndRepeats() {
        let html = Array("<h2>Hello, <em>World</em>!</h2>\n<h2>Hello, World!</h2>\n<h3>Ça va – bien_2</h3>\n<p><h1>x</p>".utf8)
        let out = String(decoding: HeadingAnchors.add(html), as: UTF8.self)
        XCTAssertEqual(out, "<h2 id=\"hello-world\">Hello, <em>World</em>!</h2>\n<h2 id=\"hello-world-1\">Hello, World!</h2>\n"
                       + "<h3 id=\"ça-va--bien_2\">Ça va – bien_2</h3>\n<p><h1>x</p>", "an unclosed heading is left alone")
    }

    func testALinkToAHeadingLeadsToIt() throws {
        let book = try MarkdownReader.read(path: DocumentFixtures.markdown("book.md"))
        let link = try XCTUnwrap(book.styles.first { $0.style == .link && book.string(in: $0.range) == "Morning" })
        let morning = try XCTUnwrap(book.chapters.first { $0.title == "Morning" })
        XCTAssertEqual(link.target, morning.range.lowerBound)
    }
}
