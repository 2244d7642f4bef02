import XCTest
import TextContent
@testable import BookFormats

/// Locates the committed FB2 fixtures (`Fixtures/fb2`, written by
/// `Tools/fixtures/make_fb2_fixtures.py`).
enum FB2Fixtures {
    static let directory: URL = EPUBFixtures.directory.deletingLastPathComponent().appendingPathComponent("fb2")

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Reads a fixture the way the reader does (sniffing the format).
    static func read(_ name: String) throws -> TextContent {
        let c = try BookLoader.load(path: path(name))
        XCTAssertEqual(c.validate(), [], name)
        return c
    }
}

/// The FB2 reader (issue #18): metadata, chapters, every element, encodings, entities,
/// damaged XML, zips and clear errors.
final class FB2ReaderTests: XCTestCase {
    private func run(_ text: String, in c: TextContent) -> StyleRun? {
        c.styles.first { c.string(in: $0.range) == text }
    }

    func testDescriptionBecomesMetadata() throws {
        let c = try FB2Fixtures.read("elements.fb2")
        XCTAssertEqual(c.metadata.title, "The Lamp at Farrow Point")
        XCTAssertEqual(c.metadata.authors, ["Ada B. Lantern", "Gullwing"], "the translator is no author")
        XCTAssertEqual(c.metadata.language, "en")
        XCTAssertEqual(c.metadata.format, .fb2)
        XCTAssertEqual(c.metadata.version, "2.0")
        XCTAssertEqual(c.metadata.encoding, "UTF-8")
        XCTAssertEqual(c.metadata.format.displayName(version: c.metadata.version), "FB2 2.0")
        XCTAssertEqual(try FB2Fixtures.read("no-declaration-21.fb2").metadata.version, "2.1")
    }

    func testFastMetadataMatchesTheWholeBook() throws {
        for name in ["elements.fb2", "koi8r.fb2", "zipped.fb2.zip"] {
            let whole = try FB2Fixtures.read(name).metadata
            XCTAssertEqual(try FB2Reader.metadata(path: FB2Fixtures.path(name)), whole, name)
            XCTAssertEqual(try BookInfoReader.read(path: FB2Fixtures.path(name)), whole, name)
        }
    }

    func testSeriesIsReadButHasNoField() {
        let walker = FB2Walker(sourceName: "elements.fb2", fallbackTitle: "x", stopsAfterDescription: true)
        let bytes = Array(try! Data(contentsOf: URL(fileURLWithPath: FB2Fixtures.path("elements.fb2"))))
        XCTAssertTrue(walker.parse(FB2Source(bytes: bytes, limit: 1 << 20)))
        XCTAssertEqual(walker.info.series, "Harbour Lights")
        XCTAssertEqual(walker.info.seriesNumber, "2")
        XCTAssertEqual(walker.info.coverHref, "#cover.png")
        XCTAssertEqual(walker.bodies, 0, "stopped after the description")
    }

    func testSectionsBecomeChaptersAndTOC() throws {
        let c = try FB2Fixtures.read("elements.fb2")
        XCTAssertEqual(c.chapters.map(\.title), ["Annotation", "The Lamp at Farrow Point. A Novella", "Part One", "The Keeper",
                                                 "The Storm", "A section without a title begins with…", "Endnotes"])
        XCTAssertEqual(c.chapters.map(\.level), [1, 1, 2, 3, 3, 2, 1])
        XCTAssertEqual(c.toc.map(\.title), c.chapters.map(\.title))
        XCTAssertEqual(c.toc.map(\.target), c.chapters.map(\.range.lowerBound))
        XCTAssertEqual(c.chapters[3].source, "elements.fb2#ch1")
        // The front chapter: the cover, then the annotation.
        let front = c.blocks(in: c.chapters[0].range).map { c.string(in: $0.range) }
        XCTAssertEqual(front.first, "[image: cover]")
        XCTAssertTrue(front.contains("Second annotation paragraph."), "\(front)")
        // A chapter starts at its section's first text (its title).
        XCTAssertEqual(c.string(in: ByteRange(c.chapters[3].range.lowerBound, c.chapters[3].range.lowerBound + 10)), "The Keeper")
    }

    func testTitlesHeadingsAndSubtitles() throws {
        let c = try FB2Fixtures.read("elements.fb2")
        let bodyTitle = try XCTUnwrap(c.block("The Lamp at Farrow Point\nA Novella"))
        XCTAssertEqual(bodyTitle.kind, .heading)
        XCTAssertEqual(bodyTitle.level, 1)
        XCTAssertEqual(c.block("Part One")?.level, 2)
        XCTAssertEqual(c.block("The Keeper")?.level, 3)
        XCTAssertEqual(c.block("Night Log")?.kind, .heading)
        XCTAssertEqual(c.block("Song of the Wick")?.kind, .heading)
    }

