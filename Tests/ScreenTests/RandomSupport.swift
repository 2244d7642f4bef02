@testable import Screen
import TestSupport

/// Graphemes used by the random tests, with their widths. None of them merges with a
/// neighbour into one cluster, so the emulator can segment printed text unambiguously.
let palette: [(String, Int)] = [
    ("a", 1), ("b", 1), ("Z", 1), (" ", 1), ("é", 1), ("e\u{301}", 1), ("ß", 1), ("→", 1),
    ("漢", 2), ("字", 2), ("😀", 2), ("👍🏽", 2), ("ｱ", 1), ("한", 2),
    ("👨‍👩‍👧‍👦", 2),                                                   // 25 UTF-8 bytes: interned
    ("a\u{300}\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}\u{307}", 1),  // 17 bytes: interned
]

let styles: [CellStyle] = [
    .plain,
    CellStyle(attributes: .bold),
    CellStyle(foreground: .red),
    CellStyle(foreground: .ansi(12), background: .ansi(0), attributes: [.italic, .underline]),
    CellStyle(background: .indexed(236), attributes: .reverse),
    CellStyle(foreground: .rgb(250, 128, 0), attributes: .dim),
    CellStyle(foreground: .rgb(250, 128, 0), background: .indexed(17), attributes: .dim),
]

/// Writes `count` random graphemes at random places into `b`.
func scribble(_ b: inout ScreenBuffer, _ rng: inout SplitMix64, count: Int) {
    guard b.width > 0, b.height > 0 else { return }
    for _ in 0..<count {
        let (g, w) = palette.randomElement(using: &rng)!
        b.put(g, width: w, row: Int.random(in: 0..<b.height, using: &rng),
              col: Int.random(in: 0..<b.width, using: &rng), style: styles.randomElement(using: &rng)!)
    }
}

func randomBuffer(_ rng: inout SplitMix64, width: Int, height: Int) -> ScreenBuffer {
    var b = ScreenBuffer(width: width, height: height, style: styles.randomElement(using: &rng)!)
    scribble(&b, &rng, count: Int.random(in: 0...(width * height * 2), using: &rng))
    return b
}
