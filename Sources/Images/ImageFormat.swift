/// The kind of image a byte buffer holds, told by its first bytes (the magic numbers),
/// never by a file name or a media type.
public enum ImageFormat: String, Sendable, CaseIterable {
    /// PNG: `89 50 4E 47 0D 0A 1A 0A`.
    case png
    /// JPEG (JFIF, Exif, Adobe): `FF D8 FF`.
    case jpeg
    /// GIF 87a or 89a: `GIF87a` / `GIF89a`.
    case gif
    /// WebP (lossy, lossless, extended, animated): `RIFF` size `WEBP`.
    case webp
    /// SVG: `<svg` after an optional byte-order mark, XML declaration, comments and
    /// doctype. Recognised, not decoded (`ImageError.unsupportedFormat(.svg)`).
    case svg
    /// None of the above.
    case unknown

    /// How many bytes `sniff` looks at, at most, for the `<svg` of an SVG file.
    public static let svgSniffLength = 4096

    /// The format of `bytes`, from their first bytes only.
    public static func sniff(_ bytes: [UInt8]) -> ImageFormat {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) { return .gif }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), bytes[8..<12].elementsEqual("WEBP".utf8) {
            return .webp
        }
        if SVGSniffer.startsWithSVGElement(bytes.prefix(svgSniffLength)) { return .svg }
        return .unknown
    }
}