    func testInlineStyles() throws {
        let c = try FB2Fixtures.read("elements.fb2")
        XCTAssertEqual(run("emphasis", in: c)?.style, .emphasis)
        XCTAssertEqual(run("strong", in: c)?.style, .strong)
        XCTAssertEqual(run("struck", in: c)?.style, .strikethrough)
        XCTAssertEqual(c.styles.first { $0.style == .superscript }.map { c.string(in: $0.range) }, "2")
        XCTAssertEqual(c.styles.first { $0.style == .subscript }.map { c.string(in: $0.range) }, "2")
        XCTAssertEqual(run("lamp.on()", in: c)?.style, .code)
        XCTAssertEqual(run("Annotation", in: c), nil)
        XCTAssertEqual(run("annotation", in: c)?.style, .emphasis, "styles in the annotation survive the move")
    }

    func testLinks() throws {
        let c = try FB2Fixtures.read("elements.fb2")
        let external = try XCTUnwrap(run("the register", in: c))
        XCTAssertEqual(external.style, .link)
        XCTAssertEqual(external.url, "https://example.org/lights")
        let storm = try XCTUnwrap(run("the storm", in: c))
        XCTAssertEqual(storm.style, .link)
        XCTAssertEqual(storm.target, c.chapters.first { $0.title == "The Storm" }?.range.lowerBound)
    }

    func testBlocksEpigraphCiteVerseTableImages() throws {
        let c = try FB2Fixtures.read("elements.fb2")
        XCTAssertEqual(c.block("Light is a promise kept at night.")?.kind, .blockquote)
        XCTAssertEqual(c.block("Come home before the ice.")?.kind, .blockquote)
        let author = try XCTUnwrap(c.block("A letter"))
        XCTAssertEqual(author.kind, .blockquote)
        XCTAssertEqual(author.placement.endGap, 0, "text-author is set to the end")
        XCTAssertEqual(c.block("1911")?.placement.endGap, 0)
        let stanza = try XCTUnwrap(c.block("Turn the wick and trim the flame,\nevery night the sea's the same."))
        XCTAssertTrue(stanza.isVerse)
        XCTAssertEqual(c.blocks.filter(\.isVerse).count, 2)
        XCTAssertFalse(c.block("Song of the Wick")!.isVerse)
        XCTAssertEqual(c.block("For the oil-men.")?.kind, .blockquote)
        XCTAssertEqual(c.block("Ship | Tonnage")?.kind, .tableRow)
        XCTAssertEqual(c.block("Marigold | 300")?.kind, .tableRow)
        XCTAssertEqual(c.block("[image: Chart of the bay]")?.kind, .image)
        XCTAssertEqual(c.block("[image]")?.kind, .image, "the body's portrait")
        XCTAssertEqual(c.block("After a blank line. An icon [image] sits inline.")?.kind, .paragraph)
    }

    func testEmptyLineIsABlankBlock() throws {
        let c = try FB2Fixtures.read("elements.fb2")
        let texts = c.blockTexts
        let i = try XCTUnwrap(texts.firstIndex(of: "After a blank line. An icon [image] sits inline."))
        XCTAssertEqual(texts[i - 1], "\u{00A0}")
        XCTAssertEqual(texts[i - 2], "The keeper wrote[1] and slept[2].")
        // In the annotation too.
        XCTAssertEqual(texts[2], "\u{00A0}")
    }

    func testBinariesAndStylesheetAreNotText() throws {
        let c = try FB2Fixtures.read("elements.fb2")
        let text = c.string(in: c.fullRange)
        XCTAssertFalse(text.contains("AAECAwQF"), "base64 data")
        XCTAssertFalse(text.contains("text-indent"))
        XCTAssertFalse(text.contains("fixture-maker"), "document-info is not text")
        XCTAssertTrue(text.hasSuffix("He slept by day."))
    }

