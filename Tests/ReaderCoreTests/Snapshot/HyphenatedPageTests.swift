import XCTest
import Screen
import TextContent
import TextLayout
@testable import ReaderCore

/// A hyphenated line's "-" reaches the screen (it is a cluster of no bytes, one more than
/// the line's bytes can hold when every byte is a cluster).
final class HyphenatedPageTests: XCTestCase {
    final class Everywhere: WordHyphenating {
        func points(in word: UnsafeBufferPointer<UInt8>, into points: inout [Int]) {
            guard word.count >= 6 else { return }
            for p in 3...(word.count - 3) { points.append(p) }
        }
    }

    func testTheHyphenIsDrawnOnThePage() {
        var b = TextContentBuilder(metadata: BookMetadata(title: "H", format: .txt))
        b.beginBlock(.paragraph)
        b.append("aaaa bbbbbbbbbbbbbbbbbbbb cccc dddddddddddddddddd eeee ffffffffffffffffffff gggg")
        let setting = HyphenationSetting(language: "x", patterns: "everywhere", hyphenator: Everywhere())
        let m = ReaderModel(content: b.finish(), position: .zero, columns: 20, rows: 10,
                            baseOptions: LayoutOptions(wrap: .optimal, hyphenation: setting))
        let lines = m.context.visibleLines()
        XCTAssertTrue(lines.contains { $0.line.flags.contains(.hyphen) }, "the layout hyphenates")
        var buffer = ScreenBuffer(width: 20, height: 10)
        Renderer(theme: .plain).render(m.snapshot, into: &buffer)
        for (row, entry) in lines.enumerated() where entry.line.flags.contains(.hyphen) {
            XCTAssertTrue(buffer.rowText(row, trimmed: true).hasSuffix("-"), "row \(row): \(buffer.rowText(row))")
        }
    }
}
