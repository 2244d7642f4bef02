import XCTest
import TextContent
import TextLayout
@testable import ReaderCore

/// Grapheme safety and the rhythm of the page's schedule.
final class RevealPageTests: XCTestCase {
    func book(_ paragraphs: [String]) -> TextContent {
        var b = TextContentBuilder(metadata: BookMetadata(title: "Reveal", format: .txt))
        b.beginChapter(title: "One", source: "@0")
        for p in paragraphs {
            b.beginBlock(.paragraph)
            b.append(p)
        }
        return b.finish()
    }

    func page(_ content: TextContent, width: Int = 60, rhythm: RevealRhythm = .none) -> RevealPage {
        let options = LayoutOptions(width: width)
        let lines = TextLayout.layout(content, range: content.chapters[0].range, options: options).lines
        return RevealPage(lines: lines, content: content, options: options, rhythm: rhythm)
    }

    func clusterTexts(_ p: RevealPage, _ content: TextContent) -> [String] {
        zip(p.starts, p.ends).map { String(decoding: content.bytes[$0.rawValue..<$1.rawValue], as: UTF8.self) }
    }

    /// Every cluster of the page is one whole Swift `Character` (Swift's own UAX #29), for
    /// ZWJ sequences, flags, combining marks, wide CJK and Arabic with harakat.
    func testClustersAreWholeGraphemes() {
        let samples = [
            "Family 👨‍👩‍👧‍👦 and 🏳️‍🌈 and 👍🏽 here",
            "Flags 🇯🇵🇫🇷🇺🇸 side by side",
            "Cafe\u{301} nai\u{308}ve a\u{0323}\u{0302} Zalgo z\u{0351}\u{0352}\u{0353}",
            "漢字かな交じり文、全角。",
            "مَرْحَبًا بِكُمْ في الكتاب",
            "한국어 텍스트 각",
        ]
        for sample in samples {
            let content = book([sample])
            let p = page(content)
            let texts = clusterTexts(p, content)
            for t in texts { XCTAssertEqual(t.count, 1, "'\(t)' in \(sample) is not one grapheme") }
            XCTAssertEqual(texts.joined(), sample, "the clusters are the whole text, in order")
            for count in 0...p.count {
                // Whatever is revealed, it ends on a Character boundary of the text.
                let shown = String(decoding: content.bytes[p.start.rawValue..<p.revealedOffset(count: count).rawValue], as: UTF8.self)
                XCTAssertTrue(sample.hasPrefix(shown) && Array(sample).starts(with: Array(shown)), "\(count) of \(sample)")
            }
        }
    }

    func testWithoutPausesEveryClusterCostsOneUnit() {
        let content = book(["One. Two! Three?", "Next paragraph."])
        let p = page(content)
        XCTAssertEqual(p.due, (1...p.count).map(Double.init))
        XCTAssertEqual(p.count(atProgress: 0), 0)
        XCTAssertEqual(p.count(atProgress: 1), 1)
        XCTAssertEqual(p.count(atProgress: 5.5), 5)
        XCTAssertEqual(p.count(atProgress: 1e9), p.count)
    }

    /// The extra cost before cluster `i` (0 when it just costs its unit).
    func pauses(_ p: RevealPage) -> [Double] {
        zip(p.due, [0] + p.due.dropLast()).map { $0 - $1 - 1 }
    }

    func testSentenceAndParagraphPauses() {
        let rhythm = RevealRhythm(sentencePause: 8, paragraphPause: 20)
        let content = book(["Hi. Pi is 3.14, e.g.x. \"Yes!\" he said? 你好。再见", "Next."])
        let p = page(content, width: 200, rhythm: rhythm)
        let texts = clusterTexts(p, content)
        let paused = zip(texts, pauses(p)).enumerated().filter { $0.element.1 > 0 }.map { ($0.offset, $0.element.0, $0.element.1) }
        // After "Hi." (before its space), after e.g.x. , after "Yes!" + closing quote, after
        // "said?", after 。 (no space needed), and the paragraph start.
        XCTAssertEqual(paused.map(\.1), [" ", " ", " ", " ", "再", "N"])
        XCTAssertEqual(paused.map(\.2), [8, 8, 8, 8, 8, 20])
        XCTAssertEqual(texts[paused[0].0 - 1], ".")
        XCTAssertEqual(texts[paused[2].0 - 1], "\"", "the closing quote comes before the pause")
        XCTAssertFalse(pauses(p)[texts.firstIndex(of: "1")!] > 0, "3.14 does not pause")
    }

    func testSentenceEndAtASoftLineBreakPauses() {
        let rhythm = RevealRhythm(sentencePause: 8, paragraphPause: 20)
        let content = book(["aaaa bbbb. cccc dddd"])
        let p = page(content, width: 10, rhythm: rhythm)   // "aaaa bbbb." / "cccc dddd"
        let texts = clusterTexts(p, content)
        let c = texts.firstIndex(of: "c")!
        XCTAssertEqual(pauses(p)[c], 8, "the hidden space at the wrap still ends the sentence")
    }

    func testCountBelowAndRevealedOffsetAreInverse() {
        let content = book(["Some words 漢字 and 👨‍👩‍👧 more"])
        let p = page(content)
        for k in 0...p.count {
            XCTAssertEqual(p.count(below: p.revealedOffset(count: k)), k)
        }
    }
}
