import Foundation
import ReaderApp
import ReaderCore
import TextContent

/// `pager-bench BOOK --stats`: the reading statistics' costs — counting the book's
/// characters per script class once (`ScriptCensus`, the first estimate, right after the
/// first frame) and, per page turn, the tracker's count of the page plus the time-left
/// estimate (the rest of the chapter counted again).
enum StatsBench {
    static func run(_ content: TextContent, columns: Int, rows: Int, turns: Int) {
        let t0 = now()
        let census = ScriptCensus(content)
        let t1 = now()
        let total = census.chapters.reduce(ScriptCounts()) { $0 + $1 }
        print(String(format: "census: %d bytes, %d alphabetic + %d CJK characters, %.2f ms", content.bytes.count,
                     total.alphabetic, total.cjk, (t1 - t0) * 1000))
        let model = ReaderModel(content: content, position: .zero, columns: columns, rows: rows)
        var tracker = ReadingTracker()
        var speeds = ReadingSpeeds()
        var worst = 0.0, sum = 0.0, time = 0.0
        _ = tracker.observe(position: model.position, at: 0, textHidden: false, screenCells: columns * rows, content: content, speeds: speeds)
        for _ in 0..<turns {
            _ = model.handle(.pageDown, at: time)
            time += 30
            let s = now()
            if let interval = tracker.observe(position: model.position, at: time, textHidden: false, screenCells: columns * rows,
                                              content: content, speeds: speeds) {
                speeds.learn(speeds.samples(interval.characters, minutes: interval.seconds / 60))
            }
            let estimate = TimeLeftEstimate(position: model.position, content: content, census: census, speeds: speeds)
            let e = now() - s
            precondition(estimate.bookSeconds >= 0)
            sum += e
            worst = max(worst, e)
        }
        print(String(format: "per page turn (%d turns, %d×%d): count + estimate %.1f µs mean, %.1f µs worst", turns, columns, rows,
                     sum / Double(max(1, turns)) * 1e6, worst * 1e6))
    }
}
