import Foundation
import TextContent
@testable import BookFormats

/// Locates the committed EPUB fixtures (`Fixtures/epub`, written by
/// `Tools/fixtures/make_epub_fixtures.py`).
enum EPUBFixtures {
    static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // BookFormatsTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // repo root
        .appendingPathComponent("Fixtures/epub")

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    static func read(_ name: String) throws -> TextContent { try EPUBReader.read(path: path(name)) }

    /// Reads one entry of a fixture through the parser's own zip reader.
    static func entry(_ name: String, _ entry: String) throws -> [UInt8] {
        try ZipArchive(path: path(name)).read(entry)
    }
}

extension TextContent {
    /// The text of every block, in order.
    var blockTexts: [String] { blocks.map { string(in: $0.range) } }

    /// The first block whose text is exactly `text`.
    func block(_ text: String) -> Block? { blocks.first { string(in: $0.range) == text } }
}
