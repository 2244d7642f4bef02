/// Sixel graphics (xterm `-ti vt340`, foot, mlterm, WezTerm, Konsole): a picture as a DCS
/// string of six-pixel-high bands, each band one pass per palette colour it uses, runs of
/// the same sixel compressed (`!n`). Transparent pixels (alpha < 128) are left unpainted
/// (`P2 = 1`), so the cells' background shows through.
public enum SixelEncoder {
    /// The sixel string of `rgba` (`width` × `height`, straight alpha) with at most
    /// `maxColors` colours. The terminal draws it at the cursor, at its own pixel size
    /// (scale the picture to the cells' pixels first).
    public static func encode(width: Int, height: Int, rgba: [UInt8], maxColors: Int = 256) -> [UInt8] {
        precondition(rgba.count == width * height * 4, "RGBA size")
        let palette = ColorPalette(rgba: rgba, maxColors: maxColors)
        var out: [UInt8] = Array("\u{1B}P0;1;0q\"1;1;\(width);\(height)".utf8)
        for (i, c) in palette.colors.enumerated() {
            // Colour registers take RGB in percent.
            let r = Int(c >> 16) * 100 / 255, g = Int((c >> 8) & 0xFF) * 100 / 255, b = Int(c & 0xFF) * 100 / 255
            out += Array("#\(i);2;\(r);\(g);\(b)".utf8)
        }
        var indices = [Int16](repeating: -1, count: width * height)
        for p in 0..<(width * height) where rgba[p * 4 + 3] >= 128 {
            indices[p] = Int16(palette.index(r: rgba[p * 4], g: rgba[p * 4 + 1], b: rgba[p * 4 + 2]))
        }
        var band = 0
        while band < height {
            encodeBand(from: band, width: width, height: height, indices: indices, colors: palette.colors.count, into: &out)
            band += 6
            if band < height { out.append(UInt8(ascii: "-")) }
        }
        out += [0x1B, UInt8(ascii: "\\")]
        return out
    }

    /// One band: for each colour present, `#c` then its sixels, bands' passes joined by `$`.
    private static func encodeBand(from top: Int, width: Int, height: Int, indices: [Int16], colors: Int,
                                   into out: inout [UInt8]) {
        let rows = min(6, height - top)
        var bits = [UInt8](repeating: 0, count: colors * width)
        var present = [Bool](repeating: false, count: colors)
        for dy in 0..<rows {
            let row = (top + dy) * width
            for x in 0..<width {
                let c = indices[row + x]
                guard c >= 0 else { continue }
                bits[Int(c) * width + x] |= 1 << dy
                present[Int(c)] = true
            }
        }
        var firstPass = true
        for c in 0..<colors where present[c] {
            if !firstPass { out.append(UInt8(ascii: "$")) }
            firstPass = false
            out += Array("#\(c)".utf8)
            appendRuns(bits[(c * width)..<((c + 1) * width)], into: &out)
        }
    }

    /// Sixel characters (`?` + bits) with runs of 4 or more as `!n c`.
    private static func appendRuns(_ line: ArraySlice<UInt8>, into out: inout [UInt8]) {
        var i = line.startIndex
        while i < line.endIndex {
            let v = line[i]
            var j = i + 1
            while j < line.endIndex && line[j] == v { j += 1 }
            let n = j - i
            let ch = 0x3F + v
            if n >= 4 { out += Array("!\(n)".utf8); out.append(ch) } else { out += [UInt8](repeating: ch, count: n) }
            i = j
        }
    }
}
