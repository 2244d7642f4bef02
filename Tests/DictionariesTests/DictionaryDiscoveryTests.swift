import XCTest
@testable import Dictionaries

/// The folders searched, and the dictionaries found in them.
final class DictionaryDiscoveryTests: XCTestCase {
    func testTheFoldersFromTheEnvironment() {
        let defaults = DictionaryDiscovery.folders(environment: ["HOME": "/home/u"])
        XCTAssertEqual(defaults.dictd, ["/usr/share/dictd", "/usr/local/share/dictd"])
        XCTAssertEqual(defaults.stardict, ["/home/u/.local/share/stardict/dic", "/usr/local/share/stardict/dic", "/usr/share/stardict/dic"])
        let set = DictionaryDiscovery.folders(environment: ["HOME": "/home/u", "XDG_DATA_HOME": "/data", "XDG_DATA_DIRS": "/a:relative:/b/"])
        XCTAssertEqual(set.dictd, ["/usr/share/dictd", "/a/dictd", "/b/dictd"])
        XCTAssertEqual(set.stardict, ["/data/stardict/dic", "/a/stardict/dic", "/b/stardict/dic"])
        XCTAssertEqual(DictionaryDiscovery.folders(environment: [:]).stardict.first, "/usr/local/share/stardict/dic", "no HOME")
    }

    func testTheFixtureFolders() {
        let (shelf, warnings) = DictionaryShelf.discover(dictdFolders: [Fixtures.path("dictd"), Fixtures.path("dictd")],
                                                         stardictFolders: [Fixtures.path("stardict")])
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(shelf.names, ["allchars", "plaingz", "tiny", "cjk", "mixed", "plain", "wide"], "each once, in name order")
    }

    func testStarDictFilesTwoFoldersDown() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("stardict-depth-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        let deep = root.appendingPathComponent("a/b")
        try FileManager.default.createDirectory(at: deep.appendingPathComponent("c"), withIntermediateDirectories: true)
        for (folder, name) in [(deep, "two"), (deep.appendingPathComponent("c"), "three")] {
            for ext in ["ifo", "idx", "dict"] {
                try FileManager.default.copyItem(atPath: Fixtures.path("stardict/plain/plain.\(ext)"),
                                                 toPath: folder.appendingPathComponent("\(name).\(ext)").path)
            }
        }
        XCTAssertEqual(DictionaryDiscovery.ifoFiles(in: root.path, depth: 2).map { ($0 as NSString).lastPathComponent }, ["two.ifo"])
        let (shelf, _) = DictionaryShelf.discover(environment: ["HOME": "/nonexistent", "XDG_DATA_HOME": root.path + "/x",
                                                                "XDG_DATA_DIRS": "/nonexistent"])
        XCTAssertEqual(shelf.names.filter { $0 == "two" }, [], "only under stardict/dic")
    }
}
