import XCTest
import TextContent
@testable import ReaderCore

/// Highlights made in visual mode: colours, notes, the list, drawing, widths.
final class HighlightTests: XCTestCase {
    func model(_ paragraphs: [String], columns: Int = 60, rows: Int = 12) -> ReaderModel {
        ReaderModel(content: VisualLayerTests.book([paragraphs]), position: .zero, columns: columns, rows: rows, preferredWidth: 80)
    }

    func highlighted(_ m: ReaderModel) -> [(String, HighlightColor)] {
        m.snapshot.page!.lines.flatMap(\.clusters).compactMap { c in c.highlight.map { (c.text, $0) } }
    }

    func testHHighlightsInTheCurrentColourAndShiftHCycles() {
        let m = model(["Call me Ishmael. Some years ago."])
        m.handle(.character("v"))
        m.handle(.character("e"))
        XCTAssertEqual(m.handle(.character("h")), [.highlightsChanged])
        XCTAssertTrue(m.topLayer is ReadingLayer)
        XCTAssertEqual(m.highlights.count, 1)
        XCTAssertEqual(m.content.string(in: m.highlights[0].range), "Call me")
        XCTAssertEqual(highlighted(m).map(\.0).joined(), "Call me", "the space between is drawn highlighted too")
        XCTAssertTrue(highlighted(m).allSatisfy { $0.1 == .yellow })
        // H on the same range changes its colour, round.
        m.handle(.character("v"))
        m.handle(.character("e"))
        m.handle(.character("H"))
        XCTAssertEqual(m.highlights.map(\.color), [.green])
        m.handle(.character("H"))
        XCTAssertEqual(m.highlights.map(\.color), [.blue])
        XCTAssertEqual(m.highlights.count, 1, "recoloured, not doubled")
        XCTAssertTrue(m.topLayer is VisualLayer, "H stays in visual mode to go on cycling")
        XCTAssertEqual(m.handle(.character("d")), [.highlightsChanged])
        XCTAssertEqual(m.highlights, [])
    }

    func testANoteIsTypedOnSeveralLinesAndMarkedInTheMargin() throws {
        let m = model(["Call me Ishmael. Some years ago."])
        m.handle(.character("v"))
        m.handle(.character("a"))
        XCTAssertTrue(m.topLayer is PromptLayer)
        for c in "first" { m.handle(.character(c)) }
        m.handle(.alt(.enter))
        for c in "second" { m.handle(.character(c)) }
        XCTAssertEqual(m.snapshot.status.prompt, "Note (Enter saves, Alt-Enter new line): first⏎ second")
        XCTAssertEqual(m.handle(.enter), [.highlightsChanged])
        XCTAssertTrue(m.topLayer is ReadingLayer, "the note closed visual mode too")
        XCTAssertEqual(m.highlights.count, 1)
        XCTAssertEqual(m.highlights[0].note, "first\nsecond")
        XCTAssertEqual(m.content.string(in: m.highlights[0].range), "Call")
        XCTAssertTrue(try XCTUnwrap(m.snapshot.page?.lines.first).hasNote)
        // Editing it again starts from the note.
        m.handle(.character("v"))
        m.handle(.character("a"))
        XCTAssertEqual((m.topLayer as? PromptLayer)?.text, "first\nsecond")
        m.handle(.escape)
        XCTAssertNil(m.selection)
    }

