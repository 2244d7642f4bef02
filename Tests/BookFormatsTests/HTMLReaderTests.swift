import XCTest
import TextContent
@testable import BookFormats

/// A single HTML/XHTML file as a book: metadata from the head, the walker's blocks and
/// styles, chapters from headings, charsets, hostile bytes.
final class HTMLReaderTests: XCTestCase {
    func testBookMetadataChaptersAndContents() throws {
        let book = try BookLoader.load(path: DocumentFixtures.html("book.html"))
        XCTAssertEqual(book.metadata.format, .html)
        XCTAssertEqual(book.metadata.version, "HTML")
        XCTAssertEqual(book.metadata.format.displayName(version: book.metadata.version), "HTML")
        XCTAssertEqual(book.metadata.title, "The Lighthouse Keeper")
        XCTAssertEqual(book.metadata.authors, ["Ada Quill", "Ben Marsh"])
        XCTAssertEqual(book.metadata.language, "en")
        // h1 and h2 start chapters (h2 one level down); the h3 is only in the contents.
        XCTAssertEqual(book.chapters.map(\.title), ["The Lighthouse Keeper", "First Night", "The Storm"])
        XCTAssertEqual(book.chapters.map(\.level), [1, 2, 2])
        XCTAssertEqual(book.toc.map(\.title), ["The Lighthouse Keeper", "First Night", "A Visitor", "The Storm"])
        XCTAssertEqual(book.toc.map(\.level), [1, 2, 3, 2])
        // The foreword before the first heading belongs to the first chapter.
        XCTAssertEqual(book.chapters[0].range.lowerBound, .zero)
        XCTAssertTrue(book.string(in: book.chapters[0].range).hasPrefix("A foreword before any heading"))
        XCTAssertEqual(book.validate(), [])
    }

    func testBlocksStylesLinksAndNotes() throws {
        let book = try HTMLReader.read(path: DocumentFixtures.html("book.html"))
        let text = String(decoding: book.bytes, as: UTF8.self)
        XCTAssertFalse(text.contains("never shown"), "script text must not be shown")
        XCTAssertFalse(text.contains("margin"), "style text must not be shown")
        XCTAssertEqual(book.texts(of: .emphasis), ["dusk"])
        XCTAssertEqual(book.texts(of: .strong), ["keeper"])
        XCTAssertEqual(book.texts(of: .strikethrough), ["nothing"])
        XCTAssertTrue(book.blockTexts.contains("[image: the lamp]"))
        XCTAssertTrue(book.blockTexts.contains("Hour | Wind"))
        XCTAssertEqual(book.blocks.filter { $0.kind == .listItem }.count, 2)
        XCTAssertEqual(book.blocks.filter { $0.kind == .heading }.count, 4)
        // Contents links inside the file resolve to the headings.
        let links = book.styles.filter { $0.style == .link }
        let storm = try XCTUnwrap(links.first { book.string(in: $0.range) == "The Storm" })
        XCTAssertEqual(storm.target, book.chapters[2].range.lowerBound)
        let external = try XCTUnwrap(links.first { book.string(in: $0.range) == "More about the sea" })
        XCTAssertEqual(external.url, "https://example.org/sea")
        XCTAssertNil(external.target)
        // The note reference opens the aside's text.
        let ref = try XCTUnwrap(book.styles.first { $0.style == .noteReference })
        let note = try XCTUnwrap(book.noteRange(at: try XCTUnwrap(ref.target)))
        XCTAssertEqual(book.string(in: note), "The log book survives.")
        // The poem's lines stay lines.
        let verse = try XCTUnwrap(book.blocks.first { $0.isVerse })
        XCTAssertEqual(book.string(in: verse.range), "The light goes round,\nthe dark comes back.")
    }

    func testXHTMLWithXMLDeclaration() throws {
        let book = try BookLoader.load(path: DocumentFixtures.html("chapters.xhtml"))
        XCTAssertEqual(book.metadata.version, "XHTML")
        XCTAssertEqual(book.metadata.language, "de")
        XCTAssertEqual(book.metadata.title, "Das kleine Haus")
        XCTAssertEqual(book.chapters.map(\.title), ["Erstes Kapitel", "Zweites Kapitel"])
        XCTAssertEqual(book.chapters.map(\.level), [1, 1])
    }

