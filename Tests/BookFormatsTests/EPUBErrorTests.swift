import XCTest
import TextContent
@testable import BookFormats

/// Broken books fail with the right `BookError`, or open what can be recovered.
final class EPUBErrorTests: XCTestCase {
    private func error(_ name: String) -> BookError? {
        do {
            _ = try EPUBFixtures.read(name)
            XCTFail("\(name) opened")
            return nil
        } catch let e as BookError {
            return e
        } catch {
            XCTFail("\(name): unexpected \(error)")
            return nil
        }
    }

    func testMissingFile() {
        let path = EPUBFixtures.path("does-not-exist.epub")
        XCTAssertThrowsError(try EPUBReader.read(path: path)) {
            XCTAssertEqual($0 as? BookError, .unreadable(path: path, reason: "no such file"))
        }
    }

    func testEmptyFile() {
        XCTAssertEqual(error("empty.epub"), .empty(path: EPUBFixtures.path("empty.epub")))
    }

    func testNotAZip() {
        XCTAssertEqual(error("not-a-zip.epub"), .notAnArchive(path: EPUBFixtures.path("not-a-zip.epub"), reason: "not a zip archive"))
    }

    func testTruncatedZip() {
        guard case let .notAnArchive(_, reason)? = error("truncated.epub") else { return XCTFail("wrong error") }
        XCTAssertTrue(reason.contains("truncated"), reason)
    }

    func testNoContainer() {
        XCTAssertEqual(error("no-container.epub"),
                       .invalidEPUB(path: EPUBFixtures.path("no-container.epub"), reason: "META-INF/container.xml is missing"))
    }

    func testMalformedOPF() {
        guard case let .invalidEPUB(_, reason)? = error("malformed-opf.epub") else { return XCTFail("wrong error") }
        XCTAssertTrue(reason.hasPrefix("the package document content.opf is malformed XML"), reason)
    }

    func testMissingOPF() {
        XCTAssertEqual(error("missing-opf.epub"),
                       .invalidEPUB(path: EPUBFixtures.path("missing-opf.epub"), reason: "the package document OEBPS/content.opf is missing"))
    }

    func testSpineReferencingNothing() {
        XCTAssertEqual(error("empty-spine.epub"),
                       .invalidEPUB(path: EPUBFixtures.path("empty-spine.epub"), reason: "the spine lists no readable documents"))
    }

    func testNothingReadable() {
        guard case .noReadableContent? = error("all-missing.epub") else { return XCTFail("wrong error") }
    }

    func testZipBombIsRefused() {
        guard case let .limitExceeded(_, reason)? = error("zip-bomb.epub") else { return XCTFail("wrong error") }
        XCTAssertTrue(reason.contains("1000:1"), reason)
    }

    func testMissingChapterIsSkippedWithAWarning() throws {
        let book = try EPUBFixtures.read("missing-chapter.epub")
        XCTAssertEqual(book.blockTexts, ["First", "The first chapter is here.", "Third", "The third chapter is here."])
        XCTAssertEqual(book.chapters.map(\.title), ["First", "Third"])
        XCTAssertEqual(book.warnings, ["skipped OEBPS/ch2.xhtml: missing from the archive"])
        XCTAssertEqual(book.validate(), [])
    }

    func testZipSlipEntriesAreNeverUsed() throws {
        let book = try EPUBFixtures.read("zip-slip.epub")
        XCTAssertEqual(book.blockTexts, ["Only this text is safe."])
        XCTAssertFalse(book.string(in: book.fullRange).contains("EVIL"))
        XCTAssertTrue(book.warnings.contains { $0.contains("3 zip entries with unsafe names") }, "\(book.warnings)")
        XCTAssertEqual(book.chapters.count, 1)
        // The archive itself refuses to hand them out.
        let archive = try ZipArchive(path: EPUBFixtures.path("zip-slip.epub"))
        XCTAssertEqual(Set(archive.unsafeNames), ["../../evil.xhtml", "/abs.xhtml", "OEBPS\\back.xhtml"])
        XCTAssertThrowsError(try archive.read("../../evil.xhtml"))
        XCTAssertThrowsError(try archive.read("/abs.xhtml"))
    }

    func testDeepNestingDoesNotOverflow() throws {
        let book = try EPUBFixtures.read("deep-nesting.epub")
        XCTAssertEqual(book.blockTexts, ["Deep text survives.", "After the deep part."])
        XCTAssertTrue(book.warnings.contains { $0.contains("nested deeper than") }, "\(book.warnings)")
    }

    func testMessagesAreOneLine() {
        for name in ["empty.epub", "not-a-zip.epub", "truncated.epub", "no-container.epub", "malformed-opf.epub",
                     "empty-spine.epub", "all-missing.epub", "zip-bomb.epub"] {
            guard let e = error(name) else { continue }
            XCTAssertFalse(e.message.contains("\n"), name)
        }
    }
}
