import Foundation
import ReaderCore
import TextContent

/// `pager-bench BOOK --search PATTERN [--columns 100] [--rows 30]`: what a search costs —
/// compiling it, counting all its matches over the whole book at once, `/PATTERN Enter`
/// and `n` (key to snapshot), and the idle-work steps that count the matches a piece at a
/// time for "match 3/42" (each one is how long a key press can wait behind the count).
enum SearchBench {
    static func run(_ content: TextContent, pattern: String, columns: Int, rows: Int) throws {
        print("search /\(pattern)/ in \(content.bytes.count) bytes of text")
        var t = now()
        let search = try BookSearch(pattern: pattern, content: content)
        print(String(format: "compile (and the text as a String): %.1f ms", (now() - t) * 1000))
        t = now()
        let all = search.matches(in: content.fullRange)
        print(String(format: "all %d matches at once: %.1f ms", all.count, (now() - t) * 1000))

        let model = ReaderModel(content: content, position: .zero, columns: columns, rows: rows)
        _ = model.snapshot
        for c in "/" + pattern { model.handle(.character(c)) }
        t = now()
        model.handle(.enter)
        print(String(format: "/%@ Enter (first match, page, snapshot): %.1f ms", pattern, (now() - t) * 1000))
        var steps: [Double] = []
        while model.hasIdleWork, model.snapshot.status.match?.hasSuffix("…") ?? false {
            t = now()
            model.doIdleWork()
            steps.append(now() - t)
        }
        steps.sort()
        if !steps.isEmpty {
            print(String(format: "counted in %d idle steps: total %.1f ms, median %.2f ms, max %.2f ms → %@",
                         steps.count, steps.reduce(0, +) * 1000, steps[steps.count / 2] * 1000, steps.last! * 1000,
                         model.snapshot.status.match ?? "-"))
        }
        var nTimes: [Double] = []
        for _ in 0..<min(50, all.count) {
            t = now()
            model.handle(.character("n"))
            nTimes.append(now() - t)
        }
        nTimes.sort()
        if !nTimes.isEmpty {
            print(String(format: "n (%d times): median %.2f ms, max %.2f ms; now %@", nTimes.count,
                         nTimes[nTimes.count / 2] * 1000, nTimes.last! * 1000, model.snapshot.status.match ?? "-"))
        }
    }
}
