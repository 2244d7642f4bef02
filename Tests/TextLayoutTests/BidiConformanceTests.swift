import Foundation
import TextLayout
import UnicodeData
import XCTest

/// The official UAX #9 conformance file by classes, `BidiTest.txt` (Unicode 15.0, Debian's
/// unicode-data): every data line for every paragraph direction of its bitset (auto, LTR,
/// RTL), levels (after L1; `x` for X9-removed) and visual order. Each class is given as a
/// representative code point of that class, so the whole public path is tested. Nothing
/// is skipped.
final class BidiConformanceTests: XCTestCase {
    static let path = "/usr/share/unicode/BidiTest.txt"

    /// A code point of each Bidi_Class (none of them a paired bracket, as the file assumes).
    static let representatives: [(name: String, codePoint: UInt32, bidiClass: BidiClass)] = [
        ("L", 0x61, .L), ("R", 0x5D0, .R), ("AL", 0x627, .AL), ("EN", 0x30, .EN), ("ES", 0x2B, .ES),
        ("ET", 0x23, .ET), ("AN", 0x660, .AN), ("CS", 0x2C, .CS), ("NSM", 0x300, .NSM), ("BN", 0xAD, .BN),
        ("B", 0x2029, .B), ("S", 0x09, .S), ("WS", 0x20, .WS), ("ON", 0x21, .ON), ("LRE", 0x202A, .LRE),
        ("LRO", 0x202D, .LRO), ("RLE", 0x202B, .RLE), ("RLO", 0x202E, .RLO), ("PDF", 0x202C, .PDF),
        ("LRI", 0x2066, .LRI), ("RLI", 0x2067, .RLI), ("FSI", 0x2068, .FSI), ("PDI", 0x2069, .PDI),
    ]

    func testRepresentativesHaveTheirClass() {
        for r in Self.representatives {
            XCTAssertEqual(UnicodeProperties.shared.record(r.codePoint).bidiClass, r.bidiClass, r.name)
            XCTAssertEqual(BidiPairedBrackets.type(of: r.codePoint), .none, r.name)
        }
    }

    func testEveryCase() throws {
        guard let file = UCDLineReader(path: Self.path) else { return }
        let b = file.bytes
        // Class names → code points, keyed by the name's bytes packed into an integer.
        var byName: [UInt32: Unicode.Scalar] = [:]
        func key(_ bytes: some Sequence<UInt8>) -> UInt32 { bytes.reduce(0) { $0 << 8 | UInt32($1) } }
        for r in Self.representatives { byName[key(Array(r.name.utf8))] = Unicode.Scalar(r.codePoint)! }

        var levels: [Int?] = [], order: [Int] = []
        var cases = 0, passed = 0
        var failures: [String] = []
        file.forEachLine { range, number in
            guard !range.isEmpty else { return }
            let first = b[range.lowerBound]
            if first == UInt8(ascii: "#") { return }
            if first == UInt8(ascii: "@") {
                let colon = range.firstIndex { b[$0] == UInt8(ascii: ":") }!
                let name = file.text(range.lowerBound..<colon)
                let values = file.tokens(colon + 1..<range.upperBound)
                if name == "@Levels" { levels = values.map { file.decimal($0) } }
                else if name == "@Reorder" { order = values.map { file.decimal($0)! } }
                return
            }
            let f = file.fields(range, separator: UInt8(ascii: ";"))
            let scalars = file.tokens(f[0]).map { byName[key(b[$0])]! }
            let bitset = file.hex(file.tokens(f[1])[0])
            for (bit, direction) in [(UInt32(1), BidiDirection.auto), (2, .leftToRight), (4, .rightToLeft)] where bitset & bit != 0 {
                cases += 1
                let result = Bidi.resolve(scalars, direction: direction)
                let got = result.lineLevels(lineStart: 0, lineEnd: scalars.count)
                var same = got.count == levels.count
                if same {
                    for i in 0..<got.count where (got[i] == BidiResult.removedLevel ? nil : Int(got[i])) != levels[i] { same = false; break }
                }
                let visual = result.visualOrder(lineStart: 0, lineEnd: scalars.count)
                if same && visual == order {
                    passed += 1
                } else if failures.count < 20 {
                    failures.append("line \(number) (\(direction)): \(file.text(f[0])) → levels \(got.map { $0 == 0xFF ? "x" : String($0) }), order \(visual); expected \(levels.map { $0.map(String.init) ?? "x" }), \(order)")
                }
            }
        }
        XCTAssertEqual(cases, 770_241, "BidiTest.txt for Unicode 15.0 has 770,241 cases (data lines × directions)")
        XCTAssertEqual(passed, cases, "\(cases - passed) cases fail:\n" + failures.joined(separator: "\n"))
    }
}
