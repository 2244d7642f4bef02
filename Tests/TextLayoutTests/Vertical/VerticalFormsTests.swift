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

    /// UCD Vertical_Orientation (VerticalOrientation.txt): nothing upright (U) is given
    /// another form, and the brackets that vertical text turns (Tr, Tu) all have one but
    /// those Unicode gives no presentation form to (shown as they are; docs/VERTICAL.md).
    func testTheTableAgreesWithVerticalOrientation() throws {
        let path = "/usr/share/unicode/VerticalOrientation.txt"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            XCTFail("\(path) is missing: install Debian's unicode-data package"); return
        }
        var orientation: [UInt32: String] = [:]
        for line in text.split(separator: "\n") {
            let body = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let fields = body.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count == 2 else { continue }
            let bounds = fields[0].components(separatedBy: "..").compactMap { UInt32($0, radix: 16) }
            guard let low = bounds.first, let high = bounds.last else { continue }
            for c in low...high { orientation[c] = fields[1] }
        }
        let mapped = Set(VerticalForms.presentationForms.keys).union(VerticalForms.fallbacks.keys)
        XCTAssertEqual(mapped.filter { orientation[$0] == "U" }, [], "upright characters keep their form")
        let turnedBrackets = (Array(0x3000...0x303F) + Array(0xFF00...0xFF65)).map(UInt32.init).filter { c in
            ["Tr", "Tu"].contains(orientation[c] ?? "R")
                && [.openPunctuation, .closePunctuation].contains(Unicode.Scalar(c)!.properties.generalCategory)
        }
        let withoutForm: Set<UInt32> = [0x3018, 0x3019, 0x301A, 0x301B, 0x301D, 0x301E, 0x301F, 0xFF5F, 0xFF60]
        XCTAssertEqual(Set(turnedBrackets).subtracting(mapped), withoutForm)
    }
}
