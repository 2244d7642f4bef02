/// Resampling to an exact size by area averaging (a box filter): each output pixel is
/// the average of the source area it covers, source pixels cut by its edges counting by
/// the fraction inside. Alpha-correct: colours are weighted by their alpha, so a
/// transparent pixel's colour never bleeds into its neighbours. Enlarging works too
/// (each output pixel then covers part of one or two source pixels), though it is meant
/// for shrinking.
public enum ImageScaler {
    /// `image` resampled to exactly `size` (both sides at least 1), straight RGBA8 like
    /// the input. The same image when the size is its own.
    public static func scale(_ image: DecodedImage, to size: ImageSize) -> DecodedImage {
        precondition(!size.isEmpty, "ImageScaler: empty target size \(size)")
        guard size != image.size else { return image }
        let columns = AxisWeights(source: image.width, target: size.width)
        let rows = AxisWeights(source: image.height, target: size.height)
        let across = scaleRows(image, columns)
        let pixels = scaleColumns(across, width: size.width, rows)
        return DecodedImage(width: size.width, height: size.height, pixels: pixels)
    }

    /// Horizontal pass: every source row to `columns.target` pixels, as premultiplied
    /// floats (r·a, g·a, b·a, a), summed in doubles (a row may have millions of pixels).
    private static func scaleRows(_ image: DecodedImage, _ columns: AxisWeights) -> [Float] {
        var out = [Float](repeating: 0, count: columns.target * image.height * 4)
        image.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<image.height {
                    let rowStart = y * image.width * 4
                    for x in 0..<columns.target {
                        var r = 0.0, g = 0.0, b = 0.0, a = 0.0
                        columns.forEach(x) { source, weight in
                            let p = rowStart + source * 4
                            let wa = weight * Double(src[p + 3])
                            r += wa * Double(src[p]); g += wa * Double(src[p + 1]); b += wa * Double(src[p + 2]); a += wa
                        }
                        let o = (y * columns.target + x) * 4
                        dst[o] = Float(r); dst[o + 1] = Float(g); dst[o + 2] = Float(b); dst[o + 3] = Float(a)
                    }
                }
            }
        }
        return out
    }

    /// Vertical pass over the premultiplied rows, back to straight RGBA8.
    private static func scaleColumns(_ across: [Float], width: Int, _ rows: AxisWeights) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * rows.target * 4)
        across.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<rows.target {
                    for x in 0..<width {
                        var r = 0.0, g = 0.0, b = 0.0, a = 0.0
                        rows.forEach(y) { source, weight in
                            let p = (source * width + x) * 4
                            r += weight * Double(src[p]); g += weight * Double(src[p + 1]); b += weight * Double(src[p + 2])
                            a += weight * Double(src[p + 3])
                        }
                        let o = (y * width + x) * 4
                        guard a > 0 else { continue }   // fully transparent: (0, 0, 0, 0)
                        dst[o] = byte(r / a); dst[o + 1] = byte(g / a); dst[o + 2] = byte(b / a); dst[o + 3] = byte(a)
                    }
                }
            }
        }
        return out
    }

    private static func byte(_ value: Double) -> UInt8 {
        UInt8(max(0, min(255, value.rounded())))
    }
}
