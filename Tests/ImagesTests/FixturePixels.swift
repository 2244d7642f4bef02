import Foundation
import Images

/// The image fixtures of Fixtures/images (Tools/fixtures/make_image_fixtures.py) and the
/// pixels they were made from.
enum FixturePixels {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/images")

    /// The bytes of Fixtures/images/`name`.
    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// The 4×3 image: RGBA_4x3 of the generator.
    static let rgba4x3: [[RGBA]] = [
        [RGBA(255, 0, 0), RGBA(0, 255, 0), RGBA(0, 0, 255), RGBA(255, 255, 255)],
        [RGBA(0, 0, 0), RGBA(255, 255, 0, 128), RGBA(0, 255, 255, 64), RGBA(255, 0, 255, 0)],
        [RGBA(128, 128, 128), RGBA(10, 20, 30), RGBA(200, 100, 50, 200), RGBA(1, 2, 3, 1)],
    ]

    /// The same, opaque.
    static let rgb4x3: [[RGBA]] = rgba4x3.map { $0.map { RGBA($0.r, $0.g, $0.b) } }

    /// Every pixel of `image`, row by row.
    static func rows(_ image: DecodedImage) -> [[RGBA]] {
        (0..<image.height).map { y in (0..<image.width).map { x in image.pixel(x: x, y: y) } }
    }

    /// The error `body` throws, or nil.
    static func error(_ body: () throws -> Any) -> ImageError? {
        do {
            _ = try body()
            return nil
        } catch let error as ImageError {
            return error
        } catch {
            return nil
        }
    }

    /// Whether every channel of `a` is within `tolerance` of `b`'s.
    static func close(_ a: RGBA, _ b: RGBA, _ tolerance: Int) -> Bool {
        abs(Int(a.r) - Int(b.r)) <= tolerance && abs(Int(a.g) - Int(b.g)) <= tolerance
            && abs(Int(a.b) - Int(b.b)) <= tolerance && abs(Int(a.a) - Int(b.a)) <= tolerance
    }
}
