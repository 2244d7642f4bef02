import BookFormats
import Foundation
import TextContent
import TextLayout

/// `layout-bench --resize FILE...`: the cost of a terminal resize (issue #12). For each
/// file's longest chapter (an EPUB through `BookLoader`; any other file as UTF-8 text split
/// into paragraphs at line feeds, the whole text one range), over alternating widths:
///
///   full    `TextLayout.layout` at the new width (what the reader did on a resize)
///   refit   `TextLayout.layout(…, analyses:)` with the analyses cached by earlier widths
///   first   the same with an empty cache (analyse + fit: the first layout of a chapter)
///
/// interleaved round by round; prints the medians and full/refit, full/first. For a
/// profiler, `RESIZE_PROFILE=full|refit|first` runs only that path, `--rounds` times.
enum ResizeBench {
    static func run(paths: [String], rounds: Int, pairs: [(Int, Int)]) {
        print("resize relayout, median of \(rounds) rounds × 2 widths, interleaved")
        print("text                                   MB  widths     full ms  refit ms  first ms  full/refit  full/first  lines")
        for path in paths {
            guard let (content, range) = longestChapter(path) else { print("\(path): cannot load"); continue }
            let cache = LayoutAnalysisCache()
            if let mode = ProcessInfo.processInfo.environment["RESIZE_PROFILE"] {
                var sink = 0
                for i in 0..<rounds {
                    let options = LayoutOptions(width: 60 + i % 2)
                    switch mode {
                    case "first": sink &+= TextLayout.layout(content, range: range, options: options, analyses: LayoutAnalysisCache()).count
                    case "refit": sink &+= TextLayout.layout(content, range: range, options: options, analyses: cache).count
                    default: sink &+= TextLayout.layout(content, range: range, options: options).count
                    }
                }
                print(sink)
                continue
            }
            for (a, b) in pairs {
                var full: [Double] = [], refit: [Double] = [], first: [Double] = []
                var lineCount = 0
                for _ in 0..<rounds {
                    for width in [a, b] {
                        let options = LayoutOptions(width: width)
                        let t0 = now()
                        let reference = TextLayout.layout(content, range: range, options: options)
                        let t1 = now()
                        let refitted = TextLayout.layout(content, range: range, options: options, analyses: cache)
                        let t2 = now()
                        let fresh = TextLayout.layout(content, range: range, options: options,
                                                      analyses: LayoutAnalysisCache())
                        let t3 = now()
                        guard reference == refitted && reference == fresh else {
                            print("MISMATCH at width \(width) in \(path)"); exit(1)
                        }
                        full.append(t1 - t0); refit.append(t2 - t1); first.append(t3 - t2)
                        lineCount = reference.count
                    }
                }
                let (f, r, s) = (median(full) * 1e3, median(refit) * 1e3, median(first) * 1e3)
                let name = (path as NSString).lastPathComponent
                let padded = name.count > 34 ? String(name.prefix(34)) : name.padding(toLength: 34, withPad: " ", startingAt: 0)
                print(String(format: "%@  %6.2f  %3d↔%-3d  %8.3f  %8.3f  %8.3f  %9.2f×  %9.2f×  %5d", padded,
                             Double(range.count) / 1e6, a, b, f, r, s, f / r, f / s, lineCount))
            }
            let index = content.chapters.firstIndex { $0.range == range } ?? 0
            print(String(format: "  chapter %d of %d (%@, %d bytes); analyses cached: %d blocks, %.2f MB (%d hits, %d misses)",
                         index + 1, content.chapters.count, String(content.chapters[index].title.prefix(40)), range.count,
                         cache.count, Double(cache.byteCount) / 1e6, cache.hits, cache.misses))
        }
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    /// The book and its longest chapter (by bytes).
    static func longestChapter(_ path: String) -> (TextContent, ByteRange)? {
        guard let content = loadText(path) else { return nil }
        guard let chapter = content.chapters.max(by: { $0.range.count < $1.range.count }) else { return nil }
        return (content, chapter.range)
    }

    /// An EPUB through BookLoader; anything else as the other modes read it (`paragraphs`).
    static func loadText(_ path: String) -> TextContent? {
        if path.hasSuffix(".epub") { return try? BookLoader.load(path: path, options: BookLoadOptions(threads: 1)) }
        return paragraphs(path)
    }

    /// A UTF-8 text file (a BOM skipped) as one paragraph a line, one chapter: how every
    /// mode of the benchmark reads a TXT, as a novel's paragraphs.
    static func paragraphs(_ path: String) -> TextContent? {
        guard var data = FileManager.default.contents(atPath: path) else { return nil }
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { data = data.dropFirst(3) }
        let text = String(decoding: data, as: UTF8.self)
        var builder = TextContentBuilder(metadata: BookMetadata(title: path, format: .txt))
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty { continue }
            builder.beginBlock(.paragraph)
            builder.append(trimmed)
            builder.endBlock()
        }
        return builder.finish()
    }
}
