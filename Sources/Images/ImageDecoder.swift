/// Bytes → pixels: checks the limits, decodes with the format's library, and scales to
/// the size asked for.
public enum ImageDecoder {
    /// Decodes `bytes` (PNG, JPEG, GIF's first frame, WebP's first frame) into RGBA8 with
    /// straight alpha.
    ///
    /// - Parameters:
    ///   - maxPixels: the most pixels the header may declare (`ImageLimits.maxPixels`);
    ///     more is `.tooManyPixels`, refused before anything is allocated for them.
    ///   - targetSize: when given, the image comes back exactly this size (use
    ///     `ImageSize.fit(into:)` to keep the aspect ratio). A JPEG is decoded at the
    ///     smallest TurboJPEG scale (1/8, 1/4, 3/8 … 1) still at least this large; then
    ///     `ImageScaler` averages it down (or stretches it up) to the exact size.
    /// - Throws: `ImageError`: `.inputTooLarge` over `ImageLimits.maxInputBytes`,
    ///   `.invalidTargetSize` for a target with a zero side or over `maxPixels`, and
    ///   whatever `ImageHeader.read` or the format's decoder reports.
    public static func decode(_ bytes: [UInt8], maxPixels: Int = ImageLimits.maxPixels,
                              targetSize: ImageSize? = nil) throws(ImageError) -> DecodedImage {
        guard bytes.count <= ImageLimits.maxInputBytes else {
            throw .inputTooLarge(bytes: bytes.count, limit: ImageLimits.maxInputBytes)
        }
        let header = try ImageHeader.read(bytes)
        guard header.size.pixelCount <= maxPixels else {
            throw .tooManyPixels(width: header.width, height: header.height, limit: maxPixels)
        }
        if let target = targetSize, target.isEmpty || target.pixelCount > maxPixels {
            throw .invalidTargetSize(width: target.width, height: target.height)
        }
        let image: DecodedImage
        switch header.format {
        case .png: image = try PNGDecoder.decode(bytes, header: header)
        case .jpeg: image = try JPEGDecoder.decode(bytes, header: header, atLeast: targetSize)
        case .gif: image = try GIFDecoder.decode(bytes, header: header, maxPixels: maxPixels)
        case .webp: image = try WebPDecoder.decode(bytes, header: header)
        case .svg, .unknown: throw .unsupportedFormat(header.format)   // ImageHeader.read threw already
        }
        guard let target = targetSize, target != image.size else { return image }
        return ImageScaler.scale(image, to: target)
    }
}
