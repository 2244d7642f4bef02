import CLibPNG

/// PNG through libpng's simplified API (every colour type, bit depth and interlacing,
/// tRNS transparency, gamma to sRGB), into straight RGBA8. libpng catches its own errors
/// (bad CRC of a critical chunk, bad zlib data, data ending early) and reports them in
/// `png_image.message`.
enum PNGDecoder {
    /// The width and height of the IHDR chunk, which must come first, read by hand.
    static func size(of bytes: [UInt8]) throws(ImageError) -> ImageSize {
        guard bytes.count >= 24 else { throw .truncated(.png) }
        guard bytes[12..<16].elementsEqual("IHDR".utf8) else { throw .corrupt(.png, "the first chunk is not IHDR") }
        let width = bigEndian32(bytes, at: 16), height = bigEndian32(bytes, at: 20)
        guard width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF else { throw .corrupt(.png, "a side over 2^31 - 1") }
        return ImageSize(width: width, height: height)
    }

    /// Decodes the whole image; `header` is `ImageHeader.read(bytes)`, already within the limits.
    static func decode(_ bytes: [UInt8], header: ImageHeader) throws(ImageError) -> DecodedImage {
        let result = bytes.withUnsafeBytes { raw -> Result<DecodedImage, ImageError> in
            var image = png_image()
            reader_png_image_init(&image)
            defer { png_image_free(&image) }
            guard png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) != 0 else {
                return .failure(failure(of: image, bytes: bytes))
            }
            guard Int(image.width) == header.width, Int(image.height) == header.height else {
                return .failure(.corrupt(.png, "libpng read \(image.width)×\(image.height), the header says \(header.size)"))
            }
            reader_png_request_rgba(&image)
            var pixels = [UInt8](repeating: 0, count: header.width * header.height * 4)
            let finished = pixels.withUnsafeMutableBytes { out in
                png_image_finish_read(&image, nil, out.baseAddress, 0, nil)
            }
            guard finished != 0 else { return .failure(failure(of: image, bytes: bytes)) }
            return .success(DecodedImage(width: header.width, height: header.height, pixels: pixels))
        }
        return try result.get()
    }

    /// The error libpng reported: `.truncated` when it ran out of data (its messages
    /// "read beyond end of data", "Not enough image data"), else `.corrupt` with its message.
    private static func failure(of image: png_image, bytes: [UInt8]) -> ImageError {
        let message = withUnsafeBytes(of: image.message) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        if message.contains("end of data") || message.contains("Not enough image data") {
            return .truncated(.png)
        }
        return .corrupt(.png, message.isEmpty ? "libpng failed" : message)
    }

    private static func bigEndian32(_ bytes: [UInt8], at i: Int) -> Int {
        Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
    }
}
