import CTurboJPEG

/// JPEG through TurboJPEG (baseline, progressive, grayscale, YCbCr, CMYK/YCCK), decoded
/// at a reduced size when a target size allows it (TurboJPEG's scaling factors, 1/8 to
/// 1: the IDCT does the downscale, much faster than decoding full size), into RGBA8.
///
/// Warnings from libjpeg (damaged but decodable data) are accepted, except "Premature end
/// of JPEG file", which is `.truncated`. Progressive files are held to TurboJPEG's limit of
/// 500 scans (`TJFLAG_LIMITSCANS`), the guard against files made of endless scans.
enum JPEGDecoder {
    /// What the frame header says.
    struct Header {
        var size: ImageSize
        /// TurboJPEG's colour space (`TJCS_*`).
        var colorspace: Int32
    }

    /// Reads the header up to the frame header (SOF) with `tjDecompressHeader3`.
    static func header(of bytes: [UInt8]) throws(ImageError) -> Header {
        let result = withDecompressor(bytes) { handle, raw -> Result<Header, ImageError> in
            var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
            let status = tjDecompressHeader3(handle, raw.baseAddress, UInt(raw.count), &width, &height, &subsampling, &colorspace)
            // A fatal error after a warning also reports TJERR_WARNING, but leaves the size unset.
            let usable = status == 0 || tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue)
            guard usable, width > 0, height > 0 else {
                return .failure(JPEGSegments.headerIsCut(bytes) ? .truncated(.jpeg) : .corrupt(.jpeg, message(handle)))
            }
            return .success(Header(size: ImageSize(width: Int(width), height: Int(height)), colorspace: colorspace))
        }
        return try result.get()
    }

    /// Decodes at the smallest scale whose size is at least `target` (full size without one).
    static func decode(_ bytes: [UInt8], header: ImageHeader, atLeast target: ImageSize?) throws(ImageError) -> DecodedImage {
        let info = try self.header(of: bytes)
        let size = target.map { scaledSize(header.size, atLeast: $0) } ?? header.size
        let cmyk = info.colorspace == Int32(TJCS_CMYK.rawValue) || info.colorspace == Int32(TJCS_YCCK.rawValue)
        let result = withDecompressor(bytes) { handle, raw -> Result<DecodedImage, ImageError> in
            var pixels = [UInt8](repeating: 0, count: size.width * size.height * 4)
            let format = cmyk ? TJPF_CMYK : TJPF_RGBA
            let status = pixels.withUnsafeMutableBufferPointer { out in
                tjDecompress2(handle, raw.baseAddress, UInt(raw.count), out.baseAddress, Int32(size.width), 0,
                              Int32(size.height), Int32(format.rawValue), TJFLAG_LIMITSCANS)
            }
            if status != 0 {
                let text = message(handle)
                if text.contains("Premature end") { return .failure(.truncated(.jpeg)) }
                if tjGetErrorCode(handle) != Int32(TJERR_WARNING.rawValue) {
                    return .failure(JPEGSegments.endsWithEOI(bytes) ? .corrupt(.jpeg, text) : .truncated(.jpeg))
                }
            }
            if cmyk { convertInvertedCMYK(&pixels) }
            return .success(DecodedImage(width: size.width, height: size.height, pixels: pixels))
        }
        return try result.get()
    }

    /// The size at the smallest TurboJPEG scaling factor (1/8, 1/4, 3/8 … 7/8, 1) with both
    /// sides at least `target`'s, rounding up as `TJSCALED` does.
    static func scaledSize(_ size: ImageSize, atLeast target: ImageSize) -> ImageSize {
        var count: Int32 = 0
        guard let factors = tjGetScalingFactors(&count) else { return size }
        var best = size
        for factor in UnsafeBufferPointer(start: factors, count: Int(count)) where factor.num <= factor.denom {
            let scaled = ImageSize(width: (size.width * Int(factor.num) + Int(factor.denom) - 1) / Int(factor.denom),
                                   height: (size.height * Int(factor.num) + Int(factor.denom) - 1) / Int(factor.denom))
            if scaled.width >= target.width, scaled.height >= target.height, scaled.pixelCount < best.pixelCount {
                best = scaled
            }
        }
        return best
    }

    /// Adobe CMYK, as almost every CMYK JPEG is (inverted: 255 is no ink), to RGB in place.
    private static func convertInvertedCMYK(_ pixels: inout [UInt8]) {
        for i in stride(from: 0, to: pixels.count, by: 4) {
            let k = UInt32(pixels[i + 3])
            pixels[i] = UInt8((UInt32(pixels[i]) * k + 127) / 255)
            pixels[i + 1] = UInt8((UInt32(pixels[i + 1]) * k + 127) / 255)
            pixels[i + 2] = UInt8((UInt32(pixels[i + 2]) * k + 127) / 255)
            pixels[i + 3] = 255
        }
    }

    /// Runs `body` with a fresh TurboJPEG decompressor (destroyed after) and the bytes.
    private static func withDecompressor<T>(_ bytes: [UInt8],
                                            _ body: (tjhandle, UnsafeRawBufferPointer) -> Result<T, ImageError>) -> Result<T, ImageError> {
        guard let handle = tjInitDecompress() else { return .failure(.corrupt(.jpeg, "TurboJPEG could not start")) }
        defer { tjDestroy(handle) }
        return bytes.withUnsafeBytes { raw in
            body(handle, raw)
        }
    }

    private static func message(_ handle: tjhandle) -> String {
        guard let text = tjGetErrorStr2(handle) else { return "TurboJPEG failed" }
        return String(cString: text)
    }
}
