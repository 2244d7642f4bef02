import XCTest
import TextContent
@testable import BookFormats

/// Lazy opening: package, size index, one document at a time.
final class EPUBPackageTests: XCTestCase {
    func testOpeningParsesNoDocumentAndExposesTheSizeIndex() throws {
        let package = try EPUBPackage(path: EPUBFixtures.path("epub3-features.epub"))
        XCTAssertEqual(package.packagePath, "OEBPS/package/content.opf")
        XCTAssertEqual(package.spine.map(\.entryPath),
                       ["OEBPS/text/ch1.xhtml", "OEBPS/text/chapter two.xhtml", "OEBPS/text/notes.xhtml", "OEBPS/text/章三.xhtml"])
        XCTAssertEqual(package.spine.map(\.isLinear), [true, true, false, true])
        XCTAssertTrue(package.spine.allSatisfy { $0.isPresent && $0.uncompressedSize > 0 })
        let ch1 = try EPUBFixtures.entry("epub3-features.epub", "OEBPS/text/ch1.xhtml")
        XCTAssertEqual(package.spine[0].uncompressedSize, ch1.count)
        XCTAssertEqual(package.totalUncompressedSize, package.spine.reduce(0) { $0 + $1.uncompressedSize })
        XCTAssertEqual(package.toc.map(\.targetKey),
                       ["OEBPS/text/ch1.xhtml", "OEBPS/text/ch1.xhtml#wick", "OEBPS/text/ch1.xhtml#table",
                        "OEBPS/text/chapter two.xhtml", "OEBPS/text/章三.xhtml"])
    }

    func testOneDocumentAlone() throws {
        let package = try EPUBPackage(path: EPUBFixtures.path("epub3-features.epub"))
        let doc = try package.document(at: 1)
        XCTAssertEqual(doc.blockTexts, ["Two: Harbour Lights", "Ships answered with horns.2", "港の灯りが波の上で揺れていた。", "Back to the wick"])
        XCTAssertEqual(doc.chapters.map(\.title), ["Two: Harbour Lights"])
        XCTAssertEqual(doc.validate(), [])
        // Links into other documents stay unresolved in a fragment.
        XCTAssertNil(doc.styles.first { $0.style == .link }?.target)
        XCTAssertNil(doc.styles.first { $0.style == .noteReference }?.target)
    }

    func testWholeBookEqualsConcatenatedDocuments() throws {
        let package = try EPUBPackage(path: EPUBFixtures.path("epub3-features.epub"))
        let whole = try package.readAll()
        let sequential = try package.readAll(threads: 1)
        XCTAssertEqual(whole.bytes, sequential.bytes)
        XCTAssertEqual(whole.styles, sequential.styles)
        XCTAssertEqual(whole.chapters, sequential.chapters)
        let parts = try package.spine.indices.map { try package.document(at: $0) }
        XCTAssertEqual(whole.blockTexts, parts.flatMap(\.blockTexts))
    }

    func testMissingDocumentThrowsAlone() throws {
        let package = try EPUBPackage(path: EPUBFixtures.path("missing-chapter.epub"))
        XCTAssertFalse(package.spine[1].isPresent)
        XCTAssertEqual(package.spine[1].uncompressedSize, 0)
        XCTAssertThrowsError(try package.document(at: 1))
        XCTAssertEqual(try package.document(at: 2).chapters.first?.title, "Third")
    }
}
