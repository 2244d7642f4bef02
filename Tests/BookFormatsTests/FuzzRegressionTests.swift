import XCTest
import TextContent
@testable import BookFormats

/// Replays the inputs that made the `epub`, `txt`, `fb2`, `mobi`, `html` and `markdown` fuzz targets fail
/// (`Fixtures/fuzz-regressions/<target>/`, see docs/FUZZING.md), the way the targets feed
/// them: each must open into a valid book or fail with a `BookError`.
final class FuzzRegressionTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/fuzz-regressions")

    static func inputs(_ target: String) -> [URL] {
        let dir = root.appendingPathComponent(target)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.sorted().map { dir.appendingPathComponent($0) }
    }

    func testEPUBInputs() throws {
        let inputs = Self.inputs("epub")
        XCTAssertFalse(inputs.isEmpty, "no regression inputs found in \(Self.root.path)")
        for url in inputs {
            for threads in [1, 2] {
                do {
                    let content = try EPUBReader.read(path: url.path, threads: threads)
                    XCTAssertEqual(content.validate(), [], url.lastPathComponent)
                } catch is BookError {
                    // A clear error is a fine outcome.
                }
            }
        }
    }

    /// Byte 0 picks an encoding override, as in Fuzz/Sources/fuzz-txt.
    func testTXTInputs() throws {
        let overrides: [String?] = [nil, nil, nil, nil, "UTF-8", "UTF-16LE", "GB18030", "SHIFT_JIS", "BIG5", "WINDOWS-1252", "EUC-KR", "UTF-32BE"]
        for url in Self.inputs("txt") {
            let data = [UInt8](try Data(contentsOf: url))
            guard let first = data.first else { continue }
            do {
                let content = try PlainTextReader.read(bytes: Array(data.dropFirst()), name: "fuzz.txt",
                                                       encoding: overrides[Int(first) % overrides.count])
                XCTAssertEqual(content.validate(), [], url.lastPathComponent)
            } catch is BookError {
            }
        }
    }

    /// The `html` and `markdown` targets' inputs (none recorded yet: both ran clean), fed
    /// to the readers the way the targets feed them.
    func testHTMLAndMarkdownInputs() throws {
        for (target, read) in [("html", HTMLReader.read(bytes:path:)), ("markdown", MarkdownReader.read(bytes:path:))] {
            for url in Self.inputs(target) {
                do {
                    let book = try read([UInt8](try Data(contentsOf: url)), "fuzz")
                    XCTAssertEqual(book.validate(), [], url.lastPathComponent)
                    XCTAssertFalse(book.bytes.contains(0x1B), url.lastPathComponent)
                } catch is BookError {
                }
            }
        }
    }

    /// As in Fuzz/Sources/fuzz-fb2: a zip (`PK`) is read as an `.fb2.zip` from its file,
    /// anything else as an FB2 document in memory, whose metadata the description-only
    /// walk (`FB2Reader.metadata`) must give too.
    func testFB2Inputs() throws {
        let inputs = Self.inputs("fb2")
        XCTAssertFalse(inputs.isEmpty, "no fb2 regression inputs found in \(Self.root.path)")
        for url in inputs {
            let data = [UInt8](try Data(contentsOf: url))
            do {
                if data.starts(with: [0x50, 0x4B]) {
                    XCTAssertEqual(try FB2Reader.readZip(path: url.path).validate(), [], url.lastPathComponent)
                    continue
                }
                let content = try FB2Reader.read(bytes: data, name: url.lastPathComponent)
                XCTAssertEqual(content.validate(), [], url.lastPathComponent)
                XCTAssertEqual(try FB2Reader.metadata(path: url.path), content.metadata, url.lastPathComponent)
            } catch is BookError {
            }
        }
    }

    /// As in Fuzz/Sources/fuzz-mobi: the bytes → `MOBIReader.read(bytes:name:)`.
    func testMOBIInputs() throws {
        let inputs = Self.inputs("mobi")
        XCTAssertFalse(inputs.isEmpty, "no mobi regression inputs in \(Self.root.path)")
        for url in inputs {
            do {
                let content = try MOBIReader.read(bytes: [UInt8](try Data(contentsOf: url)), name: url.lastPathComponent)
                XCTAssertEqual(content.validate(), [], url.lastPathComponent)
            } catch is BookError {
            }
        }
    }
}