    func testDeclaredAndUndeclaredEncodings() throws {
        let latin = try BookLoader.load(path: DocumentFixtures.html("latin1.html"))
        XCTAssertEqual(latin.metadata.encoding, "windows-1252", "ISO-8859-1 is read as windows-1252, as browsers do")
        XCTAssertEqual(latin.metadata.title, "Café na praça")
        XCTAssertTrue(latin.blockTexts.contains("Preço: 5 €."))
        XCTAssertEqual(latin.warnings, [])

        let koi = try BookLoader.load(path: DocumentFixtures.html("koi8r.html"))
        XCTAssertEqual(koi.metadata.title, "Старый дом")
        XCTAssertEqual(koi.chapters.map(\.title), ["Глава первая"])
        XCTAssertEqual(koi.metadata.language, "ru", "guessed from the text, not the markup")

        let undeclared = try BookLoader.load(path: DocumentFixtures.html("undeclared-1252.html"))
        XCTAssertTrue(undeclared.blockTexts.contains("A naïve résumé — quoted “thus”."))
        XCTAssertEqual(undeclared.warnings, ["not UTF-8 and declares no encoding; read as windows-1252"])

        let wide = try BookLoader.load(path: DocumentFixtures.html("utf16.html"))
        XCTAssertEqual(wide.metadata.encoding, "UTF-16LE")
        XCTAssertEqual(wide.chapters.map(\.title), ["Erstes Kapitel", "Zweites Kapitel"])
    }

    func testEscapeSequencesNeverReachTheText() throws {
        let book = try BookLoader.load(path: DocumentFixtures.html("hostile.html"))
        for b in book.bytes { XCTAssertFalse(b == 0x1B || b == 0x07, "control byte \(b) in the text") }
        XCTAssertFalse(String(decoding: book.bytes, as: UTF8.self).unicodeScalars.contains { (0x80...0x9F).contains($0.value) })
        XCTAssertFalse(book.metadata.title.unicodeScalars.contains { $0.value < 0x20 })
        XCTAssertEqual(book.validate(), [])
    }

    func testNoHeadingsIsOneChapterAndEmptyBodyIsAnError() throws {
        let book = try BookLoader.load(path: DocumentFixtures.html("no-headings.html"))
        XCTAssertEqual(book.chapters.map(\.title), ["Just Text"])
        XCTAssertEqual(book.toc, [])
        XCTAssertThrowsError(try BookLoader.load(path: DocumentFixtures.html("empty-body.html"))) { error in
            guard case .noReadableContent? = error as? BookError else { return XCTFail("\(error)") }
        }
    }

    func testInfoReaderReadsTheHead() throws {
        let m = try BookInfoReader.read(path: DocumentFixtures.html("book.html"))
        XCTAssertEqual(m.title, "The Lighthouse Keeper")
        XCTAssertEqual(m.format, .html)
    }

    func testHeadMetadataAttributes() {
        let head = HTMLHeadMetadata(Array("""
        <HTML LANG='fr'><head><meta content="Zoé &amp; Léa" name=author><meta name="DC.Language" content="es">
        </head><body><meta name="author" content="not in the head">
        """.utf8))
        XCTAssertEqual(head.authors, ["Zoé & Léa"])
        XCTAssertEqual(head.language, "fr", "the html element's lang wins over a later meta")
    }

    func testDeclaredCharsetForms() {
        XCTAssertEqual(HTMLDecoding.declaredCharset(Array(#"<meta charset="Shift_JIS">"#.utf8)), "shift_jis")
        XCTAssertEqual(HTMLDecoding.declaredCharset(Array(#"<meta http-equiv="Content-Type" content="text/html; charset=windows-1251">"#.utf8)), "windows-1251")
        XCTAssertEqual(HTMLDecoding.declaredCharset(Array(#"<?xml version="1.0" encoding='ISO-8859-2'?>"#.utf8)), "iso-8859-2")
        XCTAssertNil(HTMLDecoding.declaredCharset(Array("<p>no declaration</p>".utf8)))
    }
}
