import XCTest
import TextContent
@testable import ReaderCore

/// Visual mode through the model: motions, copy, the page following the head, the mouse.
final class VisualLayerTests: XCTestCase {
    static func book(_ chapters: [[String]]) -> TextContent {
        var b = TextContentBuilder(metadata: BookMetadata(title: "Visual", format: .txt))
        for (i, paragraphs) in chapters.enumerated() {
            b.beginChapter(title: "Chapter \(i + 1)", source: "@\(i)")
            for p in paragraphs {
                b.beginBlock(.paragraph)
                b.append(p)
            }
        }
        return b.finish()
    }

    func model(_ paragraphs: [String], columns: Int = 60, rows: Int = 12) -> ReaderModel {
        ReaderModel(content: Self.book([paragraphs]), position: .zero, columns: columns, rows: rows, preferredWidth: 80)
    }

    func selected(_ m: ReaderModel) -> String? {
        m.selection.map { m.content.string(in: $0.range) }
    }

    func testVStartsOnTheFirstWordAndYCopiesItsText() {
        let m = model(["Call me Ishmael. Some years ago, never mind how long."])
        m.handle(.character("v"))
        XCTAssertTrue(m.topLayer is VisualLayer)
        XCTAssertEqual(selected(m), "Call")
        XCTAssertEqual(m.snapshot.status.mode, "VISUAL 4 chars")
        XCTAssertEqual(m.handle(.character("y")), [.copy("Call")])
        XCTAssertTrue(m.topLayer is ReadingLayer)
        XCTAssertNil(m.selection)
        XCTAssertEqual(m.message, "Copied 4 characters")
    }

    func testWordMotionsKeepContractionsNumbersAndHyphenatedWordsWhole() {
        let m = model(["Don't e-mail 3.14 people, she said."])
        m.handle(.character("v"))
        XCTAssertEqual(selected(m), "Don't")
        m.handle(.character("e"))
        XCTAssertEqual(selected(m), "Don't e-mail")
        m.handle(.character("e"))
        XCTAssertEqual(selected(m), "Don't e-mail 3.14")
        m.handle(.character("w"))
        XCTAssertEqual(selected(m), "Don't e-mail 3.14 p", "w: to the first cluster of the next word")
        m.handle(.character("b"))
        m.handle(.character("b"))
        XCTAssertEqual(selected(m), "Don't e", "the anchor word stays selected; the head went back to e-mail's start")
        m.handle(.character("o"))
        m.handle(.character("w"))
        XCTAssertEqual(selected(m), "e", "o swapped the ends: the word's end moved on to the other one")
        m.handle(.character("w"))
        XCTAssertEqual(selected(m), "e-mail 3")
    }

    /// The heads `e` reaches from `v`, one press each, as the selected text.
    func endsOfWords(_ text: String, presses: Int) -> [String] {
        let m = model([text])
        m.handle(.character("v"))
        var out = [selected(m) ?? ""]
        for _ in 0..<presses {
            m.handle(.character("e"))
            out.append(selected(m) ?? "")
        }
        return out
    }

    func testWordMotionsInJapaneseUseDictionaryWords() {
        XCTAssertEqual(endsOfWords("私は学生です。", presses: 3), ["私", "私は", "私は学生", "私は学生です"])
        let m = model(["私は学生です。"])
        m.handle(.character("v"))
        m.handle(.character("w"))
        m.handle(.character("w"))
        XCTAssertEqual(selected(m), "私は学", "w: to the first cluster of 学生")
    }

    func testWordMotionsInThaiUseDictionaryWords() {
        // ICU's dictionary: สวัสดี / ครับ, and ทุกคน is ทุก / คน ("every" / "person").
        XCTAssertEqual(endsOfWords("สวัสดีครับ ทุกคน", presses: 3),
                       ["สวัสดี", "สวัสดีครับ", "สวัสดีครับ ทุก", "สวัสดีครับ ทุกคน"])
    }

    func testWordMotionsInArabicStopAtTheSpace() {
        XCTAssertEqual(endsOfWords("كتب الولد", presses: 1), ["كتب", "كتب الولد"])
        let m = model(["كتب الولد الدرس"])
        m.handle(.character("v"))
        m.handle(.character("w"))
        m.handle(.character("w"))
        m.handle(.character("b"))
        XCTAssertEqual(selected(m), "كتب ا", "b: back to the start of the second word")
    }

