import XCTest
import TextContent
@testable import BookFormats

/// `xml:lang` / `lang` in the XHTML become `TextContent.languages`: the runs of text in a
/// language other than the book's (`dc:language` "en" here).
final class EPUBLanguageTests: XCTestCase {
    /// Reads an EPUB (book language "en") whose spine is `documents`, full XHTML each.
    func read(_ documents: [String]) throws -> TextContent {
        let dir = TestEPUBWriter.temporaryDirectory()
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("lang.epub").path
        let names = documents.indices.map { (id: "d\($0)", href: "d\($0).xhtml") }
        try TestEPUBWriter.write(path, [
            .init("META-INF/container.xml", TestEPUBWriter.container),
            .init("content.opf", TestEPUBWriter.opf(names)),
        ] + zip(names, documents).map { .init($0.0.href, $0.1) })
        let book = try EPUBReader.read(path: path)
        XCTAssertEqual(book.validate(), [])
        return book
    }

    static func document(_ body: String, language: String = "en") -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" xml:lang=\"\(language)\" lang=\"\(language)\">"
            + "<head><title>t</title></head><body>\(body)</body></html>"
    }

    /// Each span as (its text, its tag).
    func spans(_ book: TextContent) -> [String] {
        book.languages.map { "\(book.string(in: $0.range))|\($0.tag)" }
    }

    func testAnInnerElementInTheBooksLanguageSplitsAForeignSpan() throws {
        let book = try read([Self.document(
            "<p>English <i xml:lang=\"fr\">en français <span lang=\"en\">back</span> encore</i> end.</p>")])
        XCTAssertEqual(book.string(in: book.fullRange), "English en français back encore end.")
        XCTAssertEqual(spans(book), ["en français |fr", " encore|fr"])
        guard book.languages.count == 2 else { return }
        let first = book.languages[0].range
        XCTAssertEqual(first.lowerBound.rawValue, "English ".utf8.count)
        XCTAssertEqual(book.languages[1].range.lowerBound.rawValue, first.upperBound.rawValue + "back".utf8.count)
    }

    func testABlockquoteInGermanIsOneSpanPerParagraph() throws {
        let book = try read([Self.document(
            "<p>Before.</p><blockquote xml:lang=\"de\"><p>Erster Satz.</p><p>Zweiter <em>Satz</em>.</p></blockquote><p>After.</p>")])
        XCTAssertEqual(spans(book), ["Erster Satz.|de", "Zweiter Satz.|de"], "inner styles do not split; separators stay out")
        XCTAssertEqual(book.languageSpans(intersecting: book.block("After.")!.range).count, 0)
    }

    func testXMLLangWinsOverLangAndTheBooksOwnLanguageIsNoSpan() throws {
        let book = try read([Self.document(
            "<p lang=\"de\" xml:lang=\"la\">Gallia est omnis divisa.</p><p xml:lang=\"en-GB\">Colour.</p><p lang=\"EN\">Plain.</p>")])
        XCTAssertEqual(spans(book), ["Gallia est omnis divisa.|la"])
    }

    func testADocumentInAnotherLanguageIsOneSpanAndEmptyMeansUnknown() throws {
        let book = try read([
            Self.document("<p>One.</p>"),
            Self.document("<p>Uno. <span xml:lang=\"\">¿?</span> <b lang=\"x y\">bad</b> Dos.</p>", language: "es_ES"),
        ])
        XCTAssertEqual(spans(book), ["Uno. |es-ES", " |es-ES", " Dos.|es-ES"],
                       "an empty or invalid tag: no span for its text, which still splits")
    }

    func testNoLanguageAttributesNoSpans() throws {
        let book = try read([TestEPUBWriter.xhtml("<p>Just <i>text</i>.</p>")])
        XCTAssertEqual(book.languages, [])
    }
}
