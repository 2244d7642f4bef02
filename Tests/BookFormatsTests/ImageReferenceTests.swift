import XCTest
import TextContent
@testable import BookFormats

/// Every format records where each image's bytes are, at the offset of its placeholder
/// (issue #19: the pictures replace the placeholders later).
final class ImageReferenceTests: XCTestCase {
    /// The placeholder text that starts at each image's offset.
    private func placeholders(_ book: TextContent) -> [String] {
        book.images.map { image in
            let rest = book.bytes[image.offset.rawValue...]
            let end = rest.firstIndex(of: UInt8(ascii: "]")).map { $0 + 1 } ?? book.bytes.count
            return String(decoding: book.bytes[image.offset.rawValue..<end], as: UTF8.self)
        }
    }

    func testEPUBImagesResolveToContainerEntries() throws {
        let book = try EPUBFixtures.read("images.epub")
        XCTAssertEqual(book.images.map(\.source), ["cover.png", "plain.png", "map.png", "drop.png", "x.png"])
        XCTAssertEqual(placeholders(book), ["[image: Cover Image]", "[image]", "[image]", "[image: a drop]", "[image]"])
        XCTAssertEqual(book.validate(), [])
        let lamp = try EPUBFixtures.read("epub3-features.epub")
        XCTAssertTrue(lamp.images.contains { $0.source == "OEBPS/images/lamp.png" }, "\(lamp.images)")
    }

    func testHTMLMarkdownFB2AndMOBISources() throws {
        let html = try BookLoader.load(path: DocumentFixtures.html("book.html"))
        XCTAssertEqual(html.images.map(\.source), ["images/lamp.png"])
        XCTAssertEqual(placeholders(html), ["[image: the lamp]"])
        let md = try BookLoader.load(path: DocumentFixtures.markdown("book.md"))
        XCTAssertEqual(md.images.map(\.source), ["boat.png"])
        let fb2 = try BookLoader.load(path: DocumentFixtures.root.appendingPathComponent("fb2/elements.fb2").path)
        XCTAssertFalse(fb2.images.isEmpty)
        XCTAssertTrue(fb2.images.allSatisfy { $0.source.hasPrefix("#") }, "FB2 images name their <binary>: \(fb2.images)")
        XCTAssertTrue(placeholders(fb2).allSatisfy { $0.hasPrefix("[image") }, "\(placeholders(fb2))")
        let mobi = try BookLoader.load(path: DocumentFixtures.root.appendingPathComponent("mobi/mobi6-cp1252.mobi").path)
        XCTAssertEqual(mobi.images.count, 1)
        XCTAssertTrue(mobi.images[0].source.hasPrefix("resource"), "\(mobi.images)")
    }

    func testBuilderKeepsOrderShiftsOnAppendAndRefusesBadSources() {
        var a = TextContentBuilder(metadata: BookMetadata(title: "a", format: .epub))
        a.beginBlock(.paragraph)
        a.append("text")
        a.endBlock()
        a.beginBlock(.image)
        XCTAssertTrue(a.recordImage(source: "one.png"))
        a.append("[image]")
        a.endBlock()
        XCTAssertFalse(a.recordImage(source: ""))
        XCTAssertFalse(a.recordImage(source: "bad\u{1B}[31m.png"))
        XCTAssertFalse(a.recordImage(source: "data:image/png;base64," + String(repeating: "A", count: 4096)))
        var b = TextContentBuilder(metadata: BookMetadata(title: "b", format: .epub))
        b.beginBlock(.image)
        b.recordImage(source: "two.png")
        b.append("[image]")
        b.endBlock()
        let base = a.append(b)
        let book = a.finish()
        XCTAssertEqual(book.images.map(\.source), ["one.png", "two.png"])
        XCTAssertEqual(book.images.map(\.offset), [ByteOffset(5), base])
        XCTAssertEqual(book.validate(), [])
        var broken = book
        broken.images.reverse()
        XCTAssertFalse(broken.validate().isEmpty, "unsorted images are invalid")
    }

    func testCoversFromTheOPFAndTheFB2Description() throws {
        XCTAssertEqual(try EPUBFixtures.read("cover-epub3.epub").metadata.cover, "images/cover.png")
        XCTAssertEqual(try EPUBFixtures.read("cover-epub2.epub").metadata.cover, "cover.png")
        XCTAssertEqual(try BookInfoReader.read(path: EPUBFixtures.path("cover-epub3.epub")).cover, "images/cover.png")
        XCTAssertNil(try EPUBFixtures.read("images.epub").metadata.cover, "an image called cover is not the cover")
        let fb2 = DocumentFixtures.root.appendingPathComponent("fb2/elements.fb2").path
        XCTAssertEqual(try FB2Reader.read(path: fb2).metadata.cover, "#cover.png")
        XCTAssertEqual(try FB2Reader.metadata(path: fb2).cover, "#cover.png")
        let png = try BookResources.bytes(of: "images/cover.png", inBookAt: EPUBFixtures.path("cover-epub3.epub"), format: .epub)
        XCTAssertEqual(Array(png[16..<24]), [0, 0, 0, 6, 0, 0, 0, 9], "the IHDR of the 6 × 9 cover")
    }
}