    func testControlCharactersNeverReachTheText() throws {
        let c = try FB2Fixtures.read("elements.fb2")
        let text = c.string(in: c.fullRange)
        XCTAssertTrue(text.contains("Controls"))
        XCTAssertFalse(text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) })
    }

    func testForeignLanguageSpan() throws {
        let c = try FB2Fixtures.read("elements.fb2")
        let span = try XCTUnwrap(c.languages.first)
        XCTAssertEqual(span.tag, "fr")
        XCTAssertEqual(c.string(in: span.range), "Une phrase en français.")
        XCTAssertEqual(c.languages.count, 1)
    }

    func testEncodings() throws {
        let expected = "Смотритель зажёг лампу и записал в журнал: \"Ветер северный\"."
        for (name, encoding) in [("cp1251.fb2", "WINDOWS-1251"), ("koi8r.fb2", "KOI8-R"), ("utf16le-bom.fb2", "UTF-16"),
                                 ("utf16be-bom.fb2", "UTF-16"), ("utf8-bom.fb2", "UTF-8")] {
            let c = try FB2Fixtures.read(name)
            XCTAssertEqual(c.metadata.title, "Маяк на мысе", name)
            XCTAssertEqual(c.metadata.authors, ["Анна Фонарёва"], name)
            XCTAssertEqual(c.metadata.encoding, encoding, name)
            XCTAssertEqual(c.chapters.map(\.title), ["Глава первая"], name)
            XCTAssertEqual(c.blockTexts.last, expected, name)
            XCTAssertEqual(c.warnings, [], name)
        }
    }

    func testUndefinedEntitiesAreKeptWithOneWarning() throws {
        let c = try FB2Fixtures.read("unknown-entity.fb2")
        XCTAssertEqual(c.metadata.title, "Version &AppVersion; Notes")
        XCTAssertEqual(c.blockTexts, ["About &AppVersion;", "Built with &AppVersion; and &Other; & more."])
        XCTAssertEqual(c.warnings, ["4 unknown entity references kept as text (the first: &AppVersion;)"])
    }

    func testDamagedXMLIsRecoveredWithOneWarning() throws {
        let c = try FB2Fixtures.read("damaged.fb2")
        XCTAssertEqual(c.warnings.count, 1)
        XCTAssertTrue(c.warnings[0].hasPrefix("damaged XML was recovered (line 12:"), c.warnings[0])
        let text = c.string(in: c.fullRange)
        XCTAssertTrue(text.contains("Second paragraph survives."))
        XCTAssertTrue(text.contains("Text after the damage."))
    }

    func testZippedFB2() throws {
        let c = try FB2Fixtures.read("zipped.fb2.zip")
        XCTAssertEqual(c.metadata.title, "a zip")
        XCTAssertEqual(c.blockTexts.last, "This book came out of a zip.")
        XCTAssertEqual(c.warnings, [])
        XCTAssertEqual(c.chapters.first?.source.hasPrefix("zipped.fb2@"), true, "the entry names the source")
    }

    func testZipWithTwoDocumentsTakesTheFirstAndWarns() throws {
        let c = try FB2Fixtures.read("two-documents.fb2.zip")
        XCTAssertEqual(c.metadata.title, "the first document")
        XCTAssertFalse(c.string(in: c.fullRange).contains("second"))
        XCTAssertEqual(c.warnings, ["the zip archive holds 2 .fb2 documents: only the first, first.fb2, is read"])
    }

    func testClearErrors() {
        func reason(_ name: String) -> String? {
            do { _ = try BookLoader.load(path: FB2Fixtures.path(name)); return nil } catch let e as BookError {
                guard case let .invalidBook(path, format, reason) = e else { return "\(e)" }
                XCTAssertEqual(path, FB2Fixtures.path(name))
                XCTAssertEqual(format, "FB2")
                XCTAssertFalse(e.message.contains("\n"))
                return reason
            } catch { return "\(error)" }
        }
        XCTAssertEqual(reason("no-body.fb2"), "no <body>: the document holds no text")
        XCTAssertEqual(reason("empty-body.fb2"), "its <body> holds no text")
        XCTAssertEqual(reason("no-document.fb2.zip"), "the zip archive holds no .fb2 document")
        XCTAssertThrowsError(try FB2Reader.read(bytes: Array("<html><body><p>x</p></body></html>".utf8), name: "x.fb2")) {
            XCTAssertEqual(($0 as? BookError)?.message, "x.fb2: invalid FB2: no <FictionBook> root element")
        }
        XCTAssertThrowsError(try FB2Reader.read(bytes: Array("\u{1}\u{2} not xml".utf8), name: "junk.fb2")) {
            guard case .invalidBook? = $0 as? BookError else { return XCTFail("\($0)") }
        }
    }

    func testTruncatedDocumentKeepsItsText() throws {
        let c = try FB2Reader.read(bytes: Array("<FictionBook><body><section><title><p>T</p></title><p>cut here".utf8), name: "cut.fb2")
        XCTAssertEqual(c.validate(), [])
        XCTAssertEqual(c.blockTexts, ["T", "cut here"])
        XCTAssertEqual(c.warnings.count, 1, "\(c.warnings)")
    }

    func testTheCorpusSnifferSendsFB2Here() {
        XCTAssertEqual(FormatSniffer.detect(path: FB2Fixtures.path("utf16le-bom.fb2")), .fb2)
        XCTAssertEqual(FormatSniffer.detect(path: FB2Fixtures.path("two-documents.fb2.zip")), .fb2Zip)
    }
}
