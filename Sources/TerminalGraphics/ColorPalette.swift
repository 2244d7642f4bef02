/// At most 256 colours for a picture (sixel's palette), chosen by median cut over the
/// picture's colours reduced to 5 bits a channel, and a lookup from each of the picture's
/// 15-bit colours to its entry. Pixels with alpha under 128 are transparent and take no part.
public struct ColorPalette: Sendable {
    /// The colours, 0xRRGGBB.
    public private(set) var colors: [UInt32]
    /// For each 15-bit colour of the picture (r5 << 10 | g5 << 5 | b5): its palette index.
    private var nearest: [UInt8]

    /// The palette of `rgba` with at most `maxColors` (1…256) entries.
    public init(rgba: [UInt8], maxColors: Int = 256) {
        precondition((1...256).contains(maxColors))
        var histogram = [UInt32](repeating: 0, count: 1 << 15)
        var i = 0
        while i + 3 < rgba.count {
            if rgba[i + 3] >= 128 { histogram[Self.key(rgba[i], rgba[i + 1], rgba[i + 2])] &+= 1 }
            i += 4
        }
        let used = (0..<(1 << 15)).filter { histogram[$0] > 0 }
        var boxes = used.isEmpty ? [] : [used]
        while boxes.count < maxColors, let (index, channel) = Self.widestBox(boxes) {
            let box = boxes.remove(at: index).sorted { Self.channel($0, channel) < Self.channel($1, channel) }
            var half = 0, seen: UInt64 = 0
            let total = box.reduce(UInt64(0)) { $0 + UInt64(histogram[$1]) }
            while half < box.count - 1 && seen * 2 < total { seen += UInt64(histogram[box[half]]); half += 1 }
            half = max(1, min(half, box.count - 1))
            boxes.append(Array(box[..<half]))
            boxes.append(Array(box[half...]))
        }
        colors = boxes.map { box in Self.mean(box, histogram) }
        if colors.isEmpty { colors = [0] }
        // Each colour of the picture maps to the box it fell in (the box's mean is its
        // colour): exact for every opaque pixel, and linear in the colours used.
        nearest = [UInt8](repeating: 0, count: 1 << 15)
        for (i, box) in boxes.enumerated() { for k in box { nearest[k] = UInt8(i) } }
    }

    /// The palette index of an opaque pixel's colour (of the picture the palette was made for).
    @inline(__always) public func index(r: UInt8, g: UInt8, b: UInt8) -> UInt8 { nearest[Self.key(r, g, b)] }

    @inline(__always) static func key(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
        Int(r >> 3) << 10 | Int(g >> 3) << 5 | Int(b >> 3)
    }

    private static func channel(_ key: Int, _ c: Int) -> Int { (key >> (10 - 5 * c)) & 31 }

    /// The box (with more than one colour) whose widest channel is widest, and that channel.
    private static func widestBox(_ boxes: [[Int]]) -> (Int, Int)? {
        var best: (index: Int, channel: Int, range: Int)?
        for (i, box) in boxes.enumerated() where box.count > 1 {
            for c in 0..<3 {
                var lo = 31, hi = 0
                for k in box { let v = channel(k, c); lo = min(lo, v); hi = max(hi, v) }
                if hi - lo > (best?.range ?? 0) { best = (i, c, hi - lo) }
            }
        }
        return best.map { ($0.index, $0.channel) }
    }

    private static func mean(_ box: [Int], _ histogram: [UInt32]) -> UInt32 {
        var sum = (r: UInt64(0), g: UInt64(0), b: UInt64(0), n: UInt64(0))
        for k in box {
            let n = UInt64(histogram[k])
            sum.r += UInt64(channel(k, 0) * 8 + 4) * n
            sum.g += UInt64(channel(k, 1) * 8 + 4) * n
            sum.b += UInt64(channel(k, 2) * 8 + 4) * n
            sum.n += n
        }
        let n = max(sum.n, 1)
        return UInt32(min(255, sum.r / n)) << 16 | UInt32(min(255, sum.g / n)) << 8 | UInt32(min(255, sum.b / n))
    }
}
