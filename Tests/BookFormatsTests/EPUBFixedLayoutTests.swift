import XCTest
import TextContent
@testable import BookFormats

/// EPUB 3 fixed layout (`rendition:layout` pre-paginated): `BookMetadata.fixedLayout`, a
/// right-to-left page progression even for a Japanese book, and every page document's
/// first block starting a page; per-itemref overrides.
final class EPUBFixedLayoutTests: XCTestCase {
    func testTheMangaFixture() throws {
        let book = try EPUBFixtures.read("fxl-manga-rtl.epub")
        XCTAssertEqual(book.validate(), [])
        XCTAssertTrue(book.metadata.fixedLayout)
        XCTAssertEqual(book.metadata.language, "ja")
        XCTAssertEqual(book.metadata.direction, .rightToLeft, "manga pages turn right to left, Japanese or not")
        XCTAssertEqual(book.metadata.cover, "OEBPS/images/cover.png")
        XCTAssertEqual(book.images.map(\.source), (1...4).map { "OEBPS/images/page\($0).png" },
                       "two <img src>, two <svg><image xlink:href>, in spine order")
        let pageStarts = book.blocks.filter(\.placement.startsPage)
        XCTAssertEqual(pageStarts.count, 4)
        // Each page's first block is its picture, and it starts a page.
        for image in book.images {
            let block = try XCTUnwrap(book.blocks.first { $0.range.contains(image.offset) || $0.range.lowerBound == image.offset })
            XCTAssertEqual(block.kind, .image, image.source)
            XCTAssertTrue(block.placement.startsPage, image.source)
        }
        XCTAssertEqual(book.chapters.count, 4, "the nav lists the pages")
    }

    func testAReflowableBookIsNotFixed() throws {
        for name in ["images.epub", "epub3-features.epub", "cover-epub3.epub"] {
            let book = try EPUBFixtures.read(name)
            XCTAssertFalse(book.metadata.fixedLayout, name)
            XCTAssertFalse(book.blocks.contains(where: \.placement.startsPage), name)
        }
    }

    /// Reads a book of three one-paragraph documents with `meta` in the OPF's metadata and
    /// `properties` on the itemrefs (nil: none).
    private func read(meta: String, properties: [String?], direction: String = "", language: String = "en") throws -> TextContent {
        let dir = TestEPUBWriter.temporaryDirectory()
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("fxl.epub").path
        let items = properties.indices.map { "<item id=\"d\($0)\" href=\"d\($0).xhtml\" media-type=\"application/xhtml+xml\"/>" }
        let refs = properties.enumerated().map { i, p in "<itemref idref=\"d\(i)\"\(p.map { " properties=\"\($0)\"" } ?? "")/>" }
        let opf = """
            <?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0">
            <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>F</dc:title><dc:language>\(language)</dc:language>\(meta)</metadata>
            <manifest>\(items.joined())</manifest><spine\(direction)>\(refs.joined())</spine></package>
            """
        try TestEPUBWriter.write(path, [.init("META-INF/container.xml", TestEPUBWriter.container), .init("content.opf", opf)]
            + properties.indices.map { .init("d\($0).xhtml", TestEPUBWriter.xhtml("<p>Page \($0) one.</p><p>Page \($0) two.</p>")) })
        let book = try EPUBReader.read(path: path)
        XCTAssertEqual(book.validate(), [])
        return book
    }

    /// The paragraphs that start a page.
    private func pageStarts(_ book: TextContent) -> [String] {
        book.blocks.filter(\.placement.startsPage).map { book.string(in: $0.range) }
    }

    func testAReflowableItemInAFixedBook() throws {
        let book = try read(meta: "<meta property=\"rendition:layout\">pre-paginated</meta>",
                            properties: [nil, "rendition:layout-reflowable", "page-spread-right"])
        XCTAssertTrue(book.metadata.fixedLayout)
        XCTAssertEqual(pageStarts(book), ["Page 0 one.", "Page 2 one."])
    }

    func testFixedItemsInAReflowableBook() throws {
        let some = try read(meta: "", properties: ["rendition:layout-pre-paginated", nil, nil])
        XCTAssertFalse(some.metadata.fixedLayout, "one fixed page does not make a fixed-layout book")
        XCTAssertEqual(pageStarts(some), ["Page 0 one."])
        let all = try read(meta: "<meta property=\"rendition:layout\">reflowable</meta>",
                           properties: ["rendition:layout-pre-paginated", "rendition:layout-pre-paginated"])
        XCTAssertTrue(all.metadata.fixedLayout, "every document fixed")
        XCTAssertEqual(pageStarts(all), ["Page 0 one.", "Page 1 one."])
    }

    func testARefiningMetaIsNotThePackagesLayout() throws {
        let book = try read(meta: "<meta refines=\"#d0\" property=\"rendition:layout\">pre-paginated</meta>", properties: [nil])
        XCTAssertFalse(book.metadata.fixedLayout)
    }

    func testRightToLeftJapaneseTextStaysLeftToRightWhenReflowable() throws {
        let text = try read(meta: "", properties: [nil], direction: " page-progression-direction=\"rtl\"", language: "ja")
        XCTAssertEqual(text.metadata.direction, .leftToRight)
        let fixed = try read(meta: "<meta property=\"rendition:layout\">pre-paginated</meta>", properties: [nil],
                             direction: " page-progression-direction=\"rtl\"", language: "ja")
        XCTAssertEqual(fixed.metadata.direction, .rightToLeft)
    }
}
