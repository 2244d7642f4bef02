import Foundation
import ReaderCore
import Screen
import TextContent

/// `pager-bench BOOK --notes [--samples 200] [--columns 100] [--rows 30]`: opening a note
/// popup, key to frame. For note references spread over the book: `:offset` to the
/// reference's page (not timed), `Tab` until a note reference is selected (not timed),
/// then `Enter` (lay out the note, place it, render, diff-encode against the page) and
/// `Esc` (close, redraw the page) are timed.
enum NotesBench {
    static func run(_ content: TextContent, samples: Int, columns: Int, rows: Int) {
        let refs = content.styles.filter { $0.style == .noteReference && $0.target != nil }
        print("\(refs.count) note references, \(content.notes.count) recorded note extents")
        guard !refs.isEmpty else { return }
        let model = ReaderModel(content: content, position: .zero, columns: columns, rows: rows)
        let renderer = Renderer(theme: .dark)
        let encoder = ANSIEncoder()
        var frame = ScreenBuffer(width: columns, height: rows)
        renderer.render(model.snapshot, into: &frame)
        func timed(_ input: Input) -> Double {
            let s = now()
            model.handle(input)
            var next = ScreenBuffer(width: columns, height: rows)
            renderer.render(model.snapshot, into: &next)
            _ = encoder.encode(from: frame, to: next)
            frame = next
            return now() - s
        }
        var open: [Double] = [], close: [Double] = [], lines: [Int] = []
        let step = max(1, refs.count / samples)
        for ref in stride(from: 0, to: refs.count, by: step).map({ refs[$0] }).prefix(samples) {
            for c in ":offset \(ref.range.lowerBound.rawValue)" { model.handle(.character(c)) }
            model.handle(.enter)
            model.handle(.escape)
            for _ in 0..<40 where model.topLayer is ReadingLayer {
                model.handle(.tab)
                if let s = model.selectedLink, content.styles.contains(where: { $0.range == s && $0.style == .noteReference }) { break }
            }
            _ = timed(.character("k")); _ = timed(.character("j"))   // the page laid out and drawn
            let t = timed(.enter)
            guard let popup = model.snapshot.views.lazy.compactMap({ $0 as? NotePopupView }).first else { continue }
            open.append(t)
            lines.append(popup.lines.count)
            close.append(timed(.escape))
        }
        report("open a note popup (Enter)", open)
        report("close it (Esc)", close)
        if !lines.isEmpty { print("popups measured: \(open.count), lines shown: median \(lines.sorted()[lines.count / 2]), max \(lines.max()!)") }
    }

    static func report(_ label: String, _ times: [Double]) {
        guard !times.isEmpty else { return print("\(label): no samples") }
        let t = times.sorted()
        print(String(format: "%@: median %.3f ms, p95 %.3f ms, max %.3f ms (%d samples)", label,
                     t[t.count / 2] * 1000, t[t.count * 95 / 100] * 1000, t.last! * 1000, t.count))
    }
}
