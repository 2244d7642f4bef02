import XCTest
import TextContent
@testable import TextLayout

/// Checks shared by the analysis tests: the analysed paths give exactly the lines of
/// `TextLayout.layout` (the lazy fitter, as before the analysis existed).
enum LayoutIdentity {
    /// The option variants every identity test runs at each width.
    static func variants(width: Int) -> [(String, LayoutOptions)] {
        [("default", LayoutOptions(width: width)),
         ("compact", LayoutOptions(width: width, paragraphSpacing: false)),
         ("indent 2", LayoutOptions(width: width, firstLineIndent: 2)),
         ("normal", LayoutOptions(width: width, lineBreakStyle: .normal)),
         ("loose", LayoutOptions(width: width, lineBreakStyle: .loose)),
         ("justify", LayoutOptions(width: width, justify: true)),
         ("tab 3", LayoutOptions(width: width, tabWidth: 3))]
    }

    /// Compares the three paths for `range` at every width of `widths`, in that order, with
    /// one cache per line-break style (so from the second width on, the cached path re-fits
    /// the analyses the first width made) and one `analyze` re-fitted at every width.
    /// Returns the number of mismatches (each reported with `context`).
    @discardableResult
    static func check(_ content: TextContent, range: ByteRange, widths: [Int], context: String,
                      file: StaticString = #filePath, line: UInt = #line) -> Int {
        var mismatches = 0
        var caches: [LineBreakStyle: LayoutAnalysisCache] = [:]
        var analyses: [LineBreakStyle: LayoutAnalysis] = [:]
        for width in widths {
            for (name, options) in variants(width: width) {
                let style = options.lineBreakStyle
                let cache = caches[style] ?? LayoutAnalysisCache()
                caches[style] = cache
                let analysis = analyses[style] ?? TextLayout.analyze(content, range: range, lineBreakStyle: style)
                analyses[style] = analysis
                let reference = TextLayout.layout(content, range: range, options: options)
                let cached = TextLayout.layout(content, range: range, options: options, analyses: cache)
                let fitted = TextLayout.fit(analysis, in: content, options: options)
                for (path, lines) in [("cache", cached), ("analyze+fit", fitted)] where lines != reference {
                    mismatches += 1
                    XCTFail("\(context) \(range) width \(width) \(name) \(path): \(firstDifference(reference, lines, content))",
                            file: file, line: line)
                }
            }
        }
        return mismatches
    }

    /// The first line where two collections differ, for the failure message.
    static func firstDifference(_ a: LineCollection, _ b: LineCollection, _ content: TextContent) -> String {
        for i in 0..<min(a.count, b.count) where a[i] != b[i] {
            return "line \(i): \(a[i]) vs \(b[i]) \(content.string(in: a[i].range).debugDescription)"
        }
        return "line counts \(a.count) vs \(b.count)"
    }
}
