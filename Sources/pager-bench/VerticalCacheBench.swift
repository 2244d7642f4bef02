import Foundation
import LayoutCache
import TextContent
import TextLayout

/// `pager-bench BOOK --vertical-cache [--rows 24] [--runs 5]`: what the layout cache saves
/// vertical text (issue #23). For every chapter, setting it in columns (`VerticalPages`,
/// what the pager does on a miss) against decoding it from a cache file
/// (`CachedVerticalLayout`), best of `runs`; the file's size and the open's cost.
enum VerticalCacheBench {
    static func run(_ content: TextContent, rows: Int, runs: Int) throws {
        let height = max(2, rows - 1), folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("vertical-cache-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = LayoutCache(folder: folder.path)
        let key = VerticalLayoutKey(bookKey: "bench", height: height, readings: true, content: content)
        let t0 = now()
        let chapters = VerticalBookBuilder.columns(of: content, height: height, readings: true)
        let t1 = now()
        let stored = try cache.storeVertical(key, content: content, chapters: chapters)
        let t2 = now()
        guard let file = cache.openVertical(VerticalLayoutKey(bookKey: "bench", height: height, readings: true, content: content),
                                            content: content) else { throw CocoaError(.fileReadCorruptFile) }
        let t3 = now()
        let cells = chapters.reduce(0) { $0 + $1.reduce(0) { $0 + $1.cells.count } }
        print("book: \(content.chapters.count) chapters, \(content.bytes.count) bytes of text; columns of \(height) rows")
        print(String(format: "whole book: set in %.1f ms, stored in %.1f ms (%d bytes, %.2f bytes a cell), opened (with the text and structure checks) in %.2f ms",
                     (t1 - t0) * 1000, (t2 - t1) * 1000, stored.bytes, Double(stored.bytes) / Double(max(1, cells)), (t3 - t2) * 1000))
        var layoutTotal = 0.0, decodeTotal = 0.0, worst = (layout: 0.0, decode: 0.0, chapter: 0)
        for index in content.chapters.indices {
            var layout = Double.infinity, decode = Double.infinity
            for _ in 0..<max(1, runs) {
                let a = now()
                let laid = VerticalPages.columns(ofChapter: index, in: content, height: height)
                let b = now()
                let decoded = file.columns(chapter: index, of: content)
                let c = now()
                guard decoded == laid else { print("chapter \(index): decoded columns differ from the layout"); exit(1) }
                layout = min(layout, b - a)
                decode = min(decode, c - b)
            }
            layoutTotal += layout
            decodeTotal += decode
            if layout > worst.layout { worst = (layout, decode, index) }
        }
        print(String(format: "every chapter (best of %d): layout %.1f ms, from the cache %.1f ms (%.1f× faster)",
                     runs, layoutTotal * 1000, decodeTotal * 1000, layoutTotal / max(decodeTotal, 1e-9)))
        print(String(format: "longest chapter (%d): layout %.2f ms, from the cache %.2f ms (%.1f× faster)",
                     worst.chapter, worst.layout * 1000, worst.decode * 1000, worst.layout / max(worst.decode, 1e-9)))
    }
}
