import XCTest
@testable import TerminalGraphics

/// Sixel output decoded back to pixels by an independent reader of the format (below):
/// every opaque pixel comes back in its palette colour, transparent ones stay unpainted.
final class SixelEncoderTests: XCTestCase {
    /// A minimal sixel decoder: the palette (`#i;2;r;g;b`, percent), bands (`-`), passes
    /// (`$`), runs (`!n`). Returns each pixel's RGB in percent, nil where nothing was painted.
    static func decode(_ bytes: [UInt8], width: Int, height: Int) -> [[Int]?] {
        var pixels = [[Int]?](repeating: nil, count: width * height)
        let s = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        guard let q = s.firstIndex(of: "q") else { return pixels }
        var i = q + 1
        var palette: [Int: [Int]] = [:]
        var color = 0, x = 0, band = 0
        func number() -> Int {
            var n = 0
            while i < s.count, let d = Int(String(s[i])) { n = n * 10 + d; i += 1 }
            return n
        }
        while i < s.count {
            let c = s[i]
            switch c {
            case "\"": i += 1; _ = number(); i += 1; _ = number(); i += 1; _ = number(); i += 1; _ = number()
            case "#":
                i += 1
                let n = number()
                if i < s.count && s[i] == ";" {
                    i += 1; _ = number(); i += 1
                    let r = number(); i += 1
                    let g = number(); i += 1
                    palette[n] = [r, g, number()]
                } else { color = n }
            case "$": x = 0; i += 1
            case "-": x = 0; band += 6; i += 1
            case "!":
                i += 1
                let n = number()
                paint(s[i], count: n); i += 1
            case "\u{1B}": return pixels
            default:
                if c.value >= 0x3F && c.value <= 0x7E { paint(c, count: 1) }
                i += 1
            }
        }
        func paint(_ ch: Unicode.Scalar, count: Int) {
            let bits = Int(ch.value) - 0x3F
            for _ in 0..<count {
                for dy in 0..<6 where bits & (1 << dy) != 0 && band + dy < height && x < width {
                    pixels[(band + dy) * width + x] = palette[color]
                }
                x += 1
            }
        }
        return pixels
    }

    func testPixelsComeBackInTheirColours() {
        let w = 9, h = 8
        var rgba: [UInt8] = []
        for y in 0..<h {
            for x in 0..<w {
                switch (x + y) % 4 {
                case 0: rgba += [255, 0, 0, 255]
                case 1: rgba += [0, 200, 0, 255]
                case 2: rgba += [20, 40, 250, 255]
                default: rgba += [255, 255, 255, 0]   // transparent
                }
            }
        }
        let out = SixelEncoder.encode(width: w, height: h, rgba: rgba)
        XCTAssertTrue(out.starts(with: Array("\u{1B}P0;1;0q\"1;1;9;8".utf8)))
        XCTAssertEqual(Array(out.suffix(2)), [0x1B, UInt8(ascii: "\\")])
        let decoded = Self.decode(out, width: w, height: h)
        for p in 0..<(w * h) {
            if rgba[p * 4 + 3] == 0 { XCTAssertNil(decoded[p], "pixel \(p) is transparent"); continue }
            guard let c = decoded[p] else { XCTFail("pixel \(p) unpainted"); continue }
            for k in 0..<3 {
                XCTAssertEqual(Double(c[k]), Double(rgba[p * 4 + k]) * 100 / 255, accuracy: 3, "pixel \(p) channel \(k)")
            }
        }
    }

    func testRunsAreCompressed() {
        let rgba = [UInt8](repeating: 255, count: 100 * 6 * 4)   // one white band
        let text = String(decoding: SixelEncoder.encode(width: 100, height: 6, rgba: rgba), as: UTF8.self)
        XCTAssertTrue(text.contains("#0!100~"), text)
    }

    func testPaletteIsBoundedAndClose() {
        var rgba: [UInt8] = []
        for i in 0..<4096 { rgba += [UInt8(i & 15) * 16, UInt8((i >> 4) & 15) * 16, UInt8(i >> 8) * 16, 255] }
        let palette = ColorPalette(rgba: rgba, maxColors: 64)
        XCTAssertEqual(palette.colors.count, 64)
        var worst = 0
        for p in 0..<4096 {
            let c = palette.colors[Int(palette.index(r: rgba[p * 4], g: rgba[p * 4 + 1], b: rgba[p * 4 + 2]))]
            let d = [Int(c >> 16) - Int(rgba[p * 4]), Int((c >> 8) & 0xFF) - Int(rgba[p * 4 + 1]), Int(c & 0xFF) - Int(rgba[p * 4 + 2])]
            worst = max(worst, d.map(abs).max()!)
        }
        // 4096 colours evenly spread in 64 boxes: each box spans at most 4 steps of 16 per channel.
        XCTAssertLessThanOrEqual(worst, 40)
        XCTAssertEqual(ColorPalette(rgba: [1, 2, 3, 0], maxColors: 8).colors, [0], "all transparent: one unused entry")
    }
}
