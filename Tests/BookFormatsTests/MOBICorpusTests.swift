import XCTest
import TextContent
@testable import BookFormats

/// The shared corpus's MOBI files (`../shared/corpus/mobi` next to the repository, not in it):
/// KF8 and combined files, HUFF/CDIC, the NCX. Skipped with a reason where it is absent.
final class MOBICorpusTests: XCTestCase {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/corpus/mobi").path + "/"

    private func read(_ name: String) throws -> TextContent {
        let path = Self.corpus + name
        guard FileManager.default.fileExists(atPath: path) else { throw XCTSkip("corpus file absent: \(path)") }
        let c = try MOBIReader.read(path: path)
        XCTAssertEqual(c.validate(), [], name)
        return c
    }

    func testHybridNovelUsesTheKF8PartAndItsNCX() throws {
        let c = try read("hound-of-the-baskervilles_en_utf8_palmdoc_mobi6+kf8_gutenberg.mobi")
        XCTAssertEqual(c.metadata.version, "MOBI 6 + KF8")
        XCTAssertEqual(c.metadata.title, "The Hound of the Baskervilles")
        XCTAssertEqual(c.metadata.authors, ["Arthur Conan Doyle"])
        XCTAssertEqual(c.chapters.count, 17)
        XCTAssertEqual(c.chapters[2].title, "Chapter 1. Mr. Sherlock Holmes")
        XCTAssertTrue(c.string(in: c.chapters[2].range).contains("Mr. Sherlock Holmes, who was usually very late in the mornings"))
        // The contents page's links (kindle:pos → part#id) lead into the book.
        let links = c.styles.filter { $0.isLink && $0.target != nil }
        XCTAssertGreaterThanOrEqual(links.count, 15)
    }

    func testHuffCDICHybrid() throws {
        let c = try read("libmobi-sample_en_utf8_huffcdic_mobi6+kf8.mobi")
        XCTAssertEqual(c.metadata.version, "MOBI 6 + KF8")
        XCTAssertEqual(c.metadata.encoding, "UTF-8")
        XCTAssertEqual(c.chapters.map(\.title), ["\"Main page\"", "\"Libmobi public header\""])
        XCTAssertTrue(c.string(in: c.fullRange).contains("reconstructing references (links and embedded) in html files"))
        XCTAssertTrue(c.blocks.contains { $0.kind == .image })
    }

    func testCP1252MOBI6WithINDX() throws {
        let c = try read("libmobi-sample_en_cp1252_mobi6-palmdoc-jpeg.mobi")
        XCTAssertEqual(c.metadata.version, "MOBI 6")
        XCTAssertEqual(c.metadata.encoding, "CP1252")
        XCTAssertEqual(c.metadata.language, "en-us")
        XCTAssertEqual(c.chapters.count, 2)
        XCTAssertTrue(c.blocks.contains { $0.kind == .preformatted })
    }

    func testKF8Only() throws {
        let c = try read("font-sample_en_utf8_kf8-only_obfuscated-font.azw3")
        XCTAssertEqual(c.metadata.version, "AZW3")
        XCTAssertTrue(c.string(in: c.fullRange).contains("Font obfuscation test"))
    }

    /// EXTH 201 names the cover among libmobi's resources; its bytes are a real JPEG.
    func testTheCoverIsAResource() throws {
        let name = "libmobi-sample_en_cp1252_mobi6-palmdoc-jpeg.mobi"
        let c = try read(name)
        XCTAssertEqual(c.metadata.cover, "resource00001.jpg")
        let jpeg = try BookResources.bytes(of: "resource00001.jpg", inBookAt: Self.corpus + name, format: .mobi)
        XCTAssertEqual(Array(jpeg.prefix(3)), [0xFF, 0xD8, 0xFF])
    }
}

