import ReaderState
import TestSupport
import XCTest

/// Highlights found again after the book's text changed: by offsets, by the quote and
/// its context, and fuzzily when the quote itself was edited.
final class HighlightAnchoringTests: XCTestCase {
    static let words = """
        the of and to a in that it was he his with as for had you not be her on at by which have or
        from this him but all she they were my are me one their so an said them we who would been will
        no when there if more out up into do any your what has man could other than our some very time
        upon about may its only now like little then can should made did us such great before must two
        these see know over much down after first good men own never most old shall day where those came
        come himself way work life without go make well through being long say might how am too even
        whale ship sea captain ahab ishmael queequeg boat harpoon deck water white voyage sailor
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)

    /// A generated book: sentences of common words, paragraphs on lines.
    static func book(_ random: inout SplitMix64, bytes: Int) -> [UInt8] {
        var text = ""
        while text.utf8.count < bytes {
            for s in 0..<(3 + random.below(5)) {
                var sentence = (0..<(6 + random.below(14))).map { _ in words[random.below(words.count)] }.joined(separator: " ")
                sentence = sentence.prefix(1).uppercased() + sentence.dropFirst() + "."
                text += (s == 0 ? "" : " ") + sentence
            }
            text += "\n"
        }
        return Array(text.utf8)
    }

    static func stored(_ range: Range<Int>, in text: [UInt8], id: Int) -> StoredHighlight {
        let context = StoredHighlight.contextLength
        let string = { (r: Range<Int>) in String(decoding: text[r], as: UTF8.self) }
        return StoredHighlight(id: String(id), start: range.lowerBound, end: range.upperBound, chapter: 0, color: "yellow",
                               note: nil, quote: string(range), created: 0, updated: 0,
                               before: string(max(0, range.lowerBound - context)..<range.lowerBound),
                               after: string(range.upperBound..<min(text.count, range.upperBound + context)))
    }

    /// Word-aligned ranges of 3–15 words.
    static func highlights(_ random: inout SplitMix64, in text: [UInt8], count: Int) -> [Range<Int>] {
        let spaces = text.indices.filter { text[$0] == 0x20 }
        return (0..<count).map { _ in
            let first = random.below(spaces.count - 20)
            let last = first + 3 + random.below(13)
            return (spaces[first] + 1)..<spaces[last]
        }
    }

    func locate(_ h: StoredHighlight, in text: [UInt8], scale: Double = 1) -> Range<Int>? {
        text.withUnsafeBufferPointer { HighlightAnchoring.locate(h, in: $0, scale: scale) }
    }

    /// The measure of issue #21: the text edited in 200 random places around 100
    /// highlights (five generated books) (inserted words, deleted and replaced bytes, inside quotes too); each
    /// highlight must be found on the text its range became (≥ 90 % overlap both ways),
    /// for ≥ 99 % of them.
    func testHighlightsAreFoundAgainAfter200EditsAroundThem() {
        var found = 0, total = 0
        for seed in Array(1...5) as [UInt64] {
            var random = SplitMix64(seed: seed)
            var text = Self.book(&random, bytes: 120_000)
            let ranges = Self.highlights(&random, in: text, count: 100)
            let stored = ranges.enumerated().map { Self.stored($1, in: text, id: $0) }
            let oldCount = text.count
            var truth = ranges
            for _ in 0..<200 { TextEdit.random(&random, around: truth).apply(to: &text, ranges: &truth) }
            for (h, expected) in zip(stored, truth) {
                total += 1
                guard let got = locate(h, in: text, scale: Double(text.count) / Double(oldCount)) else { continue }
                let overlap = max(0, min(got.upperBound, expected.upperBound) - max(got.lowerBound, expected.lowerBound))
                if Double(overlap) >= 0.9 * Double(max(got.count, expected.count)) { found += 1 }
            }
        }
        let rate = Double(found) / Double(total)
        print("re-anchored after 200 edits: \(found)/\(total) = \(String(format: "%.1f", rate * 100)) %")
        XCTAssertGreaterThanOrEqual(rate, 0.99)
    }

    func testAnUnchangedQuoteAtItsOffsetsIsTakenAsItIs() {
        let text = Array("Call me Ishmael. Some years ago.".utf8)
        let h = Self.stored(8..<15, in: text, id: 1)
        XCTAssertEqual(locate(h, in: text), 8..<15)
    }

    func testARepeatedQuoteIsTheOneWithTheSavedContext() {
        let first = "He said yes to the sea. Later she said ", quote = "yes to the", rest = " captain, and left."
        let old = Array((first + quote + rest).utf8)
        let h = Self.stored(first.utf8.count..<(first.utf8.count + quote.utf8.count), in: old, id: 1)
        // Text inserted in front moves both occurrences; the saved context picks the second.
        let opening = "A new opening line. "
        let new = Array((opening + first + quote + rest).utf8)
        let start = opening.utf8.count + first.utf8.count
        XCTAssertEqual(locate(h, in: new), start..<(start + quote.utf8.count))
    }

    func testAnEditedQuoteIsFoundFuzzily() {
        let old = Array("It was the best of times, it was the worst of times, it was the age of wisdom, it was the age of foolishness.".utf8)
        let h = Self.stored(26..<51, in: old, id: 1)   // "it was the worst of times"
        let edited = Array("It was the best of times, it was the very worst of times, it was the age of wisdom, it was the age of foolishness.".utf8)
        let got = locate(h, in: edited)
        XCTAssertEqual(got.map { String(decoding: edited[$0], as: UTF8.self) }, "it was the very worst of times")
    }

    func testAQuoteThatIsGoneIsNotFound() {
        var random = SplitMix64(seed: 9)
        let old = Self.book(&random, bytes: 4_000)
        let h = StoredHighlight(id: "x", start: 100, end: 140, chapter: 0, color: "yellow", note: nil,
                                quote: "Zyzzyva quokka xylophone jabberwocky vorpal", created: 0, updated: 0,
                                before: "the unseen words of another book entirely here ", after: " and then more of the same")
        XCTAssertNil(locate(h, in: old))
    }

    func testAbsurdOffsetsAndScalesAreNoError() {
        let text = Array("Some words here, and some more words there.".utf8)
        for (start, end) in [(Int.max - 1, Int.max), (-50, -40), (30, 2), (0, 1_000_000)] {
            for scale in [1, 0, -3, .nan, .infinity, 1e300] as [Double] {
                let h = StoredHighlight(id: "x", start: start, end: end, chapter: -1, color: "", note: nil, quote: "more words",
                                        created: 0, updated: 0, before: "and some ", after: " there")
                XCTAssertEqual(locate(h, in: text, scale: scale), 26..<36, "start \(start), scale \(scale)")
            }
        }
        let empty = StoredHighlight(id: "x", start: 0, end: 0, chapter: 0, color: "", note: nil, quote: "", created: 0, updated: 0)
        XCTAssertNil(locate(empty, in: text))
        XCTAssertNil(locate(empty, in: []))
    }

    func testOldStatesWithoutContextStillUseTheQuote() {
        let text = Array("One two three. Four five six. One two three again.".utf8)
        let h = StoredHighlight(id: "x", start: 40, end: 53, chapter: 0, color: "yellow", note: nil,
                                quote: "One two three", created: 0, updated: 0)
        XCTAssertEqual(locate(h, in: text), 30..<43)   // the occurrence nearest the old place
    }
}

/// One edit of a text, and what it does to ranges in it.
struct TextEdit {
    enum Kind { case insert([UInt8]), delete(Int), replace(UInt8) }
    let at: Int
    let kind: Kind

    /// An edit within 150 bytes of one of `ranges` (inside it as often as not).
    static func random(_ random: inout SplitMix64, around ranges: [Range<Int>]) -> TextEdit {
        let r = ranges[random.below(ranges.count)]
        let at = max(0, r.lowerBound - 150 + random.below(r.count + 300))
        switch random.below(3) {
        case 0: return TextEdit(at: at, kind: .insert(Array((HighlightAnchoringTests.words[random.below(40)] + " ").utf8)))
        case 1: return TextEdit(at: at, kind: .delete(1 + random.below(3)))
        default: return TextEdit(at: at, kind: .replace(UInt8(ascii: "a") + UInt8(random.below(26))))
        }
    }

    func apply(to text: inout [UInt8], ranges: inout [Range<Int>]) {
        guard at < text.count else { return }
        switch kind {
        case .insert(let bytes):
            text.insert(contentsOf: bytes, at: at)
            ranges = ranges.map { r in
                let lo = at <= r.lowerBound ? r.lowerBound + bytes.count : r.lowerBound
                let hi = at < r.upperBound ? r.upperBound + bytes.count : r.upperBound
                return lo..<hi
            }
        case .delete(let n):
            let end = min(text.count, at + n)
            text.removeSubrange(at..<end)
            let map = { (x: Int) in x <= at ? x : (x >= end ? x - (end - at) : at) }
            ranges = ranges.map { map($0.lowerBound)..<max(map($0.lowerBound), map($0.upperBound)) }
        case .replace(let byte):
            text[at] = byte
        }
    }
}