    func testTheListJumpsAndDeletes() throws {
        let m = model((1...30).map { "Paragraph \($0) of some length to fill a page." }, rows: 6)
        m.handle(.character("v"))
        m.handle(.character("h"))
        for _ in 0..<3 { m.handle(.character(" ")) }
        m.handle(.character("v"))
        m.handle(.character("e"))
        m.handle(.character("a"))
        for c in "later" { m.handle(.character(c)) }
        m.handle(.enter)
        XCTAssertEqual(m.highlights.count, 2)
        m.handle(.character("g"))
        m.handle(.character("\""))
        let list = try XCTUnwrap(m.snapshot.list)
        XCTAssertEqual(list.title, "Highlights (2; Enter jumps, d deletes)")
        XCTAssertEqual(list.entries[0], "  0.0%  yellow  “Paragraph”")
        XCTAssertTrue(list.entries[1].hasSuffix("  yellow  “Paragraph 10”  — later") || list.entries[1].contains("— later"),
                      list.entries[1])
        m.handle(.down)
        XCTAssertEqual(m.handle(.enter), [.positionChanged])
        XCTAssertTrue(m.snapshot.page!.lines.contains { $0.clusters.contains { $0.highlight != nil } })
        m.handle(.character("\""))
        XCTAssertEqual(m.handle(.character("d")), [.highlightsChanged])
        XCTAssertEqual(m.highlights.count, 1)
    }

    func testNoHighlightWhileOnlyPartOfTheBookIsLoaded() {
        let m = model(["Call me Ishmael."])
        m.setLoading("loading…")
        m.handle(.character("v"))
        XCTAssertEqual(m.handle(.character("h")), [])
        XCTAssertEqual(m.highlights, [])
        XCTAssertEqual(m.message, "Highlights wait until the whole book is loaded")
        XCTAssertEqual(m.handle(.character("y")), [.copy("Call")], "copying needs no offsets: it works")
    }

    func testHighlightsPastTheTextAreLeftOut() {
        let m = model(["Short."])
        let end = m.content.bytes.count
        m.setHighlights([TextHighlight(id: "a", range: ByteRange(0, 5)), TextHighlight(id: "b", range: ByteRange(end - 1, end + 10)),
                         TextHighlight(id: "c", range: ByteRange(3, 3))])
        XCTAssertEqual(m.highlights.map(\.id), ["a"])
    }

    /// The measure: every highlight drawn whole at every width from 20 to 132.
    func testHighlightsSurviveEveryWidthFrom20To132() {
        var words: [String] = []
        var rng = UInt64(7)
        func next() -> Int { rng = rng &* 6364136223846793005 &+ 1442695040888963407; return Int(rng >> 33) }
        for i in 0..<1500 { words.append(["sea", "whale", "Ishmael", "ship", "harpoon", "Queequeg", "long-voyage"][next() % 7] + (i % 11 == 0 ? "." : "")) }
        let paragraphs = stride(from: 0, to: words.count, by: 60).map { words[$0..<min(words.count, $0 + 60)].joined(separator: " ") }
        let m = model(paragraphs, columns: 80, rows: 16)
        var made: [TextHighlight] = []
        for i in 0..<24 {
            let start = next() % (m.content.bytes.count - 80)
            let s = m.content.blocks[m.content.blockIndex(atOrAfter: ByteOffset(start))].range
            let from = min(max(start, s.lowerBound.rawValue), s.upperBound.rawValue - 1)
            let to = min(s.upperBound.rawValue, from + 10 + next() % 50)
            made.append(TextHighlight(id: "h\(i)", range: ByteRange(from, to), color: HighlightColor(rawValue: i % 5)!))
        }
        // Apart from one another, so that each one's cells are its own colour.
        made.sort { $0.range.lowerBound < $1.range.lowerBound }
        made = made.enumerated().filter { i, h in i == 0 || made[i - 1].range.upperBound < h.range.lowerBound }.map(\.1)
        XCTAssertGreaterThan(made.count, 15)
        m.setHighlights(made)
        var shownWhole = 0, checks = 0
        for width in 20...132 {
            m.resize(columns: width, rows: 16)
            for h in m.highlights {
                m.context.jump(to: h.range.lowerBound)
                m.update()
                let drawn = m.snapshot.page!.lines.flatMap(\.clusters).filter { $0.highlight == h.color }.map(\.text).joined()
                let want = m.content.string(in: h.range)
                checks += 1
                if drawn.filter({ !$0.isWhitespace }).contains(String(want.filter { !$0.isWhitespace })) { shownWhole += 1 }
            }
        }
        XCTAssertEqual(shownWhole, checks, "every highlight is drawn whole at every width (\(shownWhole)/\(checks))")
    }
}
