import XCTest
import TextContent
@testable import TextLayout
import TestSupport

/// Total-fit line breaking: it never makes a line wider than the column, breaks only at
/// the break opportunities (kinsoku included), covers the text exactly, finds the least
/// demerits on paragraphs small enough to search by brute force, and is the same through
/// every layout path.
final class OptimalFitterTests: XCTestCase {
    func optimal(_ width: Int, indent: Int = 0) -> LayoutOptions {
        LayoutOptions(width: width, firstLineIndent: indent, wrap: .optimal)
    }

    func content(_ paragraphs: [String], kind: BlockKind = .paragraph) -> TextContent {
        var b = TextContentBuilder(metadata: BookMetadata(title: "t", format: .txt))
        for p in paragraphs { b.beginBlock(kind); b.append(p); b.endBlock() }
        return b.finish()
    }

    /// The segment ends of each block (its break opportunities), as absolute offsets.
    func opportunities(_ content: TextContent) -> Set<Int> {
        var ends: Set<Int> = []
        var analyzer = BlockAnalyzer()
        TextLayout.forEachSlice(content, range: content.fullRange) { block, slice, text in
            let a = analyzer.analyze(text, block: block, range: slice, style: .strict)
            a.data.withUnsafeBufferPointer { data in
                let seg = SegmentFitter.Segments(UnsafeBufferPointer(rebasing: data[0..<(3 * a.segmentCount)]))
                for i in 0..<seg.count { ends.insert(slice.lowerBound.rawValue + seg.end(i)) }
            }
            if a.usesExactFitter { ends.insert(-1) }   // (marks a slice fitted greedily)
        }
        return ends
    }

    /// Lines wider than `width` (the engine lets a cluster or an unbreakable run wider than a
    /// very narrow column stand out, and counts a space before a zero-width break).
    func overWidth(_ lines: LineCollection, _ width: Int) -> Int {
        lines.lines.filter { $0.indent + $0.width > width && !$0.flags.contains(.emergencyBreak) }.count
    }

