import CLibPNG

/// Writes pixels as a PNG file (8-bit RGBA, libpng's simplified write API): for a terminal
/// that draws image files only (iTerm2) and must be shown part of a picture, the rows on
/// screen of a tall page scrolled through (docs/IMAGES.md, "In the reader").
public enum PNGEncoder {
    /// The PNG file of `image`, or nil when libpng fails (or the image is empty).
    public static func encode(_ image: DecodedImage) -> [UInt8]? {
        guard image.width > 0, image.height > 0, image.pixels.count == image.width * image.height * 4 else { return nil }
        // Raw pixels, a filter byte a row and the zlib and chunk overhead: enough at once
        // for all but pathological pixels (libpng says how much when it is not).
        var capacity = image.pixels.count + image.height + image.pixels.count / 512 + 4096
        for _ in 0..<2 {
            var png = png_image()
            reader_png_image_init_rgba_write(&png, png_uint_32(image.width), png_uint_32(image.height))
            defer { png_image_free(&png) }
            var out = [UInt8](repeating: 0, count: capacity)
            var size = png_alloc_size_t(capacity)
            let written = out.withUnsafeMutableBytes { memory in
                image.pixels.withUnsafeBytes { pixels in
                    png_image_write_to_memory(&png, memory.baseAddress, &size, 0, pixels.baseAddress, 0, nil)
                }
            }
            if written != 0 { return Array(out.prefix(Int(size))) }
            guard Int(size) > capacity else { return nil }
            capacity = Int(size)
        }
        return nil
    }
}