    func testSentenceParagraphAndLineMotions() {
        let long = (1...30).map { "w\($0)" }.joined(separator: " ")
        let m = model(["One two. Three four! Five?", long, "Last paragraph."], columns: 24)
        m.handle(.character("v"))
        m.handle(.character(")"))
        XCTAssertEqual(selected(m), "One two. T")
        m.handle(.character(")"))
        XCTAssertEqual(selected(m), "One two. Three four! F")
        m.handle(.character("("))
        XCTAssertEqual(selected(m), "One two. T")
        m.handle(.character("}"))
        XCTAssertEqual(selected(m), "One two. Three four! Five?\nw")
        m.handle(.character("j"))
        let head = m.selection!.head
        let text = m.content.string(in: head)
        XCTAssertEqual(text.count, 1)
        XCTAssertGreaterThan(head.lowerBound.rawValue, m.content.blocks[1].range.lowerBound.rawValue + 15,
                             "j: the line below, same column (the first column)")
        m.handle(.character("{"))
        XCTAssertEqual(m.selection!.head.lowerBound, m.content.blocks[1].range.lowerBound)
        m.handle(.character("}"))
        m.handle(.character("}"))
        XCTAssertEqual(m.selection!.head.lowerBound, m.content.blocks[2].range.lowerBound, "no paragraph after the last: it stays")
    }

    func testTheSelectionCrossesChaptersAndThePageFollowsTheHead() {
        let content = Self.book([["First chapter text."], (1...40).map { "Paragraph \($0) of the second chapter." }])
        let m = ReaderModel(content: content, position: .zero, columns: 40, rows: 8, preferredWidth: 80)
        m.handle(.character("v"))
        for _ in 0..<3 { m.handle(.character("w")) }
        XCTAssertEqual(content.chapterIndex(containing: m.selection!.head.lowerBound), 1, "w went on into chapter 2")
        var moved = false
        for _ in 0..<60 { moved = m.handle(.character("j")).contains(.positionChanged) || moved }
        XCTAssertTrue(moved, "the page turned to keep the head in sight")
        let page = m.snapshot.page!
        XCTAssertTrue(page.lines.contains { line in line.clusters.contains { $0.isSelected } }, "the head's line is on the page")
        XCTAssertTrue(selected(m)!.hasPrefix("First chapter text.\nParagraph 1 of"))
    }

    func testTheSelectionIsAByteRangeThatSurvivesAResize() {
        let m = model(["Alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu."])
        m.handle(.character("v"))
        for _ in 0..<6 { m.handle(.character("e")) }
        let range = m.selection!.range
        for width in [20, 33, 80, 132, 21] {
            m.resize(columns: width, rows: 12)
            XCTAssertEqual(m.selection!.range, range, "width \(width)")
            let shown = m.snapshot.page!.lines.flatMap(\.clusters).filter(\.isSelected).map(\.text).joined()
            XCTAssertEqual(shown.replacingOccurrences(of: " ", with: ""),
                           m.content.string(in: range).replacingOccurrences(of: " ", with: ""), "width \(width)")
        }
    }

    func testEscapeLeavesAndCopyDropsSoftHyphens() {
        let m = model(["Extra\u{AD}ordinary things happen."])
        m.handle(.character("v"))
        XCTAssertEqual(m.selectedText, "Extraordinary")
        m.handle(.escape)
        XCTAssertNil(m.selection)
        XCTAssertTrue(m.topLayer is ReadingLayer)
    }

    func testADragSelectsAndADoubleClickSelectsAWordATripleClickAParagraph() throws {
        let m = model(["Call me Ishmael. Some years ago.", "Second paragraph here."])
        let left = m.snapshot.geometry.textLeft
        m.handle(.click(row: 0, column: left), at: 1)
        XCTAssertNil(m.selection, "one click on text selects nothing yet")
        m.handle(.drag(row: 0, column: left + 6), at: 1.1)
        XCTAssertTrue(m.topLayer is VisualLayer)
        XCTAssertEqual(selected(m), "Call me")
        m.handle(.release(row: 0, column: left + 6), at: 1.2)
        XCTAssertEqual(selected(m), "Call me", "the release keeps it")
        m.handle(.click(row: 0, column: left + 9), at: 5)
        m.handle(.click(row: 0, column: left + 9), at: 5.2)
        XCTAssertEqual(selected(m), "Ishmael")
        m.handle(.click(row: 0, column: left + 9), at: 5.3)
        XCTAssertEqual(selected(m), "Call me Ishmael. Some years ago.")
        m.handle(.escape)
        m.handle(.click(row: 2, column: left + 1), at: 10)
        m.handle(.click(row: 2, column: left + 1), at: 10.1)
        XCTAssertEqual(selected(m), "Second", "a double click from reading starts visual mode on the word")
    }

    func testPageKeysFallThroughAndOtherKeysAreConsumed() {
        let m = model((1...40).map { "Paragraph \($0) with some words in it." }, rows: 6)
        m.handle(.character("v"))
        XCTAssertEqual(m.handle(.character(" ")), [.positionChanged], "Space turns the page")
        XCTAssertTrue(m.topLayer is VisualLayer)
        XCTAssertNotNil(m.selection, "the selection stays after a page turn")
        XCTAssertEqual(m.handle(.character("t")), [])
        XCTAssertTrue(m.topLayer is VisualLayer, "t does not open the contents in visual mode")
    }
}
