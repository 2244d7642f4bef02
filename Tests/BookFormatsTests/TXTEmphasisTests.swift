import XCTest
@testable import BookFormats
import TextContent

/// Gutenberg-style `_italic_` and `*bold*` in TXT books (`EmphasisMarkup`,
/// `Emitter.appendLinesWithEmphasis`; issue #13): markers removed, style runs over the
/// text between them, only when they pair up within a paragraph.
final class TXTEmphasisTests: XCTestCase {
    func read(_ text: String) throws -> TextContent {
        try PlainTextReader.read(bytes: Array(text.utf8), name: "emphasis.txt", encoding: nil)
    }

    /// Each style run as (style, text).
    func runs(_ c: TextContent) -> [(InlineStyle, String)] {
        c.styles.map { ($0.style, c.string(in: $0.range)) }
    }

    func testUnderscoresAreItalicAndStarsBold() throws {
        let c = try read("Title\n\n\nI certainly _have_ had my share of *extraordinary* things.\n\n“I am sorry to hear _that_; but _you_ know.”\n")
        let body = c.blocks.map { c.string(in: $0.range) }
        XCTAssertTrue(body.contains("I certainly have had my share of extraordinary things."), "\(body)")
        XCTAssertTrue(body.contains("“I am sorry to hear that; but you know.”"), "\(body)")
        XCTAssertEqual(runs(c).map(\.0), [.emphasis, .strong, .emphasis, .emphasis])
        XCTAssertEqual(runs(c).map(\.1), ["have", "extraordinary", "that", "you"])
    }

    func testASpanMayCrossLinesOfAParagraph() throws {
        let wrapped = "It is a truth universally acknowledged, that a single man in possession\n"
            + "of a good fortune, _must be in want of a wife. However little known the\n"
            + "feelings_ or views of such a man may be on his first entering a neighbourhood,\n"
            + "this truth is so well fixed in the minds of the surrounding families.\n"
        let c = try read("Title\n\n\n" + wrapped + "\n" + wrapped)
        XCTAssertEqual(runs(c).map(\.1), ["must be in want of a wife. However little known the feelings",
                                          "must be in want of a wife. However little known the feelings"])
        XCTAssertFalse(c.string(in: c.fullRange).contains("_"))
    }

    func testFalsePositivesAreLeftAlone() throws {
        let text = "Title\n\n\nThe variable snake_case_name and 2*3*4 stay.\n\n* * *\n\n* first item of a list\n\n"
            + "A footnote mark* and __double__ and *** START OF THE BOOK ***.\n\nAn _unclosed marker here.\n\n"
            + "Unclosed _across\n\nparagraphs_ too.\n\n/* NIND “My dear friend, */\n"
        let c = try read(text)
        XCTAssertTrue(c.styles.isEmpty, "\(runs(c))")
        let all = c.string(in: c.fullRange)
        for kept in ["snake_case_name", "2*3*4", "* * *", "* first item", "mark*", "__double__", "*** START OF THE BOOK ***",
                     "An _unclosed", "_across", "paragraphs_", "/* NIND"] {
            XCTAssertTrue(all.contains(kept), "\(kept) in \(all)")
        }
    }

    func testTheSourceMapStaysExactAfterARemovedMarker() throws {
        let text = "Title\n\n\nOne _two_ three *four* five.\n"
        let bytes = Array(text.utf8)
        let c = try read(text)
        for block in c.blocks {
            for o in block.range.lowerBound.rawValue..<block.range.upperBound.rawValue {
                let loc = try XCTUnwrap(c.sourceMap.location(of: ByteOffset(o)))
                XCTAssertTrue(loc.isExact)
                XCTAssertEqual(bytes[loc.offset], c.bytes[o], "content \(o) → \(loc.offset)")
            }
        }
    }

    func testPairsAtTheEdges() {
        func pairs(_ s: String) -> [EmphasisMarkup.Pair] {
            Array(s.utf8).withUnsafeBufferPointer { EmphasisMarkup.pairs(in: $0) }
        }
        XCTAssertEqual(pairs("_a_"), [.init(open: 0, close: 2, style: .emphasis)])
        XCTAssertEqual(pairs("(_see_)"), [.init(open: 1, close: 5, style: .emphasis)])
        XCTAssertEqual(pairs("“_é_”").count, 1, "quotation marks are punctuation, é a letter")
        XCTAssertEqual(pairs("x_y_z"), [])
        XCTAssertEqual(pairs("_ a _"), [])
        XCTAssertEqual(pairs("_a *b_ c*").map(\.style), [.emphasis, .strong], "each marker pairs with its own kind")
    }
}
