import XCTest
import TextContent
@testable import BookFormats

/// Broken and hostile MOBI files (docs/LIMITS.md): DRM, truncated Palm headers, record
/// offsets past the end or overlapping, HUFF/CDIC tables with wrong sizes, and mutations
/// of a good file. Each must end in one clear `BookError` naming the file, or a valid
/// book — never a crash inside libmobi.
final class HostileMOBITests: XCTestCase {
    private func reason(_ name: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        let path = MOBIFixtures.path(name)
        do {
            _ = try MOBIReader.read(path: path)
            XCTFail("\(name) opened", file: file, line: line)
        } catch let error as BookError {
            XCTAssertTrue(error.message.hasPrefix(path + ": "), error.message, file: file, line: line)
            XCTAssertFalse(error.message.contains("\n"), error.message, file: file, line: line)
            if case let .invalidBook(_, format, reason) = error {
                XCTAssertEqual(format, "MOBI", file: file, line: line)
                return reason
            }
            XCTFail("\(error)", file: file, line: line)
        } catch {
            XCTFail("\(error)", file: file, line: line)
        }
        return nil
    }

    func testEncryptedBookIsRefusedAsDRM() {
        let path = MOBIFixtures.path("drm.mobi")
        XCTAssertThrowsError(try BookLoader.load(path: path)) { error in
            XCTAssertEqual(error as? BookError, .drmProtected(path: path))
            XCTAssertEqual((error as? BookError)?.message, "\(path): DRM-protected: this book cannot be opened")
        }
    }

    func testEncryptionFieldIsCheckedBeforeLibmobi() throws {
        var bytes = try MOBIFixtures.bytes("mobi6-utf8.mobi")
        let record0 = Int(bytes[78]) << 24 | Int(bytes[79]) << 16 | Int(bytes[80]) << 8 | Int(bytes[81])
        bytes[record0 + 13] = 1   // old Mobipocket encryption
        XCTAssertThrowsError(try MOBIReader.read(bytes: bytes, name: "x.mobi")) { error in
            XCTAssertEqual(error as? BookError, .drmProtected(path: "x.mobi"))
        }
    }

    func testTruncatedPalmHeader() {
        XCTAssertEqual(reason("truncated-header.mobi"), "truncated Palm database header (72 bytes, 78 needed)")
    }

    func testRecordOffsetPastTheEnd() throws {
        let r = try XCTUnwrap(reason("offsets-past-end.mobi"))
        XCTAssertTrue(r.contains("past the end of the file"), r)
    }

    func testOverlappingRecords() throws {
        let r = try XCTUnwrap(reason("overlapping-records.mobi"))
        XCTAssertTrue(r.contains("overlapping records"), r)
    }

    func testHuffTableWithWrongSizes() throws {
        let r = try XCTUnwrap(reason("bad-huffcdic.mobi"))
        XCTAssertTrue(r.contains("HUFF table") && r.contains("wrong sizes"), r)
    }

    func testRecordListCutOff() throws {
        let bytes = Array(try MOBIFixtures.bytes("mobi6-utf8.mobi").prefix(84))
        XCTAssertThrowsError(try MOBIReader.read(bytes: bytes, name: "cut.mobi")) { error in
            guard case let .invalidBook(_, _, reason)? = error as? BookError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("record list is cut off"), reason)
        }
    }

    func testUnknownCompressionAndMissingTextRecords() throws {
        let good = try MOBIFixtures.bytes("mobi6-utf8.mobi")
        let record0 = Int(good[78]) << 24 | Int(good[79]) << 16 | Int(good[80]) << 8 | Int(good[81])
        var compression = good
        compression[record0 + 1] = 9
        var count = good
        count[record0 + 8] = 0x7F
        for (bytes, expected) in [(compression, "unknown compression type 9"), (count, "text records")] {
            XCTAssertThrowsError(try MOBIReader.read(bytes: bytes, name: "x.mobi")) { error in
                guard case let .invalidBook(_, _, reason)? = error as? BookError else { return XCTFail("\(error)") }
                XCTAssertTrue(reason.contains(expected), reason)
            }
        }
    }

    /// A header declaring 4,100 text records of 65,535 bytes (libmobi would allocate 256 MiB
    /// and more for the text of a 45 KB file) is refused before libmobi sees it.
    func testDeclaredTextSizeIsLimited() {
        let count = 4_101
        var bytes = [UInt8](repeating: 0, count: 78)
        bytes.replaceSubrange(60..<68, with: Array("TEXtREAd".utf8))
        bytes[76] = UInt8(count >> 8); bytes[77] = UInt8(count & 0xFF)
        let first = 78 + 8 * count + 2
        for i in 0..<count {
            let offset = first + (i == 0 ? 0 : 16 + i - 1)
            bytes += [UInt8(offset >> 24), UInt8(offset >> 16 & 0xFF), UInt8(offset >> 8 & 0xFF), UInt8(offset & 0xFF), 0, 0, 0, 0]
        }
        bytes += [0, 0]
        bytes += [0, 1, 0, 0, 0, 0, 0x10, 0, UInt8((count - 1) >> 8), UInt8((count - 1) & 0xFF), 0xFF, 0xFF, 0, 0, 0, 0]
        bytes += [UInt8](repeating: UInt8(ascii: "a"), count: count - 1)
        XCTAssertThrowsError(try MOBIReader.read(bytes: bytes, name: "big.pdb")) { error in
            guard case let .limitExceeded(_, reason)? = error as? BookError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("4100 text records of 65535 bytes"), reason)
        }
        // The same records at the standard 4,096 bytes are a book.
        bytes[first + 10] = 0x10; bytes[first + 11] = 0
        XCTAssertNoThrow(try MOBIReader.read(bytes: bytes, name: "ok.pdb"))
    }

    /// Every prefix of a good file (every 7th length) and 400 seeded byte mutations: a
    /// valid book or a `BookError`, nothing else.
    func testTruncationsAndMutationsNeverCrash() throws {
        let good = try MOBIFixtures.bytes("mobi6-cp1252.mobi")
        var opened = 0, refused = 0
        func attempt(_ bytes: [UInt8]) {
            do {
                let c = try MOBIReader.read(bytes: bytes, name: "m.mobi")
                XCTAssertEqual(c.validate(), [])
                opened += 1
            } catch is BookError {
                refused += 1
            } catch {
                XCTFail("\(error)")
            }
        }
        for n in stride(from: 0, to: good.count, by: 7) { attempt(Array(good.prefix(n))) }
        var seed: UInt64 = 0x9E3779B97F4A7C15
        for _ in 0..<400 {
            var bytes = good
            for _ in 0..<3 {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                bytes[Int(seed >> 33) % bytes.count] = UInt8(truncatingIfNeeded: seed >> 17)
            }
            attempt(bytes)
        }
        XCTAssertGreaterThan(refused, 0)
        XCTAssertGreaterThan(opened, 0)
    }
}
