/// A decoded image: RGBA8 pixels, straight (not premultiplied) alpha, in the colour
/// values the file stores (no colour management beyond what libpng does for gAMA/sRGB).
public struct DecodedImage: Equatable, Sendable {
    /// Pixels across (at least 1).
    public let width: Int
    /// Pixels down (at least 1).
    public let height: Int
    /// Rows top to bottom, each `width` pixels left to right, 4 bytes a pixel in the order
    /// red, green, blue, alpha: `width * height * 4` bytes, no padding between rows.
    public let pixels: [UInt8]

    /// An image of `pixels` (`width * height * 4` bytes, see `pixels`).
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width > 0 && height > 0 && pixels.count == width * height * 4,
                     "DecodedImage: \(pixels.count) bytes for \(width)×\(height)")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// width × height.
    public var size: ImageSize { ImageSize(width: width, height: height) }

    /// The pixel at column `x`, row `y` (from the top left).
    public func pixel(x: Int, y: Int) -> RGBA {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x),\(y)) outside \(size)")
        let i = (y * width + x) * 4
        return RGBA(pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// Whether every pixel is opaque (alpha 255).
    public var isOpaque: Bool {
        stride(from: 3, to: pixels.count, by: 4).allSatisfy { pixels[$0] == 255 }
    }
}
