import XCTest
@testable import Images

/// Replays Fixtures/fuzz-regressions/image/ (inputs that once made `fuzz-image` fail, see
/// docs/FUZZING.md) the way the target feeds them: header, then decode with a small
/// limit and a target size; an image or an ImageError, never a crash.
final class ImageFuzzRegressionTests: XCTestCase {
    static let folder = FixturePixels.folder.deletingLastPathComponent().appendingPathComponent("fuzz-regressions/image")

    func testRegressionInputs() throws {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: Self.folder.path)) ?? []).sorted()
        // Skipped, not passed, while there is nothing to replay (the first runs found nothing).
        if names.isEmpty { throw XCTSkip("no inputs in \(Self.folder.path) yet") }
        for name in names {
            let bytes = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(name)))
            _ = try? ImageHeader.read(bytes)
            for target in [nil, ImageSize(width: 7, height: 5)] {
                if let image = try? ImageDecoder.decode(bytes, maxPixels: 1 << 20, targetSize: target), let target {
                    XCTAssertEqual(image.size, target, name)
                }
            }
        }
    }
}
