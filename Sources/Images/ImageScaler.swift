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
    /// floats (r·a, g·a, b·a, a), each summed in doubles (a row may have millions of pixels).
    private static func scaleRows(_ image: DecodedImage, _ columns: AxisWeights) -> [Float] {
        var out = [Float](repeating: 0, count: columns.target * image.height * 4)
        image.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                columns.withBuffers { first, offsets, weights in
                    guard let source = src.baseAddress, var o = dst.baseAddress else { return }
                    for y in 0..<image.height {
                        let row = source + y * image.width * 4
                        for x in 0..<columns.target {
                            var sum = SIMD4<Double>(repeating: 0)
                            var p = row + first[x] &* 4
                            for k in offsets[x]..<offsets[x &+ 1] {
                                let wa = weights[k] * Double(p[3])
                                sum += SIMD4(Double(p[0]), Double(p[1]), Double(p[2]), 1) * wa
                                p += 4
                            }
                            o[0] = Float(sum[0]); o[1] = Float(sum[1]); o[2] = Float(sum[2]); o[3] = Float(sum[3])
                            o += 4
                        }
                    }
                }
            }
        }
        return out
    }

    /// Vertical pass over the premultiplied rows, a whole output row at a time, back to
    /// straight RGBA8.
    private static func scaleColumns(_ across: [Float], width: Int, _ rows: AxisWeights) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * rows.target * 4)
        var sum = [Double](repeating: 0, count: width * 4)
        across.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                sum.withUnsafeMutableBufferPointer { sum in
                    rows.withBuffers { first, offsets, weights in
                        guard let source = src.baseAddress, let acc = sum.baseAddress else { return }
                        let n = width * 4
                        for y in 0..<rows.target {
                            sum.update(repeating: 0)
                            var row = source + first[y] * n
                            for k in offsets[y]..<offsets[y &+ 1] {
                                let w = weights[k]
                                for i in 0..<n { acc[i] += w * Double(row[i]) }
                                row += n
                            }
                            unpremultiply(sum, into: dst, at: y * n)
                        }
                    }
                }
            }
        }
        return out
    }

    /// Divides each summed pixel's colour by its alpha into `dst` from `start`; a fully
    /// transparent pixel stays (0, 0, 0, 0).
    @inline(__always)
    private static func unpremultiply(_ sum: UnsafeMutableBufferPointer<Double>, into dst: UnsafeMutableBufferPointer<UInt8>,
                                      at start: Int) {
        guard let s = sum.baseAddress, let d = dst.baseAddress.map({ $0 + start }) else { return }
        for i in stride(from: 0, to: sum.count, by: 4) {
            let a = s[i &+ 3]
            guard a > 0 else { continue }
            d[i] = byte(s[i] / a); d[i &+ 1] = byte(s[i &+ 1] / a)
            d[i &+ 2] = byte(s[i &+ 2] / a); d[i &+ 3] = byte(a)
        }
    }

    /// `value` rounded half up, clamped to 0…255.
    @inline(__always)
    private static func byte(_ value: Double) -> UInt8 {
        UInt8(truncatingIfNeeded: Int(max(0, min(255, value)) + 0.5))
    }
}
