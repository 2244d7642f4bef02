import BookFormats
import CICU
import Foundation
import Hyphenation
import TextContent
import TextLayout

/// `layout-bench --typeset BOOK...`: how evenly paragraphs are set, first fit against
/// total fit, over every paragraph of the books (any format, opened with `BookLoader`)
/// at widths 40, 60, 80 and 100:
///
/// * **raggedness**: the sum over all lines that are not the last of their paragraph (nor
///   end at a forced break) of the squared slack (width − line width, in cells);
/// * **justified gaps**: with `--justify`, the share of those lines with an inter-word gap
///   of 3 cells or more (as `TextLayout.forEachCluster` places them);
/// * the time to lay the books out.
enum TypesetBench {
    static let kinds: Set<BlockKind> = [.paragraph, .blockquote, .footnote, .listItem]

    struct Figures {
        var ragged = 0
        var lines = 0
        var wideGapLines = 0
        var seconds = 0.0
        var hyphenated = 0
        var longestHyphenRun = 0
    }

    /// libhyphen's hyphenator for the layout engine (ReaderApp makes the same adapter).
    final class Patterns: WordHyphenating {
        let hyphenator: Hyphenator
        init(_ hyphenator: Hyphenator) { self.hyphenator = hyphenator }
        func points(in word: UnsafeBufferPointer<UInt8>, into points: inout [Int]) { hyphenator.points(in: word, into: &points) }
    }

    /// The hyphenation for a book in its language, if there are patterns for it.
    static func hyphenation(for book: TextContent) -> HyphenationSetting? {
        let tag = book.metadata.language.isEmpty ? "en" : book.metadata.language
        guard let h = Hyphenation.hyphenator(for: tag) else { return nil }
        return HyphenationSetting(language: tag, patterns: h.name, hyphenator: Patterns(h))
    }

    static func run(paths: [String], widths: [Int]) {
        let books = paths.compactMap { path -> TextContent? in
            do { return try BookLoader.load(path: path) } catch { print("\(path): \(error)"); return nil }
        }
        if ProcessInfo.processInfo.environment["BENCH_ONLY_HYPHENATED"] != nil {
            // For profiling: total fit with hyphenation at width 60, five times.
            for _ in 0..<5 {
                for book in books {
                    var o = LayoutOptions(width: 60, wrap: .optimal)
                    o.hyphenation = hyphenation(for: book)
                    _ = TextLayout.layout(book, range: book.fullRange, options: o).count
                }
            }
            return
        }
        print("books: \(books.map { "\($0.metadata.title) (\($0.metadata.language), patterns: \(hyphenation(for: $0)?.patterns ?? "none"))" }.joined(separator: "; "))")
        print(String(format: "ICU's line-break iterator over the same blocks (break only): %.3f s", icuSeconds(books)))
        print("width  wrap          raggedness  lines   ≥3-cell gaps (justified)  hyphenated lines  most in a row  layout s   ratio to greedy")
        for width in widths {
            let greedy = measure(books, LayoutOptions(width: width, justify: true), hyphenate: false)
            let optimal = measure(books, LayoutOptions(width: width, justify: true, wrap: .optimal), hyphenate: false)
            let hyphenated = measure(books, LayoutOptions(width: width, justify: true, wrap: .optimal), hyphenate: true)
            for (name, f) in [("greedy", greedy), ("optimal", optimal), ("optimal+hyph", hyphenated)] {
                print(String(format: "%5d  %-12@  %10d  %6d  %8d (%5.2f %%)  %7d (1 in %4.1f)  %13d  %8.3f   %.2f", width, name as NSString,
                             f.ragged, f.lines, f.wideGapLines, 100 * Double(f.wideGapLines) / Double(max(1, f.lines)),
                             f.hyphenated, Double(f.lines) / Double(max(1, f.hyphenated)), f.longestHyphenRun, f.seconds,
                             Double(f.ragged) / Double(max(1, greedy.ragged))))
            }
        }
    }

    /// Best of three: ICU's break iterator over every block of the books.
    static func icuSeconds(_ books: [TextContent]) -> Double {
        var best = Double.infinity
        for _ in 0..<3 {
            let start = Date()
            let bi = icu_bench_open()
            for book in books {
                book.bytes.withUnsafeBufferPointer { all in
                    all.baseAddress!.withMemoryRebound(to: CChar.self, capacity: all.count) { base in
                        for block in book.blocks {
                            _ = icu_bench_count_breaks(bi, base + block.range.lowerBound.rawValue, Int64(block.range.count))
                        }
                    }
                }
            }
            icu_bench_close(bi)
            best = min(best, Date().timeIntervalSince(start))
        }
        return best
    }

    static func measure(_ books: [TextContent], _ base: LayoutOptions, hyphenate: Bool) -> Figures {
        var f = Figures()
        for book in books {
            var options = base
            if hyphenate { options.hyphenation = hyphenation(for: book) }
            let start = Date()
            let lines = TextLayout.layout(book, range: book.fullRange, options: options)
            f.seconds += Date().timeIntervalSince(start)
            var run = 0
            for i in 0..<lines.count {
                let line = lines[i]
                run = line.flags.contains(.hyphen) ? run + 1 : 0
                f.longestHyphenRun = max(f.longestHyphenRun, run)
                guard kinds.contains(line.kind), !line.flags.contains(.blank), !line.flags.contains(.blockEnd),
                      !line.flags.contains(.hardBreak), !line.flags.contains(.emergencyBreak) else { continue }
                let slack = options.width - line.indent - line.width
                f.ragged += slack * slack
                f.lines += 1
                if line.flags.contains(.hyphen) { f.hyphenated += 1 }
                if widestGap(line, in: book, options: options) >= 3 { f.wideGapLines += 1 }
            }
        }
        return f
    }

    /// The widest run of blank cells between two visible clusters of a placed line.
    static func widestGap(_ line: Line, in book: TextContent, options: LayoutOptions) -> Int {
        var widest = 0
        var lastEnd: Int?
        var clusters: [(Int, Int)] = []
        TextLayout.forEachLogicalCluster(of: line, in: book, options: options) { c in
            if !c.isBlank && c.width > 0 { clusters.append((c.column, c.width)) }
        }
        for (column, width) in clusters {
            if let e = lastEnd { widest = max(widest, column - e) }
            lastEnd = column + width
        }
        return widest
    }
}
