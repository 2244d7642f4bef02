import Foundation
import XCTest

/// One line of a UAX #29 conformance file (`GraphemeBreakTest.txt`, `WordBreakTest.txt`,
/// `SentenceBreakTest.txt`): the text and its expected boundaries as UTF-8 offsets.
struct BreakTestCase {
    let line: Int
    let text: String
    let boundaries: [Int]
    let source: String
}

/// Reads those files: `÷` a boundary, `×` none, hex code points between, `#` a comment.
enum BreakTestFile {
    /// Every case of the file at `path`; a missing file fails the test (unicode-data is a
    /// test dependency that `make deps` installs) and gives no case.
    static func cases(at path: String) throws -> [BreakTestCase] {
        guard FileManager.default.fileExists(atPath: path) else {
            XCTFail("\(path) is missing: install Debian's unicode-data package (apt-get install unicode-data).")
            return []
        }
        guard let data = FileManager.default.contents(atPath: path),
              let content = String(data: data, encoding: .utf8) else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: path])
        }
        var cases: [BreakTestCase] = []
        for (n, raw) in content.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let body = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
                .trimmingCharacters(in: .whitespaces)
            if body.isEmpty { continue }
            var text = ""
            var offset = 0
            var boundaries: [Int] = []
            for token in body.split(separator: " ") {
                switch token {
                case "÷": boundaries.append(offset)
                case "×": break
                default:
                    let scalar = Unicode.Scalar(UInt32(token, radix: 16)!)!
                    text.unicodeScalars.append(scalar)
                    offset += UTF8.width(scalar)
                }
            }
            cases.append(BreakTestCase(line: n + 1, text: text, boundaries: boundaries, source: body))
        }
        return cases
    }
}
