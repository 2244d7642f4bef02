import XCTest
import CTurboJPEG
@testable import Images

/// JPEG: colours within a tolerance (lossy), grayscale, progressive, CMYK, scaled decoding.
final class JPEGDecoderTests: XCTestCase {
    static let quadrantColours = [RGBA(255, 0, 0), RGBA(0, 255, 0), RGBA(0, 0, 255), RGBA(255, 255, 255)]

    /// The centre pixels of the four 8×8 quadrants.
    func assertQuadrants(_ image: DecodedImage, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        let centres = [(3, 3), (12, 3), (3, 12), (12, 12)]
        for ((x, y), colour) in zip(centres, Self.quadrantColours) {
            let pixel = image.pixel(x: x * image.width / 16, y: y * image.height / 16)
            XCTAssertTrue(FixturePixels.close(pixel, colour, 12), "\(name) (\(x),\(y)): \(pixel), expected \(colour)",
                          file: file, line: line)
        }
    }

    func testBaselineAndProgressive() throws {
        for name in ["quadrants-16x16.jpg", "quadrants-progressive-16x16.jpg"] {
            let image = try ImageDecoder.decode(try FixturePixels.bytes(name))
            XCTAssertEqual(image.size, ImageSize(width: 16, height: 16))
            XCTAssertTrue(image.isOpaque)
            assertQuadrants(image, name)
        }
    }

    func testGrayscale() throws {
        let image = try ImageDecoder.decode(try FixturePixels.bytes("gray-16x8.jpg"))
        XCTAssertEqual(image.size, ImageSize(width: 16, height: 8))
        let right = image.pixel(x: 12, y: 4)
        XCTAssertTrue(FixturePixels.close(right, RGBA(200, 200, 200), 6), "\(right)")
        XCTAssertTrue(FixturePixels.close(image.pixel(x: 0, y: 4), RGBA(0, 0, 0), 10))
    }

    /// TurboJPEG picks the smallest scale still at least as large as the target.
    func testScalingFactorChoice() {
        let size = ImageSize(width: 1000, height: 1500)
        XCTAssertEqual(JPEGDecoder.scaledSize(size, atLeast: ImageSize(width: 125, height: 188)), ImageSize(width: 125, height: 188))
        XCTAssertEqual(JPEGDecoder.scaledSize(size, atLeast: ImageSize(width: 126, height: 100)), ImageSize(width: 250, height: 375))
        XCTAssertEqual(JPEGDecoder.scaledSize(size, atLeast: ImageSize(width: 400, height: 600)), ImageSize(width: 500, height: 750))
        XCTAssertEqual(JPEGDecoder.scaledSize(size, atLeast: ImageSize(width: 999, height: 1)), size)
        XCTAssertEqual(JPEGDecoder.scaledSize(size, atLeast: ImageSize(width: 800, height: 1200)), ImageSize(width: 875, height: 1313))
        XCTAssertEqual(JPEGDecoder.scaledSize(size, atLeast: ImageSize(width: 200, height: 500)), ImageSize(width: 375, height: 563))
        XCTAssertEqual(JPEGDecoder.scaledSize(size, atLeast: ImageSize(width: 2000, height: 3000)), size)
        XCTAssertEqual(JPEGDecoder.scaledSize(size, atLeast: ImageSize(width: 1, height: 1)), ImageSize(width: 125, height: 188))
    }

    /// A target size is met exactly, through a TurboJPEG scale and then the scaler.
    func testDecodeToATargetSize() throws {
        let bytes = try FixturePixels.bytes("quadrants-16x16.jpg")
        for side in [2, 4, 6, 8, 11] {
            let image = try ImageDecoder.decode(bytes, targetSize: ImageSize(width: side, height: side))
            XCTAssertEqual(image.size, ImageSize(width: side, height: side))
            assertQuadrants(image, "\(side)×\(side)")
        }
    }

    /// A CMYK JPEG (Adobe's inverted convention, as TurboJPEG writes it) comes out RGB.
    func testCMYK() throws {
        // Inverted CMYK: 255 is no ink. Red = no cyan, full magenta and yellow, no black.
        let inks: [[UInt8]] = [[255, 0, 0, 255], [0, 255, 255, 255], [255, 255, 255, 255], [255, 255, 255, 0]]
        var cmyk = [UInt8]()
        for y in 0..<16 { for x in 0..<16 { cmyk += inks[(y / 8) * 2 + x / 8] } }
        let bytes = try XCTUnwrap(Self.compress(cmyk: cmyk, width: 16, height: 16))
        XCTAssertEqual(try JPEGDecoder.header(of: bytes).colorspace, Int32(TJCS_YCCK.rawValue))   // TurboJPEG stores CMYK as YCCK
        let image = try ImageDecoder.decode(bytes)
        let expected = [RGBA(255, 0, 0), RGBA(0, 255, 255), RGBA(255, 255, 255), RGBA(0, 0, 0)]
        for ((x, y), colour) in zip([(3, 3), (12, 3), (3, 12), (12, 12)], expected) {
            XCTAssertTrue(FixturePixels.close(image.pixel(x: x, y: y), colour, 12), "\(image.pixel(x: x, y: y)) vs \(colour)")
        }
    }

    static func compress(cmyk: [UInt8], width: Int, height: Int) -> [UInt8]? {
        guard let handle = tjInitCompress() else { return nil }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = cmyk.withUnsafeBufferPointer {
            tjCompress2(handle, $0.baseAddress, Int32(width), 0, Int32(height), Int32(TJPF_CMYK.rawValue),
                        &output, &size, Int32(TJSAMP_444.rawValue), 95, 0)
        }
        defer { tjFree(output) }
        guard status == 0, let output else { return nil }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }
}
