import XCTest
@testable import Images

/// Sniffing by magic bytes, on the fixtures and on hand-made prefixes.
final class ImageFormatTests: XCTestCase {
    func testFixturesSniffAsTheirExtension() throws {
        let expected: [String: ImageFormat] = ["png": .png, "jpg": .jpeg, "gif": .gif, "webp": .webp, "svg": .svg]
        let names = try FileManager.default.contentsOfDirectory(atPath: FixturePixels.folder.path)
        XCTAssertGreaterThan(names.count, 30)
        for name in names {
            let ext = String(name.split(separator: ".").last!)
            XCTAssertEqual(ImageFormat.sniff(try FixturePixels.bytes(name)), expected[ext], name)
        }
    }

    func testShortAndUnknownPrefixes() {
        XCTAssertEqual(ImageFormat.sniff([]), .unknown)
        XCTAssertEqual(ImageFormat.sniff([0x89, 0x50, 0x4E, 0x47]), .unknown)   // half a PNG signature
        XCTAssertEqual(ImageFormat.sniff([0xFF, 0xD8]), .unknown)
        XCTAssertEqual(ImageFormat.sniff(Array("GIF88a".utf8)), .unknown)
        XCTAssertEqual(ImageFormat.sniff(Array("RIFF\0\0\0\0WAVE".utf8)), .unknown)
        XCTAssertEqual(ImageFormat.sniff(Array("RIFF\0\0\0\0WEBP".utf8)), .webp)
        XCTAssertEqual(ImageFormat.sniff(Array("GIF87a".utf8)), .gif)
        XCTAssertEqual(ImageFormat.sniff([0xFF, 0xD8, 0xFF]), .jpeg)
    }

    func testSVGAfterTheProlog() {
        XCTAssertEqual(ImageFormat.sniff(Array("<svg/>".utf8)), .svg)
        XCTAssertEqual(ImageFormat.sniff(Array("  \n<svg xmlns='x'>".utf8)), .svg)
        XCTAssertEqual(ImageFormat.sniff(Array("<?xml version='1.0'?><!-- <html> --><svg:svg>".utf8)), .svg)
        XCTAssertEqual(ImageFormat.sniff(Array("<!DOCTYPE svg><svg\t>".utf8)), .svg)
        XCTAssertEqual(ImageFormat.sniff(Array("<svgx>".utf8)), .unknown)
        XCTAssertEqual(ImageFormat.sniff(Array("<html><svg>".utf8)), .unknown)
        XCTAssertEqual(ImageFormat.sniff(Array("<?xml version='1.0'".utf8)), .unknown)   // unclosed declaration
        XCTAssertEqual(ImageFormat.sniff(Array("<svg".utf8)), .unknown)                   // the name does not end
        XCTAssertEqual(ImageFormat.sniff(Array("hello <svg>".utf8)), .unknown)
    }

    func testSVGIsOnlyLookedForInTheFirstBytes() {
        let late = [UInt8](repeating: 0x20, count: ImageFormat.svgSniffLength) + Array("<svg>".utf8)
        XCTAssertEqual(ImageFormat.sniff(late), .unknown)
        let early = [UInt8](repeating: 0x20, count: 100) + Array("<svg>".utf8)
        XCTAssertEqual(ImageFormat.sniff(early), .svg)
    }

    func testSVGIsRecognisedButNotDecoded() throws {
        let bytes = try FixturePixels.bytes("prolog.svg")
        XCTAssertEqual(FixturePixels.error { try ImageHeader.read(bytes) }, .unsupportedFormat(.svg))
        XCTAssertEqual(FixturePixels.error { try ImageDecoder.decode(bytes) }, .unsupportedFormat(.svg))
    }
}
