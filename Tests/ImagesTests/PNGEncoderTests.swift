import Images
import XCTest

/// `PNGEncoder`: the file it writes decodes to exactly its pixels, alpha included.
final class PNGEncoderTests: XCTestCase {
    func testAPNGItWritesDecodesToTheSamePixels() throws {
        // 3 × 2: opaque red, half-transparent green, transparent; blue, white, black.
        let pixels: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 0, 0,
                               0, 0, 255, 255, 255, 255, 255, 255, 0, 0, 0, 255]
        let file = try XCTUnwrap(PNGEncoder.encode(DecodedImage(width: 3, height: 2, pixels: pixels)))
        XCTAssertEqual(ImageFormat.sniff(file), .png)
        let header = try ImageHeader.read(file)
        XCTAssertEqual([header.width, header.height], [3, 2])
        let decoded = try ImageDecoder.decode(file)
        XCTAssertEqual(decoded.pixels, pixels)
    }

    func testALargeNoisyImageIsWrittenWhole() throws {
        var random = UInt64(12345)
        let pixels = (0..<(200 * 150 * 4)).map { _ -> UInt8 in
            random = random &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: random >> 56)
        }
        let file = try XCTUnwrap(PNGEncoder.encode(DecodedImage(width: 200, height: 150, pixels: pixels)))
        XCTAssertEqual(try ImageDecoder.decode(file).pixels, pixels, "noise, which does not compress, written whole")
    }
}
