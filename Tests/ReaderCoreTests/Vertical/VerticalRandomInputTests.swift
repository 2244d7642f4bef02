import Screen
import TestSupport
import TextContent
import TextLayout
import XCTest
@testable import ReaderCore

/// Thousands of random inputs on a book that has everything vertical text meets (issue
/// #23): chapters in both modes, readings, an upright pair, links, a picture, an empty
/// chapter; keys of every layer (V, visual mode, the reveal, Tab, the settings panel),
/// clicks anywhere, resizes, time passing. After each input: the place is in the book, the
/// page's cells are on the screen, the snapshot renders, and in columns the page holds
/// the place.
final class VerticalRandomInputTests: XCTestCase {
    static func book() -> TextContent {
        var b = TextContentBuilder(metadata: BookMetadata(title: "猫", language: "ja", format: .epub, verticalWriting: true))
        for c in 0..<5 {
            b.beginChapter(title: "第\(c)章", source: "c\(c)")
            if c == 3 { continue }   // an empty chapter
            b.defineTarget("t\(c)")
            b.beginBlock(.heading); b.append("第\(c)章"); b.endBlock()
            for p in 0..<(8 + c) {
                b.beginBlock(p == 3 ? .listItem : .paragraph)
                _ = b.appendRuby(base: "吾輩", reading: "わがはい")
                b.append("は猫である。「名前は\(p)まだ無い。」")
                let u = b.beginStyle(.upright); b.append("!?"); b.endStyle(u)
                let l = b.beginStyle(.link, targetKey: "t\((c + 2) % 5)"); b.append("ここ"); b.endStyle(l)
                b.append("どこで生れたかとんと見当がつかぬ。Tokyo 2026年……")
                b.endBlock()
                if p == 4 && c == 2 {
                    b.beginBlock(.image)
                    b.recordImage(source: "pic.png")
                    b.append("［挿絵］")
                    b.endBlock()
                }
            }
        }
        var content = b.finish()
        content.chapters[1].verticalWriting = false
        return content
    }

    static let keys: [Input] = [
        .character("V"), .character("v"), .character("r"), .character(" "), .character("b"), .character("j"), .character("k"),
        .character("w"), .character("e"), .character(")"), .character("}"), .character("y"), .character("h"), .character("G"),
        .character("g"), .character("]"), .character("["), .character("o"), .character("q"), .character("K"),
        .left, .right, .up, .down, .tab, .backTab, .enter, .escape, .pageDown, .pageUp, .backspace, .wheelDown, .wheelUp,
        .character("+"), .character("-"), .character("F"), .character("a"),
    ]

    func testRandomInputsKeepTheReaderSound() {
        let content = Self.book()
        for seed in UInt64(1)...6 {
            var rng = SplitMix64(seed: seed)
            let m = ReaderModel(content: content, position: .zero, columns: 40, rows: 14)
            if seed % 2 == 0 { m.layouts.setPictureSizing { _, columns, rows in PictureBox(columns: min(12, columns), rows: min(6, rows)) } }
            m.setDictionary { LookUpAnswer(word: $0.word, definitions: [Definition(dictionary: "D", headword: $0.word, text: "x")]) }
            m.followChapterWritingModes()
            var time = 0.0
            for step in 0..<1500 {
                time += Double(rng.below(400)) / 1000
                let roll = rng.below(20)
                if roll == 0 {
                    m.resize(columns: 12 + rng.below(60), rows: 4 + rng.below(30))
                } else if roll <= 2 {
                    let input: Input = rng.below(3) == 0 ? .modifiedClick(row: rng.below(m.screenRows), column: rng.below(m.columns))
                        : .click(row: rng.below(m.screenRows), column: rng.below(m.columns))
                    m.handle(input, at: time)
                } else {
                    m.handle(Self.keys[rng.below(Self.keys.count)], at: time)
                }
                _ = m.advance(to: time)
                while m.hasIdleWork, rng.below(2) == 0 { m.doIdleWork() }
                check(m, seed: seed, step: step)
            }
        }
    }

    private func check(_ m: ReaderModel, seed: UInt64, step: Int) {
        let where_ = "seed \(seed), step \(step)"
        XCTAssertLessThanOrEqual(m.position.rawValue, m.context.content.bytes.count, where_)
        let snapshot = m.snapshot
        if let page = snapshot.page {
            for line in page.lines {
                for cluster in line.clusters {
                    XCTAssertTrue(cluster.column >= 0 && cluster.column + cluster.width <= snapshot.geometry.textWidth, "\(where_): column \(cluster.column)")
                }
            }
            XCTAssertLessThanOrEqual(page.lines.count, snapshot.geometry.textRows + 1, where_)
        }
        var buffer = ScreenBuffer(width: m.columns, height: m.screenRows)
        Renderer(theme: .dark).render(snapshot, into: &buffer)
        if m.context.isVertical, let page = m.context.verticalPage {
            XCTAssertLessThanOrEqual(page.start, m.position, "\(where_): the page starts at or before the place")
            if page.picture == nil {
                XCTAssertLessThanOrEqual(page.columns.count, VerticalGrid.columnsPerPage(width: m.context.textWidth), where_)
            }
            XCTAssertEqual(m.context.chapterIsVertical(m.context.content.chapterIndex(containing: m.position) ?? 0) || !m.context.followsChapterModes,
                           true, "\(where_): following, columns only in a vertical chapter")
        } else if m.context.followsChapterModes, let c = m.context.content.chapterIndex(containing: m.position) {
            XCTAssertFalse(m.context.chapterIsVertical(c), "\(where_): following, lines only in a horizontal chapter")
        }
    }
}
