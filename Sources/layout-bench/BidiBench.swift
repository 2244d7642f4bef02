import CICU
import Foundation
import TextLayout

/// The bidi measurement of one text: for every paragraph, our `Bidi.resolve` (direction
/// auto) + `visualOrder` of the whole paragraph as one line, against ICU's `ubidi_setPara`
/// (UBIDI_DEFAULT_LTR) + `ubidi_getVisualMap`. Both get their input ready-made: the
/// paragraphs are converted to code points (ours) and to UTF-16 (ICU) before timing, and
/// ICU's visual map buffer is allocated once, outside the timed part (ours allocates its
/// result arrays inside). MB/s are of the UTF-8 text.
struct BidiBench {
    let scalars: [[UInt32]]
    let utf16: [[UInt16]]
    let megabytes: Double

    init(paragraphs: [Substring]) {
        scalars = paragraphs.map { $0.unicodeScalars.map(\.value) }
        utf16 = paragraphs.map { Array($0.utf16) }
        megabytes = Double(paragraphs.reduce(0) { $0 + $1.utf8.count }) / 1e6
    }

    /// (resolve + order MB/s, resolve-only MB/s, ICU MB/s, fraction of paragraphs on the fast path, paragraphs with an RTL level)
    func run(rounds: Int) -> (ours: Double, resolveOnly: Double, icu: Double, fastPath: Double, rtl: Int) {
        var fast = 0, rtl = 0
        for p in scalars {
            let r = p.withUnsafeBufferPointer { Bidi.resolve(codePoints: $0, direction: .auto) }
            if r.isLeftToRightOnly { fast += 1 }
            if r.paragraphLevel == 1 { rtl += 1 }
        }
        let longest = utf16.map(\.count).max() ?? 0
        let map = UnsafeMutablePointer<Int32>.allocate(capacity: max(1, longest))
        defer { map.deallocate() }
        let icu = icu_bench_bidi_open()
        defer { icu_bench_bidi_close(icu) }
        let ours = {
            var total = 0
            for p in scalars {
                p.withUnsafeBufferPointer { buffer in
                    let r = Bidi.resolve(codePoints: buffer, direction: .auto)
                    total &+= r.visualOrder(lineStart: 0, lineEnd: buffer.count).first ?? 0
                }
            }
            return total
        }
        let resolveOnly = {
            var total = 0
            for p in scalars {
                p.withUnsafeBufferPointer { buffer in
                    total &+= Bidi.resolve(codePoints: buffer, direction: .auto).paragraphLevel
                }
            }
            return total
        }
        let theirs = {
            var total = 0
            for p in utf16 {
                p.withUnsafeBufferPointer { buffer in
                    total &+= Int(icu_bench_bidi_visual_map(icu, buffer.baseAddress, Int32(buffer.count), map))
                    total &+= buffer.count > 0 ? Int(map[0]) : 0
                }
            }
            return total
        }
        let t = interleavedBest(rounds: rounds, [ours, resolveOnly, theirs])
        return (megabytes / t[0], megabytes / t[1], megabytes / t[2], Double(fast) / Double(max(1, scalars.count)), rtl)
    }
}
