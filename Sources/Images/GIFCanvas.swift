/// The logical screen a GIF frame is drawn on: transparent at first; a frame's rows
/// clipped to it, its transparent pixels leaving the canvas as it is.
struct GIFCanvas {
    let size: ImageSize
    private(set) var pixels: [UInt8]

    init(size: ImageSize) {
        self.size = size
        pixels = [UInt8](repeating: 0, count: size.pixelCount * 4)
    }

    /// Draws one row of colour indices with its left end at column `left` of row `y`.
    mutating func draw(row: [UInt8], at left: Int, _ y: Int, palette: GIFPalette) {
        guard y >= 0, y < size.height, left < size.width else { return }
        let count = min(row.count, size.width - left)
        let palette = palette.rgba
        pixels.withUnsafeMutableBufferPointer { out in
            for x in 0..<count {
                let p = Int(row[x]) * 4
                guard palette[p + 3] != 0 else { continue }
                let o = (y * size.width + left + x) * 4
                out[o] = palette[p]; out[o + 1] = palette[p + 1]; out[o + 2] = palette[p + 2]; out[o + 3] = 255
            }
        }
    }
}
