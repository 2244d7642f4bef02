import XCTest
import TextContent
@testable import TextLayout

/// `BlockAnalyzer.simplePass` (the scalar-sum pass, with its shortcut for three-byte
/// cluster bases) records the same segments as `BlockAnalyzer.walkPass` (the fitter's
/// own cluster walk) over every simple BMP scalar of two and three bytes.
final class SimplePassTests: XCTestCase {
    /// The segment words (and mandatory indices) of `text` from the simple pass or the
    /// walk; nil if the pass does not record them all.
    func segments(_ text: String, simple: Bool) -> [UInt32]? {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { t -> [UInt32]? in
            var breaks: [Int] = []
            LineFitter.collectBreaks(t, preformatted: false, style: .strict, into: &breaks)
            var walker = BlockFit(text: t, base: 0, kind: .paragraph, width: 1, tabWidth: 1,
                                  firstIndent: 0, restIndent: 0, marksBlockStart: false)
            var bases = RubyBaseWalk(nil)
            var out = [UInt32](repeating: 0, count: 4 * breaks.count)
            var complete = false
            let used = out.withUnsafeMutableBufferPointer { o in
                breaks.withUnsafeBufferPointer { b -> Int in
                    var writer = BlockAnalyzer.SegmentWriter(out: o.baseAddress!, breaks: b)
                    if simple {
                        if case .done = BlockAnalyzer.simplePass(&walker, &writer, &bases) { complete = true }
                    } else {
                        complete = BlockAnalyzer.walkPass(&walker, &writer, &bases)
                    }
                    return writer.finish()
                }
            }
            return complete ? Array(out[0..<used]) : nil
        }
    }

    /// Every scalar of U+0080…U+FFFF that the simple pass takes (`FitKind` base, mark or
    /// control), between ideographs, Latin letters and spaces.
    func testSimplePassMeasuresAsTheClusterWalk() {
        let kinds = FitKind.table
        var simple: [Unicode.Scalar] = []
        for cp in 0x80...0xFFFF {
            guard let s = Unicode.Scalar(UInt32(cp)), kinds[cp] >> 2 != FitKind.complex else { continue }
            simple.append(s)
        }
        XCTAssertGreaterThan(simple.count, 40_000)
        var checked = 0
        for start in stride(from: 0, to: simple.count, by: 64) {
            var text = ""
            for s in simple[start..<min(start + 64, simple.count)] {
                let c = String(Character(s))
                // A mark joins the base before it; a space before one would start a cluster
                // at a break (the pass hands that slice to the exact fitter).
                text += kinds[Int(s.value)] >> 2 == FitKind.mark ? "字" + c + "a" + c + "字 " : c + "字" + c + "a " + c
            }
            let walked = segments(text, simple: false)
            XCTAssertNotNil(walked, "U+\(String(simple[start].value, radix: 16))…")
            XCTAssert(segments(text, simple: true) == walked, "U+\(String(simple[start].value, radix: 16))…")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 600)
    }
}
