import Foundation
import TextLayout
import UnicodeData
import XCTest

/// The official UAX #9 conformance file with code points, `BidiCharacterTest.txt`
/// (Unicode 15.0, Debian's unicode-data): paragraph level, levels (after L1; `x` for
/// X9-removed characters) and visual order of every case. Nothing is skipped.
final class BidiCharacterConformanceTests: XCTestCase {
    static let path = "/usr/share/unicode/BidiCharacterTest.txt"

    func testEveryCase() throws {
        XCTAssertEqual(unicodeVersion, "15.0.0")
        guard let file = UCDLineReader(path: Self.path) else { return }
        let b = file.bytes
        var cases = 0, passed = 0
        var failures: [String] = []
        file.forEachLine { range, number in
            guard !range.isEmpty, b[range.lowerBound] != UInt8(ascii: "#") else { return }
            let f = file.fields(range, separator: UInt8(ascii: ";"))
            guard f.count == 5 else { failures.append("line \(number): \(f.count) fields"); return }
            cases += 1
            let scalars = file.tokens(f[0]).map { Unicode.Scalar(file.hex($0))! }
            let direction: BidiDirection
            switch b[file.tokens(f[1])[0].lowerBound] {
            case UInt8(ascii: "0"): direction = .leftToRight
            case UInt8(ascii: "1"): direction = .rightToLeft
            default: direction = .auto
            }
            let paragraphLevel = file.decimal(file.tokens(f[2])[0])
            let levels = file.tokens(f[3]).map { file.decimal($0) }
            let order = file.tokens(f[4]).map { file.decimal($0)! }

            let result = Bidi.resolve(scalars, direction: direction)
            let lineLevels = result.lineLevels(lineStart: 0, lineEnd: scalars.count)
                .map { $0 == BidiResult.removedLevel ? nil : Int($0) }
            let visual = result.visualOrder(lineStart: 0, lineEnd: scalars.count)
            if result.paragraphLevel == paragraphLevel && lineLevels == levels && visual == order {
                passed += 1
            } else if failures.count < 20 {
                failures.append("line \(number): \(file.text(range)) → paragraph \(result.paragraphLevel), levels \(lineLevels.map { $0.map(String.init) ?? "x" }), order \(visual)")
            }
        }
        XCTAssertEqual(cases, 91_707, "BidiCharacterTest.txt for Unicode 15.0 has 91,707 cases")
        XCTAssertEqual(passed, cases, "\(cases - passed) cases fail:\n" + failures.joined(separator: "\n"))
    }
}
