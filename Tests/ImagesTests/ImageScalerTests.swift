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

    /// Random images at random sizes, up and down in each axis, against a direct
    /// two-dimensional area average (each output pixel's source rectangle, pixel by pixel).
    func testAgainstADirectAreaAverage() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        for round in 0..<40 {
            let (sw, sh, dw, dh) = (1 + next(9), 1 + next(9), 1 + next(12), 1 + next(12))
            let source = image((0..<sh).map { _ in (0..<sw).map { _ in
                RGBA(UInt8(next(256)), UInt8(next(256)), UInt8(next(256)), UInt8([0, 255, next(256)][next(3)]))
            } })
            let scaled = ImageScaler.scale(source, to: ImageSize(width: dw, height: dh))
            for y in 0..<dh {
                for x in 0..<dw {
                    let expected = Self.areaAverage(source, x: x, y: y, dw: dw, dh: dh)
                    XCTAssertTrue(FixturePixels.close(scaled.pixel(x: x, y: y), expected, 1),
                                  "round \(round) \(sw)×\(sh)→\(dw)×\(dh) (\(x),\(y)): \(scaled.pixel(x: x, y: y)) vs \(expected)")
                }
            }
        }
    }

    /// Output pixel (x, y) of `image` averaged to dw × dh, straight from the definition.
    static func areaAverage(_ image: DecodedImage, x: Int, y: Int, dw: Int, dh: Int) -> RGBA {
        func overlap(_ i: Int, _ out: Int, _ source: Int, _ j: Int) -> Double {
            let lo = Double(out) * Double(source) / Double(i), hi = Double(out + 1) * Double(source) / Double(i)
            return max(0, min(hi, Double(j + 1)) - max(lo, Double(j)))
        }
        var sum = [0.0, 0.0, 0.0, 0.0]
        for j in 0..<image.height {
            for i in 0..<image.width {
                let w = overlap(dw, x, image.width, i) * overlap(dh, y, image.height, j)
                guard w > 0 else { continue }
                let p = image.pixel(x: i, y: j), a = Double(p.a)
                sum[0] += w * a * Double(p.r); sum[1] += w * a * Double(p.g); sum[2] += w * a * Double(p.b); sum[3] += w * a
            }
        }
        let area = Double(image.width) / Double(dw) * Double(image.height) / Double(dh)
        let alpha = sum[3] / area
        guard sum[3] > 0 else { return RGBA(0, 0, 0, 0) }
        let channel = { (v: Double) in UInt8(min(255, max(0, v)) + 0.5) }
        return RGBA(channel(sum[0] / sum[3]), channel(sum[1] / sum[3]), channel(sum[2] / sum[3]), channel(alpha))
    }
}
