import XCTest
@testable import Images

/// GIF: the first frame only, on a transparent canvas, with transparency, local colour
/// maps, offsets, clipping and interlacing.
final class GIFDecoderTests: XCTestCase {
    func decode(_ name: String) throws -> DecodedImage {
        try ImageDecoder.decode(try FixturePixels.bytes(name))
    }

    /// The palette is the 4×3 image's opaque colours; index 7 is the transparent one.
    func testPaletteWithATransparentIndex() throws {
        var expected = FixturePixels.rgb4x3
        expected[1][3] = RGBA(0, 0, 0, 0)
        XCTAssertEqual(FixturePixels.rows(try decode("palette-4x3.gif")), expected)
    }

    func testInterlacedRowsLandInPlace() throws {
        let colours = FixturePixels.rgb4x3.flatMap { $0 }
        let image = try decode("interlaced-3x9.gif")
        XCTAssertEqual(image.size, ImageSize(width: 3, height: 9))
        for y in 0..<9 {
            XCTAssertEqual((0..<3).map { image.pixel(x: $0, y: y) }, (0..<3).map { colours[(y * 3 + $0) % 12] }, "row \(y)")
        }
    }

    func testInterlacedRowOrder() {
        XCTAssertEqual(GIFDecoder.interlacedRows(9), [0, 8, 4, 2, 6, 1, 3, 5, 7])
        XCTAssertEqual(GIFDecoder.interlacedRows(1), [0])
        XCTAssertEqual(GIFDecoder.interlacedRows(0), [])
    }

    /// A 2×2 frame at (1, 1) with its own colour map; the rest of the canvas transparent.
    func testOffsetFrameWithALocalColourMap() throws {
        let clear = RGBA(0, 0, 0, 0), dark = RGBA(9, 9, 9), light = RGBA(250, 240, 230)
        XCTAssertEqual(FixturePixels.rows(try decode("offset-frame-4x3.gif")),
                       [[clear, clear, clear, clear], [clear, dark, light, clear], [clear, light, dark, clear]])
    }

    func testAnimationGivesItsFirstFrame() throws {
        let image = try decode("animated-2frames.gif")
        XCTAssertEqual(FixturePixels.rows(image), [[RGBA(255, 0, 0), RGBA(255, 0, 0)], [RGBA(255, 0, 0), RGBA(255, 0, 0)]])
    }

    /// A 3×3 frame at (1, 1) on a 2×2 screen: only its top-left pixel is on the canvas.
    func testFrameClippedToTheScreen() throws {
        let clear = RGBA(0, 0, 0, 0)
        XCTAssertEqual(FixturePixels.rows(try decode("clipped-frame-2x2.gif")), [[clear, clear], [clear, RGBA(0, 255, 0)]])
    }
}
