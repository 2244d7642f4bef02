import XCTest
import Screen
import TextContent
import TextLayout
@testable import ReaderCore

/// Golden snapshots of rendered screens (rows as text). Re-record with
/// `RECORD_GOLDEN=1 swift test --filter RenderGoldenTests` and review the diff.
final class RenderGoldenTests: XCTestCase {
    static let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    func book(_ paragraphs: [(BlockKind, String)], title: String = "Golden") -> TextContent {
        var b = TextContentBuilder(metadata: BookMetadata(title: title, format: .txt))
        for (kind, text) in paragraphs {
            if kind == .heading { b.beginChapter(title: text, source: "@0") }
            b.beginBlock(kind, level: kind == .listItem ? 1 : 0)
            b.append(text)
        }
        return b.finish()
    }

    static func snapshot(_ model: ReaderModel) -> String {
        var buffer = ScreenBuffer(width: model.columns, height: model.screenRows)
        Renderer(theme: .plain).render(model.snapshot, into: &buffer)
        return (0..<buffer.height).map { "|" + buffer.rowText($0) + "|" }.joined(separator: "\n") + "\n"
    }

    static func assertGolden(_ name: String, _ text: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let url = Self.goldenFolder.appendingPathComponent(name + ".txt")
        if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] != nil {
            try FileManager.default.createDirectory(at: Self.goldenFolder, withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            return XCTFail("missing golden \(name).txt: run with RECORD_GOLDEN=1", file: file, line: line)
        }
        XCTAssertEqual(text, expected, "screen differs from Golden/\(name).txt", file: file, line: line)
    }

    func testEnglishPage() throws {
        let content = book([(.heading, "Chapter One"),
                            (.paragraph, "It was a bright cold day in April, and the clocks were striking thirteen; nobody minded."),
                            (.blockquote, "A quotation, set off from the text."),
                            (.listItem, "first item of a list"),
                            (.paragraph, "The end.")])
        let m = ReaderModel(content: content, position: .zero, columns: 40, rows: 16, preferredWidth: 36)
        try Self.assertGolden("english-40x16", Self.snapshot(m))
    }

    func testDictionaryPopupOverThePage() throws {
        // Visual mode's Enter on "Ishmael": the box under the line, the word on the top
        // border, a bold title per dictionary, the entry's lines, the keys at the bottom.
        let m = ReaderModel(content: VisualLayerTests.book([["Call me Ishmael. Some years ago, never mind how long precisely.",
                                                               "Having little or no money in my purse."]]),
                            position: .zero, columns: 40, rows: 14, preferredWidth: 36)
        m.setDictionary { request in
            LookUpAnswer(word: request.word, definitions: [
                Definition(dictionary: "WordNet (r) 3.0", headword: request.word,
                           text: "Ishmael\n    n 1: (Old Testament) the son of Abraham\n         and Hagar"),
                Definition(dictionary: "Webster 1913", headword: request.word, matched: "case", text: "Ishmael, n. an outcast."),
            ])
        }
        for key in ["v", "w", "w"] { m.handle(.character(Character(key))) }
        m.handle(.enter)
        try Self.assertGolden("dictionary-popup-40x14", Self.snapshot(m))
    }

    func testAVerticalPage() throws {
        // Issue #23: the heading three rows down in the right-hand column, an empty column,
        // a paragraph one row down; 、。「」（） in their vertical forms, 12 side by side in one
        // row, a longer Latin run one letter a row; the status line as in lines.
        let content = book([(.heading, "第一章"),
                            (.paragraph, "吾輩は猫である。「名前は（まだ）無い。」1904年12月、ABCの話。")])
        let m = ReaderModel(content: content, position: .zero, columns: 30, rows: 12, preferredWidth: 26)
        m.setWritingMode(.vertical)
        try Self.assertGolden("vertical-30x12", Self.snapshot(m))
    }

    func testHighlightsWithANoteMark() throws {
        // Plain theme: highlights are underlined (not visible as text); a noted one has ✎
        // in the margin of the line it starts on.
        let content = VisualLayerTests.book([["Call me Ishmael. Some years ago, never mind how long precisely, having little money.",
                                              "It is a way I have of driving off the spleen."]])
        let m = ReaderModel(content: content, position: .zero, columns: 40, rows: 8, preferredWidth: 36)
        let text = content.string(in: content.fullRange)
        let at = text.utf8.distance(from: text.startIndex, to: text.range(of: "driving")!.lowerBound)
        m.setHighlights([TextHighlight(id: "a", range: ByteRange(8, 15), color: .green),
                         TextHighlight(id: "b", range: ByteRange(at, at + 22), color: .pink, note: "spleen")])
        try Self.assertGolden("highlights-40x8", Self.snapshot(m))
    }

