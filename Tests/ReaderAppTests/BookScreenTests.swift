import BookFormats
import ReaderCore
import Screen
import TextContent
import XCTest

/// Fixture books drawn by the full-screen reader (the same page `dump` prints, issue #13).
final class BookScreenTests: XCTestCase {
    func screen(_ name: String, columns: Int = 40, rows: Int = 16) throws -> [String] {
        let content = try EPUBReader.read(path: ReaderLoopTests.fixtures.appendingPathComponent("epub/" + name).path)
        let model = ReaderModel(content: content, position: .zero, columns: columns, rows: rows, preferredWidth: columns)
        var buffer = ScreenBuffer(width: model.columns, height: model.screenRows)
        Renderer(theme: .plain).render(model.snapshot, into: &buffer)
        return (0..<buffer.height).map { buffer.rowText($0) }
    }

    func testNumberedListsShowTheirNumbers() throws {
        let rows = try screen("lists.epub").map { $0.trimmingCharacters(in: .whitespaces) }
        for expected in ["1. Alpha", "2. Beta", "3. Gamma is a longer item whose text", "9. Nine", "10. Ten"] {
            XCTAssertTrue(rows.contains(expected), "\(expected) in:\n\(rows.joined(separator: "\n"))")
        }
        XCTAssertFalse(rows.contains { $0.contains("•") }, "no bullets in numbered lists")
    }

    func testImagesHaveOneForm() throws {
        let rows = try screen("images.epub").map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertTrue(rows.contains("[image: Cover Image]"), rows.joined(separator: "\n"))
    }
}
