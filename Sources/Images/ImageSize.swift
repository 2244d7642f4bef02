/// A width and a height in pixels.
public struct ImageSize: Hashable, Sendable, CustomStringConvertible {
    /// Pixels across.
    public var width: Int
    /// Pixels down.
    public var height: Int

    /// A size of `width` × `height` pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// No pixels.
    public static let zero = ImageSize(width: 0, height: 0)

    /// Whether a side is zero (or negative).
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// width × height, or `Int.max` when that overflows (0 when empty).
    public var pixelCount: Int {
        guard !isEmpty else { return 0 }
        let (product, overflow) = width.multipliedReportingOverflow(by: height)
        return overflow ? Int.max : product
    }

    /// width ÷ height (0 when empty).
    public var aspectRatio: Double { isEmpty ? 0 : Double(width) / Double(height) }

    /// The largest size with this aspect ratio that fits into `box`, each side rounded to
    /// the nearest pixel and at least 1. Not larger than this size unless `upscale`.
    /// `.zero` when this size or the box is empty.
    public func fit(into box: ImageSize, upscale: Bool = false) -> ImageSize {
        guard !isEmpty, !box.isEmpty else { return .zero }
        var scale = min(Double(box.width) / Double(width), Double(box.height) / Double(height))
        if !upscale { scale = min(scale, 1) }
        if scale == 1 { return self }
        let fitted = { (side: Int, limit: Int) in max(1, min(limit, Int((Double(side) * scale).rounded()))) }
        return ImageSize(width: fitted(width, box.width), height: fitted(height, box.height))
    }

    /// "W×H".
    public var description: String { "\(width)×\(height)" }
}
