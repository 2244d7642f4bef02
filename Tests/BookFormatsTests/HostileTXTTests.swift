import XCTest
import TextContent
import TextLayout
@testable import BookFormats

/// Hostile plain-text books (docs/LIMITS.md): one 10 MB paragraph, 200,000 chapter
/// headings, a file over the size limit. Generated at run time, never committed.
final class HostileTXTTests: XCTestCase {
    func testTenMegabyteLineIsCutIntoBoundedBlocksAndLaysOut() throws {
        let sentence = "A line that never ends, and never meets a newline on its way. "
        let bytes = Array(String(repeating: sentence, count: (10 << 20) / sentence.utf8.count + 1).utf8)
        let c = try PlainTextReader.read(bytes: bytes, name: "long.txt", encoding: nil)
        XCTAssertEqual(c.validate(), [])
        XCTAssertGreaterThanOrEqual(c.bytes.count, 10 << 20)
        XCTAssertTrue(c.blocks.allSatisfy { $0.range.count <= PlainTextReader.maxBlockBytes }, "blocks are cut")
        let lines = TextLayout.layout(c, range: c.fullRange, options: LayoutOptions(width: 72))
        XCTAssertLessThanOrEqual(lines.maxTotalWidth, 72)
    }

    func testTwoHundredThousandHeadingsStayBounded() throws {
        var text = ""
        text.reserveCapacity(4 << 20)
        for i in 1...200_000 { text += "Chapter \(i)\n" }
        let c = try PlainTextReader.read(bytes: Array(text.utf8), name: "headings.txt", encoding: nil)
        XCTAssertEqual(c.validate(), [])
        XCTAssertLessThanOrEqual(c.warnings.count, TextContentBuilder.maxWarnings)
        XCTAssertGreaterThan(c.chapters.count, 0)
    }

    func testTextOverTheLimitIsRefusedBeforeDecoding() {
        let bytes = [UInt8](repeating: 0x61, count: PlainTextReader.maxFileSize + 1)
        XCTAssertThrowsError(try PlainTextReader.read(bytes: bytes, name: "huge.txt", encoding: nil)) { error in
            guard case let .limitExceeded(_, reason)? = error as? BookError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("512 MiB"), reason)
        }
    }

    func testNonRegularFilesAreRefusedWithoutOpening() {
        for path in ["/dev/zero", "/dev/null"] {
            XCTAssertThrowsError(try BookLoader.load(path: path)) { error in
                XCTAssertEqual(error as? BookError, .unreadable(path: path, reason: "not a regular file"))
            }
        }
    }
}
