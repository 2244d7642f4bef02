import Foundation
import XCTest
@testable import TextLayout

/// The vertical forms table against the UCD: UnicodeData.txt's `<vertical>` decompositions
/// (and `<wide>` ones leading to them), from Debian's unicode-data package.
final class VerticalFormsTests: XCTestCase {
    static let path = "/usr/share/unicode/UnicodeData.txt"

    private func decompositions(_ tag: String) throws -> [(code: UInt32, base: UInt32)] {
        guard let text = try? String(contentsOfFile: Self.path, encoding: .utf8) else {
            XCTFail("\(Self.path) is missing: install Debian's unicode-data package"); return []
        }
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: ";", omittingEmptySubsequences: false)
            guard fields.count > 5, fields[5].hasPrefix(tag + " ") else { return nil }
            let parts = fields[5].split(separator: " ")
            guard parts.count == 2, let code = UInt32(fields[0], radix: 16), let base = UInt32(parts[1], radix: 16) else { return nil }
            return (code, base)
        }
    }

    func testEveryVerticalDecompositionIsInTheTable() throws {
        let vertical = try decompositions("<vertical>")
        XCTAssertGreaterThan(vertical.count, 30)
        var first: [UInt32: UInt32] = [:]
        for (code, base) in vertical where first[base] == nil { first[base] = code }
        for (base, code) in first {
            XCTAssertEqual(VerticalForms.presentationForms[base], code, String(format: "U+%04X", base))
        }
        // And the table says nothing the UCD does not (apart from the wide forms, below).
        for (base, form) in VerticalForms.presentationForms where base < 0xFF00 {
            XCTAssertEqual(first[base], form, String(format: "U+%04X", base))
        }
    }

    func testTheWideFormsFollowTheirNarrowCharacters() throws {
        let wide = try decompositions("<wide>")
        var expected: [UInt32: UInt32] = [:]
        for (code, base) in wide { if let form = VerticalForms.presentationForms[base], base < 0xFF00 { expected[code] = form } }
        XCTAssertEqual(VerticalForms.presentationForms.filter { $0.key >= 0xFF00 }, expected)
    }

    func testThePunctuationOfJapaneseNovels() {
        let pairs: [(String, String)] = [("、", "︑"), ("。", "︒"), ("，", "︐"), ("：", "︓"), ("；", "︔"), ("！", "︕"),
            ("？", "︖"), ("「", "﹁"), ("」", "﹂"), ("『", "﹃"), ("』", "﹄"), ("（", "︵"), ("）", "︶"), ("【", "︻"),
            ("】", "︼"), ("〈", "︿"), ("〉", "﹀"), ("《", "︽"), ("》", "︾"), ("…", "︙"), ("‥", "︰"), ("—", "︱"),
            ("ー", "︱"), ("〜", "︴"), ("―", "︱")]
        for (horizontal, vertical) in pairs {
            XCTAssertEqual(VerticalForms.vertical(Substring(horizontal)), vertical, horizontal)
        }
        for same in ["あ", "ぁ", "っ", "漢", "A", "1", "e\u{301}"] {
            XCTAssertEqual(VerticalForms.vertical(Substring(same)), same, "\(same) is shown as it is")
        }
    }
}
