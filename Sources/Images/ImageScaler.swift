/// Resampling to an exact size by area averaging (a box filter): each output pixel is
/// the average of the source area it covers, source pixels cut by its edges counting by
/// the fraction inside. Alpha-correct: colours are weighted by their alpha, so a
/// transparent pixel's colour never bleeds into its neighbours. Enlarging works too
/// (each output pixel then covers part of one or two source pixels), though it is meant
/// for shrinking.
///
/// Memory beyond the input and the output: two rows of the output's width (one source
/// row scaled across, one row of sums), whatever the sizes.
public enum ImageScaler {
    /// `image` resampled to exactly `size` (both sides at least 1), straight RGBA8 like
    /// the input. The same image when the size is its own.
    public static func scale(_ image: DecodedImage, to size: ImageSize) -> DecodedImage {
        precondition(!size.isEmpty, "ImageScaler: empty target size \(size)")
        guard size != image.size else { return image }
        let columns = AxisWeights(source: image.width, target: size.width)
        let rows = AxisWeights(source: image.height, target: size.height)
        let n = size.width * 4
        var out = [UInt8](repeating: 0, count: n * size.height)
        var across = [Double](repeating: 0, count: n)   // source row `acrossRow`, scaled across, premultiplied
        var sums = [Double](repeating: 0, count: n)
        var acrossRow = -1
        image.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                across.withUnsafeMutableBufferPointer { across in
                    sums.withUnsafeMutableBufferPointer { sums in
                        rows.withBuffers { first, offsets, weights in
                            for y in 0..<size.height {
                                sums.update(repeating: 0)
                                for k in offsets[y]..<offsets[y &+ 1] {
                                    // Rows only move down: the last row scaled is the only one used again.
                                    let r = first[y] &+ k &- offsets[y]
                                    if r != acrossRow {
                                        scaleRow(src, row: r, width: image.width, columns, into: across)
                                        acrossRow = r
                                    }
                                    add(across, times: weights[k], to: sums)
                                }
                                unpremultiply(sums, into: dst, at: y * n)
                            }
                        }
                    }
                }
            }
        }
        return DecodedImage(width: size.width, height: size.height, pixels: out)
    }

    /// Source row `row` scaled to `columns.target` pixels, as premultiplied sums
    /// (r·a, g·a, b·a, a) into `out`.
    private static func scaleRow(_ src: UnsafeBufferPointer<UInt8>, row: Int, width: Int, _ columns: AxisWeights,
                                 into out: UnsafeMutableBufferPointer<Double>) {
        guard let source = src.baseAddress, var o = out.baseAddress else { return }
        let start = source + row * width * 4
        columns.withBuffers { first, offsets, weights in
            for x in 0..<columns.target {
                var sum = SIMD4<Double>(repeating: 0)
                var p = start + first[x] &* 4
                for k in offsets[x]..<offsets[x &+ 1] {
                    let wa = weights[k] * Double(p[3])
                    sum += SIMD4(Double(p[0]), Double(p[1]), Double(p[2]), 1) * wa
                    p += 4
                }
                o[0] = sum[0]; o[1] = sum[1]; o[2] = sum[2]; o[3] = sum[3]
                o += 4
            }
        }
    }

    /// sums += weight × row, element by element.
    @inline(__always)
    private static func add(_ row: UnsafeMutableBufferPointer<Double>, times weight: Double,
                            to sums: UnsafeMutableBufferPointer<Double>) {
        guard let r = row.baseAddress, let s = sums.baseAddress else { return }
        for i in 0..<sums.count { s[i] += weight * r[i] }
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