    func testNotePopupOverThePage() throws {
        // The box below the reference, its border, "Note", the keys; the backlink left out.
        let m = LinkBook.model(columns: 40, rows: 14)
        m.handle(.tab)
        m.handle(.enter)
        try Self.assertGolden("note-popup-40x14", Self.snapshot(m))
        m.handle(.escape)
        m.handle(.character("F"))
        try Self.assertGolden("hints-40x14", Self.snapshot(m))
    }

    func testRightToLeftPage() throws {
        // Hebrew and Arabic paragraphs: visual order, aligned right in the text column,
        // numbers and Latin kept left to right, brackets mirrored, Arabic joined (the
        // default shaping), and the Hebrew chapter title in visual order in the status line.
        let content = book([(.heading, "פרק ראשון"),
                            (.paragraph, "בשנת 1984 קנה דני iPhone (חדש) ושמח מאוד."),
                            (.paragraph, "كانت الحديقة (هادئة) تحت ضوء القمر."),
                            (.listItem, "פריט ברשימה"),
                            (.paragraph, "An English paragraph stays left.")], title: "ספר")
        let m = ReaderModel(content: content, position: .zero, columns: 30, rows: 16, preferredWidth: 26)
        let shot = Self.snapshot(m)
        try Self.assertGolden("rtl-30x16", shot)
        XCTAssertTrue(shot.contains("ןושאר קרפ"), "title in visual order")
        XCTAssertTrue(shot.contains("1984"), "digits keep their order")
        XCTAssertTrue(shot.contains("(שדח)"), "brackets mirrored around the reversed word")
        XCTAssertTrue(shot.contains("המישרב טירפ •"), "a right-to-left list item's bullet is on its right")
    }

    func testCJKKinsokuAndWideCells() throws {
        let content = book([(.heading, "第一章"),
                            (.paragraph, "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。「何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。」"),
                            (.paragraph, "用iPhone 16拍的照片，很好看。")])
        let m = ReaderModel(content: content, position: .zero, columns: 24, rows: 14, preferredWidth: 20)
        let shot = Self.snapshot(m)
        try Self.assertGolden("cjk-24x14", shot)
        for row in shot.split(separator: "\n") {
            let text = row.dropFirst().dropLast().trimmingCharacters(in: .whitespaces)
            XCTAssertFalse(text.hasPrefix("。") || text.hasPrefix("、") || text.hasPrefix("」"), "kinsoku: \(row)")
        }
    }

    func testEmojiAndCombiningMarks() throws {
        let content = book([(.paragraph, "Family 👨‍👩‍👧 flag 🇯🇵 thumbs 👍🏽 café cafe\u{301} ok")])
        let m = ReaderModel(content: content, position: .zero, columns: 20, rows: 6, preferredWidth: 16)
        try Self.assertGolden("emoji-20x6", Self.snapshot(m))
    }

    func testNarrowTerminalAndLongTitle() throws {
        let content = book([(.heading, "A very long chapter title that cannot fit"),
                            (.paragraph, "Narrow columns still never overflow: supercalifragilistic words are cut.")])
        let m = ReaderModel(content: content, position: .zero, columns: 14, rows: 8)
        try Self.assertGolden("narrow-14x8", Self.snapshot(m))
    }

    func testStatusLineDoesNotShiftAsNumbersChange() {
        let content = book((1...12).map { (.heading, "Chapter \($0)") } )
        let m = ReaderModel(content: content, position: .zero, columns: 50, rows: 5)
        var starts = Set<Int>()
        for _ in 0..<11 {
            var buffer = ScreenBuffer(width: 50, height: 5)
            Renderer(theme: .plain).render(m.snapshot, into: &buffer)
            let status = buffer.rowText(4)
            // The chapter field always starts at the same column.
            if let r = status.range(of: "/12") { starts.insert(status.distance(from: status.startIndex, to: r.lowerBound)) }
            m.handle(.character("]"))
        }
        XCTAssertEqual(starts.count, 1, "the chapter counter moved")
    }

    func testContentsView() throws {
        let content = book([(.heading, "One"), (.paragraph, "a"), (.heading, "Two"), (.paragraph, "b"), (.heading, "Three")])
        let m = ReaderModel(content: content, position: .zero, columns: 30, rows: 8)
        m.handle(.character("t"))
        m.handle(.down)
        try Self.assertGolden("contents-30x8", Self.snapshot(m))
    }
}
