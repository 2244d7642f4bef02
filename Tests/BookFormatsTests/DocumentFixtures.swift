import Foundation
import TextContent

/// Locates the committed single-document fixtures (`Fixtures/html`, `Fixtures/markdown`,
/// written by `Tools/fixtures/make_document_fixtures.py`).
enum DocumentFixtures {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func html(_ name: String) -> String { root.appendingPathComponent("html/" + name).path }
    static func markdown(_ name: String) -> String { root.appendingPathComponent("markdown/" + name).path }
}

extension TextContent {
    /// The text of the runs of `style`, in order.
    func texts(of style: InlineStyle) -> [String] { styles.filter { $0.style == style }.map { string(in: $0.range) } }
}
