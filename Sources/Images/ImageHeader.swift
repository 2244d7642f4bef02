/// What an image's header says: its format and size, read without decoding any pixel
/// (for layout, which needs the aspect ratio long before the image is drawn).
public struct ImageHeader: Equatable, Sendable {
    /// The format, from the magic bytes.
    public let format: ImageFormat
    /// Pixels across, as declared (a GIF's logical screen; a WebP animation's canvas).
    public let width: Int
    /// Pixels down, as declared.
    public let height: Int

    /// A header of these values.
    public init(format: ImageFormat, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    /// width × height.
    public var size: ImageSize { ImageSize(width: width, height: height) }

    /// Reads the header of `bytes`. Cheap: PNG, GIF and WebP headers are read from the first
    /// few bytes, a JPEG's up to its frame header (SOF) by TurboJPEG.
    ///
    /// Throws `.empty`, `.unknownFormat`, `.unsupportedFormat(.svg)`, `.truncated`,
    /// `.zeroSize` or `.corrupt`. The pixel limit is not checked here: see `decode`.
    public static func read(_ bytes: [UInt8]) throws(ImageError) -> ImageHeader {
        guard !bytes.isEmpty else { throw .empty }
        let format = ImageFormat.sniff(bytes)
        let size: ImageSize
        switch format {
        case .png: size = try PNGDecoder.size(of: bytes)
        case .jpeg: size = try JPEGDecoder.header(of: bytes).size
        case .gif: size = try GIFDecoder.size(of: bytes)
        case .webp: size = try WebPDecoder.features(of: bytes).size
        case .svg: throw .unsupportedFormat(.svg)
        case .unknown: throw .unknownFormat
        }
        guard !size.isEmpty else { throw .zeroSize(format) }
        return ImageHeader(format: format, width: size.width, height: size.height)
    }
}
