import Foundation
import XCTest
import TextContent
@testable import TextLayout

/// Replays the inputs that made the `bidi` fuzz target fail
/// (`Fixtures/fuzz-regressions/bidi/`, docs/FUZZING.md), decoded exactly as
/// Fuzz/Sources/fuzz-bidi decodes them, and checks its placement invariants: every placed
/// cluster inside the column, no two on one cell, and (logical placement) a line's recorded
/// width equal to the cells its clusters cover.
final class BidiFuzzRegressionTests: XCTestCase {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/fuzz-regressions/bidi")

    func testBidiInputs() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).sorted()
        XCTAssertFalse(names.isEmpty)
        for name in names {
            let data = [UInt8](try Data(contentsOf: Self.directory.appendingPathComponent(name)))
            guard let control = data.first else { continue }
            let direction: BidiDirection = [.auto, .leftToRight, .rightToLeft, .auto][Int(control & 3)]
            let width = Int(control >> 2) + 2
            let text = String(decoding: data.dropFirst(), as: UTF8.self)
            let result = Bidi.resolve(Array(text.unicodeScalars), direction: direction)
            XCTAssertEqual(result.levels.count, text.unicodeScalars.count, name)

            var builder = TextContentBuilder(metadata: BookMetadata(title: "", format: .txt))
            builder.beginBlock(.paragraph)
            builder.append(text)
            builder.endBlock()
            let content = builder.finish()
            let options = LayoutOptions(width: width, direction: direction, arabicShaping: control & 0x80 != 0)
            let lines = TextLayout.layout(content, range: content.fullRange, options: options)
            for line in lines.lines where !line.flags.contains(.blank) {
                let shown = content.string(in: line.range).debugDescription
                var cells = [Bool](repeating: false, count: width)
                TextLayout.forEachCluster(of: line, in: content, options: options, paragraphs: BidiParagraphCache()) { cluster in
                    guard cluster.width > 0 else { return }
                    XCTAssertLessThanOrEqual(cluster.column + cluster.width, width, "\(name): \(shown)")
                    for c in min(width, cluster.column)..<min(width, cluster.column + cluster.width) {
                        XCTAssertFalse(cells[c], "\(name): two clusters on cell \(c) in \(shown)")
                        cells[c] = true
                    }
                }
                var end = line.indent
                TextLayout.forEachLogicalCluster(of: line, in: content, options: options) { end = max(end, $0.column + $0.width) }
                XCTAssertEqual(end - line.indent, line.width, "\(name): recorded width of \(shown)")
            }
        }
    }
}
