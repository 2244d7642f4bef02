import Foundation
import XCTest
@testable import BookFormats
import TextContent

/// Access to the generated TXT fixtures (`Tools/fixtures/make_txt_fixtures.py`).
enum TXTFixtures {
    /// `Fixtures/txt` in the repository.
    static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/txt")

    /// One entry of `manifest.json`.
    struct Entry {
        var file: String
        var expected: String?
        var encoding: String?
        var title: String?
        var authors: [String]
        var language: String?
        var direction: String?
        var chapters: [(String, Int)]
        var error: String?
    }

    static let manifest: [Entry] = {
        let data = try! Data(contentsOf: directory.appendingPathComponent("manifest.json"))
        let list = try! JSONSerialization.jsonObject(with: data) as! [[String: Any]]
        return list.map { d in
            Entry(file: d["file"] as! String, expected: d["expected"] as? String, encoding: d["encoding"] as? String,
                  title: d["title"] as? String, authors: d["authors"] as? [String] ?? [],
                  language: d["language"] as? String, direction: d["direction"] as? String,
                  chapters: (d["chapters"] as? [[Any]] ?? []).map { ($0[0] as! String, $0[1] as! Int) },
                  error: d["error"] as? String)
        }
    }()

    /// Entries of books that open.
    static var books: [Entry] { manifest.filter { $0.error == nil } }

    static func bytes(_ file: String) -> [UInt8] {
        [UInt8](try! Data(contentsOf: directory.appendingPathComponent(file)))
    }

    static func text(_ file: String) -> String {
        try! String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
    }

    static func read(_ file: String, encoding: String? = nil) throws -> TextContent {
        try PlainTextReader.read(bytes: bytes(file), name: file, encoding: encoding)
    }
}
