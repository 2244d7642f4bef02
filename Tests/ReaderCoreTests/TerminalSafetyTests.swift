import XCTest
import Screen
import TextContent
import TextLayout
@testable import ReaderCore

/// Every byte the reader would write to the terminal while showing a hostile book: the
/// only escape sequences are the encoder's own cursor moves and SGR, never anything that
/// came from the book (titles, TOC labels, body text).
final class TerminalSafetyTests: XCTestCase {
    static let payloads = [
        "\u{1B}]0;pwned\u{7}", "\u{1B}]8;;http://evil\u{1B}\\", "\u{1B}[2J", "\u{1B}[?1049l", "\u{1B}P+q\u{1B}\\",
        "\u{9B}31m", "\u{9D}0;c1\u{9C}", "\u{90}dcs\u{9C}", "\u{7}", "\u{8}\u{8}", "\r", "\u{0}", "\u{7F}", "\u{1B}c",
    ]

    func hostileBook() -> TextContent {
        var b = TextContentBuilder(metadata: BookMetadata(title: "Title\u{1B}]2;evil\u{7}", format: .epub))
        for (i, p) in Self.payloads.enumerated() {
            b.beginChapter(title: "Chapter \(i) \(p) end", source: "c\(i).xhtml")
            b.addTOCEntry(title: "Entry \(p)", level: 1, target: b.currentOffset, source: "c\(i).xhtml")
            b.beginBlock(.heading, level: 1)
            b.append("Heading \(p) here")
            b.beginBlock(.paragraph)
            b.append("Body text with \(p) inside, and more words to wrap around the column.")
        }
        return b.finish()
    }

    /// Checks that `bytes` hold only printable UTF-8 and the encoder's CSI sequences
    /// (ESC [ params final, with final byte H, m, J, K, C, D, A, B, l, h).
    func assertOnlyEncoderSequences(_ bytes: [UInt8], _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x1B {
                guard i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "[") else {
                    return XCTFail("\(context): ESC not followed by [ at \(i)", file: file, line: line)
                }
                var j = i + 2
                while j < bytes.count, (0x30...0x3F).contains(bytes[j]) { j += 1 }
                guard j < bytes.count, Array("HmJKCDABlh".utf8).contains(bytes[j]) else {
                    return XCTFail("\(context): unexpected CSI final byte at \(j)", file: file, line: line)
                }
                i = j + 1
                continue
            }
            if b < 0x20 || b == 0x7F {
                return XCTFail("\(context): control byte 0x\(String(b, radix: 16)) at \(i)", file: file, line: line)
            }
            if b == 0xC2, i + 1 < bytes.count, (0x80...0x9F).contains(bytes[i + 1]) {
                return XCTFail("\(context): C1 control at \(i)", file: file, line: line)
            }
            i += 1
        }
    }

    func testEveryScreenOfAHostileBookWritesOnlyTheEncodersSequences() {
        let content = hostileBook()
        XCTAssertEqual(content.validate(), [])
        let model = ReaderModel(content: content, position: .zero, columns: 60, rows: 12)
        let renderer = Renderer(theme: .dark)
        let encoder = ANSIEncoder()
        var previous: ScreenBuffer?
        var frame = ScreenBuffer(width: 60, height: 12)
        func draw(_ what: String) {
            renderer.render(model.snapshot, into: &frame)
            assertOnlyEncoderSequences(encoder.encode(from: previous, to: frame), what)
            assertOnlyEncoderSequences(encoder.encodeFull(frame), what + " (full)")
            previous = frame
        }
        draw("first page")
        for _ in 0..<40 { model.handle(.character(" ")); draw("page") }
        model.handle(.character("g"))
        for _ in 0..<Self.payloads.count { model.handle(.character("]")); draw("chapter start, status line") }
        model.handle(.character("t")); draw("contents")
        for _ in 0..<Self.payloads.count { model.handle(.down); draw("contents selection") }
        model.handle(.escape)
        model.handle(.character("m")); draw("bookmark message")
        model.handle(.character("'")); draw("bookmark list")
        model.handle(.escape)
        for c in "/pwned" { model.handle(.character(c)) }
        model.handle(.enter); draw("search")
        model.handle(.character("?")); draw("help")
    }

    func testHostileTextIsVisibleAsTextNotAsSequences() {
        // The payloads' printable parts survive as text (e.g. "]0;pwned" is dropped whole
        // with its ESC), and nothing of an OSC title string reaches the screen.
        let content = hostileBook()
        let text = content.string(in: content.fullRange)
        XCTAssertFalse(text.contains("pwned"))
        XCTAssertEqual(content.metadata.title, "Title")
        XCTAssertFalse(text.contains("evil"))
        XCTAssertTrue(text.contains("Body text with  inside"))
        XCTAssertFalse(content.chapters.contains { $0.title.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) } })
        XCTAssertFalse(content.toc.contains { $0.title.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) } })
    }
}
