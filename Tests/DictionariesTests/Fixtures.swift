import Foundation
@testable import Dictionaries

/// The dictionary fixtures (Tools/fixtures/make_dictionary_fixtures.py → Fixtures/dictionaries).
enum Fixtures {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let root = repository.appendingPathComponent("Fixtures/dictionaries").path

    static func path(_ relative: String) -> String { root + "/" + relative }

    static func bytes(_ relative: String) -> [UInt8] { [UInt8](FileManager.default.contents(atPath: path(relative)) ?? Data()) }

    /// A shelf of these fixture files (relative paths), with its warnings.
    static func shelf(_ files: [String], order: [String] = []) -> (shelf: DictionaryShelf, warnings: [String]) {
        DictionaryShelf.open(files: files.map(path), order: DictionaryOrder(order))
    }

    /// The one tiny dictd fixture.
    static var tiny: DictionaryShelf { shelf(["dictd/tiny.index"]).shelf }
}
