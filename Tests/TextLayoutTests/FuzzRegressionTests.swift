import Foundation
import XCTest
import TextContent
@testable import TextLayout

/// Replays the inputs that made the `layout` fuzz target fail
/// (`Fixtures/fuzz-regressions/layout/`, docs/FUZZING.md), decoded exactly as
/// Fuzz/Sources/fuzz-layout decodes them, and checks the same invariants: no line wider
/// than the column, recorded width = placed width (a row of an aligned table: within the
/// table), lines cover their block in order.
final class FuzzRegressionTests: XCTestCase {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/fuzz-regressions/layout")

    static let kinds: [BlockKind] = [.paragraph, .heading, .blockquote, .preformatted, .listItem,
                                     .tableRow, .image, .footnote, .separator]

    /// The fuzz target's stand-in hyphenator: a point after every second byte of a word.
    final class EverySecond: WordHyphenating {
        func points(in word: UnsafeBufferPointer<UInt8>, into points: inout [Int]) {
            for p in stride(from: 2, to: word.count - 1, by: 2) { points.append(p) }
        }
    }

    /// The fuzz target's input format: width byte, options byte, NUL-separated blocks.
    static func decode(_ data: [UInt8]) -> (TextContent, LayoutOptions) {
        let w0 = Int(data[0])
        let width = w0 < 200 ? w0 % 64 + 1 : (w0 < 230 ? 80 : 132)
        let f = data[1]
        let styles: [LineBreakStyle] = [.strict, .normal, .loose]
        var options = LayoutOptions(width: width, firstLineIndent: Int(f & 3), paragraphSpacing: f & 4 != 0,
                                    lineBreakStyle: styles[Int((f >> 3) & 3) % 3], justify: f & 32 != 0,
                                    tabWidth: Int((f >> 6) & 3) + 1)
        // Half of the narrow widths: total fit, half of those with the stand-in hyphenator.
        if w0 >= 100 && w0 < 200 {
            options.wrap = .optimal
            if w0 & 1 == 1 { options.hyphenation = HyphenationSetting(language: "fuzz", patterns: "every-second", hyphenator: EverySecond()) }
        }
        options.ruby = RubyMode.allCases[w0 % 3]
        var b = TextContentBuilder(metadata: BookMetadata(title: "fuzz", format: .txt))
        var start = 2
        while start < data.count {
            var end = start
            while end < data.count && data[end] != 0 { end += 1 }
            if end > start {
                b.beginBlock(kinds[Int(data[start]) % kinds.count], level: data[start] >> 4)
                let text = String(decoding: data[(start + 1)..<end], as: UTF8.self)
                if data[start] & 8 != 0 {
                    // Ruby over the block's first characters, a reading of 0–5 kana (issue #17).
                    let characters = Array(text)
                    let n = characters.isEmpty ? 0 : Int(data[start] >> 4) % characters.count + 1
                    b.appendRuby(base: String(characters.prefix(n)), reading: String(repeating: "か", count: Int(data[start] >> 5)))
                    b.append(String(characters.dropFirst(n)))
                } else {
                    b.append(text)
                }
                b.endBlock()
            }
            start = end + 1
        }
        return (b.finish(), options)
    }

    func testLayoutInputs() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).sorted()
        XCTAssertFalse(names.isEmpty)
        for name in names {
            let data = [UInt8](try Data(contentsOf: Self.directory.appendingPathComponent(name)))
            guard data.count >= 3 else { continue }
            let (content, options) = Self.decode(data)
            let lines = TextLayout.layout(content, range: content.fullRange, options: options)
            // The analysed paths: a cache filled at this width, re-fitted at another.
            let cache = LayoutAnalysisCache()
            XCTAssertEqual(TextLayout.layout(content, range: content.fullRange, options: options, analyses: cache), lines, name)
            var other = options
            other.width = options.width == 1 ? 2 : (options.width * 5 + (Int(data[1]) ^ data.count)) % 97 + 1
            XCTAssertEqual(TextLayout.layout(content, range: content.fullRange, options: other, analyses: cache),
                           TextLayout.layout(content, range: content.fullRange, options: other), "\(name): re-fit at \(other.width)")
            var previousEnd: Int?
            for line in lines.lines where !line.flags.contains(.blank) && !line.flags.contains(.rubyRow) {
                var end = line.indent
                TextLayout.forEachLogicalCluster(of: line, in: content, options: options) { end = max(end, $0.column + $0.width) }
                let text = content.string(in: line.range).debugDescription
                if let columns = TextLayout.tableColumns(of: line, in: content, options: options) {
                    // A row of an aligned table: padded to its columns, within the table.
                    XCTAssertLessThanOrEqual(end - line.indent, columns.totalWidth, "\(name): \(text)")
                } else if !options.justify {
                    XCTAssertEqual(end - line.indent, line.width, "\(name): \(text)")
                }
                if !line.flags.contains(.overwide) { XCTAssertLessThanOrEqual(line.totalWidth, options.width, "\(name): \(text)") }
                if let p = previousEnd { XCTAssertGreaterThanOrEqual(line.start.rawValue, p, "\(name): lines overlap") }
                previousEnd = line.start.rawValue + line.length
            }
        }
    }
}
