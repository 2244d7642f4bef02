import CGIFLib

/// GIF through giflib, first frame only: the records are read one at a time up to the
/// first image, so the later frames of an animation are never decoded. The frame is
/// drawn on a transparent canvas of the logical screen's size (the size `ImageHeader`
/// reports; the background colour is ignored, as browsers do), clipped to it, with the
/// transparent colour index of its graphic control extension. Interlaced frames are
/// de-interlaced. A colour index past the colour map is transparent.
enum GIFDecoder {
    /// The logical screen's width and height (bytes 6…9, little-endian).
    static func size(of bytes: [UInt8]) throws(ImageError) -> ImageSize {
        guard bytes.count >= 10 else { throw .truncated(.gif) }
        return ImageSize(width: Int(bytes[6]) | Int(bytes[7]) << 8, height: Int(bytes[8]) | Int(bytes[9]) << 8)
    }

    /// Decodes the first frame onto the canvas; `header` is within the limits. A frame
    /// itself over the limit (frames may be larger than the screen) is `.tooManyPixels`.
    static func decode(_ bytes: [UInt8], header: ImageHeader, maxPixels: Int) throws(ImageError) -> DecodedImage {
        let result = bytes.withUnsafeBytes { raw -> Result<DecodedImage, ImageError> in
            let source = GIFMemorySource(raw)
            // giflib holds the source unretained: keep it alive until the file is closed.
            return withExtendedLifetime(source) {
                var openError: Int32 = 0
                guard let gif = DGifOpen(Unmanaged.passUnretained(source).toOpaque(), GIFMemorySource.read, &openError) else {
                    return .failure(error(openError))
                }
                defer { DGifCloseFile(gif, nil) }
                var canvas = GIFCanvas(size: header.size)
                return readFirstFrame(gif, into: &canvas, maxPixels: maxPixels)
                    .map { DecodedImage(width: header.width, height: header.height, pixels: canvas.pixels) }
            }
        }
        return try result.get()
    }

    /// Walks the records up to the first image descriptor and draws that image.
    private static func readFirstFrame(_ gif: UnsafeMutablePointer<GifFileType>, into canvas: inout GIFCanvas,
                                       maxPixels: Int) -> Result<Void, ImageError> {
        var transparent: Int?
        while true {
            var record = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &record) == GIF_OK else { return .failure(error(gif.pointee.Error)) }
            switch record {
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(gif) == GIF_OK else { return .failure(error(gif.pointee.Error)) }
                return drawImage(gif, into: &canvas, transparent: transparent, maxPixels: maxPixels)
            case EXTENSION_RECORD_TYPE:
                switch readExtension(gif) {
                case .failure(let e): return .failure(e)
                case .success(let index): if let index { transparent = index }
                }
            case TERMINATE_RECORD_TYPE:
                return .failure(.noImage(.gif))
            default:
                return .failure(.corrupt(.gif, "unexpected record"))
            }
        }
    }

    /// Reads an extension and its sub-blocks; a graphic control extension gives its
    /// transparent colour index (nil when it has none or the extension is another kind).
    private static func readExtension(_ gif: UnsafeMutablePointer<GifFileType>) -> Result<Int?, ImageError> {
        var code: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        guard DGifGetExtension(gif, &code, &block) == GIF_OK else { return .failure(error(gif.pointee.Error)) }
        var transparent: Int?
        if code == GRAPHICS_EXT_FUNC_CODE, let block, block[0] >= 4, block[1] & 1 != 0 {
            transparent = Int(block[4])
        }
        while block != nil {
            guard DGifGetExtensionNext(gif, &block) == GIF_OK else { return .failure(error(gif.pointee.Error)) }
        }
        return .success(transparent)
    }

    /// Reads the image's rows (in interlaced order when it is interlaced) and draws them.
    private static func drawImage(_ gif: UnsafeMutablePointer<GifFileType>, into canvas: inout GIFCanvas,
                                  transparent: Int?, maxPixels: Int) -> Result<Void, ImageError> {
        let desc = gif.pointee.Image
        let frame = ImageSize(width: Int(desc.Width), height: Int(desc.Height))
        guard !frame.isEmpty else { return .success(()) }
        guard frame.pixelCount <= maxPixels else {
            return .failure(.tooManyPixels(width: frame.width, height: frame.height, limit: maxPixels))
        }
        guard let map = desc.ColorMap ?? gif.pointee.SColorMap, let colors = map.pointee.Colors else {
            return .failure(.corrupt(.gif, "no colour map"))
        }
        let palette = GIFPalette(colors: colors, count: Int(map.pointee.ColorCount), transparent: transparent)
        var row = [GifPixelType](repeating: 0, count: frame.width)
        let rows = desc.Interlace ? interlacedRows(frame.height) : Array(0..<frame.height)
        for y in rows {
            // Rows below the canvas are not needed; a progressive frame must still be read through.
            if !desc.Interlace && Int(desc.Top) + y >= canvas.size.height { break }
            guard DGifGetLine(gif, &row, Int32(frame.width)) == GIF_OK else { return .failure(error(gif.pointee.Error)) }
            canvas.draw(row: row, at: Int(desc.Left), Int(desc.Top) + y, palette: palette)
        }
        return .success(())
    }

    /// The order of an interlaced image's rows: every 8th from 0, every 8th from 4, every
    /// 4th from 2, every 2nd from 1.
    static func interlacedRows(_ height: Int) -> [Int] {
        [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in Array(stride(from: start, to: height, by: step)) }
    }

    /// giflib's error code as an ImageError: a read past the end is `.truncated`.
    private static func error(_ code: Int32) -> ImageError {
        if code == D_GIF_ERR_READ_FAILED || code == D_GIF_ERR_EOF_TOO_SOON { return .truncated(.gif) }
        let text = GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
        return .corrupt(.gif, text)
    }
}
