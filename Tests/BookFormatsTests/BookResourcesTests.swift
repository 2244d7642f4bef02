import Foundation
import XCTest
import TextContent
@testable import BookFormats

/// An image's bytes come out of the book it is in (EPUB entry, FB2 binary, a file next to
/// an HTML book), bounded, with a clear error when they are not there.
final class BookResourcesTests: XCTestCase {
    private let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    func testEPUBEntry() throws {
        let path = EPUBFixtures.path("epub3-features.epub")
        let bytes = try BookResources.bytes(of: "OEBPS/images/lamp.png", inBookAt: path, format: .epub)
        XCTAssertEqual(Array(bytes.prefix(8)), png)
        XCTAssertThrowsError(try BookResources.bytes(of: "OEBPS/images/none.png", inBookAt: path, format: .epub)) {
            guard case .noReadableContent? = $0 as? BookError else { return XCTFail("\($0)") }
        }
    }

    func testFB2BinariesPlainAndZipped() throws {
        let plain = DocumentFixtures.root.appendingPathComponent("fb2/elements.fb2").path
        let book = try FB2Reader.read(path: plain)
        XCTAssertEqual(book.images.map(\.source), ["#cover.png", "#portrait.png", "#icon.png", "#chart.png"])
        for image in book.images {
            // Tools/fixtures/make_fb2_fixtures.py writes bytes 0…47 into every binary.
            XCTAssertEqual(try BookResources.bytes(of: image.source, inBookAt: plain, format: .fb2), Array(0..<48), image.source)
        }
        XCTAssertThrowsError(try BookResources.bytes(of: "#nowhere.png", inBookAt: plain, format: .fb2))
        let zipped = DocumentFixtures.root.appendingPathComponent("fb2/zipped.fb2.zip").path
        if let first = try FB2Reader.readZip(path: zipped).images.first {
            XCTAssertNoThrow(try BookResources.bytes(of: first.source, inBookAt: zipped, format: .fb2))
        }
    }

    func testFB2BinaryScan() {
        let doc = Array("<FictionBook><binary content-type='image/png' id='a.png'>iVBO\nRw0K\r\nGgo=</binary><binary id=\"b\">AAAA</binary></FictionBook>".utf8)
        XCTAssertEqual(FB2Binary.find(id: "a.png", in: doc, limit: 100), png)
        XCTAssertEqual(FB2Binary.find(id: "b", in: doc, limit: 100), [0, 0, 0])
        XCTAssertNil(FB2Binary.find(id: "b", in: doc, limit: 2), "over the limit")
        XCTAssertNil(FB2Binary.find(id: "c", in: doc, limit: 100))
        XCTAssertNil(FB2Binary.attribute("id", in: " xid=\"no\""), "a longer name is not the attribute")
    }

    func testHTMLFilesNextToTheBook() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reader-res-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("img"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(png).write(to: folder.appendingPathComponent("img/a.png"))
        let html = folder.appendingPathComponent("book.html")
        try Data("<html><body><h1>T</h1><p>x</p><img src=\"img/a.png\" alt=\"a\"></body></html>".utf8).write(to: html)
        let book = try BookLoader.load(path: html.path)
        XCTAssertEqual(book.images.map(\.source), ["img/a.png"])
        XCTAssertEqual(try BookResources.bytes(of: "img/a.png", inBookAt: html.path, format: .html), png)
        XCTAssertThrowsError(try BookResources.bytes(of: "img", inBookAt: html.path, format: .html), "a folder is not an image") {
            guard case .unreadable? = $0 as? BookError else { return XCTFail("\($0)") }
        }
        XCTAssertThrowsError(try BookResources.bytes(of: "x.png", inBookAt: html.path, format: .txt))
    }

    func testMOBIResourcesByLibmobisNames() throws {
        let path = DocumentFixtures.root.appendingPathComponent("mobi/mobi6-cp1252.mobi").path
        let book = try MOBIReader.read(path: path)
        let source = try XCTUnwrap(book.images.first?.source)
        XCTAssertEqual(book.metadata.cover, "resource00000.jpg", "EXTH 201 names the first resource")
        let bytes = try BookResources.bytes(of: source, inBookAt: path, format: .mobi)
        // Tools/fixtures/make_mobi_fixtures.py's image record: FF D8 FF E0 … FF D9.
        XCTAssertEqual(Array(bytes.prefix(4)), [0xFF, 0xD8, 0xFF, 0xE0], source)
        XCTAssertEqual(Array(bytes.suffix(2)), [0xFF, 0xD9], source)
        XCTAssertThrowsError(try BookResources.bytes(of: "resource09999.jpg", inBookAt: path, format: .mobi)) {
            guard case .noReadableContent? = $0 as? BookError else { return XCTFail("\($0)") }
        }
        XCTAssertThrowsError(try BookResources.bytes(of: source, inBookAt: DocumentFixtures.root.appendingPathComponent("mobi/drm.mobi").path,
                                                     format: .mobi)) {
            XCTAssertEqual($0 as? BookError, .drmProtected(path: DocumentFixtures.root.appendingPathComponent("mobi/drm.mobi").path))
        }
    }
}
