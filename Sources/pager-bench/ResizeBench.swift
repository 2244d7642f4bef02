import Foundation
import ReaderCore
import Screen
import TextContent
import TextLayout

/// `pager-bench BOOK --resize [--rounds N] [--columns A] [--columns-b B]`: the time from a
/// width change to the new frame (`ReaderModel.resize` → snapshot → render → encode), in
/// the book's longest chapter, alternating between two terminal widths, for a reader that
/// keeps the blocks' analyses (re-fit only) and one that lays the chapter out from scratch
/// (as before the split), in the same process. Prints both medians and the ratio.
enum ResizeBench {
    static func run(_ content: TextContent, rounds: Int, columns: (Int, Int), rows: Int) {
        let longest = content.chapters.indices.max { content.chapters[$0].range.count < content.chapters[$1].range.count } ?? 0
        let chapter = content.chapters[longest]
        // Open in the middle of the chapter; the text column follows the terminal (no --width cap).
        let position = ByteOffset(chapter.range.lowerBound.rawValue + chapter.range.count / 2)
        print("resize: chapter \(longest + 1) of \(content.chapters.count), \(chapter.range.count) bytes; "
              + "\(columns.0) ↔ \(columns.1) columns, \(rounds) rounds each")
        var results: [(String, Double, Double)] = []
        // Interleaved so that load on the machine hits both alike.
        let refit = Resizer(content: content, position: position, rows: rows, columns: columns, keepsAnalyses: true)
        let full = Resizer(content: content, position: position, rows: rows, columns: columns, keepsAnalyses: false)
        var refitTimes: [Double] = [], fullTimes: [Double] = []
        for _ in 0..<rounds {
            refitTimes.append(refit.resizeOnce())
            fullTimes.append(full.resizeOnce())
        }
        precondition(refit.frameText == full.frameText, "the two readers drew different frames")
        results.append(("re-fit from the kept analyses", median(refitTimes), percentile(refitTimes, 95)))
        results.append(("full relayout (before)", median(fullTimes), percentile(fullTimes, 95)))
        for (label, m, p95) in results {
            print(String(format: "  %-32@ median %.3f ms, p95 %.3f ms", label as NSString, m * 1000, p95 * 1000))
        }
        print(String(format: "  full / re-fit: %.2f×", median(fullTimes) / median(refitTimes)))
        relayoutOnly(content, chapter: longest, rounds: rounds, widths: (columns.0 - 4, columns.1 - 4))
    }

    /// The layout part alone: `ChapterLayouts` relaying the chapter out at the other width,
    /// with and without the kept analyses.
    static func relayoutOnly(_ content: TextContent, chapter: Int, rounds: Int, widths: (Int, Int)) {
        func time(_ layouts: ChapterLayouts) -> [Double] {
            var times: [Double] = []
            var options = layouts.options
            for round in 0..<(rounds + 2) {
                options.width = round % 2 == 0 ? widths.1 : widths.0
                let start = now()
                layouts.setOptions(options)
                _ = layouts.lines(ofChapter: chapter)
                if round >= 2 { times.append(now() - start) }   // both widths seen once first
            }
            return times
        }
        let options = LayoutOptions(width: widths.0)
        let kept = ChapterLayouts(content: content, options: options)
        let fresh = ChapterLayouts(content: content, options: options, keepsAnalyses: false)
        _ = kept.lines(ofChapter: chapter)
        _ = fresh.lines(ofChapter: chapter)
        while kept.hasPendingAnalysis { kept.analyzePending() }
        var keptTimes: [Double] = [], freshTimes: [Double] = []
        for _ in 0..<3 {   // interleaved batches
            keptTimes += time(kept)
            freshTimes += time(fresh)
        }
        precondition(kept.lines(ofChapter: chapter) == fresh.lines(ofChapter: chapter), "different lines")
        print(String(format: "  layout alone (ChapterLayouts, widths %d ↔ %d): re-fit median %.3f ms, full layout median %.3f ms, %.2f×",
                     widths.0, widths.1, median(keptTimes) * 1000, median(freshTimes) * 1000, median(freshTimes) / median(keptTimes)))
    }

    static func median(_ xs: [Double]) -> Double { percentile(xs, 50) }
    static func percentile(_ xs: [Double], _ p: Int) -> Double {
        let s = xs.sorted()
        return s[min(s.count - 1, s.count * p / 100)]
    }
}

/// One reader being resized back and forth.
final class Resizer {
    let model: ReaderModel
    let columns: (Int, Int)
    let rows: Int
    let renderer = Renderer(theme: .dark)
    let encoder = ANSIEncoder()
    var frame: ScreenBuffer
    var wide = true

    init(content: TextContent, position: ByteOffset, rows: Int, columns: (Int, Int), keepsAnalyses: Bool) {
        model = ReaderModel(content: content, position: position, columns: columns.0, rows: rows, preferredWidth: 10_000,
                            keepsAnalyses: keepsAnalyses)
        self.columns = columns
        self.rows = rows
        frame = ScreenBuffer(width: columns.0, height: rows)
        renderer.render(model.snapshot, into: &frame)
        // What the reader does while it waits for the first key: analyse the chapters shown.
        while model.hasIdleWork { model.doIdleWork() }
        // Both widths laid out once before timing.
        _ = resizeOnce()
        _ = resizeOnce()
    }

    /// Switches to the other width and draws; returns the seconds it took.
    func resizeOnce() -> Double {
        wide.toggle()
        let c = wide ? columns.0 : columns.1
        let start = now()
        model.resize(columns: c, rows: rows)
        var next = ScreenBuffer(width: c, height: rows)
        renderer.render(model.snapshot, into: &next)
        _ = encoder.encode(from: nil, to: next)
        let elapsed = now() - start
        frame = next
        return elapsed
    }

    var frameText: String { frame.text() }
}
