/// The limits every decode keeps to, in one place (see docs/IMAGES.md).
///
/// Both are checked before a decoder allocates anything for the pixels: a file whose
/// header declares more pixels than `maxPixels` is refused whatever its size on disk (a
/// 100-byte PNG may claim 100000 × 100000), and an input over `maxInputBytes` is refused
/// before it is parsed.
public enum ImageLimits {
    /// The most pixels (width × height, as the header declares them) `ImageDecoder.decode`
    /// accepts by default: 50 megapixels, 200 MB of RGBA. A larger target size is refused too.
    public static let maxPixels = 50_000_000

    /// The most bytes of input `ImageDecoder.decode` accepts: 64 MiB.
    public static let maxInputBytes = 64 << 20
}
