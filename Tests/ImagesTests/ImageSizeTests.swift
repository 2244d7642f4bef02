import XCTest
import Images

/// Aspect-ratio fitting and the size helpers.
final class ImageSizeTests: XCTestCase {
    func testFitKeepsTheAspectRatio() {
        let size = ImageSize(width: 1000, height: 1500)
        XCTAssertEqual(size.fit(into: ImageSize(width: 200, height: 200)), ImageSize(width: 133, height: 200))
        XCTAssertEqual(size.fit(into: ImageSize(width: 100, height: 1000)), ImageSize(width: 100, height: 150))
        XCTAssertEqual(ImageSize(width: 16, height: 9).fit(into: ImageSize(width: 80, height: 24), upscale: true), ImageSize(width: 43, height: 24))
        XCTAssertEqual(ImageSize(width: 1600, height: 900).fit(into: ImageSize(width: 80, height: 24)), ImageSize(width: 43, height: 24))
    }

    func testFitDoesNotEnlargeUnlessAsked() {
        let small = ImageSize(width: 10, height: 20)
        XCTAssertEqual(small.fit(into: ImageSize(width: 100, height: 100)), small)
        XCTAssertEqual(small.fit(into: ImageSize(width: 100, height: 100), upscale: true), ImageSize(width: 50, height: 100))
    }

    func testFitNeverGivesAZeroSide() {
        XCTAssertEqual(ImageSize(width: 10000, height: 1).fit(into: ImageSize(width: 10, height: 10)), ImageSize(width: 10, height: 1))
        XCTAssertEqual(ImageSize(width: 1, height: 10000).fit(into: ImageSize(width: 10, height: 10)), ImageSize(width: 1, height: 10))
    }

    func testEmptySizes() {
        XCTAssertEqual(ImageSize.zero.fit(into: ImageSize(width: 10, height: 10)), .zero)
        XCTAssertEqual(ImageSize(width: 5, height: 5).fit(into: ImageSize(width: 0, height: 10)), .zero)
        XCTAssertTrue(ImageSize(width: 0, height: 3).isEmpty)
        XCTAssertEqual(ImageSize(width: 0, height: 3).pixelCount, 0)
        XCTAssertEqual(ImageSize(width: Int.max, height: 2).pixelCount, Int.max)
        XCTAssertEqual(ImageSize(width: 4, height: 2).aspectRatio, 2)
        XCTAssertEqual(ImageSize(width: 4, height: 3).description, "4×3")
    }
}
