import XCTest
@testable import Images

/// The decoder's limits and target sizes, whatever the format.
final class ImageDecoderTests: XCTestCase {
    func testPixelLimitIsCheckedOnTheDeclaredSize() throws {
        let bytes = try FixturePixels.bytes("rgba-4x3.png")
        XCTAssertNoThrow(try ImageDecoder.decode(bytes, maxPixels: 12))
        XCTAssertEqual(FixturePixels.error { try ImageDecoder.decode(bytes, maxPixels: 11) },
                       .tooManyPixels(width: 4, height: 3, limit: 11))
    }

    func testDefaultPixelLimitRefusesHeadersThatLie() throws {
        for (name, w, h) in [("hostile-huge-header.png", 100000, 100000), ("hostile-huge-header.jpg", 60000, 60000),
                             ("hostile-huge-header.webp", 16384, 16384), ("hostile-huge-screen.gif", 65535, 65535)] {
            XCTAssertEqual(FixturePixels.error { try ImageDecoder.decode(try FixturePixels.bytes(name)) },
                           .tooManyPixels(width: w, height: h, limit: ImageLimits.maxPixels), name)
        }
    }

    func testInputByteLimit() {
        let big = [UInt8](repeating: 0, count: ImageLimits.maxInputBytes + 1)
        XCTAssertEqual(FixturePixels.error { try ImageDecoder.decode(big) },
                       .inputTooLarge(bytes: ImageLimits.maxInputBytes + 1, limit: ImageLimits.maxInputBytes))
    }

    func testInvalidTargetSizes() throws {
        let bytes = try FixturePixels.bytes("rgba-4x3.png")
        XCTAssertEqual(FixturePixels.error { try ImageDecoder.decode(bytes, targetSize: ImageSize(width: 0, height: 3)) },
                       .invalidTargetSize(width: 0, height: 3))
        XCTAssertEqual(FixturePixels.error { try ImageDecoder.decode(bytes, maxPixels: 100, targetSize: ImageSize(width: 11, height: 10)) },
                       .invalidTargetSize(width: 11, height: 10))
    }

    /// Every good fixture comes out exactly the size asked for.
    func testEveryFormatMeetsATargetSize() throws {
        for name in ["rgba-4x3.png", "interlaced-5x5.png", "quadrants-progressive-16x16.jpg", "gradient-64x48.jpg",
                     "palette-4x3.gif", "lossy-16x16.webp", "animated-3x2.webp"] {
            for target in [ImageSize(width: 1, height: 1), ImageSize(width: 3, height: 2), ImageSize(width: 20, height: 7)] {
                let image = try ImageDecoder.decode(try FixturePixels.bytes(name), targetSize: target)
                XCTAssertEqual(image.size, target, name)
            }
        }
    }

    /// A JPEG decoded at a TurboJPEG scale and averaged down stays close to the full
    /// decode averaged down.
    func testScaledJPEGMatchesTheFullDecodeScaled() throws {
        let bytes = try FixturePixels.bytes("gradient-64x48.jpg")
        let target = ImageSize(width: 8, height: 6)
        let direct = try ImageDecoder.decode(bytes, targetSize: target)
        let full = ImageScaler.scale(try ImageDecoder.decode(bytes), to: target)
        for y in 0..<6 {
            for x in 0..<8 {
                XCTAssertTrue(FixturePixels.close(direct.pixel(x: x, y: y), full.pixel(x: x, y: y), 6),
                              "(\(x),\(y)): \(direct.pixel(x: x, y: y)) vs \(full.pixel(x: x, y: y))")
            }
        }
    }

    func testErrorDescriptionsAreOneLine() {
        let errors: [ImageError] = [.empty, .unknownFormat, .unsupportedFormat(.svg), .inputTooLarge(bytes: 9, limit: 8),
                                    .truncated(.png), .zeroSize(.gif), .tooManyPixels(width: 1, height: 2, limit: 1),
                                    .noImage(.gif), .corrupt(.jpeg, "bad"), .invalidTargetSize(width: 0, height: 0)]
        for error in errors {
            XCTAssertFalse(error.description.isEmpty)
            XCTAssertFalse(error.description.contains("\n"), error.description)
        }
        XCTAssertEqual(ImageError.truncated(.webp).description, "truncated WebP image")
    }
}
