import XCTest
@testable import Images

/// WebP: lossless exactly, lossy within a tolerance, alpha, an animation's first frame.
final class WebPDecoderTests: XCTestCase {
    func decode(_ name: String) throws -> DecodedImage {
        try ImageDecoder.decode(try FixturePixels.bytes(name))
    }

    /// Made with `cwebp -lossless -exact`: even the transparent pixel keeps its colour.
    func testLosslessIsExact() throws {
        XCTAssertEqual(FixturePixels.rows(try decode("lossless-4x3.webp")), FixturePixels.rgba4x3)
    }

    func testLossyColours() throws {
        let image = try decode("lossy-16x16.webp")
        XCTAssertTrue(image.isOpaque)
        for ((x, y), colour) in zip([(3, 3), (12, 3), (3, 12), (12, 12)], JPEGDecoderTests.quadrantColours) {
            XCTAssertTrue(FixturePixels.close(image.pixel(x: x, y: y), colour, 16), "(\(x),\(y)): \(image.pixel(x: x, y: y))")
        }
    }

    /// The left half opaque, the right half transparent (alpha is lossless at -alpha_q 100).
    func testLossyWithAlpha() throws {
        let image = try decode("lossy-alpha-16x16.webp")
        XCTAssertEqual(image.pixel(x: 3, y: 3).a, 255)
        XCTAssertTrue(FixturePixels.close(image.pixel(x: 3, y: 3), RGBA(255, 0, 0), 16), "\(image.pixel(x: 3, y: 3))")
        XCTAssertEqual(image.pixel(x: 12, y: 3).a, 0)
        XCTAssertEqual(image.pixel(x: 12, y: 12).a, 0)
    }

    /// An animated WebP (red, then blue) gives its first frame on the canvas.
    func testAnimationGivesItsFirstFrame() throws {
        let image = try decode("animated-3x2.webp")
        XCTAssertEqual(image.size, ImageSize(width: 3, height: 2))
        XCTAssertEqual(Set(FixturePixels.rows(image).flatMap { $0 }), [RGBA(255, 0, 0)])
    }
}
