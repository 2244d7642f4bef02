import XCTest
import TextContent
@testable import ReaderCore

/// Looking a word up from visual mode: what the dictionaries are asked, the popup, its keys.
final class DefinitionPopupLayerTests: XCTestCase {
    /// A model on `paragraphs` whose dictionary records the requests and knows `entries`.
    func model(_ paragraphs: [String], entries: [String: String], asked: @escaping (LookUpRequest) -> Void = { _ in },
               columns: Int = 50, rows: Int = 14) -> ReaderModel {
        let m = ReaderModel(content: VisualLayerTests.book([paragraphs]), position: .zero, columns: columns, rows: rows, preferredWidth: 80)
        m.setDictionary { request in
            asked(request)
            let key = request.following.flatMap { f in entries.keys.filter { f.hasPrefix($0) }.max { $0.count < $1.count } } ?? request.word
            guard let text = entries[key] else { return LookUpAnswer(word: request.word, definitions: []) }
            return LookUpAnswer(word: key, definitions: [Definition(dictionary: "Test Dictionary", headword: key, text: text),
                                                         Definition(dictionary: "Second", headword: key, matched: "case", text: "other words")])
        }
        return m
    }

    /// The screen's rows as text, each trimmed (the popup's lines among them).
    func screen(_ m: ReaderModel) -> [String] {
        RenderGoldenTests.snapshot(m).split(separator: "\n").map {
            String($0.dropFirst().dropLast().drop { $0 == " " || $0 == "│" }.reversed().drop { $0 == " " || $0 == "│" }.reversed())
        }
    }

    func popup(_ m: ReaderModel) -> NotePopupView? {
        m.snapshot.views.lazy.compactMap { $0 as? NotePopupView }.first
    }

    func testEnterLooksUpTheSelectedWordAndShowsEveryDictionary() throws {
        var requests: [LookUpRequest] = []
        let m = model(["Call me Ishmael. Some years ago."], entries: ["Ishmael": "n. the narrator\nsecond line"], asked: { requests.append($0) },
                      rows: 30)
        m.handle(.character("v"))
        m.handle(.character("w"))
        m.handle(.character("w"))
        m.handle(.enter)
        XCTAssertEqual(requests, [LookUpRequest(word: "Ishmael", following: nil)])
        XCTAssertTrue(m.topLayer is DefinitionPopupLayer)
        let view = try XCTUnwrap(popup(m))
        XCTAssertEqual(view.title, " Ishmael ")
        XCTAssertEqual(view.lines.count, 8)
        let rows = screen(m)
        let top = try XCTUnwrap(rows.firstIndex { $0.contains("Ishmael") && $0.contains("─") })
        XCTAssertEqual(Array(rows[(top + 1)...(top + 8)]),
                       ["Test Dictionary", "", "n. the narrator", "second line", "", "Second · case", "", "other words"])
        XCTAssertNotNil(m.selection, "the selection stays under the popup")
        m.handle(.escape)
        XCTAssertTrue(m.topLayer is VisualLayer)
    }

    func testAClickWithAModifierLooksUpTheWordUnderIt() {
        var requests: [LookUpRequest] = []
        let m = model(["Some whales sing."], entries: ["whales": "x"], asked: { requests.append($0) })
        let left = m.snapshot.geometry.textLeft
        m.handle(.modifiedClick(row: 0, column: left + 7))
        XCTAssertEqual(requests, [LookUpRequest(word: "whales", following: nil)])
        XCTAssertTrue(m.topLayer is DefinitionPopupLayer)
        m.handle(.click(row: 13, column: 0))   // outside the box
        XCTAssertTrue(m.topLayer is ReadingLayer)
    }

    func testCJKAsksWithTheFollowingCharactersForTheLongestEntry() {
        var requests: [LookUpRequest] = []
        let m = model(["学生です。"], entries: ["学生": "student", "学": "learning"], asked: { requests.append($0) })
        m.handle(.character("v"))
        m.handle(.enter)
        XCTAssertEqual(requests.first?.following, "学生です。")
        XCTAssertEqual(popup(m)?.title, " 学生 ")
    }

    func testNoEntryAndNoDictionariesAreMessages() {
        let m = model(["Zyzzyva here."], entries: [:])
        m.handle(.character("v"))
        m.handle(.enter)
        XCTAssertTrue(m.topLayer is VisualLayer)
        XCTAssertEqual(m.message, "No entry for “Zyzzyva” in the dictionaries")
        let none = ReaderModel(content: VisualLayerTests.book([["Words."]]), position: .zero, columns: 40, rows: 10)
        none.handle(.character("v"))
        none.handle(.character("K"))
        XCTAssertEqual(none.message?.hasPrefix("No dictionary lookup"), true)
    }

    func testALongEntryScrollsAndControlCharactersNeverReachTheScreen() throws {
        let long = (1...40).map { "line \($0) \u{1B}[31mred\u{1B}[0m \u{07}" }.joined(separator: "\n")
        let m = model(["Call me."], entries: ["Call": long], rows: 14)
        m.handle(.character("v"))
        m.handle(.enter)
        let first = try XCTUnwrap(popup(m))
        XCTAssertFalse(first.position.isEmpty, "a position on the border when it scrolls")
        let rows = screen(m)
        XCTAssertTrue(rows.allSatisfy { !$0.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } })
        XCTAssertTrue(rows.contains("line 1 red"), "\(rows)")
        m.handle(.character("j"))
        m.handle(.character(" "))
        let scrolled = try XCTUnwrap(popup(m))
        XCTAssertNotEqual(scrolled.lines, first.lines)
        XCTAssertFalse(screen(m).contains("line 1 red"))
        XCTAssertTrue(m.topLayer is DefinitionPopupLayer, "scrolling keys stay in the popup")
        m.handle(.character("q"))
        XCTAssertTrue(m.topLayer is VisualLayer)
    }

    func testWrappedDictionaryLinesAreJoinedButSensesStayApart() {
        let wn = ["Ishmael", "    n 1: the son of Abraham and", "         Hagar; an ancestor", "    2: an outcast", "       from society"]
        XCTAssertEqual(DefinitionText.unwrapped(wn),
                       ["Ishmael", "    n 1: the son of Abraham and Hagar; an ancestor", "    2: an outcast from society"])
        XCTAssertEqual(DefinitionText.unwrapped(["Word, n.", "   1. first", "      more", "   (a) sub"]),
                       ["Word, n.", "   1. first more", "   (a) sub"])
        XCTAssertEqual(DefinitionText.paragraphs(of: "a\n\tb  \n\n\nc"), [["a b"], ["c"]], "tabs, trailing blanks, blank-line paragraphs")
    }
}
