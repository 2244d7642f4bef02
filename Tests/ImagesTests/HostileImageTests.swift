import XCTest
@testable import Images

/// Every hostile fixture gives the error it should, and no crash; every prefix of every
/// fixture, and every fixture with a byte flipped, fails cleanly or decodes.
final class HostileImageTests: XCTestCase {
    func testEachHostileFixture() throws {
        let expected: [String: ImageError] = [
            "hostile-truncated.png": .truncated(.png), "hostile-header-only.png": .truncated(.png),
            "hostile-zero-width.png": .zeroSize(.png), "hostile-short-data.png": .truncated(.png),
            "hostile-truncated.gif": .truncated(.gif), "hostile-header-only.gif": .truncated(.gif),
            "hostile-zero-size.gif": .zeroSize(.gif), "hostile-no-frames.gif": .noImage(.gif),
            "hostile-huge-frame.gif": .tooManyPixels(width: 65535, height: 65535, limit: ImageLimits.maxPixels),
            "hostile-truncated.jpg": .truncated(.jpeg), "hostile-header-only.jpg": .truncated(.jpeg),
            "hostile-truncated-scan.jpg": .truncated(.jpeg),
            "hostile-truncated.webp": .truncated(.webp), "hostile-header-only.webp": .truncated(.webp),
            "hostile-truncated-animated.webp": .truncated(.webp),
        ]
        for (name, error) in expected {
            XCTAssertEqual(FixturePixels.error { try ImageDecoder.decode(try FixturePixels.bytes(name)) }, error, name)
        }
    }

    /// Damage the libraries report in their own words.
    func testCorruptFixtures() throws {
        let expected: [String: ImageFormat] = [
            "hostile-bad-crc.png": .png, "hostile-garbage.png": .png, "hostile-no-colour-map.gif": .gif,
            "hostile-garbage.gif": .gif, "hostile-zero-height.jpg": .jpeg, "hostile-garbage.jpg": .jpeg,
            "hostile-garbage.webp": .webp,
        ]
        for (name, format) in expected {
            let error = FixturePixels.error { try ImageDecoder.decode(try FixturePixels.bytes(name)) }
            guard case .corrupt(let f, let reason)? = error else { XCTFail("\(name): \(String(describing: error))"); continue }
            XCTAssertEqual(f, format, name)
            XCTAssertFalse(reason.isEmpty, name)
        }
    }

    /// A progressive JPEG of 601 scans is refused by TurboJPEG's scan limit (the defence
    /// against files of endless scans), not decoded scan after scan.
    func testJPEGScanLimit() throws {
        let error = FixturePixels.error { try ImageDecoder.decode(try FixturePixels.bytes("hostile-many-scans.jpg")) }
        guard case .corrupt(.jpeg, let reason)? = error else { return XCTFail(String(describing: error)) }
        XCTAssertTrue(reason.contains("500 scans"), reason)
    }

    /// Every prefix of every good fixture: an image, or an error; never a crash.
    func testEveryPrefixFailsCleanly() throws {
        for name in try goodFixtures() {
            let bytes = try FixturePixels.bytes(name)
            var refused = 0
            for n in 0..<bytes.count {
                if FixturePixels.error({ try ImageDecoder.decode(Array(bytes.prefix(n)), maxPixels: 10_000) }) != nil { refused += 1 }
            }
            XCTAssertGreaterThan(refused, 0, name)
        }
    }

    /// Every byte of the small fixtures flipped in turn, decoded with a small limit and a target size.
    func testFlippedBytesFailCleanly() throws {
        for name in try goodFixtures() {
            let bytes = try FixturePixels.bytes(name)
            for i in 0..<bytes.count {
                var damaged = bytes
                damaged[i] ^= 0x5A
                if let image = try? ImageDecoder.decode(damaged, maxPixels: 10_000, targetSize: ImageSize(width: 5, height: 3)) {
                    XCTAssertEqual(image.size, ImageSize(width: 5, height: 3), name)
                }
            }
        }
    }

    func goodFixtures() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: FixturePixels.folder.path)
            .filter { !$0.hasPrefix("hostile-") && !$0.hasSuffix(".svg") }.sorted()
    }
}
