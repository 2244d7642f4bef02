import CLibWebP

/// WebP through libwebp: lossy, lossless and extended (alpha) still images into straight
/// RGBA8; animated files give their first frame, composed on the canvas by libwebpdemux's
/// `WebPAnimDecoder` (the canvas is the size `ImageHeader` reports).
enum WebPDecoder {
    /// What the headers say (`WebPGetFeatures`, no pixel decoded).
    struct Features {
        var size: ImageSize
        var isAnimated: Bool
    }

    /// Reads the RIFF and VP8/VP8L/VP8X headers.
    static func features(of bytes: [UInt8]) throws(ImageError) -> Features {
        var features = WebPBitstreamFeatures()
        let status = bytes.withUnsafeBufferPointer { reader_webp_features($0.baseAddress, $0.count, &features) }
        guard status == 0 else { throw error(status, bytes) }
        return Features(size: ImageSize(width: Int(features.width), height: Int(features.height)),
                        isAnimated: features.has_animation != 0)
    }

    /// Decodes a still image, or an animation's first frame.
    static func decode(_ bytes: [UInt8], header: ImageHeader) throws(ImageError) -> DecodedImage {
        let features = try self.features(of: bytes)
        if features.isAnimated { return try firstFrame(bytes, canvas: header.size) }
        var pixels = [UInt8](repeating: 0, count: header.width * header.height * 4)
        let status = bytes.withUnsafeBufferPointer { input in
            pixels.withUnsafeMutableBufferPointer { out in
                reader_webp_decode_rgba(input.baseAddress, input.count, out.baseAddress, Int32(header.width * 4), out.count)
            }
        }
        guard status == 0 else { throw error(status, bytes) }
        return DecodedImage(width: header.width, height: header.height, pixels: pixels)
    }

    /// The first frame of an animation on its canvas (straight RGBA, transparent where no
    /// frame pixel is).
    private static func firstFrame(_ bytes: [UInt8], canvas: ImageSize) throws(ImageError) -> DecodedImage {
        let frame = bytes.withUnsafeBufferPointer { input -> [UInt8]? in
            guard let decoder = reader_webp_anim_decoder(input.baseAddress, input.count) else { return nil }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0, Int(info.canvas_width) == canvas.width,
                  Int(info.canvas_height) == canvas.height, info.frame_count > 0 else { return nil }
            var buffer: UnsafeMutablePointer<UInt8>?
            var timestamp: Int32 = 0
            guard WebPAnimDecoderGetNext(decoder, &buffer, &timestamp) != 0, let buffer else { return nil }
            return Array(UnsafeBufferPointer(start: buffer, count: canvas.pixelCount * 4))
        }
        guard let frame else {
            throw isCut(bytes) ? .truncated(.webp) : .corrupt(.webp, "the animation's first frame could not be decoded")
        }
        return DecodedImage(width: canvas.width, height: canvas.height, pixels: frame)
    }

    /// `.truncated` when libwebp ran out of data or the RIFF header declares more bytes
    /// than there are; else `.corrupt` with the status's name.
    private static func error(_ status: Int32, _ bytes: [UInt8]) -> ImageError {
        if status == 7 || isCut(bytes) { return .truncated(.webp) }   // VP8_STATUS_NOT_ENOUGH_DATA
        let names = [1: "out of memory", 2: "invalid parameter", 3: "bitstream error", 4: "unsupported feature",
                     5: "suspended", 6: "user abort"]
        return .corrupt(.webp, names[Int(status)] ?? "status \(status)")
    }

    /// Whether the RIFF chunk's declared size runs past the end of the bytes.
    private static func isCut(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 8 else { return true }
        let riff = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
        return riff + 8 > bytes.count
    }
}
