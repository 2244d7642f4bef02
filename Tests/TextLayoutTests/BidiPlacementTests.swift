import XCTest
import TextContent
@testable import TextLayout
import TestSupport

/// `TextLayout.forEachCluster`: lines in visual order, right-to-left paragraphs aligned
/// right, mirroring, Arabic shaping, and the directions from options, block and book.
final class BidiPlacementTests: XCTestCase {
    func content(_ paragraphs: [String], directions: [TextDirection]? = nil, book: TextDirection = .unspecified) -> TextContent {
        var b = TextContentBuilder(metadata: BookMetadata(title: "t", format: .txt, direction: book))
        for (i, p) in paragraphs.enumerated() {
            b.beginBlock(.paragraph, direction: directions?[i] ?? .unspecified)
            b.append(p)
            b.endBlock()
        }
        return b.finish()
    }

    /// Each line drawn as a string of `width` cells (blanks for spaces and gaps).
    func screen(_ c: TextContent, _ options: LayoutOptions, logical: Bool = false,
                paragraphs: BidiParagraphCache? = nil) -> [String] {
        let lines = TextLayout.layout(c, range: c.fullRange, options: options)
        return lines.lines.filter { !$0.flags.contains(.blank) }.map { line in
            var cells = [String](repeating: " ", count: options.width)
            func draw(_ cluster: PlacedCluster) {
                guard cluster.width > 0 else { return }
                cells[cluster.column] = cluster.isBlank ? " " : (cluster.text ?? c.string(in: cluster.range))
                for k in 1..<max(1, cluster.width) { cells[cluster.column + k] = "" }
            }
            if logical {
                TextLayout.forEachLogicalCluster(of: line, in: c, options: options, draw)
            } else {
                TextLayout.forEachCluster(of: line, in: c, options: options, paragraphs: paragraphs, draw)
            }
            return cells.joined()
        }
    }

    func testParagraphCacheAnalysesEachParagraphOnceAndChangesNothing() {
        let c = content(["אבג דהו זחט יכל מנס עפצ קרש תאב", "Plain “quoted” English — with a dash and more words", "שנת 1984 עם iPhone (חדש) ועוד"])
        let options = LayoutOptions(width: 9)
        let cache = BidiParagraphCache()
        XCTAssertEqual(screen(c, options, paragraphs: cache), screen(c, options))
        XCTAssertEqual(cache.analyses, 3, "one analysis a paragraph, not one a line")
        XCTAssertEqual(screen(c, options, paragraphs: cache), screen(c, options))
        XCTAssertEqual(cache.analyses, 3, "shown again: no new analysis")
        let forced = LayoutOptions(width: 9, direction: .rightToLeft)
        XCTAssertEqual(screen(c, forced, paragraphs: cache), screen(c, forced))
        XCTAssertEqual(cache.analyses, 6, "another direction is another analysis")
        let small = BidiParagraphCache(capacity: 1)
        XCTAssertEqual(screen(c, options, paragraphs: small), screen(c, options))
        XCTAssertEqual(small.analyses, 3)
    }

    func testHebrewParagraphIsRightAlignedAndReversed() {
        let c = content(["שלום עולם"])
        XCTAssertEqual(screen(c, LayoutOptions(width: 12)), ["   םלוע םולש"])
        XCTAssertEqual(screen(c, LayoutOptions(width: 12), logical: true), ["שלום עולם   "])
    }

    func testLinesBreakInLogicalOrderThenReorder() {
        // Two lines: the first logical words are on the first line, at the right.
        let c = content(["אבג דהו זחט"])
        XCTAssertEqual(screen(c, LayoutOptions(width: 8)), [" והד גבא", "     טחז"])
    }

    func testNumbersAndLatinKeepTheirOrderInsideRightToLeft() {
        let c = content(["שנת 1984 עם iPhone."])
        XCTAssertEqual(screen(c, LayoutOptions(width: 20)), [" .iPhone םע 1984 תנש"])
    }

    func testBracketsAreMirroredInRightToLeftRuns() {
        let c = content(["אב (גד) הו"])
        XCTAssertEqual(screen(c, LayoutOptions(width: 10)), ["וה (דג) בא"])
    }

