/// Why an image could not be read or decoded. `description` is one line for a message.
public enum ImageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No bytes at all.
    case empty
    /// The bytes are none of the formats `ImageFormat` knows.
    case unknownFormat
    /// A format recognised but not decoded (SVG, for now).
    case unsupportedFormat(ImageFormat)
    /// More bytes than `ImageLimits.maxInputBytes`.
    case inputTooLarge(bytes: Int, limit: Int)
    /// The data ends before the header or the image does.
    case truncated(ImageFormat)
    /// The header declares a width or a height of zero.
    case zeroSize(ImageFormat)
    /// The header declares more pixels than the limit: refused before decoding.
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// The file holds no image (a GIF without a frame).
    case noImage(ImageFormat)
    /// The data is not a valid image of its format; the reason is the library's message.
    case corrupt(ImageFormat, String)
    /// A target size with a side of zero, or more pixels than the limit.
    case invalidTargetSize(width: Int, height: Int)

    /// One line, naming the format when there is one.
    public var description: String {
        switch self {
        case .empty: return "empty image data"
        case .unknownFormat: return "not an image format the reader knows"
        case .unsupportedFormat(let f): return "\(f.displayName) images are not supported yet"
        case .inputTooLarge(let bytes, let limit): return "image data of \(bytes) bytes is over the limit of \(limit)"
        case .truncated(let f): return "truncated \(f.displayName) image"
        case .zeroSize(let f): return "\(f.displayName) image with a width or height of zero"
        case .tooManyPixels(let w, let h, let limit):
            return "image of \(w)×\(h) pixels is over the limit of \(limit) pixels"
        case .noImage(let f): return "\(f.displayName) file without an image"
        case .corrupt(let f, let reason): return "corrupt \(f.displayName) image: \(reason)"
        case .invalidTargetSize(let w, let h): return "cannot scale an image to \(w)×\(h)"
        }
    }
}

extension ImageFormat {
    /// The format's usual name: "PNG", "JPEG", "GIF", "WebP", "SVG", "unknown".
    public var displayName: String {
        switch self {
        case .png: return "PNG"
        case .jpeg: return "JPEG"
        case .gif: return "GIF"
        case .webp: return "WebP"
        case .svg: return "SVG"
        case .unknown: return "unknown"
        }
    }
}
