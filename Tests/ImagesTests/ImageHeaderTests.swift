import XCTest
@testable import Images

/// Headers read without decoding: the declared sizes, even of files that cannot be decoded.
final class ImageHeaderTests: XCTestCase {
    func testSizesOfEveryGoodFixture() throws {
        let expected: [String: (ImageFormat, Int, Int)] = [
            "rgba-4x3.png": (.png, 4, 3), "gray-alpha-2x2.png": (.png, 2, 2), "interlaced-5x5.png": (.png, 5, 5),
            "quadrants-16x16.jpg": (.jpeg, 16, 16), "quadrants-progressive-16x16.jpg": (.jpeg, 16, 16),
            "gray-16x8.jpg": (.jpeg, 16, 8), "gradient-64x48.jpg": (.jpeg, 64, 48),
            "palette-4x3.gif": (.gif, 4, 3), "interlaced-3x9.gif": (.gif, 3, 9),
            "lossless-4x3.webp": (.webp, 4, 3), "lossy-16x16.webp": (.webp, 16, 16), "animated-3x2.webp": (.webp, 3, 2),
        ]
        for (name, (format, width, height)) in expected {
            let header = try ImageHeader.read(try FixturePixels.bytes(name))
            XCTAssertEqual(header, ImageHeader(format: format, width: width, height: height), name)
        }
    }

    /// The header of a file too big to decode still says how big it claims to be.
    func testHeadersThatLieAreReadAsDeclared() throws {
        XCTAssertEqual(try ImageHeader.read(try FixturePixels.bytes("hostile-huge-header.png")).size,
                       ImageSize(width: 100000, height: 100000))
        XCTAssertEqual(try ImageHeader.read(try FixturePixels.bytes("hostile-huge-header.jpg")).size,
                       ImageSize(width: 60000, height: 60000))
        XCTAssertEqual(try ImageHeader.read(try FixturePixels.bytes("hostile-huge-header.webp")).size,
                       ImageSize(width: 16384, height: 16384))
        XCTAssertEqual(try ImageHeader.read(try FixturePixels.bytes("hostile-huge-screen.gif")).size,
                       ImageSize(width: 65535, height: 65535))
    }

    /// A header can be read from the first bytes alone.
    func testHeaderFromAPrefix() throws {
        let png = try FixturePixels.bytes("rgba-4x3.png")
        XCTAssertEqual(try ImageHeader.read(Array(png.prefix(24))).size, ImageSize(width: 4, height: 3))
        let gif = try FixturePixels.bytes("palette-4x3.gif")
        XCTAssertEqual(try ImageHeader.read(Array(gif.prefix(10))).size, ImageSize(width: 4, height: 3))
        XCTAssertEqual(FixturePixels.error { try ImageHeader.read(Array(gif.prefix(9))) }, .truncated(.gif))
    }

    func testEmptyAndUnknown() {
        XCTAssertEqual(FixturePixels.error { try ImageHeader.read([]) }, .empty)
        XCTAssertEqual(FixturePixels.error { try ImageHeader.read(Array("hello".utf8)) }, .unknownFormat)
    }
}
