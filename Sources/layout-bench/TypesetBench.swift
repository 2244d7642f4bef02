import BookFormats
import Foundation
import TextContent
import TextLayout

/// `layout-bench --typeset BOOK...`: how evenly paragraphs are set, first fit against
/// total fit, over every paragraph of the books (EPUB or TXT, opened with `BookLoader`)
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
    }

    static func run(paths: [String], widths: [Int]) {
        let books = paths.compactMap { path -> TextContent? in
            do { return try BookLoader.load(path: path) } catch { print("\(path): \(error)"); return nil }
        }
        print("books: \(books.map { $0.metadata.title }.joined(separator: "; "))")
        print("width  wrap      raggedness  lines   ≥3-cell gaps (justified)  layout s   ratio to greedy")
        for width in widths {
            let greedy = measure(books, LayoutOptions(width: width, justify: true))
            let optimal = measure(books, LayoutOptions(width: width, justify: true, wrap: .optimal))
            for (name, f) in [("greedy", greedy), ("optimal", optimal)] {
                print(String(format: "%5d  %-8@  %10d  %6d  %8d (%5.2f %%)  %10.3f   %.2f", width, name as NSString, f.ragged, f.lines,
                             f.wideGapLines, 100 * Double(f.wideGapLines) / Double(max(1, f.lines)), f.seconds,
                             Double(f.ragged) / Double(max(1, greedy.ragged))))
            }
        }
    }

    static func measure(_ books: [TextContent], _ options: LayoutOptions) -> Figures {
        var f = Figures()
        for book in books {
            let start = Date()
            let lines = TextLayout.layout(book, range: book.fullRange, options: options)
            f.seconds += Date().timeIntervalSince(start)
            for i in 0..<lines.count {
                let line = lines[i]
                guard kinds.contains(line.kind), !line.flags.contains(.blank), !line.flags.contains(.blockEnd),
                      !line.flags.contains(.hardBreak), !line.flags.contains(.emergencyBreak) else { continue }
                let slack = options.width - line.indent - line.width
                f.ragged += slack * slack
                f.lines += 1
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
