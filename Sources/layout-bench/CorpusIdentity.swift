import BookFormats
import Foundation
import TextContent
import TextLayout

/// `layout-bench --identity BOOK...`: every chapter of every book (any format, opened
/// with `BookLoader` as the reader opens them) laid out at widths 20, 37, 80 and 132 with
/// each option variant (first fit, and total fit with and without hyphenation in the
/// book's language), both ways — `TextLayout.layout`, and through a
/// `LayoutAnalysisCache` kept across the widths (so widths after the first re-fit cached
/// analyses) — and compared line for line. Prints the chapters compared and the
/// mismatches (which must be 0); exits 1 on a mismatch.
enum CorpusIdentity {
    static let widths = [20, 37, 80, 132]

    static func variants(width: Int, hyphenation: HyphenationSetting?) -> [LayoutOptions] {
        var hyphenated = LayoutOptions(width: width, wrap: .optimal)
        hyphenated.hyphenation = hyphenation
        return [LayoutOptions(width: width), LayoutOptions(width: width, paragraphSpacing: false),
                LayoutOptions(width: width, firstLineIndent: 2), LayoutOptions(width: width, lineBreakStyle: .normal),
                LayoutOptions(width: width, lineBreakStyle: .loose), LayoutOptions(width: width, justify: true),
                LayoutOptions(width: width, wrap: .optimal), LayoutOptions(width: width, firstLineIndent: 2, wrap: .optimal)]
            + (hyphenation == nil ? [] : [hyphenated])
    }

    static func run(paths: [String]) {
        var books = 0, chapters = 0, layouts = 0, mismatches = 0, exactBlocks = 0, blocks = 0
        for path in paths {
            let content: TextContent
            do { content = try BookLoader.load(path: path, options: BookLoadOptions(threads: 1)) } catch {
                print("\(path): \(error)"); continue
            }
            books += 1
            var bookMismatches = 0
            let whole = TextLayout.analyze(content, range: content.fullRange, lineBreakStyle: .strict)
            var segments = 0
            for analysis in whole.blocks {
                blocks += 1
                segments += analysis.segmentCount
                if analysis.usesExactFitter { exactBlocks += 1 }
            }
            let caches = Dictionary(uniqueKeysWithValues: LineBreakStyle.allCases.map { ($0, LayoutAnalysisCache()) })
            for chapter in content.chapters {
                chapters += 1
                for width in widths {
                    for options in variants(width: width, hyphenation: TypesetBench.hyphenation(for: content)) {
                        layouts += 1
                        let reference = TextLayout.layout(content, range: chapter.range, options: options)
                        let cached = TextLayout.layout(content, range: chapter.range, options: options,
                                                       analyses: caches[options.lineBreakStyle]!)
                        if cached != reference {
                            bookMismatches += 1
                            print("MISMATCH \(path) chapter \(chapter.range) width \(width) \(options)")
                        }
                    }
                }
            }
            mismatches += bookMismatches
            print(String(format: "%@: %d chapters, %d mismatches; analysis of the whole text: %d slices, %d segments, %.2f MB (text %.2f MB)",
                         (path as NSString).lastPathComponent, content.chapters.count, bookMismatches, whole.blocks.count,
                         segments, Double(whole.byteCount) / 1e6, Double(content.bytes.count) / 1e6))
        }
        print("books \(books), chapters \(chapters), layouts compared \(layouts) (×2 paths), mismatches \(mismatches); "
              + "block slices fitted exactly (tabs, breaks inside clusters): \(exactBlocks) of \(blocks)")
        if mismatches > 0 { exit(1) }
    }
}
