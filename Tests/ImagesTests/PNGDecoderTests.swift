import XCTest
@testable import Images

/// PNG colour types, interlacing and bit depths, pixel for pixel.
final class PNGDecoderTests: XCTestCase {
    func decode(_ name: String) throws -> DecodedImage {
        try ImageDecoder.decode(try FixturePixels.bytes(name))
    }

    func testRGBAKeepsStraightAlpha() throws {
        let image = try decode("rgba-4x3.png")
        XCTAssertEqual(image.size, ImageSize(width: 4, height: 3))
        XCTAssertEqual(FixturePixels.rows(image), FixturePixels.rgba4x3)
        XCTAssertFalse(image.isOpaque)
    }

    func testRGBIsOpaque() throws {
        let image = try decode("rgb-4x3.png")
        XCTAssertEqual(FixturePixels.rows(image), FixturePixels.rgb4x3)
        XCTAssertTrue(image.isOpaque)
    }

    func testPaletteWithTransparency() throws {
        XCTAssertEqual(FixturePixels.rows(try decode("palette-4x3.png")), FixturePixels.rgba4x3)
    }

    func testGrayscale() throws {
        let rows = FixturePixels.rows(try decode("gray-4x3.png"))
        let expected = (0..<3).map { y in (0..<4).map { x -> RGBA in let v = UInt8((y * 4 + x) * 17); return RGBA(v, v, v) } }
        XCTAssertEqual(rows, expected)
    }

    func testGrayscaleWithAlpha() throws {
        XCTAssertEqual(FixturePixels.rows(try decode("gray-alpha-2x2.png")),
                       [[RGBA(0, 0, 0, 255), RGBA(100, 100, 100, 128)], [RGBA(200, 200, 200, 0), RGBA(255, 255, 255, 255)]])
    }

    func testAdam7Interlaced() throws {
        let image = try decode("interlaced-5x5.png")
        for y in 0..<5 {
            for x in 0..<5 {
                XCTAssertEqual(image.pixel(x: x, y: y), RGBA(UInt8(x * 50), UInt8(y * 50), 100), "(\(x),\(y))")
            }
        }
    }

    /// 16 bits a channel without gAMA: taken as sRGB and rounded to 8 bits (not as linear).
    func testSixteenBitIsReducedAsSRGB() throws {
        XCTAssertEqual(FixturePixels.rows(try decode("rgb16-2x1.png")), [[RGBA(255, 0, 0), RGBA(0, 128, 255)]])
    }
}