    func testLeftToRightParagraphUntouched() {
        let c = content(["Hello (world) 42"])
        XCTAssertEqual(screen(c, LayoutOptions(width: 16)), ["Hello (world) 42"])
    }

    func testDirectionOptionOverridesTheText() {
        let c = content(["abc שלום"])
        XCTAssertEqual(screen(c, LayoutOptions(width: 10)), ["abc םולש  "])
        XCTAssertEqual(screen(c, LayoutOptions(width: 10, direction: .rightToLeft)), ["  םולש abc"])
    }

    func testBlockDirectionAndBookDirection() {
        // A block with dir="rtl" is right to left even when its text starts in Latin.
        let c = content(["abc שלום", "abc"], directions: [.rightToLeft, .unspecified])
        XCTAssertEqual(screen(c, LayoutOptions(width: 10)), ["  םולש abc", "abc       "])
        // A paragraph with no strong character follows the book's direction.
        let book = content(["123 ..."], book: .rightToLeft)
        XCTAssertEqual(screen(book, LayoutOptions(width: 10)), ["   ... 123"])
        XCTAssertEqual(screen(content(["123 ..."]), LayoutOptions(width: 10)), ["123 ...   "])
    }

    func testArabicShapingOnAndOff() {
        let c = content(["سلام عليكم"])
        // Off: the letters as stored, in visual order.
        XCTAssertEqual(screen(c, LayoutOptions(width: 12, arabicShaping: false)), ["  مكيلع مالس"])
        // On: presentation forms; the lam-alef ligature takes one cell, so the line is one
        // cell shorter (and still right-aligned).
        XCTAssertEqual(screen(c, LayoutOptions(width: 12, arabicShaping: true)),
                       ["   \u{FEE2}\u{FEDC}\u{FEF4}\u{FEE0}\u{FECB} \u{FEE1}\u{FEFC}\u{FEB3}"])
    }

    func testDisplayOptionsDoNotChangeEqualityOrLines() {
        XCTAssertEqual(LayoutOptions(width: 30, direction: .rightToLeft, arabicShaping: false), LayoutOptions(width: 30))
        XCTAssertEqual(LayoutOptions(width: 30, direction: .rightToLeft).hashValue, LayoutOptions(width: 30).hashValue)
    }

    func testVisualStringForTitles() {
        XCTAssertEqual(TextLayout.visualString("Chapter 1", arabicShaping: false), "Chapter 1")
        XCTAssertEqual(TextLayout.visualString("פרק 1: התחלה", arabicShaping: false), "הלחתה :1 קרפ")
        XCTAssertEqual(TextLayout.visualString("لا", arabicShaping: true), "\u{FEFB}")
    }

    /// Visual placement is a permutation of the logical clusters, without overlaps, inside
    /// the column, on random mixed-script text (shaping off, so widths are unchanged).
    func testVisualPlacementIsAPermutationOfTheLogicalOne() {
        for seed in UInt64(1)...30 {
            var rng = SplitMix64(state: seed)
            let paragraphs = (0..<4).map { _ in LineFittingTests.randomText(&rng, words: Int(rng.next() % 60) + 1) }
            let c = LineFittingTests.content(paragraphs)
            for width in [7, 20, 37, 80] {
                let options = LayoutOptions(width: width, firstLineIndent: width > 10 ? 2 : 0, arabicShaping: false)
                let lines = TextLayout.layout(c, range: c.fullRange, options: options)
                for line in lines.lines where !line.flags.contains(.overwide) {
                    var logical: [PlacedCluster] = [], visual: [PlacedCluster] = []
                    TextLayout.forEachLogicalCluster(of: line, in: c, options: options) { logical.append($0) }
                    TextLayout.forEachCluster(of: line, in: c, options: options) { visual.append($0) }
                    XCTAssertEqual(Set(logical.map(\.range)), Set(visual.map(\.range)), "seed \(seed) width \(width)")
                    XCTAssertEqual(logical.count, visual.count)
                    var end = 0
                    for cluster in visual {
                        XCTAssertGreaterThanOrEqual(cluster.column, end, "seed \(seed) width \(width): overlap")
                        end = cluster.column + cluster.width
                    }
                    XCTAssertLessThanOrEqual(end, max(width, line.indent + line.width), "seed \(seed) width \(width)")
                }
            }
        }
    }
}
