import XCTest
import TestSupport
import TextContent
@testable import ReaderCore

/// Following a link (or a note's "go to the note") and coming back with Ctrl-O returns to
/// the exact place: 200 random follows, half of them with a resize between the jump and
/// the return.
final class LinkJumpBackTests: XCTestCase {
    /// Five chapters of paragraphs, each with links to random paragraphs of the book and,
    /// every third one, a reference to a note at the end.
    static func book(seed: UInt64) -> TextContent {
        var rng = SplitMix64(seed: seed)
        var b = TextContentBuilder(metadata: BookMetadata(title: "Maze", format: .epub))
        let paragraphs = 5 * 50
        for p in 0..<paragraphs {
            if p % 50 == 0 { b.beginChapter(title: "Chapter \(p / 50 + 1)", source: "c\(p / 50)") }
            b.defineTarget("p\(p)")
            b.beginBlock(.paragraph)
            b.append((0..<Int(rng.next() % 30 + 5)).map { "w\(p)x\($0)" }.joined(separator: " ") + " ")
            for l in 0..<Int(rng.next() % 3 + 1) {
                let t = b.beginStyle(.link, targetKey: "p\(rng.next() % UInt64(paragraphs))")
                b.append("link\(p)-\(l)")
                b.endStyle(t)
                b.append(" and ")
            }
            if p % 3 == 0 {
                let t = b.beginStyle(.noteReference, targetKey: "n\(p)")
                b.append("[\(p)]")
                b.endStyle(t)
            }
            b.append(" end.")
        }
        b.beginChapter(title: "Notes", source: "notes")
        for p in stride(from: 0, to: paragraphs, by: 3) {
            b.defineTarget("n\(p)")
            b.beginBlock(.footnote)
            b.append("Note \(p): " + String(repeating: "gloss ", count: Int(rng.next() % 40 + 1)))
        }
        return b.finish()
    }

    func testBackReturnsToTheSameTopLineAfter200RandomFollowsAndResizes() {
        var rng = SplitMix64(seed: 14)
        let content = Self.book(seed: 3)
        let m = ReaderModel(content: content, position: .zero, columns: 100, rows: 30)
        let sizes = [(100, 30), (61, 20), (37, 15), (140, 40)]
        var returned = 0, notes = 0, resized = 0, followed = 0
        while followed < 200 {
            for c in ":offset \(rng.next() % UInt64(content.bytes.count))" { m.handle(.character(c)) }
            m.handle(.enter)
            m.handle(.escape)
            let origin = m.position
            let topBefore = m.pager.visibleLines(in: m.layouts).first?.line
            for _ in 0..<(rng.next() % 4 + 1) { m.handle(.tab) }
            // (Tab turned the page, or there is no link after it: start again elsewhere)
            if m.position != origin || m.selectedLink == nil { continue }
            followed += 1
            m.handle(.enter)
            if m.topLayer is NotePopupLayer {
                notes += 1
                m.handle(.enter)   // go to the note
            }
            XCTAssertNotEqual(m.position, origin, "the link moved the page")
            let resizes = rng.next() % 2 == 0
            if resizes {
                let (c, r) = sizes[Int(rng.next() % UInt64(sizes.count))]
                m.resize(columns: c, rows: r)
                resized += 1
            }
            m.handle(.control("o"))
            XCTAssertEqual(m.position, origin)
            guard let top = m.pager.visibleLines(in: m.layouts).first?.line else { continue }
            if resizes {
                // At another width: the line holding the place, or, for a place on the
                // separator between blocks, the block after it (no blank first row).
                let separator = origin.rawValue < m.content.bytes.count && m.content.bytes[origin.rawValue] == 0x0A
                if top.start <= origin && origin <= top.range.upperBound || separator && top.start == origin + 1 { returned += 1 }
            } else if top == topBefore {
                returned += 1
            }
        }
        XCTAssertGreaterThanOrEqual(notes, 15, "notes were followed too (Enter in the popup)")
        XCTAssertGreaterThan(resized, 60)
        XCTAssertEqual(returned, 200, "the top line holds the place the link was followed from, every time")
        print("link follows returned to the same top line: \(returned), notes among them: \(notes), resized: \(resized)")
    }
}
