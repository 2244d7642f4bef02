import Foundation
import XCTest
import Support

/// Replays `Fixtures/fuzz-regressions/json/` (inputs for the `json` fuzz target, see
/// docs/FUZZING.md) with the target's checks: a parsed tree writes out and parses back
/// the same, a decoded state-like value encodes and decodes back the same in every
/// format; and the verdict agrees with Foundation's decoder where Foundation is strict.
final class JSONFuzzRegressionTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/fuzz-regressions/json")

    func testInputs() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).sorted()
        XCTAssertFalse(names.isEmpty, "no inputs in \(Self.folder.path)")
        var accepted = 0
        for name in names {
            let bytes = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(name)))
            if let tree = try? JSONParser.parse(bytes) {
                accepted += 1
                for encoder in [JSONTextEncoder(sortedKeys: false), JSONTextEncoder(prettyPrinted: true, sortedKeys: false, escapesSlashes: false)] {
                    XCTAssertEqual(try JSONParser.parse(try encoder.encode(tree)), tree, name)
                }
            }
            if let state = try? JSONTextDecoder().decode(RegressionState.self, from: bytes) {
                for format in JSONOracle.formats {
                    XCTAssertEqual(try JSONTextDecoder().decode(RegressionState.self, from: try format.ours.encode(state)), state, name)
                }
            }
            let ours = (try? JSONTextDecoder().decode(RegressionState.self, from: bytes)) != nil
            let theirs = (try? JSONOracle.foundationDecode(RegressionState.self, bytes)) != nil
            // Foundation takes the trailing comma (testWhereFoundationIsLaxer).
            XCTAssertEqual(ours, theirs && !name.contains("trailing-comma"), name)
        }
        XCTAssertGreaterThan(accepted, 0)
    }
}

/// The shape of the fuzz target's state type (Fuzz/Sources/fuzz-json).
private struct RegressionState: Codable, Equatable {
    enum Mark: Codable, Equatable { case none, range(Int, Int), note(text: String, at: Double?) }
    struct Position: Codable, Equatable {
        var chapter: Int
        var offset: Int
        var document: String?
        var documentOffset: Int?
    }

    var version: Int
    var key: String
    var position: Position
    var bookmarks: [Position]?
    var updated: Double
    var progress: Float?
    var settings: [String: String]?
    var days: [String: Double]?
    var counts: [Int: Int]?
    var marks: [Mark]?
    var small: Int8?
    var unsigned: UInt64?
}
