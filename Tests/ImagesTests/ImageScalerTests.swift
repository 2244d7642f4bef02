import XCTest
@testable import Images

/// Area averaging: exact averages, alpha weighting, odd ratios, enlarging, sizes kept.
final class ImageScalerTests: XCTestCase {
    func image(_ rows: [[RGBA]]) -> DecodedImage {
        DecodedImage(width: rows[0].count, height: rows.count, pixels: rows.flatMap { $0.flatMap { [$0.r, $0.g, $0.b, $0.a] } })
    }

    func testTwoByTwoAverage() {
        let source = image([[RGBA(255, 0, 0), RGBA(0, 255, 0)], [RGBA(0, 0, 255), RGBA(255, 255, 255)]])
        let one = ImageScaler.scale(source, to: ImageSize(width: 1, height: 1))
        XCTAssertEqual(one.pixel(x: 0, y: 0), RGBA(128, 128, 128))   // 127.5 rounds up
    }

    /// A transparent pixel's colour does not darken its opaque neighbour.
    func testTransparentPixelsDoNotBleed() {
        let source = image([[RGBA(255, 0, 0, 255), RGBA(0, 0, 0, 0)]])
        XCTAssertEqual(ImageScaler.scale(source, to: ImageSize(width: 1, height: 1)).pixel(x: 0, y: 0), RGBA(255, 0, 0, 128))
        let weighted = image([[RGBA(255, 0, 0, 255), RGBA(0, 0, 255, 85)]])
        // (255·255, 0, 255·85) / 340 → (191, 0, 64), alpha 170.
        XCTAssertEqual(ImageScaler.scale(weighted, to: ImageSize(width: 1, height: 1)).pixel(x: 0, y: 0), RGBA(191, 0, 64, 170))
    }

    func testFullyTransparentStaysTransparentBlack() {
        let source = image([[RGBA(255, 255, 255, 0), RGBA(10, 10, 10, 0)]])
        XCTAssertEqual(ImageScaler.scale(source, to: ImageSize(width: 1, height: 1)).pixel(x: 0, y: 0), RGBA(0, 0, 0, 0))
    }

    /// 3 → 2: each output pixel covers one whole source pixel and half of the middle one.
    func testFractionalCoverage() {
        let source = image([[RGBA(0, 0, 0), RGBA(90, 90, 90), RGBA(180, 180, 180)]])
        let two = ImageScaler.scale(source, to: ImageSize(width: 2, height: 1))
        // (0 + 0.5·90) / 1.5 = 30; (0.5·90 + 180) / 1.5 = 150.
        XCTAssertEqual(FixturePixels.rows(two), [[RGBA(30, 30, 30), RGBA(150, 150, 150)]])
    }

    func testSameSizeIsTheSameImage() throws {
        let source = try ImageDecoder.decode(try FixturePixels.bytes("rgba-4x3.png"))
        XCTAssertEqual(ImageScaler.scale(source, to: source.size), source)
    }

    /// A flat colour stays that colour at every size, up or down, in both axes at once.
    func testFlatColourAtEverySize() {
        let colour = RGBA(12, 200, 77, 255)
        let source = image(Array(repeating: Array(repeating: colour, count: 7), count: 5))
        for (w, h) in [(1, 1), (3, 2), (7, 1), (2, 5), (14, 10), (9, 3)] {
            let scaled = ImageScaler.scale(source, to: ImageSize(width: w, height: h))
            XCTAssertEqual(scaled.size, ImageSize(width: w, height: h))
            XCTAssertEqual(Set(FixturePixels.rows(scaled).flatMap { $0 }), [colour], "\(w)×\(h)")
        }
    }

    /// Doubling repeats each pixel (every output pixel falls inside one source pixel).
    func testDoubling() {
        let a = RGBA(1, 2, 3), b = RGBA(200, 100, 50, 40)
        let scaled = ImageScaler.scale(image([[a, b]]), to: ImageSize(width: 4, height: 2))
        XCTAssertEqual(FixturePixels.rows(scaled), [[a, a, b, b], [a, a, b, b]])
    }

    /// Each weight list sums to 1 and covers exactly the source pixels the interval meets.
    func testAxisWeightsSumToOne() {
        for (source, target) in [(10, 3), (3, 10), (1000, 125), (7, 7), (1, 5), (5, 1)] {
            let weights = AxisWeights(source: source, target: target)
            for i in 0..<target {
                var sum = 0.0, indices: [Int] = []
                weights.forEach(i) { j, w in sum += w; indices.append(j) }
                XCTAssertEqual(sum, 1, accuracy: 1e-9, "\(source)→\(target) #\(i)")
                XCTAssertTrue(indices.allSatisfy { (0..<source).contains($0) })
            }
        }
    }
}