    func testRandomTextFitsCoversAndBreaksOnlyAtOpportunities() {
        var checked = 0
        for seed in UInt64(1)...150 {
            var rng = SplitMix64(seed: seed)
            let paragraphs = (0..<(rng.below(3) + 1)).map { _ in SegmentFitterTests.randomText(&rng, words: rng.below(80) + 1) }
            let text = content(paragraphs)
            let ends = opportunities(text)
            for width in [1, 3, 8, 20, 37, 60, 80] {
                let o = optimal(width, indent: seed % 3 == 0 ? 2 : 0)
                var g = o
                g.wrap = .greedy
                let lines = TextLayout.layout(text, range: text.fullRange, options: o)
                XCTAssertLessThanOrEqual(overWidth(lines, width), overWidth(TextLayout.layout(text, range: text.fullRange, options: g), width),
                                         "seed \(seed) width \(width): more lines over the width than first fit")
                var previousEnd: Int?
                var afterEmergency = false
                for line in lines.lines where !line.flags.contains(.blank) {
                    if line.indent + line.width > width, !line.flags.contains(.emergencyBreak) {
                        let s = text.string(in: line.range)
                        XCTAssertFalse(s.allSatisfy { $0.isASCII && ($0.isLetter || $0 == " ") } && s.contains(" "),
                                       "seed \(seed) width \(width): plain words over the width: \(s.debugDescription)")
                    }
                    if let previousEnd, !line.flags.contains(.blockStart) {
                        XCTAssertEqual(line.start.rawValue, previousEnd, "seed \(seed): lines do not follow each other")
                    }
                    let end = line.range.upperBound.rawValue
                    let emergency = line.flags.contains(.emergencyBreak)
                    if width >= 8, !line.flags.contains(.blockEnd), !emergency, !afterEmergency, !ends.contains(-1) {
                        XCTAssertTrue(ends.contains(end), "seed \(seed) width \(width): a break at \(end), not an opportunity")
                    }
                    afterEmergency = emergency
                    previousEnd = end
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 5000)
    }

    func testEveryPathGivesTheSameOptimalLines() {
        for seed in UInt64(200)...260 {
            var rng = SplitMix64(seed: seed)
            let text = content((0..<3).map { _ in SegmentFitterTests.randomText(&rng, words: rng.below(60) + 5) })
            let cache = LayoutAnalysisCache()
            let analysis = TextLayout.analyze(text, range: text.fullRange, lineBreakStyle: .strict)
            for width in [5, 23, 61] {
                let reference = TextLayout.layout(text, range: text.fullRange, options: optimal(width))
                XCTAssertEqual(TextLayout.layout(text, range: text.fullRange, options: optimal(width), analyses: cache), reference)
                XCTAssertEqual(TextLayout.fit(analysis, in: text, options: optimal(width)), reference)
            }
        }
    }

    // MARK: Brute force

    /// The demerits of a set of lines (widths, room), computed again from the rules
    /// documented on `Demerits`.
    static func demerits(_ widths: [(width: Int, segments: Int)], first: Int, rest: Int) -> Int {
        var total = 0
        var previousClass: Int?
        for (i, line) in widths.enumerated() {
            let available = i == 0 ? first : rest
            if i == widths.count - 1 {
                if i > 0 && line.segments <= 2 && line.width <= min(Demerits.runtWidth, available / 6) { total += Demerits.runtPenalty }
                break
            }
            let slack = available - line.width
            let c = Demerits.fitness(slack: slack, available: available)
            total += (1 + slack) * (1 + slack)
            if let p = previousClass, abs(p - c) > 1 { total += Demerits.adjacentPenalty }
            previousClass = c
        }
        return total
    }

    /// The least demerits over every way to break `words` (each one segment: the word and
    /// one space) into lines of at most `width` cells — among the ways whose lines (but the
    /// last) leave at most the first pass's slack, when there are any, as `Demerits` does.
    static func bruteForce(_ words: [Int], width: Int, indent: Int) -> Int {
        if let even = evenFirstFit(words, width: width, indent: indent) { return demerits(even, first: width - indent, rest: width) }
        let n = words.count
        // Short pieces (CJK-like: at most 3 cells each on average) get a tighter first pass.
        let loose = words.reduce(0, +) + n - 1 <= 3 * n ? 4 : max(4, width / 10)
        var best = Int.max, bestTight = Int.max
        for mask in 0..<(1 << (n - 1)) {   // bit i: a line ends after word i
            var lines: [(width: Int, segments: Int)] = []
            var start = 0
            var ok = true
            var tight = true
            for i in 0..<n where i == n - 1 || mask & (1 << i) != 0 {
                let w = words[start...i].reduce(0, +) + (i - start)
                let room = lines.isEmpty ? width - indent : width
                if w > room { ok = false; break }
                if i != n - 1 && room - w > loose { tight = false }
                lines.append((w, i - start + 1))
                start = i + 1
            }
            guard ok else { continue }
            let d = demerits(lines, first: width - indent, rest: width)
            best = min(best, d)
            if tight { bestTight = min(bestTight, d) }
        }
        return bestTight != .max ? bestTight : best
    }

    /// First fit's lines when each but the last leaves at most one cell and the last is no
    /// runt (the fitter keeps those: see `Demerits.firstFitIfEven`).
    static func evenFirstFit(_ words: [Int], width: Int, indent: Int) -> [(width: Int, segments: Int)]? {
        var lines: [(width: Int, segments: Int)] = []
        var current = (width: 0, segments: 0)
        let total = words.reduce(0, +) + words.count - 1
        let even = total <= 3 * words.count ? 2 : 1
        for w in words {
            let room = lines.isEmpty ? width - indent : width
            let grown = current.segments == 0 ? w : current.width + 1 + w
            if grown > room {
                if room - current.width > even { return nil }
                lines.append(current)
                current = (w, 1)
            } else {
                current = (grown, current.segments + 1)
            }
        }
        if !lines.isEmpty && current.segments <= 2 && current.width <= min(Demerits.runtWidth, width / 6) { return nil }
        return lines + [current]
    }

    func testTheChosenBreaksHaveTheLeastDemeritsOfAllFeasibleSets() {
        var rng = SplitMix64(seed: 77)
        var compared = 0
        for _ in 0..<300 {
            let words = (0..<(rng.below(11) + 2)).map { _ in rng.below(9) + 1 }
            let width = rng.below(25) + 9, indent = rng.below(3)
            guard words.allSatisfy({ $0 <= width - indent }) else { continue }
            let text = words.enumerated().map { i, w in String(repeating: Character(UnicodeScalar(UInt8(97 + i % 26))), count: w) }
                .joined(separator: " ")
            let lines = TextLayout.layout(content([text]), range: ByteRange(0, text.utf8.count), options: optimal(width, indent: indent))
            let chosen = lines.lines.map { line in
                (line.width, content([text]).string(in: line.range).split(separator: " ").count)
            }
            XCTAssertEqual(Self.demerits(chosen, first: width - indent, rest: width), Self.bruteForce(words, width: width, indent: indent),
                           "words \(words) width \(width) indent \(indent)")
            compared += 1
        }
        XCTAssertGreaterThan(compared, 200)
    }

    // MARK: Behaviour

    /// The fitness classes, compared rather than divided, are the tenths of the room left
    /// (`10 * slack / available`) under 1, 2, 4 or more.
    func testFitnessClassesAreTenthsOfTheRoomLeft() {
        for available in 0...200 {
            for slack in -3...(available + 3) {
                let tenths = 10 * slack / max(1, available)
                let expected = tenths < 1 ? 0 : tenths < 2 ? 1 : tenths < 4 ? 2 : 3
                XCTAssertEqual(Demerits.fitness(slack: slack, available: available), expected, "\(slack) of \(available)")
            }
        }
    }

    func testOptimalIsMoreEvenThanGreedy() {
        let text = content(["The quick brown fox jumps over the lazy dog while a wonderfully verbose narrator describes at length every extraordinary circumstance of the afternoon, including the weather, the light, the exact shade of the fox's coat and the dog's remarkable indifference to all of it."])
        func ragged(_ o: LayoutOptions) -> Int {
            let lines = TextLayout.layout(text, range: text.fullRange, options: o).lines
            return lines.dropLast().map { (o.width - $0.width) * (o.width - $0.width) }.reduce(0, +)
        }
        for width in [30, 40, 50] {
            XCTAssertLessThan(ragged(optimal(width)), ragged(LayoutOptions(width: width)), "width \(width)")
        }
    }

    func testKinsokuStaysAHardRuleInCJKAndMixedText() {
        let text = content(["吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。Swift と「日本語」の混在、テスト。"])
        for width in 6...30 {
            for line in TextLayout.layout(text, range: text.fullRange, options: optimal(width)).lines {
                let s = text.string(in: line.range)
                XCTAssertFalse(["。", "、", "」", "ー", "ャ"].contains { s.hasPrefix($0) }, "width \(width): a line starts with \(s.prefix(1))")
                XCTAssertFalse(s.hasSuffix("「"), "width \(width): a line ends with an opening bracket")
                XCTAssertLessThanOrEqual(line.width, width)
            }
        }
    }

    func testAWordWiderThanTheColumnSetsItsParagraphGreedily() {
        let text = content(["short words then " + String(repeating: "x", count: 50) + " and more short words after it"])
        let greedy = TextLayout.layout(text, range: text.fullRange, options: LayoutOptions(width: 20))
        XCTAssertEqual(TextLayout.layout(text, range: text.fullRange, options: optimal(20)).lines, greedy.lines)
    }

    func testAHugeParagraphOfZeroWidthSegmentsStaysBounded() {
        // 200 000 zero-width spaces: every one an opportunity, none with a cell.
        let text = content(["a" + String(repeating: "\u{200B}b", count: 100_000)])
        let lines = TextLayout.layout(text, range: text.fullRange, options: optimal(40))
        XCTAssertEqual(lines.lines.reduce(0) { $0 + $1.length }, text.bytes.count)
    }
}

/// `--justify` spreads a line's extra cells evenly over its gaps, from the left on one
/// line and from the right on the next, and never on a paragraph's last line.
final class JustificationTests: XCTestCase {
    func testTheExtraCellsAddUpAndSpreadEvenly() {
        for gaps in 1...12 {
            for extra in 0...30 {
                for mirrored in [false, true] {
                    let given = (0..<gaps).map { TextLayout.justifiedExtra(gap: $0, of: gaps, extra: extra, mirrored: mirrored) }
                    XCTAssertEqual(given.reduce(0, +), extra, "gaps \(gaps) extra \(extra)")
                    XCTAssertLessThanOrEqual(given.max()! - given.min()!, 1, "no gap more than one cell wider than another")
                    // The wider gaps are spread: never two next to each other when fewer than half are wider.
                    let wider = given.indices.filter { given[$0] > extra / gaps }
                    if wider.count * 2 <= gaps {
                        XCTAssertFalse(zip(wider, wider.dropFirst()).contains { $1 == $0 + 1 }, "gaps \(gaps) extra \(extra): \(given)")
                    }
                }
                let left = (0..<gaps).map { TextLayout.justifiedExtra(gap: $0, of: gaps, extra: extra, mirrored: false) }
                let right = (0..<gaps).map { TextLayout.justifiedExtra(gap: $0, of: gaps, extra: extra, mirrored: true) }
                XCTAssertEqual(left, right.reversed(), "mirrored lines take the pattern from the right")
            }
        }
    }

    func testAJustifiedParagraphHasNoColumnOfWideGapsAndAnUnjustifiedLastLine() {
        var b = TextContentBuilder(metadata: BookMetadata(title: "t", format: .txt))
        b.beginBlock(.paragraph)
        b.append("Call me Ishmael. Some years ago, never mind how long precisely, having little or no money in my purse, and nothing particular to interest me on shore, I thought I would sail about a little and see the watery part of the world.")
        let content = b.finish()
        let options = LayoutOptions(width: 50, justify: true)
        let lines = TextLayout.layout(content, range: content.fullRange, options: options).lines
        var firstGapWidths: [Int] = []
        for line in lines {
            var clusters: [PlacedCluster] = []
            TextLayout.forEachLogicalCluster(of: line, in: content, options: options) { if !$0.isBlank { clusters.append($0) } }
            let right = clusters.last.map { $0.column + $0.width } ?? 0
            if line.flags.contains(.blockEnd) {
                XCTAssertLessThan(right, 50, "the last line is not stretched")
            } else {
                XCTAssertEqual(right, 50, "a justified line reaches the right edge")
                let gap = zip(clusters, clusters.dropFirst()).first { $1.column > $0.column + $0.width }.map { $1.column - $0.column - $0.width }
                firstGapWidths.append(gap ?? 0)
            }
        }
        XCTAssertGreaterThan(lines.count, 3)
        XCTAssertFalse(firstGapWidths.count > 2 && Set(firstGapWidths).count == 1 && firstGapWidths[0] > 1,
                       "every line's first gap is wide: a column of double gaps (\(firstGapWidths))")
    }
}
