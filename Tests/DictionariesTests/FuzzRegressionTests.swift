import Foundation
import XCTest
@testable import Dictionaries

/// Replays every input in Fixtures/fuzz-regressions/dictionary the way fuzz-dictionary
/// reads it (Fuzz/Sources/fuzz-dictionary: byte 0 mod 3 the format, the files separated by
/// "\n====\n"): no crash, no control character in what the lookups return.
final class FuzzRegressionTests: XCTestCase {
    static let folder = Fixtures.repository.appendingPathComponent("Fixtures/fuzz-regressions/dictionary").path

    func split(_ bytes: ArraySlice<UInt8>) -> [[UInt8]] {
        let separator = Array("\n====\n".utf8)
        var parts: [[UInt8]] = [], start = bytes.startIndex, i = bytes.startIndex
        while i + separator.count <= bytes.endIndex {
            if bytes[i..<i + separator.count].elementsEqual(separator) {
                parts.append(Array(bytes[start..<i])); i += separator.count; start = i
            } else { i += 1 }
        }
        return parts + [Array(bytes[start...])]
    }

    /// The shelf of one input's files, written to `dir`.
    func shelf(_ input: [UInt8], in dir: String) throws -> DictionaryShelf {
        func write(_ name: String, _ bytes: [UInt8]) throws { try Data(bytes).write(to: URL(fileURLWithPath: dir + "/" + name)) }
        var parts = split(input[1...])
        switch input[0] % 3 {
        case 0:
            try write("f.index", parts[0]); try write("f.dict.dz", parts.count > 1 ? parts[1] : [])
            return DictionaryShelf.open(files: [dir + "/f.index"]).shelf
        case 1:
            while parts.count < 4 { parts.append([]) }
            try write("f.ifo", parts[0]); try write("f.idx", parts[1]); try write("f.dict.dz", parts[2])
            if !parts[3].isEmpty { try write("f.syn", parts[3]) }
            return DictionaryShelf.open(files: [dir + "/f.ifo"]).shelf
        default:
            try write("f.dict.dz", Array(input[1...]))
            let windows = [(0, 1), (0, 100), (57, 9000), (58_314, 3), (1, 70_000), (200_000, 10)]
            try write("f.index", Array(windows.enumerated().map {
                "w\($0.offset)\t\(DictdBase64.encode($0.element.0))\t\(DictdBase64.encode($0.element.1))\n"
            }.joined().utf8))
            return DictionaryShelf.open(files: [dir + "/f.index"]).shelf
        }
    }

    func testEveryRegressionInputReplays() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder).sorted()
        XCTAssertFalse(names.isEmpty)
        for name in names {
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-dictionary-\(getpid())-\(name)").path
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let input = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.folder + "/" + name)))
            guard !input.isEmpty else { continue }
            let shelf = try shelf(input, in: dir)
            var entries: [DictionaryEntry] = []
            for word in ["a", "run", "running", "Apple", "日本語", "control", "w0", "w1", "w2", "pomme"] { entries += shelf.lookUp(word) }
            entries += shelf.longestMatch(in: "日本語学校に")?.entries ?? []
            for e in entries {
                XCTAssertFalse(EntryTextTests.hasControls(e.text + e.headword + e.dictionary), "\(name): \(e)")
            }
            for w in shelf.takeWarnings() { XCTAssertFalse(w.contains("\n"), "\(name): \(w)") }
        }
    }
}
